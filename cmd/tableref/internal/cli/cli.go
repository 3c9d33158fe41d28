// Package cli holds the conventions every tableref command follows: the
// exit statuses, usage errors (exit 2, pointing at --help), argument
// checks that say what a command wants in words, groups of subcommands,
// and the single-dash long flags of the first command line.
package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The exit statuses of every command (docs/cli.md).
const (
	ExitOK      = 0 // done
	ExitFailure = 1 // the command ran and failed: bad file, unreadable photo, problems found
	ExitUsage   = 2 // the command line is wrong: unknown command or flag, missing argument, bad flag value
)

// UsageError is a command line the command cannot run: main exits 2 and
// points at --help. Its text says what is wrong and what to type.
type UsageError struct{ Msg string }

func (e UsageError) Error() string { return e.Msg }

// Is makes errors.Is(err, ErrUsage) true for every usage error.
func (e UsageError) Is(target error) bool { return target == ErrUsage }

// ErrUsage matches every usage error (errors.Is). Wrapping it with
// fmt.Errorf("…: %w", ErrUsage) also makes a usage error; Usagef reads
// better.
var ErrUsage = errors.New("usage")

// QuietUsage is a usage error whose explanation was printed already.
var QuietUsage = UsageError{""}

// Usagef makes a usage error.
func Usagef(format string, a ...any) error { return UsageError{fmt.Sprintf(format, a...)} }

// ExitError carries a status of the command's own choosing.
type ExitError struct {
	code int
	err  error
}

func (e ExitError) Error() string { return e.err.Error() }
func (e ExitError) Unwrap() error { return e.err }

// WithExit makes err end the program with the given status.
func WithExit(code int, err error) error { return ExitError{code, err} }

func ExitCode(err error) int {
	var ee ExitError
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &ee):
		return ee.code
	case errors.Is(err, ErrUsage):
		return ExitUsage
	}
	return ExitFailure
}

// ErrorText is the message main prints: an error made by wrapping
// ErrUsage would end in ": usage", which says nothing to the user.
func ErrorText(err error) string {
	s := err.Error()
	if errors.Is(err, ErrUsage) {
		s = strings.TrimSuffix(s, ": "+ErrUsage.Error())
	}
	return s
}

// ArgsBetween accepts min to max positional arguments (max < 0: any
// number); otherwise it says what the command wants, in words: "one
// photo", "a deck name".
func ArgsBetween(min, max int, want string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) < min:
			return Usagef("want %s", want)
		case max >= 0 && len(args) > max:
			return Usagef("want %s, got %d arguments (%s)", want, len(args), strings.Join(args, " "))
		}
		return nil
	}
}

// NoArgs refuses positional arguments.
func NoArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return Usagef("%s takes no arguments, got %q", cmd.CommandPath(), args[0])
	}
	return nil
}

// UnknownSubcommand is the Args of a command that has subcommands and
// takes no arguments of its own: a word that is not a subcommand is a
// usage error with the choices (and a suggestion for a typo).
func UnknownSubcommand(cmd *cobra.Command, args []string) error {
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
		msg += fmt.Sprintf(" (one of %s)", strings.Join(SubcommandNames(cmd), ", "))
	} else {
		msg += "; 'tableref help' lists them"
	}
	return UsageError{msg}
}

// GroupAnnotation marks a command made by NewGroup.
const GroupAnnotation = "tableref-group"

// NewGroup makes a command that only holds subcommands (print, bench,
// calibrate): alone, or followed by an unknown word, it is a usage error
// naming the subcommands.
func NewGroup(use, short string) *cobra.Command {
	return &cobra.Command{
		Use:         use,
		Short:       short,
		Annotations: map[string]string{GroupAnnotation: "true"},
		Args:        UnknownSubcommand,
		RunE: func(cmd *cobra.Command, args []string) error {
			return Usagef("missing subcommand: tableref %s %s", cmd.Name(), strings.Join(SubcommandNames(cmd), "|"))
		},
	}
}

func SubcommandNames(cmd *cobra.Command) []string {
	var names []string
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	sort.Strings(names)
	return names
}

// LegacyFlags accepts the single-dash long flags of tableref's first
// command line (Go's flag package: "run -config FILE", "bench vision
// -only 12MP"), which installed units and users' scripts still use: a
// single-dash word that names a long flag of the command is rewritten to
// the double-dash form. Shorthand clusters ("-o") are left alone.
func LegacyFlags(root *cobra.Command, args []string) []string {
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

// FlagDefault replaces the default a flag's help shows (pflag prints a
// float64 16/9 as 1.7777777777777777).
func FlagDefault(fs *pflag.FlagSet, name, shown string) {
	fs.Lookup(name).DefValue = shown
}

// table aligns tab-separated columns and, unlike a bare tabwriter,
// leaves no padding at the end of a line whose last cells are empty.
type Table struct {
	tw  *tabwriter.Writer
	buf bytes.Buffer
	out io.Writer
}

// NewTable is a table written to w when flushed.
func NewTable(w io.Writer) *Table {
	t := &Table{out: w}
	t.tw = tabwriter.NewWriter(&t.buf, 0, 0, 2, ' ', 0)
	return t
}

func (t *Table) Write(p []byte) (int, error) { return t.tw.Write(p) }

// Flush writes the aligned table.
func (t *Table) Flush() error {
	if err := t.tw.Flush(); err != nil {
		return err
	}
	lines := strings.SplitAfter(t.buf.String(), "\n")
	for _, l := range lines {
		if l == "" {
			continue
		}
		if _, err := io.WriteString(t.out, strings.TrimRight(l, " \n")+"\n"); err != nil {
			return err
		}
	}
	return nil
}

// WriteJSON writes v as indented JSON.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
