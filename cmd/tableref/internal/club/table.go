package club

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/history"
	"github.com/tableref/tableref/rules"
)

// Table is a referee's side of the club: it turns the referee's events
// into the table's state, events and results, and remembers between
// events whose turn it is and the last verdict. A nil *Table (the table
// is in no club) does nothing.
type Table struct {
	pub  *Publisher
	turn string
	last *Verdict
	n    uint64 // verdicts said in this run: tells one verdict from the next
}

// NewTable is the club side of a referee publishing through pub.
func NewTable(pub *Publisher) *Table { return &Table{pub: pub} }

// Update sends the table's state after evs, said about game g of setup
// s, and the result when the game ended (read from the journal, so that
// its id is the history's). It never blocks on the broker.
func (c *Table) Update(s rules.Setup, g rules.Game, journal string, evs []rules.Event) {
	if c == nil || c.pub == nil {
		return
	}
	name := func(p int) string {
		if p >= 1 && p <= len(s.Players) {
			return s.Players[p-1]
		}
		return ""
	}
	now := time.Now()
	var out []Event
	ended := false
	for _, e := range evs {
		out = append(out, Event{At: now, Kind: string(e.Kind), Player: name(e.Player), Verdict: string(e.Verdict), Points: e.Points, Text: e.Long})
		switch e.Kind {
		case rules.EventTurn:
			c.turn = name(e.Player)
		case rules.EventVerdict:
			c.n++
			c.last = &Verdict{Player: name(e.Player), Verdict: string(e.Verdict), Text: e.Long, At: now, Seq: c.n}
		case rules.EventEnd:
			ended = true
		case rules.EventSetup:
			c.turn, c.last = "", nil
		}
	}
	st := State{Mode: s.Mode, Turn: c.turn, Finished: g.Finished(), At: now}
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
	for i, sc := range g.Scores() {
		st.Players = append(st.Players, Score{Name: sc.Name, Total: sc.Total, Winner: winners[i+1]})
	}
	c.pub.Update(st, out)
	if ended {
		c.result(journal)
	}
}

// result sends the finished game's result, named by its history id: the
// journal just fsync'd ends with the line that ended the game.
func (c *Table) result(journal string) {
	data, err := os.ReadFile(journal)
	if err != nil {
		slog.Error("club: reading the journal for the result", "err", err)
		return
	}
	g, err := history.FromJournal(data, journal, time.Now())
	if err != nil || g.Status != history.Finished {
		slog.Error("club: the result", "err", err)
		return
	}
	c.pub.Finished(resultOf(g))
}

// Resend queues the finished games of the last day from the history:
// results the broker never got (it was down when the referee stopped) go
// now. Each result has its own retained topic, so one sent again is still
// one result.
func (c *Table) Resend(ctx context.Context, store *history.Store) {
	if c == nil || store == nil {
		return
	}
	games, err := store.List(ctx, history.Filter{Since: time.Now().Add(-24 * time.Hour)})
	if err != nil {
		slog.Warn("club: the day's results from the history", "err", err)
		return
	}
	for i := range games {
		if games[i].Status == history.Finished {
			c.pub.Finished(resultOf(&games[i]))
		}
	}
}

func resultOf(g *history.Game) Result {
	r := Result{Game: g.ID, Mode: g.Mode, Ended: g.Ended}
	for _, p := range g.Players {
		r.Players = append(r.Players, Score{Name: p.Name, Total: p.Total, Winner: p.Winner})
	}
	return r
}
