package scanner

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"

	"gocv.io/x/gocv"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Text on annotated pictures is set in the Go fonts, the very font files
// the printer embeds in card PDFs (golang.org/x/image/font/gofont, BSD):
// they cover Latin-1 and Latin Extended-A, so Bogotá, São Paulo and Łódź
// are drawn as the cards print them. OpenCV's own Hershey fonts draw only
// ASCII.

var (
	fontOnce   sync.Once
	fontFaces  [2]*opentype.Font
	fontErr    error
	faceMu     sync.Mutex
	faceCache  = map[faceKey]font.Face{}
	textRender sync.Mutex // font.Face is not safe for concurrent use
)

type faceKey struct {
	bold bool
	px   int
}

// face returns the regular or bold Go font at px pixels per em, cached.
func face(bold bool, px int) (font.Face, error) {
	fontOnce.Do(func() {
		for i, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
			if fontFaces[i], fontErr = opentype.Parse(ttf); fontErr != nil {
				return
			}
		}
	})
	if fontErr != nil {
		return nil, fmt.Errorf("scanner: font: %w", fontErr)
	}
	faceMu.Lock()
	defer faceMu.Unlock()
	k := faceKey{bold, px}
	if f, ok := faceCache[k]; ok {
		return f, nil
	}
	i := 0
	if bold {
		i = 1
	}
	f, err := opentype.NewFace(fontFaces[i], &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, fmt.Errorf("scanner: font: %w", err)
	}
	faceCache[k] = f
	return f, nil
}

// textBox is a block of lines set at one size: its size in pixels.
type textBox struct {
	lines []string
	px    int // pixels per em
	bold  bool
	w, h  int // the block's size, padding included
	line  int // line height
	pad   int
}

// measure sets a block of lines at px pixels per em.
func measure(lines []string, px int, bold bool) (textBox, error) {
	f, err := face(bold, px)
	if err != nil {
		return textBox{}, err
	}
	textRender.Lock()
	defer textRender.Unlock()
	m := f.Metrics()
	b := textBox{lines: lines, px: px, bold: bold, line: (m.Ascent + m.Descent).Ceil(), pad: max(2, px/6)}
	for _, l := range lines {
		b.w = max(b.w, font.MeasureString(f, l).Ceil())
	}
	b.w += 2 * b.pad
	b.h = len(lines)*b.line + 2*b.pad
	return b, nil
}

// draw writes the block with its top-left corner at at: a dark plate,
// half see-through, so the text reads over any photo, then the lines in
// ink. The Mat must be 8-bit BGR and continuous (a clone is).
func (b textBox) draw(m *gocv.Mat, at image.Point, ink color.RGBA) error {
	f, err := face(b.bold, b.px)
	if err != nil {
		return err
	}
	r := image.Rect(at.X, at.Y, at.X+b.w, at.Y+b.h).Intersect(image.Rect(0, 0, m.Cols(), m.Rows()))
	if r.Empty() {
		return nil
	}
	px, err := m.DataPtrUint8()
	if err != nil {
		return fmt.Errorf("scanner: drawing text: %w", err)
	}
	stride := m.Cols() * 3
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := y*stride + x*3
			for c := 0; c < 3; c++ {
				px[i+c] = uint8(float64(px[i+c]) * 0.35)
			}
		}
	}
	mask := image.NewAlpha(image.Rect(0, 0, b.w, b.h))
	textRender.Lock()
	asc := f.Metrics().Ascent.Ceil()
	d := font.Drawer{Dst: mask, Src: image.Opaque, Face: f}
	for i, l := range b.lines {
		d.Dot = fixed.P(b.pad, b.pad+i*b.line+asc)
		d.DrawString(l)
	}
	textRender.Unlock()
	bgr := [3]float64{float64(ink.B), float64(ink.G), float64(ink.R)}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			a := float64(mask.AlphaAt(x-at.X, y-at.Y).A) / 255
			if a == 0 {
				continue
			}
			i := y*stride + x*3
			for c := 0; c < 3; c++ {
				px[i+c] = uint8(math.Round(float64(px[i+c])*(1-a) + bgr[c]*a))
			}
		}
	}
	return nil
}
