// Package complete gives the shell completion of tableref's commands the
// names a player types: game modes, decks, card names and languages, for
// the flags and arguments that take them (`tableref run --mode wit<TAB>`,
// `tableref print deck <TAB>`). cobra's completion script asks the binary
// (its hidden __complete command), so installed decks are offered too.
package complete

import (
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/cmd/tableref/internal/decks"
	"github.com/tableref/tableref/hw/speech"
	"github.com/tableref/tableref/rules"
)

// Languages are the players' languages the referee speaks, and auto.
var Languages = []string{"auto", "en", "it", "de", "es", "pt"}

// byFlag are the flags whose values are names, wherever a command has them.
var byFlag = map[string]func() []string{
	"mode":     Modes,
	"game":     Modes,
	"deck":     Decks,
	"language": func() []string { return Languages },
}

// byArgs are the commands whose arguments are names.
var byArgs = map[string]func() []string{
	"tableref print deck":     Decks,
	"tableref print stickers": Decks,
	"tableref decks show":     Decks,
	"tableref decks remove":   Decks,
	"tableref decks export":   Decks,
	"tableref print preview":  Cards,
}

// Register adds the completions to every command of root's tree that has
// such a flag or such arguments.
func Register(root *cobra.Command) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for name, list := range byFlag {
			if name == "language" && c.CommandPath() == "tableref say" {
				list = func() []string { return speech.Languages } // the voice's own, accents too
			}
			if c.LocalFlags().Lookup(name) != nil {
				_ = c.RegisterFlagCompletionFunc(name, values(list))
			}
		}
		if list, ok := byArgs[c.CommandPath()]; ok && c.ValidArgsFunction == nil {
			c.ValidArgsFunction = values(list)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// values completes from list: the names that start with what is typed
// (case-insensitive), never file names.
func values(list func() []string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(_ *cobra.Command, _ []string, typed string) ([]string, cobra.ShellCompDirective) {
		var out []string
		seen := map[string]bool{}
		for _, v := range list() {
			if !seen[v] && strings.HasPrefix(strings.ToLower(v), strings.ToLower(typed)) {
				seen[v] = true
				out = append(out, v)
			}
		}
		sort.Strings(out)
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// Modes are every mode's ID and its aliases.
func Modes() []string {
	var out []string
	for _, m := range rules.Modes() {
		out = append(out, m.ID)
		out = append(out, m.Aliases...)
	}
	return out
}

// Decks are every deck's key (SA, or SA-BOX for a box installed beside it)
// and aliases, installed decks included.
func Decks() []string {
	_ = decks.LoadInstalled() // completion runs without the commands' start-up; a bad file only hides its deck
	var out []string
	for _, d := range rules.Decks() {
		out = append(out, d.Pick())
		for _, a := range d.Aliases {
			if !strings.Contains(a, " ") { // a name with a space is no word to complete
				out = append(out, a)
			}
		}
	}
	return out
}

// Cards are the printed names of every card of every deck.
func Cards() []string {
	_ = decks.LoadInstalled()
	var out []string
	seen := map[string]bool{}
	for _, d := range rules.Decks() {
		for _, c := range d.Cards {
			if !seen[c.Name] { // a box beside tableref's deck shares its names
				seen[c.Name] = true
				out = append(out, c.Name)
			}
		}
	}
	return out
}
