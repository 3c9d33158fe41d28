package daemon

import (
	"cmp"
	"log/slog"
	"strings"
	"time"

	"github.com/tableref/tableref/hw/display"
)

// Notice is something the scanner sees that the players must hear about,
// since no snapshot (and so no referee's word) will tell them: a problem
// that blocks every snapshot of a still table (an unknown colour, two
// cards in one cell), or a player marker nearer another player's area.
type Notice struct {
	Text  string    // what, where and what to do, for the page and the log
	Short [2]string // the display's two lines
	// Key says when it is the same notice again: the problem's kind, zone,
	// cells and cards, not its text, whose distances and fractions move
	// a little from one read to the next. Empty: the text.
	Key string
	// Blocking: no snapshot comes while it lasts; it is said again once
	// the table has been read in between.
	Blocking bool
}

// blockedAfter is how long the table stays still with a blocking problem
// before it is said: longer than a hand takes to settle, short enough to
// be said within 3 s of stillness.
var blockedAfter = 2 * time.Second

// notices says the scanner's notices that changed: on the display (a
// warning screen each, at most maxWarnings), in the log, and the page
// lists them with the scanner's problems. A notice is said once while it
// lasts; a blocking one again after the table was read in between.
func (d *daemon) notices(ns []Notice) {
	if d.noticed == nil {
		d.noticed = map[string]bool{}
	}
	var fresh []Notice
	for _, n := range ns {
		key := cmp.Or(n.Key, n.Text)
		if _, said := d.noticed[key]; !said {
			d.noticed[key] = n.Blocking
			fresh = append(fresh, n)
		}
	}
	if len(fresh) == 0 {
		return
	}
	var texts []string
	var screens []Screen
	for _, n := range fresh {
		texts = append(texts, n.Text)
		// A system screen: the game's states (which say nothing of the
		// camera) must not make it stale.
		screens = append(screens, Screen{Msg: display.Message{Lines: []string{n.Short[0], n.Short[1]}, Verdict: display.Warn}, Hold: verdictHold, Class: ClassSystem})
	}
	slog.Warn("the camera sees a problem no snapshot will show", "problems", strings.Join(texts, "; "))
	d.pres.Send(screens)
}

// tableRead forgets the blocking notices said: the table was read, so the
// next time one blocks it is news again.
func (d *daemon) tableRead() {
	for key, blocking := range d.noticed {
		if blocking {
			delete(d.noticed, key)
		}
	}
}
