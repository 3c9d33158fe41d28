package daemon

import (
	"math"

	"github.com/tableref/tableref/cmd/tableref/internal/referee"

	"github.com/tableref/tableref/cmd/tableref/internal/web"
	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// lastEvents is how many events the status page lists.
const lastEvents = 40

// health is what the daemon knows about its parts.
type health struct {
	cameraOK bool
	camera   string
	moving   bool
	problems []string
	journal  string // why the referee stopped, or ""
	display  string
	screen   display.Message
	source   string // the camera in words ("Pi camera", "recording")
	speech   bool   // the referee speaks
	muted    bool
	join     string // the address phones open, when the page is on the LAN
	port     int    // the page's port
	joinHost string // the name (or address) phones open, for the display
}

// view builds the status page's state from the referee.
func view(r *referee.Referee, h health) web.State {
	g := r.Game()
	s := r.Setup()
	st := web.State{Mode: s.Mode, Players: s.Players, Scores: g.Scores(), Finished: g.Finished(), Winners: g.Winners(), T: math.Round(r.LastT()*10) / 10,
		Inputs: []rules.InputUse{}, Join: h.join, Options: s.Options}
	if st.Finished && len(st.Winners) == 0 {
		st.Undecided = rules.UndecidedIn(st.Scores)
	}
	if m, ok := rules.LookupMode(s.Mode); ok {
		st.ModeName = m.Name
		if m.Inputs != nil {
			st.Inputs = m.Inputs
		}
		st.Sides = [2]string{rules.SideName(m.Game, rules.Front), rules.SideName(m.Game, rules.Back)}
	}
	if h.speech {
		st.Speech = &web.Speech{Muted: h.muted}
	}
	hist := r.History()
	verdicts := map[rules.CardID]string{}
	for _, e := range hist {
		if e.Kind == rules.EventVerdict && !e.Card.IsZero() {
			verdicts[e.Card] = string(e.Verdict)
		}
	}
	for _, e := range hist[max(0, len(hist)-lastEvents):] {
		ev := web.Event{T: e.T, Kind: string(e.Kind), Player: e.Player, Verdict: string(e.Verdict), Short: e.Short, Long: e.Long}
		if at, ok := r.SaidAt(e.T); ok {
			ev.At = at.UnixMilli()
		}
		st.Events = append(st.Events, ev)
	}
	st.Banner = banner(hist)
	if tab, ok := r.Table(); ok {
		for _, name := range tab.ZoneNames() {
			st.Zones = append(st.Zones, zoneView(name, tab.Zone(name), verdicts))
		}
	}
	st.Screen = web.Screen{Lines: h.screen.Lines, Verdict: h.screen.Verdict.String()}
	st.Status = web.Status{Source: h.source, Camera: h.camera, CameraOK: h.cameraOK, Moving: h.moving, Journal: h.journal, Display: h.display, Problems: h.problems}
	return st
}

func zoneView(name string, z *rules.Zone, verdicts map[rules.CardID]string) web.Zone {
	out := web.Zone{Name: name}
	if z == nil {
		return out
	}
	if nw, se, ok := z.Bounds(); ok {
		out.Top, out.Left = nw.Row, nw.Col
		out.Rows, out.Cols = se.Row-nw.Row+1, se.Col-nw.Col+1
	}
	for _, p := range z.Positions() {
		c := z.At(p)
		cv := web.Cell{Row: p.Row, Col: p.Col, Colour: string(c.Colour)}
		if !c.Card.IsZero() {
			cv.Card = c.Card.ID.String()
			cv.Name = rules.CardName(c.Card.ID)
			cv.Back = c.Card.Side == rules.Back
			cv.Verdict = verdicts[c.Card.ID]
		}
		out.Cells = append(out.Cells, cv)
	}
	for _, it := range z.Items {
		out.Items = append(out.Items, web.Item{Row: it.Row, Col: it.Col, Card: it.Card.ID.String(), Name: rules.CardName(it.Card.ID), Back: it.Card.Side == rules.Back})
	}
	return out
}

// banner is the page's headline, from the game's history alone (so it is
// the same after a resume or an undo): the full sentence of the last
// verdict (or the end, or the setup before any), and the last thing said
// in the latest step that is not that verdict or its points.
func banner(hist []replay.Stamped) web.Banner {
	var b web.Banner
	for i := len(hist) - 1; i >= 0; i-- {
		e := hist[i].Event
		if e.Kind == rules.EventVerdict || e.Kind == rules.EventEnd || (e.Kind == rules.EventSetup && b.Text == "") {
			b.Text, b.Verdict = e.Long, string(e.Verdict)
			if e.Kind == rules.EventEnd {
				b.Verdict = "end"
			}
			if b.Verdict == "" {
				b.Verdict = "none"
			}
			if e.Kind != rules.EventSetup {
				break
			}
		}
	}
	if len(hist) == 0 {
		return b
	}
	// Of the latest step's other events: a warning first, then an order
	// (flip, remove: what the table must do), else the last one said.
	last := hist[len(hist)-1]
	rank := func(k rules.EventKind) int {
		switch k {
		case rules.EventWarning:
			return 3
		case rules.EventDo:
			return 2
		}
		return 1
	}
	best := 0
	for i := len(hist) - 1; i >= 0 && hist[i].Line == last.Line && hist[i].T == last.T; i-- {
		e := hist[i].Event
		if e.Kind == rules.EventVerdict || e.Kind == rules.EventPoints || e.Kind == rules.EventEnd || e.Long == b.Text || e.Long == "" {
			continue
		}
		if r := rank(e.Kind); r > best {
			best, b.Now, b.NowKind = r, e.Long, string(e.Kind)
		}
	}
	return b
}
