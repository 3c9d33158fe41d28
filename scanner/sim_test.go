package scanner_test

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"
	"time"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
)

// simTable is a table whose cards and markers lie at known positions,
// read by a reader that reports exactly their codes. It makes long
// streams of the scanner's geometry, zones and stability cheap: the
// frames carry one flat patch per card (so a card laid or taken away is
// motion and changes the image where it lay) and no pixels are decoded.
// The rendered-scene tests (stable_test.go, scenes_test.go) cover the
// reading of real pixels.
type simTable struct {
	cards   []simCard
	markers map[int]simMarker
	hidden  map[int]bool // markers not in view (covered, too small)
}

type simCard struct {
	ref   rules.CardRef
	at    geom.Pt // table mm
	angle float64 // degrees clockwise from table north
	size  geom.Pt // mm
	code  float64 // code side, mm
}

type simMarker struct {
	at    geom.Pt
	angle float64
}

// The simulated camera: simScale mm per pixel, table (0, 0) at the image
// centre, so the frame shows 2000 × 1600 mm.
const (
	simScale = 6.25
	simW     = 320
	simH     = 256
)

func simCal() *calibration.File {
	h := geom.ScaleH(simScale, simScale).Mul(geom.Translate(-simW/2, -simH/2))
	return &calibration.File{Plane: &calibration.Plane{Image: [2]int{simW, simH}, H: h, Source: calibration.SourceCodes, CodeMM: 30, Codes: 4}}
}

func toPx(p geom.Pt) geom.Pt { return geom.Pt{X: p.X/simScale + simW/2, Y: p.Y/simScale + simH/2} }

// square is a side×side square centred at at, turned by angle, in table mm
// (top-left, top-right, bottom-right, bottom-left as the code is read).
func square(at geom.Pt, angle, w, h float64) geom.Quad {
	m := geom.Translate(at.X, at.Y).Mul(geom.Rotate(angle))
	return m.ApplyQuad(geom.Rect(-w/2, -h/2, w/2, h/2))
}

func (s *simTable) lay(c simCard) {
	if c.size == (geom.Pt{}) {
		d := (*calibration.File)(nil).DeckOf(c.ref.ID.Deck)
		c.size, c.code = geom.Pt{X: d.Card[0], Y: d.Card[1]}, d.Code
	}
	s.cards = append(s.cards, c)
}

func (s *simTable) take(id rules.CardID) {
	for i, c := range s.cards {
		if c.ref.ID == id {
			s.cards = append(s.cards[:i:i], s.cards[i+1:]...)
			return
		}
	}
}

// Read implements scanner.CodeReader.
func (s *simTable) Read(context.Context, gocv.Mat) (qr.Result, error) {
	var res qr.Result
	add := func(p rules.Payload, q geom.Quad) {
		var px geom.Quad
		for i, c := range q {
			px[i] = toPx(c)
		}
		res.Codes = append(res.Codes, qr.Tableref{Code: qr.Code{Text: p.String(), Corners: px, ModulePx: 5, Confidence: 1}, Payload: p})
	}
	for _, c := range s.cards {
		add(rules.CardPayload(c.ref), square(c.at, c.angle, c.code, c.code))
	}
	for p := 1; p <= rules.MaxPlayers; p++ {
		if m, ok := s.markers[p]; ok && !s.hidden[p] {
			add(rules.MarkerPayload(rules.Marker{Type: rules.MarkerPlayer, Player: p}), square(m.at, m.angle, 30, 30))
		}
	}
	return res, nil
}

// frame draws the table: a flat patch for every card, each its own grey.
func (s *simTable) frame() gocv.Mat {
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(40, 60, 90, 0), simH, simW, gocv.MatTypeCV8UC3)
	for _, c := range s.cards {
		q := square(c.at, c.angle, c.size.X, c.size.Y)
		pts := make([]image.Point, 4)
		for i, p := range q {
			v := toPx(p)
			pts[i] = image.Pt(int(math.Round(v.X)), int(math.Round(v.Y)))
		}
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{pts})
		g := uint8(140 + (c.ref.ID.Num*37)%110)
		gocv.FillPoly(&m, pv, color.RGBA{R: g, G: g, B: 255 - g, A: 255})
		pv.Close()
	}
	return m
}

// simStream feeds a simTable to a scanner as a camera would.
type simStream struct {
	t     *testing.T
	sc    *scanner.Scanner
	table *simTable
	now   time.Duration
	last  scanner.Update
	// lastSnap is the last snapshot the scanner emitted.
	lastSnap *rules.Table
}

const simStep = 100 * time.Millisecond

func newSimStream(t *testing.T, mode string, setup rules.Setup, table *simTable) *simStream {
	t.Helper()
	setup.Mode = mode
	sc, err := scanner.New(simCal(), scanner.Options{Mode: mode, Setup: setup, Stable: 300 * time.Millisecond, Reader: table, FullRead: -1})
	if err != nil {
		t.Fatal(err)
	}
	return &simStream{t: t, sc: sc, table: table}
}

// settle feeds still frames of the table as it lies until a snapshot comes
// (returned) or a second of stillness passes without one (nil).
func (s *simStream) settle() *rules.Table {
	s.t.Helper()
	frame := s.table.frame()
	defer frame.Close()
	for i := 0; i < 12; i++ {
		up, err := s.sc.Frame(context.Background(), s.now, frame)
		s.now += simStep
		if err != nil {
			s.t.Fatalf("frame at %v: %v", s.now, err)
		}
		s.last = up
		if up.Snapshot != nil {
			s.lastSnap = up.Snapshot
			return up.Snapshot
		}
	}
	return nil
}

// zoneOfCard says which zone of a snapshot holds a card, "" for none.
func zoneOfCard(tab rules.Table, id rules.CardID) string {
	for _, name := range tab.ZoneNames() {
		z := tab.Zones[name]
		if _, ok := z.Find(id); ok {
			return name
		}
		for _, it := range z.Items {
			if it.Card.ID == id {
				return name
			}
		}
	}
	return ""
}

func problemTexts(ps []scanner.Problem) string {
	s := ""
	for _, p := range ps {
		s += fmt.Sprintf("\n\t%s: %s", p.Kind, p.Text)
	}
	return s
}
