package decks

import (
	"log/slog"

	"github.com/tableref/tableref/cmd/tableref/internal/deckdir"
)

// Every command sees the decks the user installed from their own boxes
// (deckdir's folders): decks, print, scan, replay and run alike.
// LoadInstalled installs the deck files of the deck folders. A file that
// cannot be used is said once and left out: a broken deck of one box
// must not stop the referee from playing another.
func LoadInstalled() error {
	for _, e := range deckdir.Load() {
		switch {
		case e.Err != nil:
			slog.Warn("installed deck left out", "file", e.Path, "err", e.Err)
		case e.Shadowed != "":
			slog.Debug("installed deck shadowed", "file", e.Path, "by", e.Shadowed)
		}
	}
	return nil
}
