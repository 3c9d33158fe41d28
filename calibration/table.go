package calibration

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

// Sources of a table calibration.
const (
	SourceSheet = "sheet" // the four corner codes of the printed calibration sheet
	SourceCodes = "codes" // the card and marker codes themselves, by their printed size
)

// Plane is the table plane: a homography from the pixels of frames of one
// size to table millimetres. Table x grows east, y south; north is the
// calibration sheet's top edge (or, from card codes, the way most cards
// face), and (0, 0) is the sheet's centre (or the image centre).
type Plane struct {
	// Image is the width and height of the frames the homography is for.
	Image [2]int `json:"image"`
	// H maps image pixels to table millimetres, row major.
	H geom.H `json:"homography"`
	// Source says what it was computed from: "sheet" or "codes".
	Source string `json:"source"`
	// CodeMM is the printed side (without quiet zone) of the codes used.
	CodeMM float64 `json:"code_mm"`
	// Codes is how many codes the fit used.
	Codes int `json:"codes"`
	// RMSMM is the root mean square error of the codes' sides and
	// diagonals under H, in mm: a check on the fit.
	RMSMM float64 `json:"rms_mm"`
}

func (t *Plane) validate(p *problems, field string) {
	if t.Image[0] <= 0 || t.Image[1] <= 0 {
		p.add(field+".image", "%v: want [width, height] in pixels, both positive", t.Image)
	}
	if _, ok := t.H.Inverse(); !ok {
		p.add(field+".homography", "is singular (all zeros or degenerate): recalibrate with 'tableref calibrate table PHOTO'")
	} else if t.Image[0] > 0 && t.Image[1] > 0 {
		// The image must map to a finite part of the table: the horizon
		// (where the third row vanishes) must lie outside the frame.
		for _, c := range geom.Rect(0, 0, float64(t.Image[0]), float64(t.Image[1])) {
			if w := t.H[6]*c.X + t.H[7]*c.Y + t.H[8]; w == 0 || math.Signbit(w) != math.Signbit(t.H[8]) {
				p.add(field+".homography", "maps the image corner %v beyond the horizon: not a view of a table", c)
				break
			}
		}
	}
	switch t.Source {
	case SourceSheet, SourceCodes:
	default:
		p.add(field+".source", "%q: want %q or %q", t.Source, SourceSheet, SourceCodes)
	}
	if !(t.CodeMM > 0) || t.CodeMM > 500 {
		p.add(field+".code_mm", "%v: want the printed code side in mm (0 to 500)", t.CodeMM)
	}
	if t.Codes < 0 {
		p.add(field+".codes", "%d is negative", t.Codes)
	}
	if t.RMSMM < 0 || math.IsNaN(t.RMSMM) {
		p.add(field+".rms_mm", "%v is not a distance", t.RMSMM)
	}
}

// For returns the homography for frames of w×h pixels: the calibrated one
// scaled when the camera runs at another resolution of the same aspect.
func (t *Plane) For(w, h int) (geom.H, error) {
	if t == nil {
		return geom.H{}, fmt.Errorf("%w: no table plane (run 'tableref calibrate table PHOTO')", ErrMissing)
	}
	if w == t.Image[0] && h == t.Image[1] {
		return t.H, nil
	}
	sx, sy := float64(t.Image[0])/float64(w), float64(t.Image[1])/float64(h)
	if math.Abs(sx/sy-1) > 0.01 {
		return geom.H{}, fmt.Errorf("%w: the table was calibrated on %d×%d frames and this frame is %d×%d, another shape: recalibrate at this resolution",
			ErrInvalid, t.Image[0], t.Image[1], w, h)
	}
	return t.H.Mul(geom.ScaleH(sx, sy)), nil
}

// Mark is one decoded code as calibration needs it: its payload and its
// corners in image pixels, in the code's own order (top-left, top-right,
// bottom-right, bottom-left).
type Mark struct {
	Payload rules.Payload
	Corners geom.Quad
}

// SheetSpan is how far apart `tableref print markers calibration` puts the
// centres of its corner codes on a paper (a4 or letter) at a module size
// (mm): west–east and north–south, whole millimetres (the sheet prints
// them too). ok is false for another paper.
func SheetSpan(paper string, module float64) (we, ns float64, ok bool) {
	size := map[string][2]float64{"a4": {210, 297}, "letter": {215.9, 279.4}}
	p, ok := size[strings.ToLower(paper)]
	if !ok {
		return 0, 0, false
	}
	const margin, heading = 4, 24 // the printer's margin and the room for the sheet's text
	q := 29 * module              // a code with its 4-module quiet zones
	return math.Floor(p[0] - 2*margin - q), math.Floor(p[1] - 2*margin - q - heading), true
}

// FitSheet computes the table plane from a photo of the printed
// calibration sheet: its four corner codes CAL-NW, CAL-NE, CAL-SE, CAL-SW,
// each codeMM wide, and (when sheet is not zero) their centres sheet[0] mm
// apart west–east and sheet[1] north–south. Table north is the sheet's top
// edge and (0, 0) its centre. Other codes in marks are ignored.
func FitSheet(marks []Mark, w, h int, codeMM float64, sheet [2]float64) (*Plane, error) {
	if !(codeMM > 0) {
		return nil, fmt.Errorf("calibration sheet: code side %v mm: want a positive size", codeMM)
	}
	found := map[rules.Corner]geom.Quad{}
	var sq []square
	for _, m := range marks {
		if m.Payload.Kind != rules.KindMarker || m.Payload.Marker.Type != rules.MarkerCalibration {
			continue
		}
		if _, dup := found[m.Payload.Marker.Corner]; dup {
			return nil, fmt.Errorf("calibration sheet: %s is seen twice: only one sheet may be in view", m.Payload.Marker)
		}
		found[m.Payload.Marker.Corner] = m.Corners
		sq = append(sq, square{q: m.Corners, side: codeMM})
	}
	var missing []string
	for c := rules.NW; c <= rules.SW; c++ {
		if _, ok := found[c]; !ok {
			missing = append(missing, "CAL-"+c.String())
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("calibration sheet: %s not found: lay the whole sheet flat in view, no code covered (print it with 'tableref print markers calibration')", strings.Join(missing, ", "))
	}
	var spans []span
	if sheet[0] > 0 && sheet[1] > 0 {
		c := func(k rules.Corner) geom.Pt { return found[k].Centre() }
		diag := math.Hypot(sheet[0], sheet[1])
		spans = []span{
			{c(rules.NW), c(rules.NE), sheet[0]}, {c(rules.SW), c(rules.SE), sheet[0]},
			{c(rules.NW), c(rules.SW), sheet[1]}, {c(rules.NE), c(rules.SE), sheet[1]},
			{c(rules.NW), c(rules.SE), diag}, {c(rules.NE), c(rules.SW), diag},
		}
	}
	g, rms, err := fitPlane(sq, spans, w, h)
	if err != nil {
		return nil, fmt.Errorf("calibration sheet: %w", err)
	}
	c := map[rules.Corner]geom.Pt{}
	for k, q := range found {
		c[k] = g.Apply(q.Centre())
	}
	east := c[rules.NE].Add(c[rules.SE]).Sub(c[rules.NW].Add(c[rules.SW]))
	ang := math.Atan2(east.Y, east.X) * 180 / math.Pi
	centre := c[rules.NW].Add(c[rules.NE]).Add(c[rules.SE]).Add(c[rules.SW]).Scale(0.25)
	final := geom.Rotate(-ang).Mul(geom.Translate(-centre.X, -centre.Y)).Mul(g)
	// The sheet's codes must lie where a sheet puts them: NW north-west
	// of SE, NE north-east of SW. Anything else is a mirrored view or
	// codes cut from different sheets.
	nw, ne, se, sw := final.Apply(found[rules.NW].Centre()), final.Apply(found[rules.NE].Centre()),
		final.Apply(found[rules.SE].Centre()), final.Apply(found[rules.SW].Centre())
	if !(nw.X < se.X && nw.Y < se.Y && ne.X > sw.X && ne.Y < sw.Y) {
		return nil, fmt.Errorf("calibration sheet: the corner codes are not in sheet order (NW %v, NE %v, SE %v, SW %v mm): is the photo mirrored?", round1(nw), round1(ne), round1(se), round1(sw))
	}
	return &Plane{Image: [2]int{w, h}, H: final, Source: SourceSheet, CodeMM: codeMM, Codes: 4, RMSMM: rms}, nil
}

// FitCodes computes the table plane from any codes of known printed size
// (cards and markers; sizeOf says a code's side in mm, false to skip it).
// Without a sheet nothing says where north is: it is the way most codes
// face, and (0, 0) is under the image centre. At least two codes are
// needed; codes spread over the view give the best fit.
func FitCodes(marks []Mark, w, h int, sizeOf func(rules.Payload) (float64, bool)) (*Plane, error) {
	var sq []square
	sides := map[float64]int{}
	for _, m := range marks {
		s, ok := sizeOf(m.Payload)
		if !ok || !(s > 0) {
			continue
		}
		sq = append(sq, square{q: m.Corners, side: s})
		sides[s]++
	}
	if len(sq) < 2 {
		return nil, fmt.Errorf("%w: %d codes of known size in view, need at least 2 to find the table plane (or run 'tableref calibrate table PHOTO' with the calibration sheet)", ErrMissing, len(sq))
	}
	g, rms, err := fitSquares(sq, w, h)
	if err != nil {
		return nil, err
	}
	angles := make([]float64, len(sq))
	for i, s := range sq {
		m := g.ApplyQuad(s.q)
		e := m[1].Sub(m[0]).Add(m[2].Sub(m[3]))
		angles[i] = math.Atan2(e.Y, e.X) * 180 / math.Pi
	}
	ang := DominantAngle(angles)
	o := g.Apply(geom.Pt{X: float64(w) / 2, Y: float64(h) / 2})
	final := geom.Rotate(-ang).Mul(geom.Translate(-o.X, -o.Y)).Mul(g)
	code := 0.0
	for s, n := range sides {
		if n > sides[code] {
			code = s
		}
	}
	return &Plane{Image: [2]int{w, h}, H: final, Source: SourceCodes, CodeMM: code, Codes: len(sq), RMSMM: rms}, nil
}

// DominantAngle is the direction (degrees) that most angles lie within 20°
// of, refined by their circular mean: the way most cards face.
func DominantAngle(angles []float64) float64 {
	best, bestN := 0.0, -1
	sorted := append([]float64(nil), angles...)
	sort.Float64s(sorted)
	for _, a := range sorted {
		n := 0
		for _, b := range angles {
			if math.Abs(AngleDiff(a, b)) <= 20 {
				n++
			}
		}
		if n > bestN {
			best, bestN = a, n
		}
	}
	var sx, sy float64
	for _, b := range angles {
		if math.Abs(AngleDiff(best, b)) <= 20 {
			s, c := math.Sincos(b * math.Pi / 180)
			sx, sy = sx+c, sy+s
		}
	}
	return math.Atan2(sy, sx) * 180 / math.Pi
}

// AngleDiff is b−a in degrees folded into (−180, 180].
func AngleDiff(a, b float64) float64 {
	d := math.Mod(b-a, 360)
	if d > 180 {
		d -= 360
	} else if d <= -180 {
		d += 360
	}
	return d
}

func round1(p geom.Pt) geom.Pt {
	return geom.Pt{X: math.Round(p.X*10) / 10, Y: math.Round(p.Y*10) / 10}
}
