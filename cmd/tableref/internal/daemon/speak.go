package daemon

import (
	"cmp"
	"errors"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/announce"
	"github.com/tableref/tableref/cmd/tableref/internal/present"
	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/rules"
)

// speak hands what the referee said to the speaker (it never blocks: the
// speaker keeps a small queue and drops what goes stale). at is when the
// frame behind it was taken; zero for inputs.
func (d *daemon) speak(evs []rules.Event, at time.Time) {
	if d.speaker == nil {
		return
	}
	if at.IsZero() {
		at = d.deps.Now()
	}
	players := d.ref.Setup().Players
	for _, e := range evs {
		if !announce.Spoken(e, evs) {
			continue
		}
		u := announce.Say(e, players, cmp.Or(d.cfg.Speech.Language, string(d.lang.Get())), at)
		u.Minor = announce.Minor(e)
		d.speaker.Say(u)
	}
}

// setMuted turns speech off or on (the page's button, a long press of
// next) and says so on the display.
func (d *daemon) setMuted(muted bool) error {
	if d.speaker == nil {
		return errors.New("speech is off: set speech.enabled (or tableref run --speech)")
	}
	d.speaker.SetMuted(muted)
	d.h.muted = muted
	line := "Speech on"
	if muted {
		line = "Speech off"
	}
	d.pres.Send([]present.Screen{{Msg: display.Message{Lines: []string{line, "hold next: " + map[bool]string{true: "on", false: "off"}[muted]}}, Hold: present.ReadHold, Class: present.ClassSystem}, {Msg: d.h.screen, Hold: present.ReadHold}})
	d.publish()
	return nil
}
