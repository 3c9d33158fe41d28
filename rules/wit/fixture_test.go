package wit

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

// fixture is a rank table holding exactly the numbers the rulebook prints
// in its examples (REFERENCE §2.1, §3.1): Caracas NS 4 over Lima NS 37
// (WIT-1), Lima WE 8 beside Caracas WE 54 (WIT-2), Punta del Este WE 85
// beside Brasília WE 91 and NS 81 over Piura NS 42 (WIT-7), Potosí NS 63
// over Belo Horizonte NS 64 and Piura WE 3 beside Chiclayo WE 5 (WIT-10).
// The other numbers are free but follow real geography, so that the
// examples' outcomes match the real map.
var fixtureCards = []Card{
	{ID: wt(1), Name: "Bogotá", Kind: KindStart, NS: 10, WE: 15},
	{ID: wt(2), Name: "Caracas", Kind: KindStart, NS: 4, WE: 54},
	{ID: wt(3), Name: "Sucre", Kind: KindStart, NS: 50, WE: 58},
	{ID: wt(4), Name: "Lima", Kind: KindStart, NS: 37, WE: 8},
	{ID: wt(5), Name: "Brasília", Kind: KindStart, NS: 52, WE: 91},
	{ID: wt(6), Name: "Cobija", Kind: KindCity, NS: 30, WE: 45},
	{ID: wt(7), Name: "Punta del Este", Kind: KindCity, NS: 81, WE: 85},
	{ID: wt(8), Name: "Piura", Kind: KindCity, NS: 42, WE: 3},
	{ID: wt(9), Name: "Cayena", Kind: KindCity, NS: 17, WE: 88},
	{ID: wt(10), Name: "Chiclayo", Kind: KindStart, NS: 35, WE: 5},
	{ID: wt(11), Name: "Potosí", Kind: KindStart, NS: 63, WE: 57},
	{ID: wt(12), Name: "Belo Horizonte", Kind: KindCity, NS: 64, WE: 100},
	{ID: wt(13), Name: "Machu Picchu", Kind: KindMonument, NS: 46, WE: 24},
	{ID: wt(14), Name: "Quito", Kind: KindCity, NS: 22, WE: 9},
	{ID: wt(15), Name: "Cristo Redentor", Kind: KindMonument, NS: 70, WE: 101},
}

const fixtureCode = "WT"

func wt(n int) rules.CardID { return rules.CardID{Deck: fixtureCode, Num: n} }

var fixture = func() *Deck {
	d, err := NewDeck(fixtureCode, fixtureCards)
	if err != nil {
		panic(err)
	}
	registerDeck(d) // so that saved fixture games restore
	return d
}()

// id finds a fixture card by name.
func id(t testing.TB, name string) rules.CardID {
	t.Helper()
	for _, c := range fixtureCards {
		if c.Name == name {
			return c.ID
		}
	}
	t.Fatalf("no fixture card %q", name)
	return rules.CardID{}
}

// grid builds a zone from rows of fixture names separated by "|", the
// north-west cell at (0,0); "." is an empty cell and a "/B" suffix
// puts the card map side up: grid(t, "Bogotá|Caracas", "Lima|.").
func grid(t testing.TB, rows ...string) *rules.Zone {
	t.Helper()
	z := &rules.Zone{}
	for r, row := range rows {
		for c, tok := range strings.Split(row, "|") {
			tok = strings.TrimSpace(tok)
			if tok == "." || tok == "" {
				continue
			}
			side := rules.Front
			if name, ok := strings.CutSuffix(tok, "/B"); ok {
				tok, side = name, rules.Back
			}
			z.Set(rules.Pos{Row: r, Col: c}, rules.Cell{Card: rules.CardRef{ID: id(t, tok), Side: side}})
		}
	}
	return z
}

// shifted returns z moved so that its (0,0) cell is at origin.
func shifted(z *rules.Zone, origin rules.Pos) *rules.Zone {
	out := &rules.Zone{}
	for p, c := range z.Cells {
		out.Set(p.Add(origin), c)
	}
	return out
}

func mapTable(z *rules.Zone) rules.Table {
	return rules.Table{Zones: map[string]*rules.Zone{zoneMap: z}}
}

// setup returns a checked setup for a mode with options.
func setup(t testing.TB, mode string, players []string, opts map[string]string) rules.Setup {
	t.Helper()
	m, ok := rules.LookupMode(mode)
	if !ok {
		t.Fatalf("mode %s not registered", mode)
	}
	s, err := m.Check(rules.Setup{Mode: mode, Players: players, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// eventLog collects every event a test sees, checks that it fits the
// display, and finds events by kind.
type eventLog struct {
	t   testing.TB
	all []rules.Event
}

func (l *eventLog) add(evs []rules.Event) []rules.Event {
	l.t.Helper()
	rulestest.CheckEvents(l.t, evs)
	l.all = append(l.all, evs...)
	return evs
}

func kinds(evs []rules.Event) string {
	var out []string
	for _, e := range evs {
		s := string(e.Kind)
		if e.Action != "" {
			s += ":" + e.Action
		}
		if e.Verdict != "" {
			s += ":" + string(e.Verdict)
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

// find returns the first event of a kind, failing the test if none.
func find(t testing.TB, evs []rules.Event, k rules.EventKind) rules.Event {
	t.Helper()
	for _, e := range evs {
		if e.Kind == k {
			return e
		}
	}
	t.Fatalf("no %s event in %s", k, dump(evs))
	return rules.Event{}
}

func has(evs []rules.Event, k rules.EventKind) bool {
	for _, e := range evs {
		if e.Kind == k {
			return true
		}
	}
	return false
}

// dump shows events in a failure message, one a line.
func dump(evs []rules.Event) string {
	lines := make([]string, len(evs))
	for i, e := range evs {
		lines[i] = fmt.Sprintf("%s %q %s", e.Kind, e.Short, e.Long)
	}
	return "\n  " + strings.Join(lines, "\n  ")
}
