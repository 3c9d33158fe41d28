package cli

import (
	"sort"
	"strings"

	"github.com/agnivade/levenshtein"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// FlagError turns pflag's error for a flag the command lacks into a
// usage error that says which flags come near (--papr: did you mean
// --paper?), as cobra does for commands; other flag errors pass as usage
// errors unchanged.
func FlagError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	name, ok := strings.CutPrefix(msg, "unknown flag: --")
	if !ok {
		return UsageError{Msg: msg}
	}
	if near := nearFlags(cmd, name); len(near) > 0 {
		msg += ": did you mean " + strings.Join(near, " or ") + "?"
	}
	return UsageError{Msg: msg}
}

// nearFlags are cmd's flags within two edits of name, or starting with it.
func nearFlags(cmd *cobra.Command, name string) []string {
	var near []string
	visit := func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		if levenshtein.ComputeDistance(name, f.Name) <= 2 || (len(name) >= 3 && strings.HasPrefix(f.Name, name)) {
			near = append(near, "--"+f.Name)
		}
	}
	cmd.Flags().VisitAll(visit)
	cmd.InheritedFlags().VisitAll(visit)
	sort.Strings(near)
	return near
}

// HelpCommand is `tableref help [COMMAND…]`: the help of a command, and a
// usage error with suggestions for a command there is not (cobra's own
// prints the whole help and exits 0 for `help prnt`).
func HelpCommand(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "help about any command",
		RunE: func(_ *cobra.Command, args []string) error {
			cmd, rest, err := root.Find(args)
			if err != nil || len(rest) > 0 {
				word := strings.Join(args, " ")
				if len(rest) > 0 {
					word = rest[0]
				}
				return UnknownSubcommand(cmd, []string{word})
			}
			return cmd.Help()
		},
		ValidArgsFunction: func(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			cmd, _, _ := root.Find(args)
			var out []string
			for _, c := range cmd.Commands() {
				if c.IsAvailableCommand() {
					out = append(out, c.Name())
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
	}
}
