package oled

import (
	"image"
	"image/draw"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/inconsolata"
	"golang.org/x/image/math/fixed"
	"periph.io/x/devices/v3/ssd1306/image1bit"

	"github.com/tableref/tableref/hw/display"
)

// face is the bitmap font: 8×16 cells give exactly 16 columns and 4 rows on
// a 128×64 panel, the bold cut stays legible where thin strokes vanish
// and it covers Latin-1 and Latin Extended-A, so names keep their accents.
var face = inconsolata.Bold8x16

const cellW, cellH = 8, 16

// Render draws a message on a w×h panel. With a verdict, the top half is a
// banner with a large symbol and word (what players must see from across
// the table) and the bottom half holds two lines of text. Without one,
// text that fits in 8 columns and 2 rows is drawn at double size.
func Render(m display.Message, w, h int) *image1bit.VerticalLSB {
	img := image1bit.NewVerticalLSB(image.Rect(0, 0, w, h))
	cols, rows := w/cellW, h/cellH
	if m.Verdict == display.None {
		if big := display.Fit(m.Lines, cols/2, rows/2); sameWords(big, m.Lines) {
			y := (h - len(big)*cellH*2) / 2
			for i, l := range big {
				drawText(img, (w-len([]rune(l))*cellW*2)/2, y+i*cellH*2, l, 2, image1bit.On)
			}
			return img
		}
		for i, l := range display.Fit(m.Lines, cols, rows) {
			drawText(img, 0, i*cellH, l, 1, image1bit.On)
		}
		return img
	}
	banner(img, m.Verdict, image.Rect(0, 0, w, h/2))
	for i, l := range display.Fit(m.Lines, cols, (h-h/2)/cellH) {
		drawText(img, 0, h/2+i*cellH, l, 1, image1bit.On)
	}
	return img
}

// RenderScores draws the score screen: the text layout of
// display.ScoreLines on 16×4 cells, with the title row inverted.
func RenderScores(s display.Scores, w, h int) *image1bit.VerticalLSB {
	img := image1bit.NewVerticalLSB(image.Rect(0, 0, w, h))
	cols, rows := w/cellW, h/cellH
	lines := display.ScoreLines(s, cols, rows)
	titled := len(s.Players) < rows
	for i, l := range lines {
		if i == 0 && titled {
			draw.Draw(img, image.Rect(0, 0, w, cellH), &image.Uniform{image1bit.On}, image.Point{}, draw.Src)
			drawText(img, (w-len([]rune(l))*cellW)/2, 0, l, 1, image1bit.Off)
			continue
		}
		drawText(img, 0, i*cellH, l, 1, image1bit.On)
	}
	return img
}

var words = map[display.Verdict]string{display.Right: "RIGHT", display.Wrong: "WRONG", display.Warn: "CHECK"}

// banner draws the verdict: Right as lit strokes on black, Wrong as a
// solid lit box with dark strokes (the most visible thing the panel can
// do), Warn as an outlined box.
func banner(img *image1bit.VerticalLSB, v display.Verdict, r image.Rectangle) {
	fg := image1bit.On
	switch v {
	case display.Wrong:
		draw.Draw(img, r, &image.Uniform{image1bit.On}, image.Point{}, draw.Src)
		fg = image1bit.Off
	case display.Warn:
		outline(img, r.Inset(1), image1bit.On)
	}
	size := r.Dy() - 8
	icon := image.Rect(r.Min.X+6, r.Min.Y+4, r.Min.X+6+size, r.Min.Y+4+size)
	switch v {
	case display.Right:
		stroke(img, fg, 3, pt(icon, 0.05, 0.55), pt(icon, 0.38, 0.88), pt(icon, 0.95, 0.12))
	case display.Wrong:
		stroke(img, fg, 3, pt(icon, 0.1, 0.1), pt(icon, 0.9, 0.9))
		stroke(img, fg, 3, pt(icon, 0.9, 0.1), pt(icon, 0.1, 0.9))
	case display.Warn:
		stroke(img, fg, 2, pt(icon, 0.5, 0.05), pt(icon, 0.5, 0.62))
		stroke(img, fg, 2, pt(icon, 0.5, 0.88), pt(icon, 0.5, 0.9))
	}
	word := words[v]
	x := icon.Max.X + (r.Max.X-icon.Max.X-len(word)*cellW*2)/2
	drawText(img, x, r.Min.Y+(r.Dy()-cellH*2)/2, word, 2, fg)
}

func pt(r image.Rectangle, fx, fy float64) image.Point {
	return image.Pt(r.Min.X+int(fx*float64(r.Dx())+0.5), r.Min.Y+int(fy*float64(r.Dy())+0.5))
}

// stroke draws a polyline with a round pen of the given radius.
func stroke(img *image1bit.VerticalLSB, c image1bit.Bit, radius int, pts ...image.Point) {
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		n := max(abs(b.X-a.X), abs(b.Y-a.Y), 1)
		for s := 0; s <= n; s++ {
			x := a.X + (b.X-a.X)*s/n
			y := a.Y + (b.Y-a.Y)*s/n
			for dy := -radius; dy <= radius; dy++ {
				for dx := -radius; dx <= radius; dx++ {
					if dx*dx+dy*dy <= radius*radius {
						img.SetBit(x+dx, y+dy, c)
					}
				}
			}
		}
	}
}

func outline(img *image1bit.VerticalLSB, r image.Rectangle, c image1bit.Bit) {
	for x := r.Min.X; x < r.Max.X; x++ {
		img.SetBit(x, r.Min.Y, c)
		img.SetBit(x, r.Max.Y-1, c)
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		img.SetBit(r.Min.X, y, c)
		img.SetBit(r.Max.X-1, y, c)
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// drawText draws s with its cell's top-left corner at x,y, each font pixel
// as a scale×scale block (a bitmap font scaled by whole numbers stays
// crisp on a 1-bit panel; vector fonts thresholded to 1 bit do not).
func drawText(img *image1bit.VerticalLSB, x, y int, s string, scale int, c image1bit.Bit) {
	n := len([]rune(s))
	if n == 0 {
		return
	}
	mask := image.NewAlpha(image.Rect(0, 0, n*cellW, cellH))
	d := font.Drawer{Dst: mask, Src: image.Opaque, Face: face, Dot: fixed.P(0, face.Ascent)}
	d.DrawString(s)
	for my := 0; my < cellH; my++ {
		for mx := 0; mx < n*cellW; mx++ {
			if mask.AlphaAt(mx, my).A < 0x80 {
				continue
			}
			for sy := 0; sy < scale; sy++ {
				for sx := 0; sx < scale; sx++ {
					img.SetBit(x+mx*scale+sx, y+my*scale+sy, c)
				}
			}
		}
	}
}

// sameWords tells whether the laid-out lines still hold every word, that
// is whether Fit did not have to cut anything.
func sameWords(got, want []string) bool {
	return strings.Join(strings.Fields(strings.Join(got, " ")), " ") == strings.Join(strings.Fields(strings.Join(want, " ")), " ")
}
