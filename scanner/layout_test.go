package scanner

import (
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
	a := l.assign(cards, markers)
	for ref, want := range map[rules.CardRef]string{card(1): "p1", card(25): "p2", card(40): "p3", card(60): zoneOffer} {
		if got := zoneOf(a, ref); got != want {
			t.Errorf("%s in %q, want %q", ref, got, want)
		}
	}
	l.players = 4
	a = l.assign(cards, markers)
	if got := zoneOf(a, card(25)); got != "" || len(a.probs) != 1 || a.probs[0].Kind != ProblemNoZone || len(a.probs[0].Cards) != 9 {
		t.Errorf("two players unseen: the middle map went to %q (problems %v), want it left out and said", got, a.probs)
	}
}

// TestAssignNoMarkers: one player without a marker takes the largest
// group; several players without markers are a problem, cards left out.
func TestAssignNoMarkers(t *testing.T) {
	cards := append(mapAt(1, 9, geom.Pt{}), mapAt(20, 3, geom.Pt{X: 600})...)
	a := (&layout{kind: playerMaps, players: 1}).assign(cards, nil)
	if zoneOf(a, card(1)) != "p1" || zoneOf(a, card(20)) != zoneOffer {
		t.Errorf("solo: %v", a.zones)
	}
	a = (&layout{kind: playerMaps, players: 2}).assign(cards, nil)
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
	a := (&layout{kind: sharedMap}).assign(append(append(append([]*placed(nil), main...), split...), offer...), nil)
	for ref, want := range map[rules.CardRef]string{main[0].ref: zoneMap, split[0].ref: zoneMap, offer[0].ref: zoneOffer} {
		if got := zoneOf(a, ref); got != want {
			t.Errorf("continental: %s in %q, want %q", ref, got, want)
		}
	}
	spread := back([]*placed{{ref: card(1), at: geom.Pt{}, size: poker}, {ref: card(2), at: geom.Pt{X: 200, Y: 180}, size: poker}})
	placedFront := &placed{ref: card(3), at: geom.Pt{X: 130, Y: 90}, size: poker}
	hand := &placed{ref: card(4), at: geom.Pt{X: 900, Y: 0}, size: poker}
	a = (&layout{kind: board}).assign(append(spread, placedFront, hand), nil)
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
