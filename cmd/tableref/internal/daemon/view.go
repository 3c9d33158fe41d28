package daemon

import (
	"math"

	"github.com/tableref/tableref/cmd/tableref/internal/web"
	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/rules"
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
}

// view builds the status page's state from the referee.
func view(r *Referee, h health) web.State {
	g := r.Game()
	s := r.Setup()
	st := web.State{Mode: s.Mode, Players: s.Players, Scores: g.Scores(), Finished: g.Finished(), Winners: g.Winners(), T: math.Round(r.LastT()*10) / 10}
	if m, ok := rules.LookupMode(s.Mode); ok {
		st.ModeName = m.Name
	}
	hist := r.History()
	verdicts := map[rules.CardID]string{}
	for _, e := range hist {
		if e.Kind == rules.EventVerdict && !e.Card.IsZero() {
			verdicts[e.Card] = string(e.Verdict)
		}
	}
	for _, e := range hist[max(0, len(hist)-lastEvents):] {
		st.Events = append(st.Events, web.Event{T: e.T, Kind: string(e.Kind), Player: e.Player, Verdict: string(e.Verdict), Short: e.Short, Long: e.Long})
	}
	if tab, ok := r.Table(); ok {
		for _, name := range tab.ZoneNames() {
			st.Zones = append(st.Zones, zoneView(name, tab.Zone(name), verdicts))
		}
	}
	st.Screen = web.Screen{Lines: h.screen.Lines, Verdict: h.screen.Verdict.String()}
	st.Status = web.Status{Camera: h.camera, CameraOK: h.cameraOK, Moving: h.moving, Journal: h.journal, Display: h.display, Problems: h.problems}
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
