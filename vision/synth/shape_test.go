package synth

import (
	"testing"

	"github.com/tableref/tableref/vision/geom"
)

// TestShapesUnderCards: a shape is drawn where the camera sees it, under
// any card, and a plain card has no art bands in its quiet zone.
func TestShapesUnderCards(t *testing.T) {
	cam := geom.Translate(320, 240).Mul(geom.ScaleH(2, 2))
	s := Scene{Width: 640, Height: 480, Camera: cam,
		Shapes: []Shape{Box(geom.Pt{X: -100, Y: 0}, 40, 40, 15, [3]uint8{200, 30, 30}), Box(geom.Pt{X: 60, Y: 0}, 120, 120, 0, [3]uint8{30, 30, 200})},
		Cards:  []Card{{Payload: "TR1:M:P1:A", Centre: geom.Pt{X: 60, Y: 0}, Size: geom.Pt{X: 46, Y: 46}, QRSideMM: 33.6, Plain: true, Colour: [3]uint8{0, 200, 0}}},
	}
	m, _, err := Render(s)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	at := func(p geom.Pt) (r, g, b uint8) {
		q := cam.Apply(p)
		v := m.GetVecbAt(int(q.Y), int(q.X))
		return v[2], v[1], v[0]
	}
	if r, g, b := at(geom.Pt{X: -100, Y: 0}); r < 150 || g > 80 || b > 80 {
		t.Errorf("red box centre is %d,%d,%d", r, g, b)
	}
	if r, g, b := at(geom.Pt{X: 60, Y: 50}); b < 150 || r > 80 || g > 80 {
		t.Errorf("blue box outside the card is %d,%d,%d", r, g, b)
	}
	// 5 mm in from the card's top edge, beside the code: white paper on
	// a plain card, where a normal card has its art band.
	if r, g, b := at(geom.Pt{X: 60 - 23 + 5, Y: -23 + 5}); r < 200 || g < 200 || b < 200 {
		t.Errorf("plain card's quiet zone is %d,%d,%d", r, g, b)
	}
}
