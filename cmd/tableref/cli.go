package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The exit statuses of every command (docs/cli.md).
const (
	exitOK      = 0 // done
	exitFailure = 1 // the command ran and failed: bad file, unreadable photo, problems found
	exitUsage   = 2 // the command line is wrong: unknown command or flag, missing argument, bad flag value
)

// builder makes one command afresh. The tree is built anew for every run
// (tests run many command lines in one process), so flag values live in
// the builder's closure, never in package variables.
type builder func() *cobra.Command

type registration struct {
	parent string // "" for a top-level command, else the parent's path: "bench", "calibrate"
	build  builder
}

var registrations []registration

// register adds a top-level command; call it from the init function of
// the command's file.
func register(b builder) { registrations = append(registrations, registration{"", b}) }

// registerUnder adds a subcommand to the command at parent, a path of
// command names below tableref ("bench", "decks", "print"), from any
// file, so a feature adds "decks import" without editing decks.go.
func registerUnder(parent string, b builder) {
	registrations = append(registrations, registration{parent, b})
}

// beforeHooks run before every command, in the order registered: what
// every command needs from the machine (the user's installed decks).
var beforeHooks []func(*cobra.Command) error

// registerBefore adds a hook run before every command; call it from init.
func registerBefore(h func(*cobra.Command) error) { beforeHooks = append(beforeHooks, h) }

func runBeforeHooks(cmd *cobra.Command, _ []string) error {
	for _, h := range beforeHooks {
		if err := h(cmd); err != nil {
			return err
		}
	}
	return nil
}

// newRoot builds the whole command tree.
func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "tableref",
		Short: "a camera referee for physical tabletop games",
		Long: "tableref is a camera referee for physical tabletop games: it reads the QR code on every card,\n" +
			"judges each placement, keeps turns and scores, scores a finished table from one photo and prints\n" +
			"card sets and sticker sheets. 'tableref modes' lists the games.\n\n" +
			"Exit status: 0 done; 1 the command failed (a file missing or malformed, problems found); 2 the\n" +
			"command line is wrong; scan: 3 part of the table missed, 4 not read for sure.\n\n" +
			"Files: /etc/tableref/config.yaml (run's configuration), /etc/tableref/hardware.yaml (the hardware\n" +
			"profile); the calibration and the journal in /var/lib/tableref for root and the service, in\n" +
			"~/.local/state/tableref for a user. TABLEREF_LOG=debug logs everything on standard error.",
		Example: "  tableref replay rules/mapit/testdata/world-three-rounds.jsonl\n" +
			"  tableref print deck wit-sa -o sa.pdf\n" +
			"  tableref scan --game wit-cartographer table.jpg",
		SilenceErrors: true, // runMain prints errors in one style
		SilenceUsage:  true, // an error says what to type; the whole usage would bury it
		Args:          unknownSubcommand,
		RunE: func(cmd *cobra.Command, args []string) error {
			// A bare "tableref" shows the help and still counts as a
			// usage error, so a script that forgot its command fails.
			_ = cmd.Help()
			return quietUsage
		},
		CompletionOptions: cobra.CompletionOptions{HiddenDefaultCmd: false},
		PersistentPreRunE: runBeforeHooks,
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err.Error()} })
	byPath := map[string]*cobra.Command{"": root}
	pending := registrations
	for len(pending) > 0 {
		var later []registration
		for _, r := range pending {
			parent, ok := byPath[r.parent]
			if !ok {
				later = append(later, r)
				continue
			}
			c := r.build()
			parent.AddCommand(c)
			byPath[strings.TrimSpace(r.parent+" "+c.Name())] = c
		}
		if len(later) == len(pending) {
			panic(fmt.Sprintf("tableref: registerUnder(%q): no such command", later[0].parent))
		}
		pending = later
	}
	// Part of the tree from the start (not only once Execute adds them),
	// so the help test, the man page and the README check see them.
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" { // cobra's words, in ours
			c.Short = "print the shell completion script: bash, zsh, fish or powershell"
		}
	}
	return root
}

// usageError is a command line the command cannot run: main exits 2 and
// points at --help. Its text says what is wrong and what to type.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// Is makes errors.Is(err, errUsage) true for every usage error.
func (e usageError) Is(target error) bool { return target == errUsage }

// errUsage matches every usage error (errors.Is). Wrapping it with
// fmt.Errorf("…: %w", errUsage) also makes a usage error; usagef reads
// better.
var errUsage = errors.New("usage")

// quietUsage is a usage error whose explanation was printed already.
var quietUsage = usageError{""}

// usagef makes a usage error.
func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

// exitError carries a status of the command's own choosing.
type exitError struct {
	code int
	err  error
}

func (e exitError) Error() string { return e.err.Error() }
func (e exitError) Unwrap() error { return e.err }

// withExit makes err end the program with the given status.
func withExit(code int, err error) error { return exitError{code, err} }

func exitCode(err error) int {
	var ee exitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ee):
		return ee.code
	case errors.Is(err, errUsage):
		return exitUsage
	}
	return exitFailure
}

// errorText is the message main prints: an error made by wrapping
// errUsage would end in ": usage", which says nothing to the user.
func errorText(err error) string {
	s := err.Error()
	if errors.Is(err, errUsage) {
		s = strings.TrimSuffix(s, ": "+errUsage.Error())
	}
	return s
}

// argsBetween accepts min to max positional arguments (max < 0: any
// number); otherwise it says what the command wants, in words: "one
// photo", "a deck name".
func argsBetween(min, max int, want string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) < min:
			return usagef("want %s", want)
		case max >= 0 && len(args) > max:
			return usagef("want %s, got %d arguments (%s)", want, len(args), strings.Join(args, " "))
		}
		return nil
	}
}

// noArgs refuses positional arguments.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usagef("%s takes no arguments, got %q", cmd.CommandPath(), args[0])
	}
	return nil
}

// unknownSubcommand is the Args of a command that has subcommands and
// takes no arguments of its own: a word that is not a subcommand is a
// usage error with the choices (and a suggestion for a typo).
func unknownSubcommand(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	what := "command"
	if cmd.HasParent() {
		what = cmd.Name() + " subcommand"
	}
	msg := fmt.Sprintf("unknown %s %q", what, args[0])
	if cmd.SuggestionsMinimumDistance <= 0 {
		cmd.SuggestionsMinimumDistance = 2
	}
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		msg += fmt.Sprintf(": did you mean %s?", strings.Join(s, " or "))
	}
	if cmd.HasParent() {
		msg += fmt.Sprintf(" (one of %s)", strings.Join(subcommandNames(cmd), ", "))
	} else {
		msg += "; 'tableref help' lists them"
	}
	return usageError{msg}
}

// groupAnnotation marks a command made by newGroup.
const groupAnnotation = "tableref-group"

// newGroup makes a command that only holds subcommands (print, bench,
// calibrate): alone, or followed by an unknown word, it is a usage error
// naming the subcommands.
func newGroup(use, short string) *cobra.Command {
	return &cobra.Command{
		Use:         use,
		Short:       short,
		Annotations: map[string]string{groupAnnotation: "true"},
		Args:        unknownSubcommand,
		RunE: func(cmd *cobra.Command, args []string) error {
			return usagef("missing subcommand: tableref %s %s", cmd.Name(), strings.Join(subcommandNames(cmd), "|"))
		},
	}
}

func subcommandNames(cmd *cobra.Command) []string {
	var names []string
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	sort.Strings(names)
	return names
}

// legacyFlags accepts the single-dash long flags of tableref's first
// command line (Go's flag package: "run -config FILE", "bench vision
// -only 12MP"), which installed units and users' scripts still use: a
// single-dash word that names a long flag of the command is rewritten to
// the double-dash form. Shorthand clusters ("-o") are left alone.
func legacyFlags(root *cobra.Command, args []string) []string {
	cmd, _, err := root.Find(args)
	if err != nil || cmd == nil {
		cmd = root
	}
	known := func(name string) bool {
		return name == "help" || cmd.Flags().Lookup(name) != nil || cmd.InheritedFlags().Lookup(name) != nil
	}
	out := make([]string, len(args))
	copy(out, args)
	for i, a := range out {
		if a == "--" {
			break
		}
		if len(a) < 3 || a[0] != '-' || a[1] == '-' {
			continue
		}
		name, _, _ := strings.Cut(a[1:], "=")
		if len(name) > 1 && known(name) {
			out[i] = "-" + a
		}
	}
	return out
}

// flagDefault replaces the default a flag's help shows (pflag prints a
// float64 16/9 as 1.7777777777777777).
func flagDefault(fs *pflag.FlagSet, name, shown string) {
	fs.Lookup(name).DefValue = shown
}
