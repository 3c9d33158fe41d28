// Package cardtext reads what a card prints beside its QR code: the
// numbers in a Where is That? card's four half-circles and the name on
// its map side, or the coordinates on a Nord Sud Ovest Est or Map It!
// card's back (coords.go). The code says which card it is and where it lies; the
// card's outline follows from where the code sits on it, and each number
// is looked for by itself near the middle of its edge, so the reader does
// not depend on one publisher's layout.
//
// Text is recognised by Tesseract (libtesseract's C API, loaded when the
// first Reader starts: tesseract.go): a general OCR engine reads the
// publisher's font as well as tableref's, and it also reads names, which
// digit templates could not. Every read comes with Tesseract's
// confidence; deciding what to trust is the caller's job.
package cardtext

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"sort"
	"strconv"
	"sync"
	"unicode"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
)

// Geometry is where the code sits on the card side being read, in
// millimetres with the card upright (x right, y down).
type Geometry struct {
	Card   geom.Pt // width, height
	Code   float64 // the code's side without its quiet zone
	Offset geom.Pt // the code's centre minus the card's centre
	// Label, when not empty, is the sticker the code is printed on, in mm
	// from the code's centre (x right, y down): its white paper and the
	// caption under the code naming the card it belongs on. Nothing on it
	// is the card's own print, so it is not read: a caption read as the
	// card's name would let a sticker on the wrong card pass the check.
	Label geom.Quad
}

// Edge names a side of the card, clockwise from the top.
type Edge int

const (
	Top Edge = iota
	Right
	Bottom
	Left
)

func (e Edge) String() string { return [4]string{"top", "right", "bottom", "left"}[e] }

// Number is one number read on the card: its best reading, and every
// reading (the figures are read at several sizes; Tesseract's line mode
// drops or mistakes a figure at one size that it reads at another).
type Number struct {
	Value int     // the best reading's value; 0 when nothing was read
	Text  string  // the best reading's text
	Conf  float64 // its confidence, 0 to 100
	// Readings are every size's reading that holds as many figures as
	// the picture shows; the best first.
	Readings []Reading
	// Box is where the number lies in Card.Image, in its pixels.
	Box image.Rectangle
	// Ink is what was given to the recogniser: the figures alone, grey on
	// white.
	Ink image.Image
}

// Reading is one reading of a number.
type Reading struct {
	Value int
	Text  string
	Conf  float64
}

// Line is a line of text read on the card.
type Line struct {
	Text string
	Conf float64
	Box  image.Rectangle
}

// Card is what was read off one card side.
type Card struct {
	// Outline is the card in the frame (TL, TR, BR, BL, image pixels).
	Outline geom.Quad
	// Numbers by edge: a Where is That? card's north–south number at the
	// top and bottom, its west–east number at the left and right.
	Numbers [4]Number
	// Lines of text elsewhere on the card (the name among them), the
	// clearest first.
	Lines []Line
	// Image is the card upright at PxPerMM, with a margin of MarginMM
	// around it: the crop shown to the user beside what was read.
	Image image.Image
}

// Raster of the upright card the reader works on.
const (
	PxPerMM  = 10.0
	MarginMM = 4.0
)

// Reader recognises text on cards. One Tesseract engine is not safe for
// concurrent use, so a Reader reads one card at a time.
type Reader struct {
	mu     sync.Mutex
	digits *engine // a number as one line of figures
	text   *engine // the card's text as a block
	sparse *engine // the card's text as scattered words
	line   *engine // one row of letters found on the card
	coords *engine // one row of figures, degree marks and compass letters
}

// NewReader starts the engines. langs are Tesseract's language codes for
// the names ("spa", "por", "ita", "eng"), each needing its traineddata
// (Debian: tesseract-ocr-spa and so on).
func NewReader(langs ...string) (*Reader, error) {
	if len(langs) == 0 {
		langs = []string{"eng"}
	}
	api, err := tesseract()
	if err != nil {
		return nil, err
	}
	// The figures are read in English, which every name's engine needs
	// too: its engine starts first and says which languages are there.
	// Only figures, at the raster's own resolution (not a guess per crop).
	r := &Reader{}
	r.digits, err = newEngine(api, []string{"eng"}, psmSingleLine, [][2]string{
		{"tessedit_char_whitelist", "0123456789"},
		{"user_defined_dpi", strconv.Itoa(int(PxPerMM * 25.4))},
	})
	if err != nil {
		return nil, err
	}
	have := r.digits.languages()
	for _, l := range langs {
		if !slices.Contains(have, l) {
			r.Close()
			return nil, fmt.Errorf("cardtext: Tesseract has no %q language data: install the Debian package %s", l, languagePackage(l))
		}
	}
	// One block of text (the API's own default) finds the name among the
	// card's art better than the automatic or sparse modes; scattered
	// words find names the block misses.
	if r.text, err = newEngine(api, langs, psmSingleBlock, nil); err == nil {
		r.sparse, err = newEngine(api, langs, psmSparseText, nil)
	}
	if err == nil {
		r.line, err = newEngine(api, langs, psmSingleLine, nil)
	}
	if err == nil {
		// Only what a coordinate is written with: a letter of a country
		// name read as a figure would make a wrong degree, a figure read
		// as a letter only an unreadable line.
		r.coords, err = newEngine(api, []string{"eng"}, psmSingleLine, [][2]string{
			{"tessedit_char_whitelist", coordChars},
			{"user_defined_dpi", strconv.Itoa(int(PxPerMM * 25.4))},
		})
	}
	if err != nil {
		r.Close()
		return nil, err
	}
	return r, nil
}

// Close frees the engines.
func (r *Reader) Close() error {
	for _, e := range []*engine{r.digits, r.text, r.sparse, r.line, r.coords} {
		if e != nil {
			e.close()
		}
	}
	return nil
}

// ErrOutside is a card whose outline leaves the frame.
var ErrOutside = errors.New("cardtext: the card is not wholly in the picture")

// ReadCard reads the card whose code lies at code (the code's own
// corners, TL, TR, BR, BL, in frame pixels: the order the QR reader gives,
// so the card's orientation follows from it). frame is 8-bit BGR or grey.
func (r *Reader) ReadCard(frame gocv.Mat, code geom.Quad, g Geometry) (Card, error) {
	up, out, codeBox, err := upright(frame, code, g)
	defer up.Close()
	if err != nil {
		return out, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	// The numbers first: their large figures, left in, make Tesseract
	// take the whole card for one block of big text and find no name.
	blank := []image.Rectangle{codeBox}
	for e := Top; e <= Left; e++ {
		n, err := r.number(up, g.Card, e, codeBox)
		if err != nil {
			return out, err
		}
		out.Numbers[e] = n
		if !n.Box.Empty() {
			blank = append(blank, n.Box)
		}
	}
	// Past the card's edge lies the table, dark: Tesseract takes a dark
	// frame around the card for a picture and finds no text inside it.
	inner := rasterRect(0, 0, g.Card.X, g.Card.Y, -1)
	full := image.Rect(0, 0, up.Cols(), up.Rows())
	blank = append(blank, image.Rect(0, 0, full.Max.X, inner.Min.Y), image.Rect(0, inner.Max.Y, full.Max.X, full.Max.Y),
		image.Rect(0, 0, inner.Min.X, full.Max.Y), image.Rect(inner.Max.X, 0, full.Max.X, full.Max.Y))
	if out.Lines, err = r.lines(up, blank); err != nil {
		return out, err
	}
	// Whiting out the numbers and the table loses the name on most of
	// tableref's printed cards (a number's box may hold its letters, the
	// outline from the code be a little off): the card is read once more
	// with only its code whited out, as it was read before 12 mm figures.
	again, err := r.lines(up, []image.Rectangle{codeBox})
	if err != nil {
		return out, err
	}
	out.Lines = mergeLines(out.Lines, again)
	return out, nil
}

// upright warps the card whose code lies at code into an upright grey
// raster (the caller closes it, also on an error) and says where the
// code, with its sticker when g has one, lies in it.
func upright(frame gocv.Mat, code geom.Quad, g Geometry) (gocv.Mat, Card, image.Rectangle, error) {
	up := gocv.NewMat()
	if g.Card.X <= 0 || g.Card.Y <= 0 || g.Code <= 0 {
		return up, Card{}, image.Rectangle{}, fmt.Errorf("cardtext: geometry %+v", g)
	}
	// Card mm (origin at the card's top-left) → code mm → frame pixels.
	s := g.Code / 2
	toFrame, ok := geom.FromQuads(geom.Rect(-s, -s, s, s), code)
	if !ok {
		return up, Card{}, image.Rectangle{}, fmt.Errorf("cardtext: degenerate code corners %v", code)
	}
	cx, cy := g.Card.X/2+g.Offset.X, g.Card.Y/2+g.Offset.Y
	cardToFrame := toFrame.Mul(geom.Translate(-cx, -cy))
	out := Card{Outline: cardToFrame.ApplyQuad(geom.Rect(0, 0, g.Card.X, g.Card.Y))}
	for _, p := range out.Outline {
		if p.X < 0 || p.Y < 0 || p.X >= float64(frame.Cols()) || p.Y >= float64(frame.Rows()) {
			return up, out, image.Rectangle{}, ErrOutside
		}
	}
	// The upright raster: raster px → card mm → frame px.
	w := int(math.Round((g.Card.X + 2*MarginMM) * PxPerMM))
	h := int(math.Round((g.Card.Y + 2*MarginMM) * PxPerMM))
	rasterToFrame := cardToFrame.Mul(geom.Translate(-MarginMM, -MarginMM)).Mul(geom.ScaleH(1/PxPerMM, 1/PxPerMM))
	grey := gocv.NewMat()
	defer grey.Close()
	if frame.Channels() == 1 {
		frame.CopyTo(&grey)
	} else {
		gocv.CvtColor(frame, &grey, gocv.ColorBGRToGray)
	}
	m := homMat(rasterToFrame)
	defer m.Close()
	gocv.WarpPerspectiveWithParams(grey, &up, m, image.Pt(w, h), gocv.InterpolationCubic|gocv.WarpInverseMap, gocv.BorderReplicate, color.RGBA{})
	img, err := up.ToImage()
	if err != nil {
		return up, out, image.Rectangle{}, fmt.Errorf("cardtext: %w", err)
	}
	out.Image = img
	codeBox := rasterRect(cx-s, cy-s, cx+s, cy+s, 1.5) // the code with a little of its quiet zone
	if l := g.Label; l != (geom.Quad{}) {
		lo, hi := l[0], l[0]
		for _, p := range l[1:] {
			lo = geom.Pt{X: min(lo.X, p.X), Y: min(lo.Y, p.Y)}
			hi = geom.Pt{X: max(hi.X, p.X), Y: max(hi.Y, p.Y)}
		}
		codeBox = codeBox.Union(rasterRect(cx+lo.X, cy+lo.Y, cx+hi.X, cy+hi.Y, 0))
	}
	return up, out, codeBox, nil
}

// rasterRect turns a card-mm rectangle into raster pixels, grown by pad mm.
func rasterRect(x0, y0, x1, y1, pad float64) image.Rectangle {
	px := func(v float64) int { return int(math.Round((v + MarginMM) * PxPerMM)) }
	return image.Rect(px(x0-pad), px(y0-pad), px(x1+pad), px(y1+pad))
}

// Digit sizes the reader accepts, in mm: from a small 7 pt figure to
// the tallest a card's half-circle holds (12 mm, some 48 pt), with room
// for a photo's blur. Taller figures were once left out as art, and a
// number whose figures were all too tall read as nothing, or as the one
// figure that was not ("75" as "5").
const (
	digitMinH = 1.8
	digitMaxH = 14.0
	digitMaxW = 11.0
)

// number finds and reads the number nearest the middle of one edge.
func (r *Reader) number(img gocv.Mat, card geom.Pt, e Edge, avoid image.Rectangle) (Number, error) {
	// Where to look: a band along the middle of the edge reaching a third
	// of the card's width into it (three 12 mm figures and the space
	// above them), a little beyond the edge too (the outline is only as
	// exact as the code's corners).
	reach, half := 0.34*card.X, 0.3*card.X
	var roi image.Rectangle
	var want geom.Pt // where the number's middle is expected, raster px
	switch e {
	case Top:
		roi = rasterRect(card.X/2-half, -2, card.X/2+half, reach, 0)
		want = geom.Pt{X: card.X / 2, Y: 4}
	case Bottom:
		roi = rasterRect(card.X/2-half, card.Y-reach, card.X/2+half, card.Y+2, 0)
		want = geom.Pt{X: card.X / 2, Y: card.Y - 4}
	case Left:
		roi = rasterRect(-2, card.Y/2-half, reach, card.Y/2+half, 0)
		want = geom.Pt{X: 4, Y: card.Y / 2}
	case Right:
		roi = rasterRect(card.X-reach, card.Y/2-half, card.X+2, card.Y/2+half, 0)
		want = geom.Pt{X: card.X - 4, Y: card.Y / 2}
	}
	roi = roi.Intersect(image.Rect(0, 0, img.Cols(), img.Rows()))
	wantPx := image.Pt(int((want.X+MarginMM)*PxPerMM), int((want.Y+MarginMM)*PxPerMM))
	var n Number
	// Two thresholds: the strict one leaves pale rims out but may break a
	// pale figure; the lenient one keeps the figure whole but may keep a
	// sliver of rim that reads as a 1. Each gives readings of its own,
	// and the caller weighs them all.
	for _, dark := range darkness {
		group, ok := digitGroup(img, roi, avoid, wantPx, card, e, dark)
		if !ok {
			continue
		}
		if n.Ink == nil {
			n.Box = group.box
			if img, err := group.ink.ToImage(); err == nil {
				n.Ink = img
			}
		}
		for _, h := range inkHeights {
			text, conf, err := r.readNumber(group, h)
			if err != nil {
				group.ink.Close()
				return Number{}, err
			}
			if n.Text == "" && text != "" {
				n.Text = text // what was read, even if it does not add up
			}
			v, ok := numberValue(text)
			if !ok || conf == 0 {
				continue
			}
			n.Readings = append(n.Readings, Reading{Value: v, Text: text, Conf: conf})
		}
		group.ink.Close()
	}
	sort.SliceStable(n.Readings, func(i, j int) bool { return n.Readings[i].Conf > n.Readings[j].Conf })
	if len(n.Readings) > 0 {
		best := n.Readings[0]
		n.Value, n.Text, n.Conf = best.Value, best.Text, best.Conf
	}
	return n, nil
}

// darkness are the thresholds between the darkest ink and the paper that
// ink must be darker than: half-way (strict), and two thirds of the way
// to the paper (lenient).
var darkness = []float32{0.5, 0.67}

// blob is one dark connected component.
type blob struct {
	label int
	r     image.Rectangle
}

// group is the figures of one number: where they are in the raster, each
// figure's box, and their ink alone (grey on white, cropped around them)
// without the rim, the card's edge or the art around.
type group struct {
	box     image.Rectangle
	figures []image.Rectangle // in ink's pixels, left to right
	ink     gocv.Mat
}

// digitGroup finds the row of digit-sized dark blobs nearest want: the
// number of that half-circle. Blobs on the far side of the card's edge
// belong to a neighbouring card and are left out.
func digitGroup(img gocv.Mat, roi, avoid image.Rectangle, want image.Point, card geom.Pt, e Edge, darkness float32) (group, bool) {
	if roi.Empty() {
		return group{}, false
	}
	view := img.Region(roi)
	defer view.Close()
	mat := view.Clone()
	defer mat.Close()
	// Beyond the card's edge lies the table, darker than any paper: left
	// there, it pulls the local threshold down and the figures near the
	// edge fade into the paper. Past the outline's own uncertainty it is
	// painted white.
	// The code is never part of a number either, and its black modules
	// would pass for the darkest ink below.
	cardPx := rasterRect(0, 0, card.X, card.Y, 0.8).Sub(roi.Min)
	white := color.RGBA{R: 255, G: 255, B: 255, A: 255}
	for _, r := range []image.Rectangle{
		image.Rect(0, 0, mat.Cols(), cardPx.Min.Y), image.Rect(0, cardPx.Max.Y, mat.Cols(), mat.Rows()),
		image.Rect(0, 0, cardPx.Min.X, mat.Rows()), image.Rect(cardPx.Max.X, 0, mat.Cols(), mat.Rows()),
		avoid.Sub(roi.Min),
	} {
		if r = r.Intersect(image.Rect(0, 0, mat.Cols(), mat.Rows())); !r.Empty() {
			gocv.Rectangle(&mat, r, white, -1)
		}
	}
	bin := gocv.NewMat()
	defer bin.Close()
	// Ink is darker than the paper around it: a local threshold copes
	// with coloured rims and uneven light.
	block := int(6*PxPerMM) | 1
	gocv.AdaptiveThreshold(mat, &bin, 255, gocv.AdaptiveThresholdGaussian, gocv.ThresholdBinaryInv, block, 10)
	// Ink is also darker than a level between the darkest ink here and
	// the paper (darkness: 0 the ink, 1 the paper): that leaves out light
	// rims and pale art the local threshold keeps where they meet white
	// paper (a rim left in breaks into slivers that read as a 1).
	if ink, paper := levels(mat); paper > ink+40 {
		dark := gocv.NewMat()
		defer dark.Close()
		gocv.Threshold(mat, &dark, float32(ink)+darkness*float32(paper-ink), 255, gocv.ThresholdBinaryInv)
		gocv.BitwiseAnd(bin, dark, &bin)
	}
	figures := figureMask(bin)
	defer figures.Close()
	labels, stats, cents := gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	defer labels.Close()
	defer stats.Close()
	defer cents.Close()
	n := gocv.ConnectedComponentsWithStatsWithParams(figures, &labels, &stats, &cents, 8, gocv.MatTypeCV32S, gocv.CCL_DEFAULT)
	inside := func(p image.Point) bool { // on this card's side of the edge
		x, y := (float64(p.X)/PxPerMM)-MarginMM, (float64(p.Y)/PxPerMM)-MarginMM
		switch e {
		case Top:
			return y > 0.3
		case Bottom:
			return y < card.Y-0.3
		case Left:
			return x > 0.3
		}
		return x < card.X-0.3
	}
	var blobs []blob
	for i := 1; i < n; i++ {
		x, y := int(stats.GetIntAt(i, 0)), int(stats.GetIntAt(i, 1))
		w, h := int(stats.GetIntAt(i, 2)), int(stats.GetIntAt(i, 3))
		r := image.Rect(x, y, x+w, y+h).Add(roi.Min)
		if x == 0 || y == 0 || x+w >= roi.Dx() || y+h >= roi.Dy() || r.Overlaps(avoid) {
			continue
		}
		if !inside(image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)) {
			continue
		}
		blobs = append(blobs, blob{i, r})
	}
	if len(blobs) == 0 {
		return group{}, false
	}
	// Rows of blobs of a like height side by side, close together.
	sort.Slice(blobs, func(i, j int) bool { return blobs[i].r.Min.X < blobs[j].r.Min.X })
	var rows [][]blob
	used := make([]bool, len(blobs))
	for i := range blobs {
		if used[i] {
			continue
		}
		row := []blob{blobs[i]}
		g := blobs[i].r
		used[i] = true
		for j := i + 1; j < len(blobs); j++ {
			b := blobs[j].r
			if used[j] {
				continue
			}
			hg, hb := float64(g.Dy()), float64(b.Dy())
			midG, midB := float64(g.Min.Y+g.Max.Y)/2, float64(b.Min.Y+b.Max.Y)/2
			gap := float64(b.Min.X - g.Max.X)
			if math.Abs(midG-midB) < 0.35*math.Max(hg, hb) && math.Abs(hg-hb) < 0.4*math.Max(hg, hb) && gap < 0.9*math.Max(hg, hb) && gap > -0.3*hb {
				g = g.Union(b)
				row = append(row, blobs[j])
				used[j] = true
			}
		}
		rows = append(rows, row)
	}
	var best []blob
	var bestBox image.Rectangle
	bestD := math.Inf(1)
	for _, row := range rows {
		box := row[0].r
		for _, b := range row[1:] {
			box = box.Union(b.r)
		}
		c := image.Pt((box.Min.X+box.Max.X)/2, (box.Min.Y+box.Max.Y)/2)
		if d := math.Hypot(float64(c.X-want.X), float64(c.Y-want.Y)); d < bestD {
			best, bestBox, bestD = row, box, d
		}
	}
	// The row's own ink: the grey picture where its components are (a
	// little grown, to keep the figures' soft edges), white elsewhere.
	pad := int(0.8 * PxPerMM)
	crop := bestBox.Inset(-pad).Intersect(roi)
	local := crop.Sub(roi.Min)
	mask := gocv.NewMatWithSize(local.Dy(), local.Dx(), gocv.MatTypeCV8U)
	defer mask.Close()
	lab := labels.Region(local)
	defer lab.Close()
	for y := 0; y < local.Dy(); y++ {
		for x := 0; x < local.Dx(); x++ {
			l := int(lab.GetIntAt(y, x))
			for _, b := range best {
				if b.label == l {
					mask.SetUCharAt(y, x, 255)
					break
				}
			}
		}
	}
	grow := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(3, 3))
	defer grow.Close()
	gocv.Dilate(mask, &mask, grow)
	ink := gocv.NewMatWithSize(local.Dy(), local.Dx(), gocv.MatTypeCV8U)
	ink.SetTo(gocv.NewScalar(255, 0, 0, 0))
	src := img.Region(crop)
	defer src.Close()
	src.CopyToWithMask(&ink, mask)
	g := group{box: bestBox, ink: ink}
	for _, b := range best {
		g.figures = append(g.figures, b.r.Sub(crop.Min))
	}
	return g, true
}

// levels estimates an 8-bit grey image's ink (its darkest percent) and
// paper (its median) levels.
func levels(m gocv.Mat) (ink, paper int) {
	b, err := m.DataPtrUint8()
	if err != nil || len(b) == 0 {
		return 0, 255
	}
	var hist [256]int
	for _, v := range b {
		hist[v]++
	}
	at := func(frac float64) int {
		n, acc := int(frac*float64(len(b))), 0
		for i, h := range hist {
			if acc += h; acc > n {
				return i
			}
		}
		return 255
	}
	return at(0.01), at(0.5)
}

// isFigure says whether a component of w×h pixels holding area ink
// pixels can be a printed figure.
func isFigure(w, h, area int) bool {
	hm, wm := float64(h)/PxPerMM, float64(w)/PxPerMM
	return hm >= digitMinH && hm <= digitMaxH && wm <= digitMaxW && wm >= 0.25 &&
		float64(area) >= 0.12*float64(w*h) // not a thin arc
}

// figureMask keeps the ink of bin that can be figures. A figure printed
// close to a half-circle's rim or to the card's edge touches it in a
// blurred photo, and the two make one component too big for a figure;
// only there the ink is eroded until the thin bridge between them breaks,
// the freed figures are kept (grown back to their strokes) and the rest
// (the rim, the table beyond the edge) stays out. An opening or a
// subtraction would leave slivers of the rim that look like a 1.
func figureMask(bin gocv.Mat) gocv.Mat {
	out := gocv.NewMatWithSize(bin.Rows(), bin.Cols(), gocv.MatTypeCV8U)
	big := gocv.NewMatWithSize(bin.Rows(), bin.Cols(), gocv.MatTypeCV8U)
	defer big.Close()
	sortInk(bin, &out, &big, 0)
	if gocv.CountNonZero(big) == 0 {
		return out
	}
	small := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(3, 3))
	defer small.Close()
	// Thin bridges break at the first step, thicker ones later; a thin
	// figure (a 1) may vanish at a later step, so each step adds what it
	// frees.
	for steps := 1; steps <= 3; steps++ {
		eroded := gocv.NewMat()
		gocv.ErodeWithParams(big, &eroded, small, image.Pt(-1, -1), steps, int(gocv.BorderConstant))
		freed := gocv.NewMatWithSize(bin.Rows(), bin.Cols(), gocv.MatTypeCV8U)
		sortInk(eroded, &freed, nil, steps)
		gocv.DilateWithParams(freed, &freed, small, image.Pt(-1, -1), gocv.BorderType(steps), gocv.BorderConstant, color.RGBA{})
		gocv.BitwiseAnd(freed, big, &freed)
		gocv.BitwiseOr(out, freed, &out)
		eroded.Close()
		freed.Close()
	}
	return out
}

// sortInk copies src's figure-sized components into figures and, when
// rest is given, its too-big ones into rest. shrunk is how many pixels the
// strokes were eroded by on each side (figures measure that much smaller).
func sortInk(src gocv.Mat, figures, rest *gocv.Mat, shrunk int) {
	labels, stats, cents := gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	defer labels.Close()
	defer stats.Close()
	defer cents.Close()
	n := gocv.ConnectedComponentsWithStatsWithParams(src, &labels, &stats, &cents, 8, gocv.MatTypeCV32S, gocv.CCL_DEFAULT)
	kind := make([]uint8, n) // 1: a figure, 2: too big for one
	for i := 1; i < n; i++ {
		w, h, area := int(stats.GetIntAt(i, 2))+2*shrunk, int(stats.GetIntAt(i, 3))+2*shrunk, int(stats.GetIntAt(i, 4))
		switch {
		case isFigure(w, h, area):
			kind[i] = 1
		case float64(h)/PxPerMM > digitMinH:
			kind[i] = 2
		}
	}
	for y := 0; y < src.Rows(); y++ {
		for x := 0; x < src.Cols(); x++ {
			switch kind[labels.GetIntAt(y, x)] {
			case 1:
				figures.SetUCharAt(y, x, 255)
			case 2:
				if rest != nil {
					rest.SetUCharAt(y, x, 255)
				}
			}
		}
	}
}

// inkHeights are the heights the figures are scaled to for Tesseract,
// each a reading of its own, and inkBorder the white margin around them:
// what read best on the generated photos (Tesseract's line mode is
// sensitive to both, each size failing on figures another reads).
var inkHeights = []int{40, 30, 50}

const inkBorder = 6

// readNumber reads the figures as one line, scaled to height px. The read must hold as many
// figures as the row has blobs (a figure each, or more where figures
// touch): Tesseract sometimes drops one of two like figures side by side,
// "77" as "7", with a high confidence, and such a read comes back with
// none.
func (r *Reader) readNumber(g group, height int) (string, float64, error) {
	text, conf, err := r.recognise(r.digits, g.ink, image.Rectangle{}, g.box.Dy(), height)
	if err != nil || text == "" {
		return text, 0, err
	}
	narrow := true
	for _, f := range g.figures {
		narrow = narrow && float64(f.Dx()) <= 0.85*float64(f.Dy())
	}
	if n := len(text); n < len(g.figures) || narrow && n != len(g.figures) {
		return text, 0, nil
	}
	return text, conf, nil
}

// recognise runs one engine on ink (or the part of it at part, when not
// empty), scaled so figures of height h stand inkHeight px tall, with its
// contrast stretched and a white margin.
func (r *Reader) recognise(eng *engine, ink gocv.Mat, part image.Rectangle, h, height int) (string, float64, error) {
	src := ink
	if !part.Empty() {
		pad := int(0.4 * PxPerMM)
		src = ink.Region(part.Inset(-pad).Intersect(image.Rect(0, 0, ink.Cols(), ink.Rows())))
		defer src.Close()
	}
	scale := float64(height) / float64(h)
	big := gocv.NewMat()
	defer big.Close()
	gocv.Resize(src, &big, image.Pt(0, 0), scale, scale, gocv.InterpolationCubic)
	gocv.Normalize(big, &big, 0, 255, gocv.NormMinMax)
	framed := gocv.NewMat()
	defer framed.Close()
	gocv.CopyMakeBorder(big, &framed, inkBorder, inkBorder, inkBorder, inkBorder, gocv.BorderConstant, color.RGBA{R: 255, G: 255, B: 255, A: 255})
	words, err := readMat(eng, framed, levelWord)
	if err != nil {
		return "", 0, err
	}
	text, conf := numberText(words)
	return text, conf, nil
}

// lines reads the rest of the card's text, the number and code areas
// whited out, and returns its lines holding letters, clearest first.
func (r *Reader) lines(img gocv.Mat, blank []image.Rectangle) ([]Line, error) {
	mat := img.Clone()
	defer mat.Close()
	for _, b := range blank {
		gocv.Rectangle(&mat, b.Inset(-int(PxPerMM)), color.RGBA{R: 255, G: 255, B: 255, A: 255}, -1)
	}
	// Two layouts: the card's text as one block, then as scattered
	// words; each finds names the other misses among the art. On a card
	// whose half-circles' rims and map fill most of it, Tesseract's own
	// layout may find no text at all, where a part of the card holding
	// the name reads it clearly: tiles of the card, and each row of
	// letter-sized ink read as one line.
	var out []Line
	seen := map[string]bool{}
	// Each part's lines as Tesseract's untrusted output is read
	// (output.go), then placed on the card.
	add := func(boxes []word, bounds image.Rectangle, at image.Point) {
		for _, l := range textLines(boxes, bounds, seen) {
			l.Box = l.Box.Add(at)
			out = append(out, l)
		}
	}
	type part struct {
		eng *engine
		at  image.Rectangle
	}
	whole := image.Rect(0, 0, mat.Cols(), mat.Rows())
	parts := []part{{r.text, whole}, {r.sparse, whole}}
	// The card in six overlapping tiles, too, each read as scattered
	// words: a tile holding the name with less of the art around it.
	over := int(8 * PxPerMM)
	for y := 0; y+mat.Rows()/3 <= mat.Rows(); y += mat.Rows() / 3 {
		for x := 0; x+mat.Cols()/2 <= mat.Cols(); x += mat.Cols() / 2 {
			parts = append(parts, part{r.sparse, image.Rect(x, y, x+mat.Cols()/2+over, y+mat.Rows()/3+over).Intersect(whole)})
		}
	}
	for _, row := range textRows(mat, 1, 6, 3) {
		parts = append(parts, part{r.line, row})
	}
	for _, p := range parts {
		view := mat.Region(p.at)
		m := gocv.NewMat()
		gocv.CopyMakeBorder(view, &m, inkBorder, inkBorder, inkBorder, inkBorder, gocv.BorderConstant, color.RGBA{R: 255, G: 255, B: 255, A: 255})
		view.Close()
		boxes, err := readMat(p.eng, m, levelLine)
		m.Close()
		if err != nil {
			return nil, err
		}
		add(boxes, image.Rect(0, 0, p.at.Dx()+2*inkBorder, p.at.Dy()+2*inkBorder), p.at.Min.Sub(image.Pt(inkBorder, inkBorder)))
	}
	byConfidence(out)
	return out, nil
}

// textRows finds the rows of letter-sized ink on an upright card (8-bit
// grey): letters lo to hi mm tall side by side, at least least of them.
// Each comes back as a rectangle around it, a millimetre to spare.
func textRows(mat gocv.Mat, lo, hi float64, least int) []image.Rectangle {
	bin := gocv.NewMat()
	defer bin.Close()
	gocv.AdaptiveThreshold(mat, &bin, 255, gocv.AdaptiveThresholdGaussian, gocv.ThresholdBinaryInv, int(6*PxPerMM)|1, 15)
	labels, stats, cents := gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	defer labels.Close()
	defer stats.Close()
	defer cents.Close()
	n := gocv.ConnectedComponentsWithStatsWithParams(bin, &labels, &stats, &cents, 8, gocv.MatTypeCV32S, gocv.CCL_DEFAULT)
	var letters []image.Rectangle
	for i := 1; i < n; i++ {
		x, y := int(stats.GetIntAt(i, 0)), int(stats.GetIntAt(i, 1))
		w, h, area := int(stats.GetIntAt(i, 2)), int(stats.GetIntAt(i, 3)), int(stats.GetIntAt(i, 4))
		hm, wm := float64(h)/PxPerMM, float64(w)/PxPerMM
		if hm < lo || hm > hi || wm > 8 || float64(area) < 0.1*float64(w*h) {
			continue
		}
		letters = append(letters, image.Rect(x, y, x+w, y+h))
	}
	sort.Slice(letters, func(i, j int) bool { return letters[i].Min.X < letters[j].Min.X })
	used := make([]bool, len(letters))
	var rows []image.Rectangle
	for i := range letters {
		if used[i] {
			continue
		}
		row, count := letters[i], 1
		used[i] = true
		for j := i + 1; j < len(letters); j++ {
			b := letters[j]
			if used[j] {
				continue
			}
			hb := float64(b.Dy())
			mid := float64(row.Min.Y+row.Max.Y) / 2
			midB := float64(b.Min.Y+b.Max.Y) / 2
			gap := float64(b.Min.X - row.Max.X)
			// A letter of the row: about on its middle line, not much
			// taller than it, no further than a word's space from it.
			if math.Abs(mid-midB) < 0.5*float64(row.Dy()) && hb < 1.6*float64(row.Dy()) && gap < 1.2*float64(row.Dy()) && gap > -hb {
				row = row.Union(b)
				used[j] = true
				count++
			}
		}
		if count >= least && float64(row.Dx())/PxPerMM >= 4 {
			rows = append(rows, row.Inset(-int(PxPerMM)).Intersect(image.Rect(0, 0, mat.Cols(), mat.Rows())))
		}
	}
	return rows
}

func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// readMat recognises an 8-bit grey Mat.
func readMat(eng *engine, m gocv.Mat, l level) ([]word, error) {
	if m.Type() != gocv.MatTypeCV8U {
		return nil, fmt.Errorf("cardtext: a picture of type %v, not 8-bit grey", m.Type())
	}
	px, err := m.DataPtrUint8()
	if err != nil {
		return nil, fmt.Errorf("cardtext: %w", err)
	}
	return eng.read(px, m.Cols(), m.Rows(), m.Step(), l)
}

// homMat is a homography as a 3×3 float64 Mat for OpenCV.
func homMat(h geom.H) gocv.Mat {
	m := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
	for i := 0; i < 9; i++ {
		m.SetDoubleAt(i/3, i%3, h[i])
	}
	return m
}
