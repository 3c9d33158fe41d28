package calibration

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

// camera returns a table-mm → image-px homography of a pinhole camera
// tilted by tiltDeg and rolled by rollDeg over a 1280×720 frame, with the
// table centre at the image centre and about pxPerMM there.
func camera(tiltDeg, rollDeg, pxPerMM float64) geom.H {
	const w, h = 1280, 720
	f := float64(w) / 2 / math.Tan(66*math.Pi/360)
	d := f / pxPerMM
	st, ct := math.Sincos(tiltDeg * math.Pi / 180)
	sr, cr := math.Sincos(rollDeg * math.Pi / 180)
	// Rotation Rz(roll)·Rx(tilt), translation (0, 0, d), K = [f 0 cx; 0 f cy; 0 0 1].
	r := [9]float64{cr, -sr * ct, sr * st, sr, cr * ct, -cr * st, 0, st, ct}
	var out geom.H
	cols := [3][3]float64{{r[0], r[3], r[6]}, {r[1], r[4], r[7]}, {0, 0, d}}
	for j := 0; j < 3; j++ {
		x, y, z := cols[j][0], cols[j][1], cols[j][2]
		out[j] = f*x + w/2*z
		out[3+j] = f*y + h/2*z
		out[6+j] = z
	}
	return out
}

// codeAt is the image quad of a code of side s (mm) centred at c on the
// table, turned by rot degrees, seen through cam.
func codeAt(cam geom.H, c geom.Pt, s, rot float64) geom.Quad {
	q := geom.Rect(-s/2, -s/2, s/2, s/2)
	return cam.Mul(geom.Translate(c.X, c.Y)).Mul(geom.Rotate(rot)).ApplyQuad(q)
}

func sheetMarks(cam geom.H, origin geom.Pt, rot float64) []Mark {
	corners := map[rules.Corner]geom.Pt{rules.NW: {X: -110, Y: -75}, rules.NE: {X: 110, Y: -75}, rules.SE: {X: 110, Y: 75}, rules.SW: {X: -110, Y: 75}}
	var out []Mark
	for c := rules.NW; c <= rules.SW; c++ {
		at := geom.Rotate(rot).Apply(corners[c]).Add(origin)
		out = append(out, Mark{
			Payload: rules.MarkerPayload(rules.Marker{Type: rules.MarkerCalibration, Corner: c}),
			Corners: codeAt(cam, at, PrintedCode, rot),
		})
	}
	return out
}

// TestFitSheetRecoversTable: the sheet lies turned by 30° with its centre
// 100 mm east of the camera's axis, seen at a 20° tilt; table mm must come
// back in the sheet's frame to a fraction of a millimetre everywhere in
// the view.
func TestFitSheetRecoversTable(t *testing.T) {
	for _, tc := range []struct{ tilt, roll, rot float64 }{{0, 0, 0}, {20, 5, 30}, {30, -10, -75}} {
		cam := camera(tc.tilt, tc.roll, 1.2)
		origin := geom.Pt{X: 100, Y: 20}
		tab, err := FitSheet(sheetMarks(cam, origin, tc.rot), 1280, 720, PrintedCode, [2]float64{})
		if err != nil {
			t.Fatalf("%+v: %v", tc, err)
		}
		// A table point p (camera frame) is, in the sheet frame,
		// Rotate(-rot)·(p − origin).
		toSheet := geom.Rotate(-tc.rot).Mul(geom.Translate(-origin.X, -origin.Y))
		for _, p := range []geom.Pt{{X: 0, Y: 0}, {X: -300, Y: -150}, {X: 350, Y: 180}, {X: 100, Y: 20}} {
			img := cam.Apply(p)
			got, want := tab.H.Apply(img), toSheet.Apply(p)
			if got.Dist(want) > 1.5 {
				t.Errorf("%+v: table %v → %v, want %v", tc, p, got, want)
			}
		}
		if tab.RMSMM > 0.05 || tab.Source != SourceSheet || tab.Codes != 4 {
			t.Errorf("%+v: table %+v", tc, tab)
		}
	}
}

func TestFitSheetErrors(t *testing.T) {
	cam := camera(10, 0, 1.2)
	marks := sheetMarks(cam, geom.Pt{}, 0)
	if _, err := FitSheet(marks[:3], 1280, 720, PrintedCode, [2]float64{}); err == nil || !strings.Contains(err.Error(), "CAL-SW not found") {
		t.Errorf("three corners: %v", err)
	}
	if _, err := FitSheet(append(marks, marks[0]), 1280, 720, PrintedCode, [2]float64{}); err == nil || !strings.Contains(err.Error(), "seen twice") {
		t.Errorf("a corner twice: %v", err)
	}
	// Swap NE and SW: a mirrored sheet.
	bad := append([]Mark(nil), marks...)
	bad[1].Corners, bad[3].Corners = marks[3].Corners, marks[1].Corners
	if _, err := FitSheet(bad, 1280, 720, PrintedCode, [2]float64{}); err == nil || !strings.Contains(err.Error(), "not in sheet order") {
		t.Errorf("mirrored: %v", err)
	}
	if _, err := FitSheet(marks, 1280, 720, 0, [2]float64{}); err == nil {
		t.Error("zero code size accepted")
	}
}

// TestFitCodesFromCards: a few cards at various turns, seen at 15° tilt;
// distances between them must come back right, and north must be the way
// most of them face.
func TestFitCodesFromCards(t *testing.T) {
	cam := camera(15, 0, 1.2)
	f := &File{}
	var marks []Mark
	pos := []geom.Pt{{X: -250, Y: -120}, {X: 0, Y: -120}, {X: 250, Y: -100}, {X: -200, Y: 130}, {X: 60, Y: 150}, {X: 260, Y: 140}}
	rots := []float64{2, -3, 1, 0, 178, 4} // one card faces the other way
	for i, p := range pos {
		ref := rules.CardRef{ID: rules.CardID{Deck: "SA", Num: i + 1}}
		marks = append(marks, Mark{Payload: rules.CardPayload(ref), Corners: codeAt(cam, p, rules.CardCodeMM, rots[i])})
	}
	marks = append(marks, Mark{Payload: rules.Payload{}, Corners: codeAt(cam, geom.Pt{}, 10, 0)}) // unknown kind: skipped
	tab, err := FitCodes(marks, 1280, 720, f.CodeSize(PrintedCode))
	if err != nil {
		t.Fatal(err)
	}
	if tab.Codes != 6 || tab.CodeMM != rules.CardCodeMM {
		t.Errorf("fit used %d codes of %v mm", tab.Codes, tab.CodeMM)
	}
	for i := range pos {
		for j := i + 1; j < len(pos); j++ {
			a, b := tab.H.Apply(marks[i].Corners.Centre()), tab.H.Apply(marks[j].Corners.Centre())
			if got, want := a.Dist(b), pos[i].Dist(pos[j]); math.Abs(got-want) > 0.01*want+1 {
				t.Errorf("cards %d–%d: %.1f mm apart, want %.1f", i, j, got, want)
			}
		}
	}
	// North: card 0's code top edge must run along +x.
	m := tab.H.ApplyQuad(marks[0].Corners)
	if e := m[1].Sub(m[0]); math.Abs(math.Atan2(e.Y, e.X)*180/math.Pi-2) > 3 {
		t.Errorf("card 0 faces %v°, want about 2°", math.Atan2(e.Y, e.X)*180/math.Pi)
	}
	if _, err := FitCodes(marks[:1], 1280, 720, f.CodeSize(PrintedCode)); !errors.Is(err, ErrMissing) {
		t.Errorf("one code: %v", err)
	}
}

// TestFitDropsMisreadCorner: one code with a corner 15 px off must not bend
// the plane.
func TestFitDropsMisreadCorner(t *testing.T) {
	cam := camera(10, 0, 1.2)
	var sq []square
	for i := 0; i < 8; i++ {
		p := geom.Pt{X: float64(i%4)*150 - 225, Y: float64(i/4)*200 - 100}
		sq = append(sq, square{q: codeAt(cam, p, 30, 0), side: 30})
	}
	sq[3].q[2] = sq[3].q[2].Add(geom.Pt{X: 15, Y: 9})
	g, rms, err := fitSquares(sq, 1280, 720)
	if err != nil {
		t.Fatal(err)
	}
	a, b := g.Apply(sq[0].q.Centre()), g.Apply(sq[7].q.Centre())
	want := geom.Pt{X: -225, Y: -100}.Dist(geom.Pt{X: 225, Y: 100})
	if math.Abs(a.Dist(b)-want) > 1 || rms > 0.1 {
		t.Errorf("distance %.2f want %.2f, rms %.3f", a.Dist(b), want, rms)
	}
}

func TestTableForOtherResolution(t *testing.T) {
	tab := &Plane{Image: [2]int{1280, 720}, H: geom.ScaleH(0.5, 0.5), Source: SourceSheet, CodeMM: 30}
	h, err := tab.For(640, 360)
	if err != nil {
		t.Fatal(err)
	}
	if p := h.Apply(geom.Pt{X: 100, Y: 100}); p.Dist(geom.Pt{X: 100, Y: 100}) > 1e-9 {
		t.Errorf("half-size frame: %v", p)
	}
	if _, err := tab.For(640, 480); !errors.Is(err, ErrInvalid) {
		t.Errorf("other aspect: %v", err)
	}
	var none *Plane
	if _, err := none.For(640, 480); !errors.Is(err, ErrMissing) || !strings.Contains(err.Error(), "calibrate table") {
		t.Errorf("no table: %v", err)
	}
}

// TestSheetSpan: the distances the printer puts between the sheet's code
// centres (it prints them on the sheet too).
func TestSheetSpan(t *testing.T) {
	for _, tc := range []struct {
		paper  string
		we, ns float64
	}{{"a4", 155, 218}, {"A4", 155, 218}, {"letter", 161, 200}} {
		we, ns, ok := SheetSpan(tc.paper, PrintedModule)
		if !ok || we != tc.we || ns != tc.ns {
			t.Errorf("%s: %v×%v %v, want %v×%v", tc.paper, we, ns, ok, tc.we, tc.ns)
		}
	}
	if _, _, ok := SheetSpan("a3", 1.6); ok {
		t.Error("a3 is not a paper the printer knows")
	}
}

// TestFitSheetWithSpan: with corner noise of half a pixel, knowing how far
// apart the codes are keeps the plane right far from the sheet, where the
// codes' shapes alone let it drift.
func TestFitSheetWithSpan(t *testing.T) {
	cam := camera(25, 0, 1.0)
	marks := sheetMarks(cam, geom.Pt{}, 0)
	jitter := []geom.Pt{{X: 0.5, Y: -0.4}, {X: -0.3, Y: 0.5}, {X: 0.4, Y: 0.4}, {X: -0.5, Y: -0.2}}
	for i := range marks {
		for k := range marks[i].Corners {
			marks[i].Corners[k] = marks[i].Corners[k].Add(jitter[(i+k)%4])
		}
	}
	far := cam.Apply(geom.Pt{X: 450, Y: 250})
	errAt := func(sheet [2]float64) float64 {
		tab, err := FitSheet(marks, 1280, 720, PrintedCode, sheet)
		if err != nil {
			t.Fatal(err)
		}
		return tab.H.Apply(far).Dist(geom.Pt{X: 450, Y: 250})
	}
	with, without := errAt([2]float64{220, 150}), errAt([2]float64{})
	if with > 1.5 || with >= without {
		t.Errorf("error 500 mm out: %.2f mm with the sheet's span, %.2f without", with, without)
	}
}
