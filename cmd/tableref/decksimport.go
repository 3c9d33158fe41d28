package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/cmd/tableref/internal/deckdir"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

func init() {
	registerUnder("decks", newDecksImport)
	registerUnder("decks", newDecksRemove)
	registerUnder("decks", newDecksExport)
}

// importOptions are the flags of decks import (and what decks learn
// installs with).
type importOptions struct {
	game, code, name string
	system           bool
	check            bool
}

func newDecksImport() *cobra.Command {
	var o importOptions
	c := &cobra.Command{
		Use:   "import FILE",
		Short: "check a deck file of your own box (docs/decks.md) and install it for every command and the referee",
		Long: "Reads a deck file (CSV: a header line, then one line per card: number, name, and what the card prints\n" +
			"that the rules use), reports every problem as FILE:LINE:COLUMN, warns where printed numbers contradict\n" +
			"the coordinates (the printed card wins), and installs the deck: as root in " + deckdir.SystemDir + ",\n" +
			"which the referee service reads, otherwise in your own deck folder (--system for the machine's).",
		Example: "  tableref decks import docs/examples/wit-box.csv --game wit --code WB\n" +
			"  tableref decks import docs/examples/wit-box.csv --game wit --code WB --check",
		Args: argsBetween(1, 1, "one deck file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return importDeck(args[0], o, cmd.OutOrStdout())
		},
	}
	f := c.Flags()
	f.StringVar(&o.game, "game", "", "the game: "+strings.Join(geo.Games(), ", ")+" (or a '# game:' line in the file)")
	f.StringVar(&o.code, "code", "", "the deck code the cards' QR codes carry, 2 or 3 characters (or a '# code:' line)")
	f.StringVar(&o.name, "name", "", "the deck's name in 'tableref decks' (default: the game and the code)")
	f.BoolVar(&o.system, "system", false, "install in the machine's deck folder "+deckdir.SystemDir+" (needs root)")
	f.BoolVar(&o.check, "check", false, "only check the file; install nothing")
	return c
}

// importDeck reads, checks and installs one deck file. Nothing is
// installed when anything is wrong.
func importDeck(path string, o importOptions, w io.Writer) error {
	if o.game != "" && !slices.Contains(geo.Games(), strings.ToLower(o.game)) {
		return usagef("--game %q: want %s (a deck file is for a geography game)", o.game, strings.Join(geo.Games(), ", "))
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	d, err := geo.ReadDeckFile(f, geo.ParseOptions{File: path, Code: o.code, Game: o.game, Name: o.name})
	if err != nil {
		var fe *geo.FileError
		if errors.As(err, &fe) {
			return fmt.Errorf("%s cannot be used, nothing was installed:\n%w", path, err)
		}
		return err
	}
	for _, p := range d.Warnings {
		fmt.Fprintln(w, p)
	}
	if err := geo.Check(d); err != nil {
		return fmt.Errorf("%s: %w; nothing was installed", path, err)
	}
	summary := deckSummaryLine(d)
	if o.check {
		fmt.Fprintf(w, "%s is a good deck file: %s\n", path, summary)
		return nil
	}
	dest, err := deckdir.Install(d, deckdir.InstallDir(o.system))
	if err != nil {
		return fmt.Errorf("installing %s: %w", path, err)
	}
	fmt.Fprintf(w, "installed %s: %s\n  file: %s\n", d.Code, summary, dest)
	if os.Geteuid() != 0 && !o.system && os.Getenv(deckdir.Env) == "" {
		fmt.Fprintf(w, "  for you only: the referee service reads %s; install there with sudo tableref decks import … (or --system)\n", deckdir.SystemDir)
	}
	fmt.Fprintf(w, "  play it: game option deck=%s (tableref run, scan, replay); stickers: tableref print stickers %s\n", d.Code, d.Code)
	return nil
}

// deckSummaryLine says what a deck holds: "Where is That? (WB), 108
// cards, the cards' circle numbers".
func deckSummaryLine(d *geo.DeckFile) string {
	printed := 0
	for _, c := range d.Cards {
		if c.Printed != nil {
			printed++
		}
	}
	what := "no printed numbers: the referee judges from the coordinates and speaks in words"
	switch {
	case printed == len(d.Cards) && d.Game == geo.GameWIT:
		what = "the cards' circle numbers"
	case printed == len(d.Cards):
		what = "the cards' printed coordinates"
	case printed > 0:
		what = fmt.Sprintf("printed coordinates on %d of them", printed)
	}
	s := fmt.Sprintf("%s, %s, %s", d.Name, rules.Count(len(d.Cards), "card"), what)
	if in, ok := geo.Info(d.Code); ok && !in.Installed {
		s += fmt.Sprintf(" (replaces tableref's %s deck while installed)", d.Code)
	}
	return s
}

func newDecksRemove() *cobra.Command {
	return &cobra.Command{
		Use:     "remove DECK",
		Short:   "remove a deck you installed (a built-in deck it replaced comes back)",
		Example: "  tableref decks remove WB",
		Args:    argsBetween(1, 1, "one installed deck"),
		RunE: func(cmd *cobra.Command, args []string) error {
			d, err := deckArg(args[0])
			if err != nil {
				return err
			}
			path, err := deckdir.Remove(d.Code)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "removed %s (%s)\n", d.Code, path)
			return nil
		},
	}
}

func newDecksExport() *cobra.Command {
	var out string
	c := &cobra.Command{
		Use:   "export DECK",
		Short: "write a geography deck as a deck file: a start for your own box's deck",
		Long: "Writes any geography deck (tableref's or an installed one) in the deck-file format, to fill in with\n" +
			"what your box's cards print (the ns and we circle numbers, printed_lat and printed_lon) and import.",
		Example: "  tableref decks export SA -o my-box.csv",
		Args:    argsBetween(1, 1, "one deck"),
		RunE: func(cmd *cobra.Command, args []string) error {
			d, err := deckArg(args[0])
			if err != nil {
				return err
			}
			in, ok := geo.Info(d.Code)
			if !ok {
				return usagef("%s is not a geography deck: only Where is That?, Map It! and Nord Sud Ovest Est decks have deck files", d.Code)
			}
			f := &geo.DeckFile{Code: in.Code, Game: in.Game, Name: in.Name, Cards: geo.Cards(in.Code)}
			w := cmd.OutOrStdout()
			if out != "" && out != "-" {
				file, err := os.Create(out)
				if err != nil {
					return err
				}
				defer file.Close()
				w = file
			}
			if err := geo.WriteDeckFile(w, f); err != nil {
				return err
			}
			if out != "" && out != "-" {
				fmt.Fprintf(cmd.OutOrStdout(), "%s → %s (%s)\n", d.Code, out, rules.Count(len(f.Cards), "card"))
			}
			return nil
		},
	}
	c.Flags().StringVarP(&out, "output", "o", "", "file to write (default: standard output)")
	return c
}
