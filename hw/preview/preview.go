// Package preview draws what the LCD or the OLED would show, as an image:
// for the docs, for golden tests, and for `tableref display test -png` on
// a machine without the hardware.
package preview

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"

	"periph.io/x/devices/v3/ssd1306/image1bit"

	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/hw/lcd"
	"github.com/tableref/tableref/hw/oled"
)

// LCD geometry: every dot is dot×dot pixels with a gap of one, characters
// are 5×8 dots with one dot of space between them, like the real glass.
const (
	dot       = 3
	pitch     = dot + 1
	cellPitch = 6 * pitch
	rowPitch  = 9 * pitch
	margin    = 6 * pitch
	bezel     = 10
)

var (
	lcdBezel = color.RGBA{0x1b, 0x2a, 0x1b, 0xff}
	lcdGlass = color.RGBA{0x9c, 0xc4, 0x28, 0xff}
	lcdOff   = color.RGBA{0x90, 0xb8, 0x24, 0xff}
	lcdOn    = color.RGBA{0x1c, 0x36, 0x10, 0xff}

	oledBezel = color.RGBA{0x10, 0x10, 0x14, 0xff}
	oledBlack = color.RGBA{0x02, 0x04, 0x08, 0xff}
	oledOn    = color.RGBA{0x9e, 0xe8, 0xff, 0xff}
)

// LCDScreen draws rows of HD44780 ROM codes (see lcd.Screen) as the
// character LCD shows them.
func LCDScreen(codes [][]byte) *image.RGBA {
	rows := len(codes)
	cols := 0
	for _, r := range codes {
		cols = max(cols, len(r))
	}
	w := 2*bezel + 2*margin + cols*cellPitch - pitch
	h := 2*bezel + 2*margin + rows*rowPitch - pitch
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	fill(img, img.Bounds(), lcdBezel)
	fill(img, image.Rect(bezel, bezel, w-bezel, h-bezel), lcdGlass)
	for r, line := range codes {
		for c, code := range line {
			g, _ := lcd.Glyph(code)
			x0 := bezel + margin + c*cellPitch
			y0 := bezel + margin + r*rowPitch
			for gy := 0; gy < 8; gy++ {
				for gx := 0; gx < 5; gx++ {
					col := lcdOff
					if g[gy]&(0x10>>gx) != 0 {
						col = lcdOn
					}
					x, y := x0+gx*pitch, y0+gy*pitch
					fill(img, image.Rect(x, y, x+dot, y+dot), col)
				}
			}
		}
	}
	return img
}

// LCD draws a message on a cols×rows LCD.
func LCD(m display.Message, cols, rows int) *image.RGBA {
	return LCDScreen(lcd.Screen(m, cols, rows))
}

// LCDScores draws the score screen on a cols×rows LCD.
func LCDScores(s display.Scores, cols, rows int) *image.RGBA {
	return LCDScreen(lcd.ScoreScreen(s, cols, rows))
}

// OLEDImage draws a 1-bit frame as the OLED panel shows it, each pixel an
// enlarged square with a thin dark gap, so the preview reads like the
// real panel rather than a blurry upscale.
func OLEDImage(frame *image1bit.VerticalLSB) *image.RGBA {
	const px, m = 4, 16
	b := frame.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx()*px+2*m, b.Dy()*px+2*m))
	fill(img, img.Bounds(), oledBezel)
	fill(img, image.Rect(m-4, m-4, m+b.Dx()*px+4, m+b.Dy()*px+4), oledBlack)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if frame.BitAt(x, y) {
				x0, y0 := m+(x-b.Min.X)*px, m+(y-b.Min.Y)*px
				fill(img, image.Rect(x0, y0, x0+px-1, y0+px-1), oledOn)
			}
		}
	}
	return img
}

// OLED draws a message on a w×h OLED.
func OLED(m display.Message, w, h int) *image.RGBA {
	return OLEDImage(oled.Render(m, w, h))
}

// OLEDScores draws the score screen on a w×h OLED.
func OLEDScores(s display.Scores, w, h int) *image.RGBA {
	return OLEDImage(oled.RenderScores(s, w, h))
}

func fill(img *image.RGBA, r image.Rectangle, c color.Color) {
	draw.Draw(img, r, &image.Uniform{c}, image.Point{}, draw.Src)
}

// WriteFile writes img as a PNG file.
func WriteFile(path string, img image.Image) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("preview: %w", err)
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("preview: %w", cerr)
		}
	}()
	if err := png.Encode(f, img); err != nil {
		return fmt.Errorf("preview: %s: %w", path, err)
	}
	return nil
}
