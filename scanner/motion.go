package scanner

import (
	"fmt"
	"image"
	"math"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
)

// lowres is a small grey copy of a frame that motion is measured on, kept
// as plain bytes so the scanner holds no OpenCV memory between frames.
type lowres struct {
	w, h  int
	scale float64 // low-res pixels per frame pixel
	px    []uint8
}

// changeLevel is how many grey levels a low-res pixel must change by to
// count as changed: well above sensor noise after the blur.
const changeLevel = 12

func makeLowres(frame gocv.Mat, width int) (lowres, error) {
	if frame.Type() != gocv.MatTypeCV8UC3 {
		return lowres{}, fmt.Errorf("want an 8-bit colour (BGR) frame, got type %v", frame.Type())
	}
	scale := float64(width) / float64(frame.Cols())
	h := max(1, int(math.Round(float64(frame.Rows())*scale)))
	rows := everyKthRow(frame, rowStep(frame.Rows(), h))
	defer rows.Close()
	grey := gocv.NewMat()
	defer func() { grey.Close() }() // grey is replaced by its halvings
	gocv.CvtColor(rows, &grey, gocv.ColorBGRToGray)
	// Halve exactly (INTER_AREA's fast path) until the next halving would
	// pass the width, then shrink the rest of the way: one resize by an
	// odd ratio such as 4608/160 takes OpenCV's general area path, 30 ms
	// on one core for a 12 MP frame, on every frame.
	// Each axis on its own: with rows skipped the frame is no longer the
	// low-res frame's shape, and halving both together until the width is
	// near leaves the rows a ratio of 1.2 that mixes them unevenly.
	for {
		w, r := grey.Cols(), grey.Rows()
		if w >= 4*width && w%2 == 0 {
			w /= 2
		}
		if r >= 4*h && r%2 == 0 {
			r /= 2
		}
		if w == grey.Cols() && r == grey.Rows() {
			break
		}
		half := gocv.NewMat()
		gocv.Resize(grey, &half, image.Pt(w, r), 0, 0, gocv.InterpolationArea)
		grey.Close()
		grey = half
	}
	small := gocv.NewMat()
	defer small.Close()
	gocv.Resize(grey, &small, image.Pt(width, h), 0, 0, gocv.InterpolationArea)
	gocv.GaussianBlur(small, &small, image.Pt(3, 3), 0, 0, gocv.BorderReflect)
	b, err := small.DataPtrUint8()
	if err != nil {
		return lowres{}, err
	}
	return lowres{w: width, h: h, scale: scale, px: append([]uint8(nil), b...)}, nil
}

// minRowsPerPixel is how many frame rows a low-res pixel averages at the
// least. Turning a 12 MP frame grey was three quarters of the scanner's
// CPU under the Pi 5 proxy (issue 28), yet a low-res pixel there spans 29
// rows: averaging every third of them (with every column) keeps sensor
// noise and a one-row shake of the camera within changeLevel/3
// (TestLowresSteadyWhereRowsAreSkipped), for a third of the work. At
// 1080p and 2304×1296 (12 and 14 rows a pixel) every row is used.
const minRowsPerPixel = 9

// rowStep is the stride between the frame rows the low-res frame is made
// from, for a frame of rows rows shrunk to h.
func rowStep(rows, h int) int {
	return max(1, rows/h/minRowsPerPixel)
}

// everyKthRow is a view of every k-th row of frame, without copying: a
// continuous frame reshaped to rows k times as long, cut to one frame
// row's width. The caller closes it.
func everyKthRow(frame gocv.Mat, k int) gocv.Mat {
	if k <= 1 || !frame.IsContinuous() { // a view with gaps: every row
		return frame.Region(image.Rect(0, 0, frame.Cols(), frame.Rows()))
	}
	n := frame.Rows() / k
	whole := frame.Region(image.Rect(0, 0, frame.Cols(), n*k)) // rows that fill n strides
	defer whole.Close()
	long := whole.Reshape(3, n) // n rows of k frame rows each
	defer long.Close()
	return long.Region(image.Rect(0, 0, frame.Cols(), n))
}

func (l lowres) mean() float64 {
	var s int
	for _, v := range l.px {
		s += int(v)
	}
	return float64(s) / float64(max(1, len(l.px)))
}

// changed returns, for each pixel, whether it differs from o by more than
// changeLevel once the two frames' mean brightness is made equal (a cloud
// or a lamp changes every pixel a little: that is not motion).
func (l lowres) changed(o lowres) []bool {
	if len(o.px) != len(l.px) {
		out := make([]bool, len(l.px))
		for i := range out {
			out[i] = true
		}
		return out
	}
	off := l.mean() - o.mean()
	out := make([]bool, len(l.px))
	for i, v := range l.px {
		out[i] = math.Abs(float64(v)-float64(o.px[i])-off) > changeLevel
	}
	return out
}

func fraction(mask []bool) float64 {
	n := 0
	for _, m := range mask {
		if m {
			n++
		}
	}
	return float64(n) / float64(max(1, len(mask)))
}

// edgeSet marks the changed pixels connected to the frame's border: an
// arm reaching in, or a hand resting on the table, always comes from the
// edge; a card laid or taken away is a patch inside.
func (l lowres) edgeSet(mask []bool) []bool {
	seen := make([]bool, len(mask))
	var stack []int
	push := func(i int) {
		if mask[i] && !seen[i] {
			seen[i] = true
			stack = append(stack, i)
		}
	}
	for x := 0; x < l.w; x++ {
		push(x)
		push((l.h-1)*l.w + x)
	}
	for y := 0; y < l.h; y++ {
		push(y * l.w)
		push(y*l.w + l.w - 1)
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := i%l.w, i/l.w
		if x > 0 {
			push(i - 1)
		}
		if x < l.w-1 {
			push(i + 1)
		}
		if y > 0 {
			push(i - l.w)
		}
		if y < l.h-1 {
			push(i + l.w)
		}
	}
	return seen
}

// box is the low-res pixel rectangle around an image quad.
func (l lowres) box(q geom.Quad) (x0, y0, x1, y1 int, ok bool) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range q {
		minX, minY = math.Min(minX, p.X), math.Min(minY, p.Y)
		maxX, maxY = math.Max(maxX, p.X), math.Max(maxY, p.Y)
	}
	x0, y0 = max(0, int(minX*l.scale)), max(0, int(minY*l.scale))
	x1, y1 = min(l.w-1, int(math.Ceil(maxX*l.scale))), min(l.h-1, int(math.Ceil(maxY*l.scale)))
	return x0, y0, x1, y1, x1 >= x0 && y1 >= y0
}

// anyIn reports whether set marks a pixel inside an image quad's box.
func (l lowres) anyIn(set []bool, q geom.Quad) bool {
	x0, y0, x1, y1, ok := l.box(q)
	if !ok {
		return false
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			if set[y*l.w+x] {
				return true
			}
		}
	}
	return false
}

// sameAt reports whether the area of an image quad (frame pixels) looks
// the same in l and o: the test for "the card is still there, the read
// just missed it".
func (l lowres) sameAt(o lowres, q geom.Quad) bool {
	x0, y0, x1, y1, ok := l.box(q)
	if len(o.px) != len(l.px) || !ok {
		return false
	}
	off := l.mean() - o.mean()
	var sum float64
	n := 0
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			i := y*l.w + x
			sum += math.Abs(float64(l.px[i]) - float64(o.px[i]) - off)
			n++
		}
	}
	return sum/float64(n) < changeLevel/2
}

// blobs returns the bounding boxes (low-res pixels, grown by one) of the
// 8-connected patches of set pixels in mask.
func (l lowres) blobs(mask []bool) []image.Rectangle {
	seen := make([]bool, len(mask))
	var out []image.Rectangle
	var stack []int
	for start, m := range mask {
		if !m || seen[start] {
			continue
		}
		box := image.Rect(start%l.w, start/l.w, start%l.w+1, start/l.w+1)
		seen[start] = true
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := i%l.w, i/l.w
			box = box.Union(image.Rect(x, y, x+1, y+1))
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					nx, ny := x+dx, y+dy
					if nx < 0 || ny < 0 || nx >= l.w || ny >= l.h {
						continue
					}
					if j := ny*l.w + nx; mask[j] && !seen[j] {
						seen[j] = true
						stack = append(stack, j)
					}
				}
			}
		}
		out = append(out, image.Rect(box.Min.X-1, box.Min.Y-1, box.Max.X+1, box.Max.Y+1))
	}
	return out
}
