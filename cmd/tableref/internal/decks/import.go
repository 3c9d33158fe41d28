package decks

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
	key, before := geo.KeyFor(d), ""
	if in, ok := geo.Info(key); ok && in.Installed {
		before = in.Source
	}
	dir := deckdir.InstallDir(o.System)
	dest, err := deckdir.Install(d, dir)
	if err != nil {
		return fmt.Errorf("installing %s as %s: %w; nothing was installed", path, filepath.Join(dir, d.Code+".csv"), err)
	}
	fmt.Fprintf(w, "installed %s: %s\n", key, summary)
	SayInstalled(w, d, dest, before, o.System)
	return nil
}

// SayInstalled tells the user what an installed deck is picked by and
// where its file is (decks import and decks learn say it alike): before
// is the file of the same deck it replaced, "" for a new one.
func SayInstalled(w io.Writer, d *geo.DeckFile, dest, before string, system bool) {
	key := geo.KeyFor(d)
	fmt.Fprintf(w, "  file: %s\n", dest)
	if before != "" && before != dest {
		fmt.Fprintf(w, "  in place of the %s installed from %s\n", key, before)
	}
	if os.Geteuid() != 0 && !system && os.Getenv(deckdir.Env) == "" {
		fmt.Fprintf(w, "  for you only: the referee service reads %s; install there with sudo tableref decks import … (or --system)\n", deckdir.SystemDir)
	}
	if key != d.Code {
		fmt.Fprintf(w, "  beside tableref's own %s, which games, print deck and print stickers still use unless told %s\n", d.Code, key)
	}
	fmt.Fprintf(w, "  play it: game option deck=%s (tableref run, scan, replay); stickers: tableref print stickers %s\n", key, key)
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
	return fmt.Sprintf("%s, %s, %s", d.Name, rules.Count(len(d.Cards), "card"), what)
}

// Export writes deck d as a deck file to the file out ("" or "-":
// standard output w), a start for the user's own box's deck.
func Export(w io.Writer, d *rules.Deck, out string) error {
	in, ok := geo.Info(d.Pick())
	if !ok {
		return cli.Usagef("%s is not a geography deck: only Where is That?, Map It! and Nord Sud Ovest Est decks have deck files", d.Code)
	}
	f := &geo.DeckFile{Code: in.Code, Game: in.Game, Name: in.Name, Cards: geo.Cards(in.Key)}
	if !in.Installed {
		// A start for the user's box: installed, it is listed beside
		// tableref's deck, under a name of its own.
		f.Name += " (my box)"
	}
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
		fmt.Fprintf(stdout, "%s → %s (%s)\n", d.Pick(), out, rules.Count(len(f.Cards), "card"))
	}
	return nil
}
