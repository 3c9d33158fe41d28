package synth

import (
	"testing"

	"github.com/tableref/tableref/vision/colour"
	"github.com/tableref/tableref/vision/geom"
)

// TestLampChangesTheCast: under a warm lamp on the west side, white paper
// is warmer and brighter near the lamp than far from it, and a warm cast
// alone makes paper warmer everywhere; a blue patch loses more of its
// blue than the paper does (a per-channel correction cannot undo it).
func TestLampChangesTheCast(t *testing.T) {
	cam := geom.Translate(320, 240).Mul(geom.ScaleH(1, 1))
	paper := [3]uint8{240, 240, 240}
	blue := [3]uint8{45, 90, 190}
	base := Scene{Width: 640, Height: 480, Camera: cam, Table: paper,
		Shapes: []Shape{Box(geom.Pt{X: -250, Y: 0}, 40, 40, 0, blue), Box(geom.Pt{X: 250, Y: 0}, 40, 40, 0, blue)}}
	rgbAt := func(s Scene, x float64) [3]float64 {
		m, _, err := Render(s)
		if err != nil {
			t.Fatal(err)
		}
		defer m.Close()
		q := cam.Apply(geom.Pt{X: x})
		v := m.GetVecbAt(int(q.Y), int(q.X))
		return [3]float64(colour.Linear(v[0], v[1], v[2]))
	}
	lamp := base
	lamp.Effect.Light = Light{Cast: Daylight, Lamp: &Lamp{At: [3]float64{-600, 0, 500}, Colour: Warm, Power: 2}}
	west, east := rgbAt(lamp, -150), rgbAt(lamp, 150)
	if !(west[0]/west[2] > 1.1*east[0]/east[2]) || !(west[1] > east[1]) {
		t.Errorf("paper near the lamp %v, far from it %v: want warmer and brighter near it", west, east)
	}
	warm := base
	warm.Effect.Light = Light{Cast: Warm}
	p, b := rgbAt(warm, 150), rgbAt(warm, 250)
	if !(p[2] < 0.8*p[0]) {
		t.Errorf("paper under a warm cast %v: want less blue than red", p)
	}
	n := rgbAt(base, 250)
	// Blue over red (linear), relative to the paper's: what a white
	// correction would restore. The warm light leaves the blue patch
	// greyer.
	if got, want := (b[2]/b[0])/(p[2]/p[0]), n[2]/n[0]; !(got < 0.8*want) {
		t.Errorf("blue patch under warm light, white-corrected blue/red %.2f, in neutral light %.2f: want greyer", got, want)
	}
}

// TestCubeSeenFromTheCamera: a cube's top face falls away from the point
// under the camera and, under a lamp, its shadow falls away from the bulb.
func TestCubeSeenFromTheCamera(t *testing.T) {
	ppmm := 4.0
	cam := geom.Translate(400, 300).Mul(geom.ScaleH(ppmm, ppmm))
	s := Scene{Width: 800, Height: 600, Camera: cam, CameraCentre: [3]float64{0, 0, 500}, Table: [3]uint8{240, 240, 240},
		Solids: []Solid{Cube(geom.Pt{X: 60, Y: 0}, 16, 0, [3]uint8{200, 40, 40})}}
	s.Effect.Light = Light{Lamp: &Lamp{At: [3]float64{60, -400, 400}, Colour: [3]float64{1, 1, 1}, Power: 2}}
	m, _, err := Render(s)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	at := func(x, y float64) [3]uint8 {
		q := cam.Apply(geom.Pt{X: x, Y: y})
		v := m.GetVecbAt(int(q.Y), int(q.X))
		return [3]uint8{v[2], v[1], v[0]}
	}
	// The top face (16 mm high, seen from 500 mm) lies 2 mm east of the
	// footprint: red 1 mm beyond the footprint's east edge.
	if c := at(69, 0); !(c[0] > 120 && c[1] < 60) {
		t.Errorf("just east of the footprint %v: want the red top face", c)
	}
	// The lamp is north: the shadow falls south of the cube.
	south, north := at(60, 12), at(60, -12)
	if !(int(south[1])+30 < int(north[1])) {
		t.Errorf("south of the cube %v, north %v: want the shadow south", south, north)
	}
}
