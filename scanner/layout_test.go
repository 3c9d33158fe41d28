package scanner

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

// mapAt lays n cards of deck SA numbered from first in a row-major block
// 3 wide around centre.
func mapAt(first, n int, centre geom.Pt) []*placed {
	var out []*placed
	for i := 0; i < n; i++ {
		at := centre.Add(geom.Pt{X: float64(i%3-1) * 65, Y: float64(i/3) * 90})
		out = append(out, &placed{ref: card(first + i), at: at, size: poker})
	}
	return out
}

func zoneOf(a assignment, ref rules.CardRef) string {
	for z, cs := range a.zones {
		for _, c := range cs {
			if c.ref.ID == ref.ID {
				return z
			}
		}
	}
	return ""
}

// TestAssignPlayers: each map goes to the nearest marker; a second group
// near a taken marker is loose (offer); one player's marker unseen with
// one map left over: that map is theirs by elimination; with two markers
// unseen nothing is guessed.
func TestAssignPlayers(t *testing.T) {
	l := &layout{kind: playerMaps, players: 3}
	cards := append(append(append(mapAt(1, 9, geom.Pt{X: -400}), mapAt(20, 9, geom.Pt{X: 0})...), mapAt(40, 9, geom.Pt{X: 400})...),
		&placed{ref: card(60), at: geom.Pt{X: -400, Y: 500}, size: poker}) // a loose card by P1
	markers := map[int]geom.Pt{1: {X: -400, Y: 400}, 3: {X: 400, Y: 400}}
	a := l.assign(cards, clues{markers: markers})
	for ref, want := range map[rules.CardRef]string{card(1): "p1", card(25): "p2", card(40): "p3", card(60): zoneOffer} {
		if got := zoneOf(a, ref); got != want {
			t.Errorf("%s in %q, want %q", ref, got, want)
		}
	}
	l.players = 4
	a = l.assign(cards, clues{markers: markers})
	if got := zoneOf(a, card(25)); got != "" || len(a.probs) != 1 || a.probs[0].Kind != ProblemNoZone || len(a.probs[0].Cards) != 9 {
		t.Fatalf("two players unseen: the middle map went to %q (problems %v), want it left out and said", got, a.probs)
	}
	// The explanation names the markers not in view, never one read.
	if txt := a.probs[0].Text; !strings.Contains(txt, "the markers of P2 & P4 are not in view") || strings.Contains(txt, "P1") || strings.Contains(txt, "P3") {
		t.Errorf("problem %q: want the unseen markers P2 and P4 named, and only them", txt)
	}
}

// TestStartCardsMatched is the 3-player Cartographer's Corner start of the
// issue: Ana's starting city lies 253 mm from Ben's marker and 285 mm from
// her own. Each player gets their own card (the assignment with the least
// total distance, not the greedy nearest marker), nothing is blamed on a
// marker in view, and the layout is reported before the game starts, with
// the fix.
func TestStartCardsMatched(t *testing.T) {
	l := &layout{kind: playerMaps, players: 3, apart: true}
	start := func(n int, at geom.Pt) *placed { return &placed{ref: card(n), at: at, size: poker, kind: "start"} }
	ana, ben, caro := start(1, geom.Pt{X: 285}), start(2, geom.Pt{X: 285, Y: 353}), start(3, geom.Pt{X: 1000})
	markers := map[int]geom.Pt{1: {}, 2: {X: 285, Y: 253}, 3: {X: 900}}
	a := l.assign([]*placed{ana, ben, caro}, clues{markers: markers, seen: map[int]bool{1: true, 2: true, 3: true}})
	for c, want := range map[*placed]string{ana: "p1", ben: "p2", caro: "p3"} {
		if got := zoneOf(a, c.ref); got != want {
			t.Errorf("%s in %q, want %q", c.ref, got, want)
		}
	}
	var marker []Problem
	for _, p := range a.probs {
		switch p.Kind {
		case ProblemMarker:
			marker = append(marker, p)
		default:
			t.Errorf("problem %s: %s", p.Kind, p.Text)
		}
	}
	if len(marker) != 1 || !strings.Contains(marker[0].Text, "253 mm from P2's marker") || !strings.Contains(marker[0].Text, "285 mm from P1's own") || marker[0].Blocking() {
		t.Errorf("marker problems %v: want one warning (not blocking) that P1's card lies 253 mm from P2's marker and 285 mm from P1's", marker)
	}
}

// TestContinuityOverMarkers: a world that has grown past its starting card
// stays its player's when it creeps nearer another player's marker, and
// two worlds grown together are split along their cards; a new card
// touching both is said, not given to either.
func TestContinuityOverMarkers(t *testing.T) {
	l := &layout{kind: playerMaps, players: 2, apart: true}
	w1 := mapAt(1, 6, geom.Pt{X: -100})                                   // P1's, columns at x -165..-35
	w2 := mapAt(20, 6, geom.Pt{X: 100})                                   // P2's, x 35..165: touching P1's
	markers := map[int]geom.Pt{1: {X: 400, Y: 100}, 2: {X: -400, Y: 100}} // each nearer the other world
	cl := clues{markers: markers, past: past{byID: map[rules.CardID]owned{}, players: map[int]bool{1: true, 2: true}}}
	for p, w := range map[int][]*placed{1: w1, 2: w2} {
		for _, c := range w {
			cl.past.byID[c.ref.ID] = owned{player: p, at: c.at}
		}
	}
	newP1 := &placed{ref: card(40), at: geom.Pt{X: -165, Y: 180}, size: poker} // below P1's world
	between := &placed{ref: card(41), at: geom.Pt{X: 0, Y: -90}, size: poker}  // above the seam: touches both
	a := l.assign(append(append(append([]*placed(nil), w1...), w2...), newP1, between), cl)
	for _, c := range append(append([]*placed(nil), w1...), newP1) {
		if got := zoneOf(a, c.ref); got != "p1" {
			t.Errorf("P1's %s in %q", c.ref, got)
		}
	}
	for _, c := range w2 {
		if got := zoneOf(a, c.ref); got != "p2" {
			t.Errorf("P2's %s in %q", c.ref, got)
		}
	}
	if got := zoneOf(a, between.ref); got != "" || len(a.probs) != 1 || !strings.Contains(a.probs[0].Text, "P1 and P2") {
		t.Errorf("a card touching both worlds: in %q, problems %v; want it left out and said", got, a.probs)
	}
	// Turned to face P2 (P2 sits across the table), it is P2's.
	for _, c := range w2 {
		c.angle = 180
	}
	between.angle = 178
	a = l.assign(append(append(append([]*placed(nil), w1...), w2...), newP1, between), cl)
	if got := zoneOf(a, between.ref); got != "p2" || len(a.probs) != 0 {
		t.Errorf("a card touching both worlds, facing P2's way: in %q, problems %v; want p2", got, a.probs)
	}
}

// TestAssignNoMarkers: one player without a marker takes the largest
// group; several players without markers are a problem, cards left out.
func TestAssignNoMarkers(t *testing.T) {
	cards := append(mapAt(1, 9, geom.Pt{}), mapAt(20, 3, geom.Pt{X: 600})...)
	a := (&layout{kind: playerMaps, players: 1}).assign(cards, clues{})
	if zoneOf(a, card(1)) != "p1" || zoneOf(a, card(20)) != zoneOffer {
		t.Errorf("solo: %v", a.zones)
	}
	a = (&layout{kind: playerMaps, players: 2}).assign(cards, clues{})
	if len(a.zones) != 0 || len(a.probs) != 2 || a.probs[0].Kind != ProblemNoZone {
		t.Errorf("two players, no markers: zones %v problems %v", a.zones, a.probs)
	}
}

// TestAssignSharedMapAndBoard: Continental's map is the group holding
// map-side cards (a hole left by a discarded card may split it), the
// flag-side cards lying apart are the offer; Nord Sud Ovest Est's board is
// its map-side cards and the cards among them, the hands' cards apart are
// not.
func TestAssignSharedMapAndBoard(t *testing.T) {
	back := func(cs []*placed) []*placed {
		for _, c := range cs {
			c.ref.Side = rules.Back
		}
		return cs
	}
	main := back(mapAt(1, 9, geom.Pt{}))
	split := back(mapAt(20, 2, geom.Pt{X: 400}))
	offer := mapAt(40, 3, geom.Pt{X: 0, Y: 600})
	a := (&layout{kind: sharedMap}).assign(append(append(append([]*placed(nil), main...), split...), offer...), clues{})
	for ref, want := range map[rules.CardRef]string{main[0].ref: zoneMap, split[0].ref: zoneMap, offer[0].ref: zoneOffer} {
		if got := zoneOf(a, ref); got != want {
			t.Errorf("continental: %s in %q, want %q", ref, got, want)
		}
	}
	spread := back([]*placed{{ref: card(1), at: geom.Pt{}, size: poker}, {ref: card(2), at: geom.Pt{X: 200, Y: 180}, size: poker}})
	placedFront := &placed{ref: card(3), at: geom.Pt{X: 130, Y: 90}, size: poker}
	hand := &placed{ref: card(4), at: geom.Pt{X: 900, Y: 0}, size: poker}
	a = (&layout{kind: board}).assign(append(spread, placedFront, hand), clues{})
	for ref, want := range map[rules.CardRef]string{card(1): zoneBoard, card(2): zoneBoard, card(3): zoneBoard, card(4): zoneOffer} {
		if got := zoneOf(a, ref); got != want {
			t.Errorf("nsoe: %s in %q, want %q", ref, got, want)
		}
	}
}

// TestCrossCentre: the centre is where the arms meet, not the end of the
// longest arm.
func TestCrossCentre(t *testing.T) {
	var cells []cell
	for _, p := range []rules.Pos{{Row: 2, Col: 0}, {Row: 2, Col: 1}, {Row: 2, Col: 2}, {Row: 0, Col: 1}, {Row: 1, Col: 1}, {Row: 3, Col: 1}, {Row: 4, Col: 1}, {Row: 5, Col: 1}} {
		cells = append(cells, cell{pos: p, row: float64(p.Row), col: float64(p.Col)})
	}
	if c, ok := crossCentre(cells); !ok || c != (rules.Pos{Row: 2, Col: 1}) {
		t.Errorf("centre %v", c)
	}
}

// BenchmarkAssignPlayers times the sorting of a full 4-player Strange World
// table (4 worlds of 16 cards, markers) into worlds: by markers alone (the
// first read) and by continuity with the last snapshot (every later read).
func BenchmarkAssignPlayers(b *testing.B) {
	l := &layout{kind: playerMaps, players: 4, apart: true}
	var cards []*placed
	markers := map[int]geom.Pt{}
	cl := clues{past: past{byID: map[rules.CardID]owned{}, players: map[int]bool{}}}
	for p := 1; p <= 4; p++ {
		origin := geom.Pt{X: float64(p-1) * 400}
		markers[p] = origin.Add(geom.Pt{X: 100, Y: 450})
		for i := 0; i < 16; i++ {
			c := &placed{ref: card(p*20 + i), at: origin.Add(geom.Pt{X: float64(i%4) * 65, Y: float64(i/4) * 90}), size: poker}
			if i == 0 {
				c.kind = "start"
			}
			cards = append(cards, c)
			cl.past.byID[c.ref.ID] = owned{player: p, at: c.at}
			cl.past.players[p] = true
		}
	}
	b.Run("markers", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			l.assign(cards, clues{markers: markers})
		}
	})
	b.Run("continuity", func(b *testing.B) {
		cl.markers = markers
		for i := 0; i < b.N; i++ {
			l.assign(cards, cl)
		}
	})
}
