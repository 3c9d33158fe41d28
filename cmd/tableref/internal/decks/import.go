package decks

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"github.com/tableref/tableref/cmd/tableref/internal/deckdir"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// ImportOptions say how a deck file is installed (decks import, and what
// decks learn installs with).
type ImportOptions struct {
	Game, Code, Name string
	System           bool // the machine's deck folder, not the user's
	Check            bool // only check the file; install nothing
}

// Import reads, checks and installs one deck file. Nothing is installed
// when anything is wrong.
func Import(path string, o ImportOptions, w io.Writer) error {
	if o.Game != "" && !slices.Contains(geo.Games(), strings.ToLower(o.Game)) {
		return cli.Usagef("--game %q: want %s (a deck file is for a geography game)", o.Game, strings.Join(geo.Games(), ", "))
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	d, err := geo.ReadDeckFile(f, geo.ParseOptions{File: path, Code: o.Code, Game: o.Game, Name: o.Name})
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
	if o.Check {
		fmt.Fprintf(w, "%s is a good deck file: %s\n", path, summary)
		return nil
	}
	dest, err := deckdir.Install(d, deckdir.InstallDir(o.System))
	if err != nil {
		return fmt.Errorf("installing %s: %w", path, err)
	}
	fmt.Fprintf(w, "installed %s: %s\n  file: %s\n", d.Code, summary, dest)
	if os.Geteuid() != 0 && !o.System && os.Getenv(deckdir.Env) == "" {
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

// Export writes deck d as a deck file to the file out ("" or "-":
// standard output w), a start for the user's own box's deck.
func Export(w io.Writer, d *rules.Deck, out string) error {
	in, ok := geo.Info(d.Code)
	if !ok {
		return cli.Usagef("%s is not a geography deck: only Where is That?, Map It! and Nord Sud Ovest Est decks have deck files", d.Code)
	}
	f := &geo.DeckFile{Code: in.Code, Game: in.Game, Name: in.Name, Cards: geo.Cards(in.Code)}
	stdout := w
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
		fmt.Fprintf(stdout, "%s → %s (%s)\n", d.Code, out, rules.Count(len(f.Cards), "card"))
	}
	return nil
}
