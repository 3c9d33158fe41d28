// Package synth renders camera frames of tableref cards lying on a table,
// with the ground truth of every QR code in them, so that vision and scanner
// can be tested and benchmarked without a camera or a table.
//
// A Scene says where things are on the table (millimetres), how the camera
// sees the table (a homography from table millimetres to image pixels, or a
// pose that makes one) and what the optics and sensor do to the picture
// (blur, noise, JPEG, uneven light, a hand over some cards). Render is a pure
// function of the Scene, its Seed included: the same Scene always gives the
// same bytes.
package synth

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/tableref/tableref/vision/imagefile"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"os"

	"github.com/skip2/go-qrcode"
	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
)

// Card is one card lying face up on the table.
type Card struct {
	Payload     string   `json:"payload"`
	Centre      geom.Pt  `json:"centre_mm"`    // on the table, mm; x east, y south
	RotationDeg float64  `json:"rotation_deg"` // clockwise as seen from above
	Size        geom.Pt  `json:"size_mm"`      // width, height; zero means 63×88 (poker size)
	QRSideMM    float64  `json:"qr_side_mm"`   // side of the code without quiet zone; zero means 30
	Colour      [3]uint8 `json:"colour"`       // RGB of the card's art bands; zero means a grey
	// Plain draws no art bands: a marker card, all white around its code
	// so that its quiet zone stays clear.
	Plain bool `json:"plain,omitempty"`
	// Sticker draws the code as tableref's stickers print it (version 2,
	// error correction H) instead of a printed card's (the smallest
	// version at level Q).
	Sticker bool `json:"sticker,omitempty"`
	// Decoy marks a code that is not one of the table's cards (a card of
	// a deck not in play, another product's code): the truth carries the
	// mark so that a benchmark counts a read of it as a table card as
	// wrong. It changes nothing in the picture.
	Decoy bool `json:"decoy,omitempty"`
	// CodeOffset is the code's centre minus the card's centre, in mm in
	// the card's own frame (x right, y down as the card lies upright): a
	// sticker stuck off the middle of a real card. Zero: centred.
	CodeOffset geom.Pt `json:"code_offset_mm,omitzero"`
	// Face, when set, is the card's whole face as printed, its code
	// included (an image of the card at any resolution, such as the
	// printer renders): it replaces the generated art and code, so a test
	// sees what a real printed card shows. FaceCode is where that code
	// lies on the card (card mm from its top-left corner; TL, TR, BR, BL)
	// for the truth.
	Face     image.Image `json:"-"`
	FaceCode geom.Quad   `json:"face_code_mm,omitzero"`
}

// Shape is a flat coloured quadrilateral on the table, drawn under the
// cards: a mat, a board and its printed squares, a city tile, a cube seen
// from above.
type Shape struct {
	Corners geom.Quad `json:"corners_mm"` // table mm
	Colour  [3]uint8  `json:"colour"`     // RGB
}

// Box returns the shape of a w×h rectangle centred at c on the table,
// turned by rotDeg clockwise.
func Box(c geom.Pt, w, h, rotDeg float64, rgb [3]uint8) Shape {
	m := geom.Translate(c.X, c.Y).Mul(geom.Rotate(rotDeg))
	return Shape{Corners: m.ApplyQuad(geom.Rect(-w/2, -h/2, w/2, h/2)), Colour: rgb}
}

// DefaultCardSize is a poker card, the size tableref prints.
var DefaultCardSize = geom.Pt{X: 63, Y: 88}

// DefaultQRSideMM is the printed side of a card's code without quiet zone.
const DefaultQRSideMM = 30

func (c Card) size() geom.Pt {
	if c.Size == (geom.Pt{}) {
		return DefaultCardSize
	}
	return c.Size
}

func (c Card) qrSide() float64 {
	if c.QRSideMM == 0 {
		return DefaultQRSideMM
	}
	return c.QRSideMM
}

// toTable maps card-local mm (origin at the card's top-left corner) to table mm.
func (c Card) toTable() geom.H {
	s := c.size()
	return geom.Translate(c.Centre.X, c.Centre.Y).Mul(geom.Rotate(c.RotationDeg)).Mul(geom.Translate(-s.X/2, -s.Y/2))
}

// Hand is an arm reaching into the frame: a capsule from From (usually
// outside the frame) to To, ending in a palm. Image pixels.
type Hand struct {
	From, To geom.Pt
	WidthPx  float64
}

// Effects are what the optics, light and sensor do to the picture.
type Effects struct {
	BlurSigma   float64 // optics/focus blur, px (0: a slight 0.6 px lens blur)
	NoiseSigma  float64 // sensor noise, 8-bit levels
	JPEGQuality int     // 0: no compression
	UnevenLight float64 // 0..1: how dark the darkest corner gets, plus a soft shadow
	// Light is the colour of the light: a warm cast, a lamp on one side
	// (light.go). The zero value is the neutral light the camera is
	// balanced for.
	Light Light
	// MotionPx is the length of a straight motion streak in pixels (the
	// camera or the table moving during the exposure: a wobbly arm, a
	// phone in a hand), MotionDeg its direction, clockwise from the
	// image's x axis. 0: none.
	MotionPx  float64
	MotionDeg float64
	Hands     []Hand
	// Bayer renders through a colour sensor: the picture is sampled
	// through an RGGB colour filter mosaic (one colour per pixel), the
	// sensor noise (NoiseSigma) is added to that raw mosaic, and the
	// colour picture is rebuilt by OpenCV's edge-aware demosaicing, as a
	// camera's image processor does before JPEG.
	Bayer bool
	// NoiseSeed, when not zero, draws the sensor noise from a generator
	// of its own: frames of one still scene that differ by their noise
	// only, as a camera's frames of a still table do (the Scene's Seed
	// also sets the light and the table's grain).
	NoiseSeed uint64
}

// Scene is everything Render needs.
type Scene struct {
	Width, Height int
	// Camera maps table mm to image px.
	Camera geom.H
	// Table is the table-top colour (RGB); zero means a mid-brown wood.
	Table [3]uint8
	// Shapes are drawn in order on the table, before the cards.
	Shapes []Shape
	// Solids stand on the table (cubes): drawn after the shapes, before
	// the cards.
	Solids []Solid
	Cards  []Card
	Effect Effects
	Seed   uint64
	// CameraCentre is the camera's position in table mm (z is height above
	// the table), used for each code's viewing tilt. Pose sets it.
	CameraCentre [3]float64
}

// Pose returns the homography of a pinhole camera with horizontal field of
// view hfovDeg, looking at the table centre (table mm (0,0)) so that a
// millimetre there spans pxPerMM pixels when untilted, tilted by tiltDeg
// about the image's horizontal axis and rolled by rollDeg, and the camera's
// centre in table coordinates.
func Pose(width, height int, hfovDeg, pxPerMM, tiltDeg, rollDeg float64) (geom.H, [3]float64) {
	f := float64(width) / 2 / math.Tan(hfovDeg*math.Pi/360)
	d := f / pxPerMM // distance to the table centre, mm
	st, ct := math.Sincos(tiltDeg * math.Pi / 180)
	sr, cr := math.Sincos(rollDeg * math.Pi / 180)
	// R = Rz(roll)·Rx(tilt); camera x right, y down, z forward; at zero
	// tilt the camera axes are the table axes and the table is at z = d.
	rx := [9]float64{1, 0, 0, 0, ct, -st, 0, st, ct}
	rz := [9]float64{cr, -sr, 0, sr, cr, 0, 0, 0, 1}
	var r [9]float64
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[i*3+j] = rz[i*3]*rx[j] + rz[i*3+1]*rx[3+j] + rz[i*3+2]*rx[6+j]
		}
	}
	cx, cy := float64(width)/2, float64(height)/2
	// H = K·[r1 r2 t] with t = (0,0,d).
	cols := [3][3]float64{{r[0], r[3], r[6]}, {r[1], r[4], r[7]}, {0, 0, d}}
	var h geom.H
	for j := 0; j < 3; j++ {
		x, y, z := cols[j][0], cols[j][1], cols[j][2]
		h[j] = f*x + cx*z
		h[3+j] = f*y + cy*z
		h[6+j] = z
	}
	// Camera centre C = -Rᵀt.
	centre := [3]float64{-r[6] * d, -r[7] * d, -r[8] * d}
	return h, centre
}

// CodeTruth is the ground truth of one QR code in the frame.
type CodeTruth struct {
	Payload string    `json:"payload"`
	Corners geom.Quad `json:"corners"` // image px, code's own TL, TR, BR, BL (without quiet zone)
	// ModulePx is the geometric mean of module size in pixels at the centre.
	ModulePx float64 `json:"module_px"`
	// TiltDeg is the angle between the camera ray to the code and the
	// table's normal.
	TiltDeg float64 `json:"tilt_deg"`
	// Covered is the fraction of the code (quiet zone included) under a hand.
	Covered float64 `json:"covered"`
	// InFrame is false when part of the code lies outside the image.
	InFrame bool `json:"in_frame"`
	// MotionModules is the motion streak's length in modules of this code.
	MotionModules float64 `json:"motion_modules,omitempty"`
	// Decoy is the card's Decoy mark: not a code of the table.
	Decoy bool `json:"decoy,omitempty"`
}

// Truth is the ground truth of a rendered frame.
type Truth struct {
	Width  int         `json:"width"`
	Height int         `json:"height"`
	Seed   uint64      `json:"seed"`
	Codes  []CodeTruth `json:"codes"`
}

// WriteJSON writes the truth as indented JSON to path.
func (t Truth) WriteJSON(path string) error {
	b, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return fmt.Errorf("synth: truth: %w", err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("synth: writing truth: %w", err)
	}
	return nil
}

// ErrScene marks a scene that cannot be rendered.
var ErrScene = errors.New("synth: bad scene")

// MaxPixels bounds a frame: a little over 12 MP keeps a runaway scene from
// eating the Pi's memory.
const MaxPixels = 4608 * 2592 * 2

// Render draws the scene. The returned Mat is 8-bit BGR; the caller closes it.
func Render(s Scene) (gocv.Mat, Truth, error) {
	if s.Width <= 0 || s.Height <= 0 || s.Width*s.Height > MaxPixels {
		return gocv.NewMat(), Truth{}, fmt.Errorf("%w: size %d×%d", ErrScene, s.Width, s.Height)
	}
	if _, ok := s.Camera.Inverse(); !ok {
		return gocv.NewMat(), Truth{}, fmt.Errorf("%w: singular camera homography", ErrScene)
	}
	rng := rand.New(rand.NewPCG(s.Seed, 0x7ab1e5ef))
	frame := gocv.NewMatWithSize(s.Height, s.Width, gocv.MatTypeCV8UC3)
	ok := false
	defer func() {
		if !ok {
			frame.Close()
		}
	}()
	drawTable(&frame, s, rng)
	for _, sh := range s.Shapes {
		drawShape(&frame, s, sh)
	}
	drawSolids(&frame, s)
	truth := Truth{Width: s.Width, Height: s.Height, Seed: s.Seed}
	for i, c := range s.Cards {
		ct, err := drawCard(&frame, s, c, rng)
		if err != nil {
			return gocv.NewMat(), Truth{}, fmt.Errorf("card %d (%q): %w", i, c.Payload, err)
		}
		truth.Codes = append(truth.Codes, ct)
	}
	for _, h := range s.Effect.Hands {
		drawHand(&frame, h)
	}
	for i := range truth.Codes {
		truth.Codes[i].Covered = covered(truth.Codes[i].Corners, s.Effect.Hands)
		if s.Effect.MotionPx > 0 {
			truth.Codes[i].MotionModules = s.Effect.MotionPx / truth.Codes[i].ModulePx
		}
	}
	if err := finish(&frame, s, rng); err != nil {
		return gocv.NewMat(), Truth{}, err
	}
	ok = true
	return frame, truth, nil
}

// drawTable fills the frame with a wood-like table: a base colour with slow
// brightness waves along one direction (grain) and blotches.
func drawTable(frame *gocv.Mat, s Scene, rng *rand.Rand) {
	base := s.Table
	if base == ([3]uint8{}) {
		base = [3]uint8{150, 105, 70}
	}
	// Low-resolution variation field, upscaled smoothly by OpenCV.
	const gw, gh = 48, 27
	small := gocv.NewMatWithSize(gh, gw, gocv.MatTypeCV8UC3)
	defer small.Close()
	px, _ := small.DataPtrUint8()
	for y := 0; y < gh; y++ {
		grain := 0.1 * math.Sin(float64(y)*1.7+rng.Float64()*0.5)
		for x := 0; x < gw; x++ {
			v := 0.9 + grain + 0.12*(rng.Float64()-0.5)
			i := (y*gw + x) * 3
			px[i] = clamp8(float64(base[2]) * v)
			px[i+1] = clamp8(float64(base[1]) * v)
			px[i+2] = clamp8(float64(base[0]) * v)
		}
	}
	gocv.Resize(small, frame, image.Pt(s.Width, s.Height), 0, 0, gocv.InterpolationCubic)
}

// drawShape fills a shape's image polygon, anti-aliased.
func drawShape(frame *gocv.Mat, s Scene, sh Shape) {
	q := s.Camera.ApplyQuad(sh.Corners)
	poly := make([]image.Point, 4)
	for i, p := range q {
		poly[i] = pt(p)
	}
	pts := gocv.NewPointsVectorFromPoints([][]image.Point{poly})
	defer pts.Close()
	gocv.FillPolyWithParams(frame, pts, color.RGBA{R: sh.Colour[0], G: sh.Colour[1], B: sh.Colour[2], A: 255}, gocv.LineAA, 0, image.Pt(0, 0))
}

// faceScale picks the card raster's resolution: about twice the frame's so
// that warping it down is smooth, and never less than 6 px per module.
func faceScale(s Scene, c Card) float64 {
	ppmm := s.Camera.LocalScale(c.Centre)
	sc := 2 * ppmm
	if min := 6 * 21 / c.qrSide(); sc < min {
		sc = min
	}
	return math.Min(sc, 40)
}

// drawCard renders the card face and warps it into the frame.
func drawCard(frame *gocv.Mat, s Scene, c Card, rng *rand.Rand) (CodeTruth, error) {
	q, err := qrcode.New(c.Payload, qrcode.High) // level High in go-qrcode is ISO level Q
	if c.Sticker {
		q, err = qrcode.NewWithForcedVersion(c.Payload, 2, qrcode.Highest)
	}
	if err != nil {
		return CodeTruth{}, fmt.Errorf("%w: qr: %v", ErrScene, err)
	}
	q.DisableBorder = true
	bits := q.Bitmap()
	n := len(bits)
	size := c.size()
	side := c.qrSide()
	mod := side / float64(n)
	sc := faceScale(s, c)
	fw, fh := int(math.Ceil(size.X*sc)), int(math.Ceil(size.Y*sc))
	face := gocv.NewMatWithSize(fh, fw, gocv.MatTypeCV8UC3)
	defer face.Close()
	mask := gocv.NewMatWithSize(fh, fw, gocv.MatTypeCV8U)
	defer mask.Close()
	fp, _ := face.DataPtrUint8()
	mp, _ := mask.DataPtrUint8()
	art := c.Colour
	if art == ([3]uint8{}) {
		art = [3]uint8{120, 130, 140}
	}
	paper := 235 + rng.Float64()*15
	qx0, qy0 := (size.X-side)/2+c.CodeOffset.X, (size.Y-side)/2+c.CodeOffset.Y
	radius := 3.0 // mm, rounded corners
	if c.Face != nil {
		if err := printedFace(&face, c.Face); err != nil {
			return CodeTruth{}, err
		}
	}
	for y := 0; y < fh; y++ {
		ym := (float64(y) + 0.5) / sc
		for x := 0; x < fw; x++ {
			xm := (float64(x) + 0.5) / sc
			i := y*fw + x
			if !insideRounded(xm, ym, size.X, size.Y, radius) {
				continue
			}
			mp[i] = 255
			if c.Face != nil {
				continue // the printed face, already in place
			}
			r, g, b := paper, paper, paper*0.97
			switch {
			case xm > qx0 && xm < qx0+side && ym > qy0 && ym < qy0+side:
				mx, my := int((xm-qx0)/mod), int((ym-qy0)/mod)
				if mx < n && my < n && bits[my][mx] {
					r, g, b = 25, 25, 28
				}
			case !c.Plain && (ym < 14 && ym > 4 && xm > 4 && xm < size.X-4 ||
				ym > size.Y-14 && ym < size.Y-4 && xm > 4 && xm < size.X-4):
				// Art bands: coloured, with stripes, so the reader meets
				// edges that are not a code.
				k := 0.75 + 0.25*math.Sin(xm*0.8+ym*0.3)
				r, g, b = float64(art[0])*k, float64(art[1])*k, float64(art[2])*k
			case xm < 1.2 || ym < 1.2 || xm > size.X-1.2 || ym > size.Y-1.2:
				r, g, b = float64(art[0]), float64(art[1]), float64(art[2]) // edge line
			}
			fp[i*3], fp[i*3+1], fp[i*3+2] = clamp8(b), clamp8(g), clamp8(r)
		}
	}
	// face px → card mm → table mm → image px
	toImg := s.Camera.Mul(c.toTable()).Mul(geom.ScaleH(1/sc, 1/sc))
	cardQuad := toImg.ApplyQuad(geom.Rect(0, 0, float64(fw), float64(fh)))
	bb := bounds(cardQuad).Intersect(image.Rect(0, 0, s.Width, s.Height))
	if !bb.Empty() {
		roiH := geom.Translate(-float64(bb.Min.X), -float64(bb.Min.Y)).Mul(toImg)
		m := homMat(roiH)
		defer m.Close()
		warped := gocv.NewMat()
		defer warped.Close()
		wmask := gocv.NewMat()
		defer wmask.Close()
		gocv.WarpPerspectiveWithParams(face, &warped, m, bb.Size(), gocv.InterpolationLinear, gocv.BorderConstant, color.RGBA{})
		gocv.WarpPerspectiveWithParams(mask, &wmask, m, bb.Size(), gocv.InterpolationLinear, gocv.BorderConstant, color.RGBA{})
		gocv.Threshold(wmask, &wmask, 127, 255, gocv.ThresholdBinary)
		roi := frame.Region(bb)
		warped.CopyToWithMask(&roi, wmask)
		roi.Close()
	}
	// The code's own corners, TL TR BR BL in card mm.
	codeMM := geom.Rect(qx0, qy0, qx0+side, qy0+side)
	if c.Face != nil {
		codeMM = c.FaceCode
		mod = math.Sqrt(math.Abs(codeMM.Area())) / float64(n)
	}
	toImgMM := s.Camera.Mul(c.toTable())
	corners := toImgMM.ApplyQuad(codeMM)
	ct := CodeTruth{
		Payload:  c.Payload,
		Corners:  corners,
		ModulePx: mod * s.Camera.LocalScale(c.Centre),
		TiltDeg:  tilt(s.CameraCentre, c.Centre),
		InFrame:  true,
		Decoy:    c.Decoy,
	}
	for _, p := range withQuiet(corners, 4.0/float64(n)) {
		if p.X < 0 || p.Y < 0 || p.X >= float64(s.Width) || p.Y >= float64(s.Height) {
			ct.InFrame = false
		}
	}
	return ct, nil
}

// printedFace scales a printed card image into face, which has the
// card's raster size.
func printedFace(face *gocv.Mat, img image.Image) error {
	m, err := gocv.ImageToMatRGB(img)
	if err != nil {
		return fmt.Errorf("%w: card face: %v", ErrScene, err)
	}
	defer m.Close()
	gocv.Resize(m, face, image.Pt(face.Cols(), face.Rows()), 0, 0, gocv.InterpolationArea)
	return nil
}

// withQuiet grows a code's quad by frac of its side on every side.
func withQuiet(q geom.Quad, frac float64) geom.Quad {
	h, _ := geom.FromQuads(geom.Rect(0, 0, 1, 1), q)
	return h.ApplyQuad(geom.Rect(-frac, -frac, 1+frac, 1+frac))
}

func tilt(cam [3]float64, p geom.Pt) float64 {
	if cam == ([3]float64{}) {
		return 0
	}
	dx, dy, dz := p.X-cam[0], p.Y-cam[1], -cam[2]
	return math.Acos(math.Abs(dz)/math.Sqrt(dx*dx+dy*dy+dz*dz)) * 180 / math.Pi
}

func insideRounded(x, y, w, h, r float64) bool {
	if x < 0 || y < 0 || x > w || y > h {
		return false
	}
	cx := math.Max(r, math.Min(w-r, x))
	cy := math.Max(r, math.Min(h-r, y))
	return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r
}

func bounds(q geom.Quad) image.Rectangle {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range q {
		minX, minY = math.Min(minX, p.X), math.Min(minY, p.Y)
		maxX, maxY = math.Max(maxX, p.X), math.Max(maxY, p.Y)
	}
	return image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1)
}

func homMat(h geom.H) gocv.Mat {
	m := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
	for i, v := range h {
		m.SetDoubleAt(i/3, i%3, v)
	}
	return m
}

// palm returns the centre and radius of a hand's palm: a disc a little wider
// than the arm, centred on the end point.
func palm(h Hand) (geom.Pt, float64) { return h.To, h.WidthPx * 0.85 }

func inHand(h Hand, p geom.Pt) bool {
	c, r := palm(h)
	if p.Dist(c) <= r {
		return true
	}
	d := h.To.Sub(h.From)
	l2 := d.X*d.X + d.Y*d.Y
	if l2 == 0 {
		return false
	}
	t := math.Max(0, math.Min(1, ((p.X-h.From.X)*d.X+(p.Y-h.From.Y)*d.Y)/l2))
	return p.Dist(h.From.Add(d.Scale(t))) <= h.WidthPx/2
}

func drawHand(frame *gocv.Mat, h Hand) {
	skin := color.RGBA{R: 196, G: 150, B: 125}
	shade := color.RGBA{R: 160, G: 115, B: 95}
	// Draw the arm as a thick line and the palm as a disc, then a darker
	// outline band so the edge looks round rather than flat.
	gocv.Line(frame, pt(h.From), pt(h.To), shade, int(h.WidthPx))
	c, r := palm(h)
	gocv.Circle(frame, pt(c), int(r), shade, -1)
	gocv.Line(frame, pt(h.From), pt(h.To), skin, int(h.WidthPx*0.8))
	gocv.Circle(frame, pt(c), int(r*0.9), skin, -1)
}

func pt(p geom.Pt) image.Point { return image.Pt(int(math.Round(p.X)), int(math.Round(p.Y))) }

func covered(code geom.Quad, hands []Hand) float64 {
	if len(hands) == 0 {
		return 0
	}
	h, _ := geom.FromQuads(geom.Rect(0, 0, 1, 1), withQuiet(code, 4.0/21))
	const n = 12
	in := 0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			p := h.Apply(geom.Pt{X: (float64(i) + 0.5) / n, Y: (float64(j) + 0.5) / n})
			for _, hd := range hands {
				if inHand(hd, p) {
					in++
					break
				}
			}
		}
	}
	return float64(in) / (n * n)
}

// finish applies light, lens blur, sensor noise and JPEG, in the order a
// camera does.
func finish(frame *gocv.Mat, s Scene, rng *rand.Rand) error {
	e := s.Effect
	if e.Light.active() {
		shade := shadowMask(s)
		illuminate(frame, s, shade)
		shade.Close()
	}
	if e.UnevenLight > 0 {
		light(frame, s, rng)
	}
	sigma := e.BlurSigma
	if sigma == 0 {
		sigma = 0.6
	}
	gocv.GaussianBlur(*frame, frame, image.Pt(0, 0), sigma, sigma, gocv.BorderReflect)
	if e.MotionPx > 0 {
		streak(frame, e.MotionPx, e.MotionDeg)
	}
	if e.NoiseSeed != 0 {
		rng = rand.New(rand.NewPCG(e.NoiseSeed, 0x5e2501))
	}
	switch {
	case e.Bayer:
		bayer(frame, e.NoiseSigma, rng)
	case e.NoiseSigma > 0:
		noise(frame, e.NoiseSigma, rng)
	}
	if e.JPEGQuality > 0 {
		data, err := imagefile.EncodeJPEG(*frame, e.JPEGQuality)
		if err != nil {
			return fmt.Errorf("synth: jpeg: %w", err)
		}
		dec, err := imagefile.Decode(data, "synth.jpg")
		if err != nil {
			return fmt.Errorf("synth: jpeg: %w", err)
		}
		dec.CopyTo(frame)
		dec.Close()
	}
	return nil
}

// streak blurs the frame along a straight line of length px in direction
// deg: every point of the scene is spread evenly over the line, as when the
// camera moves at a steady speed while the shutter is open. The kernel is
// drawn anti-aliased at 8× resolution and shrunk, so a streak of 2.5 px is
// not rounded to 2 or 3.
func streak(frame *gocv.Mat, px, deg float64) {
	const over = 8
	side := int(math.Ceil(px)) | 1 // odd, so the streak is centred
	side += 2
	big := gocv.NewMatWithSize(side*over, side*over, gocv.MatTypeCV32F)
	defer big.Close()
	dx, dy := math.Cos(deg*math.Pi/180), math.Sin(deg*math.Pi/180)
	c := float64(side*over) / 2
	n := int(px * over * 4)
	for i := 0; i <= n; i++ {
		t := (float64(i)/float64(n) - 0.5) * px * over
		x, y := int(c+t*dx), int(c+t*dy)
		if x >= 0 && y >= 0 && x < side*over && y < side*over {
			big.SetFloatAt(y, x, big.GetFloatAt(y, x)+1)
		}
	}
	k := gocv.NewMat()
	defer k.Close()
	gocv.Resize(big, &k, image.Pt(side, side), 0, 0, gocv.InterpolationArea)
	sum := k.Sum().Val1
	k.DivideFloat(float32(sum))
	gocv.Filter2D(*frame, frame, gocv.MatType(-1), k, image.Pt(-1, -1), 0, gocv.BorderReflect)
}

// light multiplies the frame by a smooth field: a linear falloff towards a
// random corner, vignetting, and one soft shadow blob, so that a single
// global threshold cannot work.
func light(frame *gocv.Mat, s Scene, rng *rand.Rand) {
	const gw, gh = 64, 36
	ang := rng.Float64() * 2 * math.Pi
	dx, dy := math.Cos(ang), math.Sin(ang)
	sx, sy := rng.Float64(), rng.Float64()
	field := make([]float64, gw*gh)
	for y := 0; y < gh; y++ {
		for x := 0; x < gw; x++ {
			u, v := float64(x)/(gw-1), float64(y)/(gh-1)
			lin := 0.5 + 0.5*((u-0.5)*dx+(v-0.5)*dy)/0.7
			vig := (u-0.5)*(u-0.5) + (v-0.5)*(v-0.5)
			sh := math.Exp(-((u-sx)*(u-sx) + (v-sy)*(v-sy)) / 0.02)
			f := 1.05 - s.Effect.UnevenLight*(0.8*lin+0.6*vig+0.35*sh)
			field[y*gw+x] = math.Max(0.15, f)
		}
	}
	px, _ := frame.DataPtrUint8()
	w, h := s.Width, s.Height
	for y := 0; y < h; y++ {
		fy := float64(y) / float64(h-1+1) * (gh - 1)
		y0 := int(fy)
		y1 := min(y0+1, gh-1)
		ty := fy - float64(y0)
		for x := 0; x < w; x++ {
			fx := float64(x) / float64(w) * (gw - 1)
			x0 := int(fx)
			x1 := min(x0+1, gw-1)
			tx := fx - float64(x0)
			f := (field[y0*gw+x0]*(1-tx)+field[y0*gw+x1]*tx)*(1-ty) + (field[y1*gw+x0]*(1-tx)+field[y1*gw+x1]*tx)*ty
			i := (y*w + x) * 3
			px[i] = clamp8(float64(px[i]) * f)
			px[i+1] = clamp8(float64(px[i+1]) * f)
			px[i+2] = clamp8(float64(px[i+2]) * f)
		}
	}
}

// noise adds Gaussian noise. A table of normal deviates indexed by a fast
// generator keeps a 12 MP frame under a second while staying seeded.
func noise(frame *gocv.Mat, sigma float64, rng *rand.Rand) {
	var table [4096]int16
	for i := range table {
		table[i] = int16(math.Round(rng.NormFloat64() * sigma))
	}
	px, _ := frame.DataPtrUint8()
	state := rng.Uint64() | 1
	for i := range px {
		state ^= state << 13
		state ^= state >> 7
		state ^= state << 17
		v := int(px[i]) + int(table[state&4095])
		px[i] = uint8(max(0, min(255, v)))
	}
}

func clamp8(v float64) uint8 {
	if v <= 0 {
		return 0
	}
	if v >= 255 {
		return 255
	}
	return uint8(v + 0.5)
}
