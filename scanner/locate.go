package scanner

import (
	"context"
	"fmt"
	"image"
	"math"
	"sort"
	"time"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
)

// The first stage of a stream: where are the codes. Between two reads of
// a still table, a move changes the image only where a hand went: a card
// laid, taken, turned or pushed. So the locator reads a frame whole only
// now and then (the first read, every FullRead, and whenever the table
// moved), and otherwise re-reads only where the image changed since its
// last read, carrying every other code over as it was:
//
//   - a code is carried only while its own image is unchanged: a
//     fingerprint of the code (its pixels sampled on a 16×16 grid across
//     it) is compared at every read, so a card swapped for another that
//     looks the same from afar, or nudged by a millimetre, is read again;
//   - a new card laid where there was none changes the low-resolution
//     frame the motion is measured on: those patches are read;
//   - the table moved (a quarter of the low-resolution frame changed, or
//     half the carried codes): the frame is read whole.
//
// The result is what a whole read of the frame would have given; the
// later stages (table plane, zones and grids, stability) never know which
// read it was.

// FullRead is the default interval between whole reads of a still table.
const FullRead = 10 * time.Second

// Kinds of read the locator made, for logs and tests.
const (
	readWhole   = "whole"
	readPatches = "patches"
	readCarried = "carried"
)

// locator is the code-finding stage of a stream.
type locator struct {
	reader CodeReader
	every  time.Duration // whole read at least this often
	// wholeNext asks for the next read to be whole (fused frames: codes
	// no single frame gave may lie where nothing changed).
	wholeNext bool

	have     bool
	size     image.Point
	lastLow  lowres // the low-resolution frame of the last read
	lastFull time.Duration
	res      qr.Result
	prints   []print // one per code of res.All() order: Codes, then Foreign

	// what the last read did (tests, logs)
	kind   string
	pixels int // frame pixels handed to the reader
}

// print is a code's fingerprint: its pixels' grey levels sampled on a
// grid across its quad.
type print []float64

const printGrid = 16

// read finds the codes of frame, taken at t; small is its low-resolution
// copy (stability's).
func (l *locator) read(ctx context.Context, t time.Duration, frame gocv.Mat, small lowres) (qr.Result, error) {
	size := image.Pt(frame.Cols(), frame.Rows())
	px, err := frame.DataPtrUint8()
	whole := err != nil || frame.Channels() != 3 || !l.have || size != l.size || t-l.lastFull >= l.every ||
		len(small.px) != len(l.lastLow.px) || l.wholeNext
	l.wholeNext = false
	var regions []image.Rectangle
	var keep []bool // per carried code
	if !whole {
		regions, keep, whole = l.changes(px, size, small)
	}
	if whole {
		return l.readWhole(ctx, t, frame, px, size, small)
	}
	var res qr.Result
	// Carried codes keep the fingerprint of the read that found them, so
	// a slow drift adds up until it is read again.
	carried := map[geom.Pt]print{}
	all := l.res.All()
	nCodes := len(l.res.Codes)
	for i, c := range all {
		if !keep[i] || inAny(regions, c.Centre()) {
			continue
		}
		if i < nCodes {
			res.Codes = append(res.Codes, l.res.Codes[i])
		} else {
			res.Foreign = append(res.Foreign, c)
		}
		carried[c.Centre()] = l.prints[i]
	}
	l.kind, l.pixels = readCarried, 0
	if len(regions) > 0 {
		// Read a little more than each region so a code whose centre is
		// in it lies wholly in what is read; keep only those centred in
		// it.
		margin := int(l.codeSide())
		rois := make([]image.Rectangle, len(regions))
		for i, r := range regions {
			rois[i] = growRect(r, margin).Intersect(image.Rectangle{Max: size})
		}
		found, ok, err := l.readPatches(ctx, frame, regions, rois)
		if err != nil {
			return qr.Result{}, err
		}
		if !ok {
			// The patches would cost about as much as the frame: read it
			// whole, as the table-moved case does.
			return l.readWhole(ctx, t, frame, px, size, small)
		}
		res.Codes = append(res.Codes, found.Codes...)
		res.Foreign = append(res.Foreign, found.Foreign...)
		res.Unsure = append(res.Unsure, found.Unsure...)
		res.Candidates = found.Candidates
		l.kind = readPatches
		for _, r := range rois {
			l.pixels += r.Dx() * r.Dy()
		}
	}
	sortCodes(res)
	l.remember(res, px, size, small)
	for i, c := range res.All() {
		if p, ok := carried[c.Centre()]; ok {
			l.prints[i] = p
		}
	}
	return res, nil
}

// readWhole reads the whole frame and remembers its codes.
func (l *locator) readWhole(ctx context.Context, t time.Duration, frame gocv.Mat, px []byte, size image.Point, small lowres) (qr.Result, error) {
	res, err := l.reader.Read(ctx, frame)
	if err != nil {
		return qr.Result{}, err
	}
	l.remember(res, px, size, small)
	l.lastFull, l.kind, l.pixels = t, readWhole, size.X*size.Y
	return res, nil
}

// patchCanvas is the least size a patch is read at. vision/qr takes a
// frame of up to 1 MP (its wholeFramePixels) in which no candidate decodes
// for a phone's close-up of one code and tries its close-up fallbacks on
// it: smoothed, rescaled and OpenCV-rectified decodes of the whole frame,
// 0.2 to 1 s on one core. A patch of the table is never a close-up, and
// the patch where a card was taken away holds no code, so every move paid
// that before a snapshot (issue 19's latency: the first read after a move
// took 160-450 ms at 1080p and 0.3-1 s at 12 MP, the others 3-50 ms). Set
// in the top-left corner of a white canvas just over 1 MP and wider than
// the reader's DetectSize (1280), a patch is searched at half size, as the
// whole frame is, and the white costs next to nothing.
var patchCanvas = image.Pt(1296, 816)

// patchGap is the white between two patches on the canvas: wider than a
// code's quiet zone at the reader's search scale, so the cut edges of two
// patches never join into one candidate.
const patchGap = 32

// readPatches reads the rois of frame with one reader call: packed in
// rows, in grey, on one white canvas of at least patchCanvas (pack). Each
// patch on a canvas of its own cost a read of that whole canvas, 3-4 ms
// on one core at 1080p, and the light drifting between two moves can
// change forty small patches (issue 19: 93-220 ms for the first read
// after a move, which made the snapshot one or two frames late). It
// returns, in frame pixels, the codes centred in regions[i] read from
// rois[i] (the region grown so such a code lies wholly in it). ok is
// false, and nothing is read, when the packed patches would cover more
// than half the frame: a whole read then costs no more.
func (l *locator) readPatches(ctx context.Context, frame gocv.Mat, regions, rois []image.Rectangle) (found qr.Result, ok bool, err error) {
	sizes := make([]image.Point, len(rois))
	for i, r := range rois {
		sizes[i] = r.Size()
	}
	at, used := pack(sizes, patchGap, patchCanvas.X)
	if used.X*used.Y > frame.Cols()*frame.Rows()/2 {
		return found, false, nil
	}
	canvas := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(255, 0, 0, 0), max(used.Y, patchCanvas.Y), max(used.X, patchCanvas.X), gocv.MatTypeCV8UC1)
	defer canvas.Close()
	for i, r := range rois {
		if err := greyInto(frame, r, canvas, at[i]); err != nil {
			return found, false, err
		}
	}
	res, err := l.reader.Read(ctx, canvas)
	if err != nil {
		return found, false, err
	}
	// A code belongs to the patch its centre lies on (one in a gap cannot
	// be whole in any); moved back to the frame, it is kept if centred in
	// that patch's region.
	place := func(q geom.Quad) (geom.Quad, bool) {
		p := q.Centre()
		for i, a := range at {
			if inRect(image.Rectangle{Min: a, Max: a.Add(sizes[i])}, p) {
				q = shiftQuad(q, geom.Pt{X: float64(rois[i].Min.X - a.X), Y: float64(rois[i].Min.Y - a.Y)})
				return q, inRect(regions[i], q.Centre())
			}
		}
		return q, false
	}
	for _, c := range res.Codes {
		if c.Corners, ok = place(c.Corners); ok {
			found.Codes = append(found.Codes, c)
		}
	}
	for _, c := range res.Foreign {
		if c.Corners, ok = place(c.Corners); ok {
			found.Foreign = append(found.Foreign, c)
		}
	}
	for _, c := range res.Unsure {
		if c.Corners, ok = place(c.Corners); ok {
			found.Unsure = append(found.Unsure, c)
		}
	}
	found.Candidates = res.Candidates
	return found, true, nil
}

// greyInto converts the roi of frame to grey into canvas at the point at.
// Converting the patches alone costs less than converting the canvas.
func greyInto(frame gocv.Mat, roi image.Rectangle, canvas gocv.Mat, at image.Point) error {
	sub := frame.Region(roi)
	defer sub.Close()
	dst := canvas.Region(image.Rectangle{Min: at, Max: at.Add(roi.Size())})
	defer dst.Close()
	switch sub.Channels() {
	case 3:
		gocv.CvtColor(sub, &dst, gocv.ColorBGRToGray)
	case 4:
		gocv.CvtColor(sub, &dst, gocv.ColorBGRAToGray)
	case 1:
		sub.CopyTo(&dst)
	default:
		return fmt.Errorf("scanner: a frame of %d channels", sub.Channels())
	}
	return nil
}

// pack lays boxes of the given sizes in rows, tallest first, gap apart,
// in rows of at least minWidth (the canvas is that wide anyway, so a few
// patches share its first row) and wider when that keeps the packing
// about square: where each box's top-left corner goes, and the size they
// cover. About square, because the reader searches a canvas at a scale
// set by its longer side: a square canvas is searched as finely as the
// frame.
func pack(sizes []image.Point, gap, minWidth int) (at []image.Point, used image.Point) {
	at = make([]image.Point, len(sizes))
	order := make([]int, len(sizes))
	area, widest := 0, 0
	for i, s := range sizes {
		order[i] = i
		area += (s.X + gap) * (s.Y + gap)
		widest = max(widest, s.X)
	}
	width := max(minWidth, widest, int(math.Ceil(math.Sqrt(float64(area)))))
	sort.SliceStable(order, func(a, b int) bool { return sizes[order[a]].Y > sizes[order[b]].Y })
	x, y, rowH := 0, 0, 0
	for _, i := range order {
		s := sizes[i]
		if x > 0 && x+s.X > width {
			x, y, rowH = 0, y+rowH+gap, 0
		}
		at[i] = image.Pt(x, y)
		used.X = max(used.X, x+s.X)
		used.Y = max(used.Y, y+s.Y)
		x += s.X + gap
		rowH = max(rowH, s.Y)
	}
	return at, used
}

// changes compares the frame with the last read: the regions to read again
// (frame pixels) and which carried codes are unchanged, or whole when the
// table moved.
func (l *locator) changes(px []byte, size image.Point, small lowres) (regions []image.Rectangle, keep []bool, whole bool) {
	mask := small.changed(l.lastLow)
	if fraction(mask) > 0.25 {
		return nil, nil, true
	}
	all := l.res.All()
	keep = make([]bool, len(all))
	changedCodes := 0
	for i, c := range all {
		keep[i] = l.prints[i].same(fingerprint(px, size, c.Corners))
		if !keep[i] {
			changedCodes++
			// the card may have moved a little: read around where it was
			side := math.Sqrt(math.Abs(c.Corners.Area()))
			regions = append(regions, growRect(quadBounds(c.Corners), int(side)))
		}
	}
	if changedCodes > 0 && 2*changedCodes > len(all) {
		return nil, nil, true
	}
	// Patches of the low-resolution frame that changed: a card laid where
	// there was none, one taken away.
	for _, b := range small.blobs(mask) {
		r := image.Rect(int(float64(b.Min.X)/small.scale), int(float64(b.Min.Y)/small.scale),
			int(math.Ceil(float64(b.Max.X)/small.scale)), int(math.Ceil(float64(b.Max.Y)/small.scale)))
		regions = append(regions, r)
	}
	regions = mergeRects(regions, size)
	area := 0
	for _, r := range regions {
		area += r.Dx() * r.Dy()
	}
	if area > size.X*size.Y/2 {
		return nil, nil, true // reading the patches would cost as much as the frame
	}
	return regions, keep, false
}

// remember keeps a read's codes and their fingerprints for the next read.
func (l *locator) remember(res qr.Result, px []byte, size image.Point, small lowres) {
	l.res, l.size, l.lastLow, l.have = res, size, small, true
	l.prints = l.prints[:0]
	for _, c := range res.All() {
		var p print
		if px != nil {
			p = fingerprint(px, size, c.Corners)
		}
		l.prints = append(l.prints, p)
	}
}

// codeSide is the median side of the codes last read (a default of a
// 20th of the frame's width when there were none): the margin around a
// changed region.
func (l *locator) codeSide() float64 {
	var sides []float64
	for _, c := range l.res.All() {
		sides = append(sides, math.Sqrt(math.Abs(c.Corners.Area())))
	}
	if len(sides) == 0 {
		return float64(l.size.X) / 20
	}
	sort.Float64s(sides)
	return sides[len(sides)/2]
}

// fingerprint samples a BGR frame's grey level on a grid across a code's
// quad, each sample the mean of 2×2 pixels. nil when the code lies partly
// outside the frame (it is then never carried).
func fingerprint(px []byte, size image.Point, q geom.Quad) print {
	h, ok := geom.FromQuads(geom.Rect(0, 0, 1, 1), q)
	if !ok {
		return nil
	}
	out := make(print, 0, printGrid*printGrid)
	for j := 0; j < printGrid; j++ {
		for i := 0; i < printGrid; i++ {
			p := h.Apply(geom.Pt{X: (float64(i) + 0.5) / printGrid, Y: (float64(j) + 0.5) / printGrid})
			x, y := int(p.X), int(p.Y)
			if x < 0 || y < 0 || x+1 >= size.X || y+1 >= size.Y {
				return nil
			}
			sum := 0
			for _, o := range [4]int{0, 1, size.X, size.X + 1} {
				k := 3 * (y*size.X + x + o)
				sum += int(px[k]) + 2*int(px[k+1]) + int(px[k+2])
			}
			out = append(out, float64(sum)/16)
		}
	}
	return out
}

// same reports whether two fingerprints show the same code in the same
// place: once their mean brightness is made equal (a cloud, the lamp), the
// mean difference is under a fifth of the code's own contrast. Sensor
// noise and JPEG stay well under it; another code, or this one moved by a
// third of a module, is far over it.
func (p print) same(q print) bool {
	if len(p) == 0 || len(p) != len(q) {
		return false
	}
	var mp, mq float64
	for i := range p {
		mp += p[i]
		mq += q[i]
	}
	mp /= float64(len(p))
	mq /= float64(len(q))
	var diff, spread float64
	for i := range p {
		diff += math.Abs(p[i] - mp - (q[i] - mq))
		spread += math.Abs(p[i] - mp)
	}
	return diff < 0.2*math.Max(spread, 20*float64(len(p)))
}

func inRect(r image.Rectangle, p geom.Pt) bool {
	return p.X >= float64(r.Min.X) && p.X < float64(r.Max.X) && p.Y >= float64(r.Min.Y) && p.Y < float64(r.Max.Y)
}

func inAny(rs []image.Rectangle, p geom.Pt) bool {
	for _, r := range rs {
		if inRect(r, p) {
			return true
		}
	}
	return false
}

func growRect(r image.Rectangle, by int) image.Rectangle {
	return image.Rect(r.Min.X-by, r.Min.Y-by, r.Max.X+by, r.Max.Y+by)
}

func quadBounds(q geom.Quad) image.Rectangle {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range q {
		minX, minY = math.Min(minX, p.X), math.Min(minY, p.Y)
		maxX, maxY = math.Max(maxX, p.X), math.Max(maxY, p.Y)
	}
	return image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX)), int(math.Ceil(maxY)))
}

// mergeRects clips the rectangles to the frame and merges those that
// overlap, until none do.
func mergeRects(rs []image.Rectangle, size image.Point) []image.Rectangle {
	frame := image.Rectangle{Max: size}
	var out []image.Rectangle
	for _, r := range rs {
		if r = r.Intersect(frame); !r.Empty() {
			out = append(out, r)
		}
	}
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(out) && !merged; i++ {
			for j := i + 1; j < len(out); j++ {
				if out[i].Overlaps(out[j]) {
					out[i] = out[i].Union(out[j])
					out = append(out[:j], out[j+1:]...)
					merged = true
					break
				}
			}
		}
	}
	return out
}

func shiftQuad(q geom.Quad, by geom.Pt) geom.Quad {
	for i := range q {
		q[i] = q[i].Add(by)
	}
	return q
}

// sortCodes puts codes in the reader's order: top to bottom in rows of 20
// px, then left to right.
func sortCodes(res qr.Result) {
	less := func(a, b geom.Pt) bool {
		if math.Abs(a.Y-b.Y) > 20 {
			return a.Y < b.Y
		}
		return a.X < b.X
	}
	sort.SliceStable(res.Codes, func(i, j int) bool { return less(res.Codes[i].Centre(), res.Codes[j].Centre()) })
	sort.SliceStable(res.Foreign, func(i, j int) bool { return less(res.Foreign[i].Centre(), res.Foreign[j].Centre()) })
}

// String says what the last read did, for logs.
func (l *locator) String() string {
	return fmt.Sprintf("%s read of %d px, %d codes", l.kind, l.pixels, len(l.res.All()))
}
