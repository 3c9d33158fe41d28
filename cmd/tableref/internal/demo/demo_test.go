package demo

import (
	"math"
	"testing"

	"github.com/tableref/tableref/rules"
)

func zone(cells map[rules.Pos]string) *rules.Zone {
	z := &rules.Zone{}
	for p, id := range cells {
		ref, err := rules.ParseCardRef(id)
		if err != nil {
			panic(err)
		}
		z.Set(p, rules.Cell{Card: ref})
	}
	return z
}

func TestLayoutKeepsCellsAndSeparatesZones(t *testing.T) {
	a := rules.Table{Zones: map[string]*rules.Zone{
		"map":   zone(map[rules.Pos]string{{Row: 0, Col: 0}: "SA-001/B", {Row: 0, Col: 1}: "SA-002/B"}),
		"offer": zone(map[rules.Pos]string{{Row: 0, Col: 0}: "SA-010", {Row: 0, Col: 1}: "SA-011"}),
	}}
	b := rules.Table{Zones: map[string]*rules.Zone{
		"map":   zone(map[rules.Pos]string{{Row: 0, Col: -1}: "SA-010", {Row: 0, Col: 0}: "SA-001/B", {Row: 0, Col: 1}: "SA-002/B"}),
		"offer": zone(map[rules.Pos]string{{Row: 0, Col: 0}: "SA-011"}),
	}}
	l := newLayout([]rules.Table{a, b})
	m0, m1 := l.at("map", rules.Pos{Col: 0}), l.at("map", rules.Pos{Col: 1})
	if d := m1.X - m0.X; math.Abs(d-pitch.X) > 1e-9 {
		t.Errorf("neighbouring cells %.1f mm apart, want the pitch %.1f", d, pitch.X)
	}
	// The offer must be more than one and a half cards from the map's
	// east edge, so the scanner sees two groups.
	if gap := l.at("offer", rules.Pos{}).X - m1.X; gap < 2.5*pitch.X {
		t.Errorf("offer only %.0f mm east of the map's last cell", gap)
	}
	if l.at("map", rules.Pos{Col: -1}).X >= m0.X {
		t.Error("a card west of the map lies east of it")
	}
	p, ok := l.changed(a, b)
	if !ok || p != l.at("map", rules.Pos{Col: -1}) {
		t.Errorf("the move was at %v (%v), want the new card's cell", p, ok)
	}
	if _, ok := l.changed(a, a); ok {
		t.Error("no move between a table and itself")
	}
	// Centred on the camera's axis.
	if math.Abs(l.lo.X+l.hi.X) > 1e-6 || math.Abs(l.lo.Y+l.hi.Y) > 1e-6 {
		t.Errorf("layout bounds %v–%v not centred", l.lo, l.hi)
	}
	cards := l.cards(b)
	if len(cards) != 4 || cards[0].Payload == "" {
		t.Errorf("cards %+v", cards)
	}
}

func TestKeyFollowsContentAndOptions(t *testing.T) {
	a, b := []byte("one"), []byte("two")
	if Key(a, Options{}) == Key(b, Options{}) || Key(a, Options{}) != Key(a, Options{}) || Key(a, Options{FPS: 4}) == Key(a, Options{}) {
		t.Error("the cache key must change with the replay and the options, and only then")
	}
}
