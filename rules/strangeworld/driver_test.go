package strangeworld

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

// driver plays a game through snapshots, as the camera would.
type driver struct {
	t   *testing.T
	g   *Game
	tab rules.Table
}

func newDriver(t *testing.T, mode string, players ...string) *driver {
	t.Helper()
	g, err := rules.NewGame(rules.Setup{Mode: mode, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	d := &driver{t: t, g: g.(*Game), tab: rules.Table{Zones: map[string]*rules.Zone{}}}
	rulestest.CheckEvents(t, d.g.Start())
	return d
}

// ref resolves a card name, alias or ID; "BACK" is the Tzimime back.
func ref(t testing.TB, name string) rules.CardRef {
	t.Helper()
	if name == "BACK" {
		return tzimime
	}
	r, err := rules.Resolver{Decks: []string{DeckCode}}.Resolve(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func (d *driver) zone(name string) *rules.Zone {
	z := d.tab.Zones[name]
	if z == nil {
		z = &rules.Zone{}
		d.tab.Zones[name] = z
	}
	return z
}

// put lays a card in player p's world ("" clears the cell).
func (d *driver) put(p, r, c int, name string) *driver {
	cell := rules.Cell{}
	if name != "" {
		cell.Card = ref(d.t, name)
	}
	d.zone(zoneName(p)).Set(pos(r, c), cell)
	return d
}

// item lays a Dark City or Traveller beside player p's cards.
func (d *driver) item(p int, row, col float64, name string) *driver {
	z := d.zone(zoneName(p))
	z.Items = append(z.Items, rules.Item{Card: ref(d.t, name), Row: row, Col: col})
	return d
}

// snap shows the table to the referee and returns a summary of its events.
func (d *driver) snap() string {
	d.t.Helper()
	evs := d.g.Observe(d.tab.Clone())
	rulestest.CheckEvents(d.t, evs)
	return summary(evs)
}

func (d *driver) input(in rules.Input) string {
	d.t.Helper()
	evs := d.g.Input(in)
	rulestest.CheckEvents(d.t, evs)
	return summary(evs)
}

// summary writes events as "kind[/verdict|action]" words, enough to check
// what the referee said without tying tests to wording.
func summary(evs []rules.Event) string {
	var out []string
	for _, e := range evs {
		s := string(e.Kind)
		switch {
		case e.Verdict != "":
			s += "/" + string(e.Verdict)
		case e.Action != "":
			s += "/" + e.Action
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

func (d *driver) expect(got, want string) {
	d.t.Helper()
	if got != want {
		d.t.Errorf("events %q, want %q", got, want)
	}
}

// world renders a world for failure messages.
func (d *driver) world(p int) string {
	var b strings.Builder
	for _, c := range d.g.Worlds[p-1].sorted() {
		fmt.Fprintf(&b, "%v %s; ", c.Pos(), d.g.Worlds[p-1].cellName(c.Pos()))
	}
	return b.String()
}
