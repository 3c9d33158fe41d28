package daemon

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/club"
	"github.com/tableref/tableref/cmd/tableref/internal/history"
	"github.com/tableref/tableref/rules"
)

// clubTable is what the daemon remembers for the club between events.
type clubTable struct {
	pub  *club.Publisher
	turn string
	last *club.Verdict
	n    uint64 // verdicts said in this run: tells one verdict from the next
}

// clubUpdate sends the table's state and the events evs to the club, and
// the result when the game ended. It never blocks on the broker.
func (d *daemon) clubUpdate(evs []rules.Event) {
	c := d.club
	if c == nil || c.pub == nil {
		return
	}
	names := d.ref.Setup().Players
	name := func(p int) string {
		if p >= 1 && p <= len(names) {
			return names[p-1]
		}
		return ""
	}
	now := time.Now()
	var out []club.Event
	ended := false
	for _, e := range evs {
		out = append(out, club.Event{At: now, Kind: string(e.Kind), Player: name(e.Player), Verdict: string(e.Verdict), Points: e.Points, Text: e.Long})
		switch e.Kind {
		case rules.EventTurn:
			c.turn = name(e.Player)
		case rules.EventVerdict:
			c.n++
			c.last = &club.Verdict{Player: name(e.Player), Verdict: string(e.Verdict), Text: e.Long, At: now, Seq: c.n}
		case rules.EventEnd:
			ended = true
		case rules.EventSetup:
			c.turn, c.last = "", nil
		}
	}
	g := d.ref.Game()
	st := club.State{Mode: d.ref.Setup().Mode, Turn: c.turn, Finished: g.Finished(), At: now}
	if c.last != nil {
		v := *c.last
		st.Last = &v
	}
	winners := map[int]bool{}
	if g.Finished() {
		for _, w := range g.Winners() {
			winners[w] = true
		}
	}
	for i, s := range g.Scores() {
		st.Players = append(st.Players, club.Score{Name: s.Name, Total: s.Total, Winner: winners[i+1]})
	}
	c.pub.Update(st, out)
	if ended {
		d.clubResult()
	}
}

// clubResult sends the finished game's result, named by its history id:
// the journal just fsync'd ends with the line that ended the game.
func (d *daemon) clubResult() {
	data, err := os.ReadFile(d.ref.Path())
	if err != nil {
		slog.Error("club: reading the journal for the result", "err", err)
		return
	}
	g, err := history.FromJournal(data, d.ref.Path(), time.Now())
	if err != nil || g.Status != history.Finished {
		slog.Error("club: the result", "err", err)
		return
	}
	r := club.Result{Game: g.ID, Mode: g.Mode, Ended: g.Ended}
	for _, p := range g.Players {
		r.Players = append(r.Players, club.Score{Name: p.Name, Total: p.Total, Winner: p.Winner})
	}
	d.club.pub.Finished(r)
}

// clubResend queues the finished games of the last day from the history:
// results the broker never got (it was down when the referee stopped) go
// now. Each result has its own retained topic, so one sent again is still
// one result.
func (d *daemon) clubResend(ctx context.Context) {
	if d.club == nil || d.rec == nil || d.rec.Store() == nil {
		return
	}
	games, err := d.rec.Store().List(ctx, history.Filter{Since: time.Now().Add(-24 * time.Hour)})
	if err != nil {
		slog.Warn("club: the day's results from the history", "err", err)
		return
	}
	for _, g := range games {
		if g.Status != history.Finished {
			continue
		}
		r := club.Result{Game: g.ID, Mode: g.Mode, Ended: g.Ended}
		for _, p := range g.Players {
			r.Players = append(r.Players, club.Score{Name: p.Name, Total: p.Total, Winner: p.Winner})
		}
		d.club.pub.Finished(r)
	}
}
