package daemon

import (
	"cmp"
	"log/slog"
	"strings"

	"github.com/tableref/tableref/cmd/tableref/internal/live"

	"github.com/tableref/tableref/cmd/tableref/internal/present"
	"github.com/tableref/tableref/hw/display"
)

// notices says the scanner's notices that changed: on the display (a
// warning screen each, at most maxWarnings), in the log, and the page
// lists them with the scanner's problems. A notice is said once while it
// lasts; a blocking one again after the table was read in between.
func (d *daemon) notices(ns []live.Notice) {
	if d.noticed == nil {
		d.noticed = map[string]bool{}
	}
	var fresh []live.Notice
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
	var screens []present.Screen
	for _, n := range fresh {
		texts = append(texts, n.Text)
		// A system screen: the game's states (which say nothing of the
		// camera) must not make it stale.
		screens = append(screens, present.Screen{Msg: display.Message{Lines: []string{n.Short[0], n.Short[1]}, Verdict: display.Warn}, Hold: present.VerdictHold, Class: present.ClassSystem})
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
