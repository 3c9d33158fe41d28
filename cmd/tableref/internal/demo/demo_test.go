package demo

import (
	"math"
	"os"
	"testing"

	"github.com/tableref/tableref/printer/sizing"
	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/modes"
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

// The bundled demo game is filmed at a frame that reads its codes when
// the user gives no size: with today's 16.8 mm codes its table is too
// large for 2304×1296 (2.0 px a module), and a fresh `tableref demo`
// refused to film it.
func TestDefaultFrameReadsTheDemoTable(t *testing.T) {
	data, err := os.ReadFile("../../testdata/demo-continental.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	_, tables, err := snapshots(data, "demo-continental.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lay := newLayout(tables)
	w, h := lay.frameFor(2304, 1296)
	px := lay.pxPerMM(w, h) * codeMM / 21
	t.Logf("filmed at %d×%d: %.2f px a module (2304×1296 gives %.2f)", w, h, px, lay.pxPerMM(2304, 1296)*codeMM/21)
	if px < sizing.MinPxPerModule {
		t.Errorf("the demo is filmed at %d×%d, %.2f px a module: under the %g the reader needs", w, h, px, sizing.MinPxPerModule)
	}
	if w%16 != 0 || h%16 != 0 || math.Abs(float64(w)/float64(h)-16.0/9) > 0.01 {
		t.Errorf("frame %d×%d: want 16:9 in 16-pixel steps", w, h)
	}
	if gw, gh := lay.frameFor(8000, 4500); gw != 8000 || gh != 4500 {
		t.Errorf("a frame that reads the table grew to %d×%d", gw, gh)
	}
	if Key(data, Options{}) == Key(data, Options{Width: 2304, Height: 1296}) {
		t.Error("a default-size demo and one the user sized 2304×1296 share a cache folder")
	}
	// Generate gets the same size: the old code refused here.
	rec, err := Generate(data, "demo", t.TempDir(), Options{FPS: 1, Still: 0.1, HandFrames: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Width != w || rec.ModulePx < sizing.MinPxPerModule {
		t.Errorf("Generate filmed %d×%d at %.2f px a module, want %d wide, ≥ %g", rec.Width, rec.Height, rec.ModulePx, w, sizing.MinPxPerModule)
	}
}
