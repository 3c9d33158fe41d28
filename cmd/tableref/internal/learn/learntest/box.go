package learntest

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"os"
	"strconv"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/cardtext"
)

// A boxed game's card is not drawn by tableref's printer: its publisher
// prints the half-circles' numbers in a typeface and at a size of its own.
// BoxCard draws such a card's map side: tableref's printed face for the
// map and the name, its small half-circles covered by larger ones whose
// numbers stand DigitMM tall in Face, and no code of tableref's (a
// sticker goes on it).

// Typeface is a bold typeface the numbers are printed in.
type Typeface struct {
	Name string
	font *sfnt.Font
}

// typefaceFiles are common bold typefaces: Go Bold comes with its Go
// module, the others with Debian's font packages (their files, so the
// test sees what a system has).
var typefaceFiles = []struct{ name, file, pkg string }{
	{"Go Bold", "", ""},
	{"DejaVu Sans Bold", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "fonts-dejavu-core"},
	{"DejaVu Serif Bold", "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf", "fonts-dejavu-core"},
	{"Nimbus Sans Bold", "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf", "fonts-urw-base35"},
	{"Nimbus Roman Bold", "/usr/share/fonts/opentype/urw-base35/NimbusRoman-Bold.otf", "fonts-urw-base35"},
	{"C059 Bold", "/usr/share/fonts/opentype/urw-base35/C059-Bold.otf", "fonts-urw-base35"},
}

// Typefaces loads the typefaces; a missing one is an error naming the
// Debian package that has it.
func Typefaces() ([]Typeface, error) {
	var out []Typeface
	for _, t := range typefaceFiles {
		data := gobold.TTF
		if t.file != "" {
			var err error
			if data, err = os.ReadFile(t.file); err != nil {
				return nil, fmt.Errorf("typeface %s: %w (install the Debian package %s)", t.name, err, t.pkg)
			}
		}
		f, err := opentype.Parse(data)
		if err != nil {
			return nil, fmt.Errorf("typeface %s: %w", t.name, err)
		}
		out = append(out, Typeface{Name: t.name, font: f})
	}
	return out, nil
}

// BoxCard is one boxed game's card to draw.
type BoxCard struct {
	ID      rules.CardID
	Name    string
	NS, WE  int
	Face    Typeface
	DigitMM float64 // the figures' height
	// Sticker, when set, is the card whose sticker was stuck on this one
	// by mistake, StickerName its name (the caption says it).
	Sticker     rules.CardID
	StickerName string
	// Glare is a sleeve's glare over the sticker: the code is lost in
	// white.
	Glare bool
}

// px is the face's pixels per mm.
const px = faceDPI / 25.4

// face returns a face of t whose figures stand h mm tall.
func (t Typeface) face(h float64) (font.Face, error) {
	probe, err := opentype.NewFace(t.font, &opentype.FaceOptions{Size: 100, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, err
	}
	b, _ := font.BoundString(probe, "0123456789")
	tall := float64(b.Max.Y-b.Min.Y) / 64 // px at 100 px per em
	probe.Close()
	return opentype.NewFace(t.font, &opentype.FaceOptions{Size: 100 * h * px / tall, DPI: 72, Hinting: font.HintingNone})
}

// textBox is the ink box of s drawn with its dot at the origin.
func textBox(f font.Face, s string) image.Rectangle {
	b, _ := font.BoundString(f, s)
	return image.Rect(b.Min.X.Floor(), b.Min.Y.Floor(), b.Max.X.Ceil(), b.Max.Y.Ceil())
}

// put draws s so its ink's top-left lands at (x, y) face pixels.
func put(dst draw.Image, f font.Face, s string, x, y int, col color.Color) {
	b := textBox(f, s)
	d := font.Drawer{Dst: dst, Src: image.NewUniform(col), Face: f, Dot: fixed.P(x-b.Min.X, y-b.Min.Y)}
	d.DrawString(s)
}

var (
	nsRim    = color.RGBA{40, 95, 175, 255}
	weRim    = color.RGBA{150, 150, 150, 255}
	darkInk  = color.RGBA{30, 30, 34, 255}
	greenInk = color.RGBA{20, 120, 50, 255}
)

// Draw renders the card's map side for a sticker at g (its own code left
// out: the sticker is stuck on after). sideMM is how tall the west–east
// numbers came out: as tall as DigitMM where they fit beside the sticker,
// lower where three tall figures would run under it.
func (c BoxCard) Draw(g cardtext.Geometry) (img image.Image, sideMM float64, err error) {
	base, err := Face(c.ID)
	if err != nil {
		return nil, 0, err
	}
	out := image.NewRGBA(base.Bounds())
	draw.Draw(out, out.Bounds(), withoutPrintedCode(base, g), base.Bounds().Min, draw.Src)
	w, h := float64(out.Bounds().Dx()), float64(out.Bounds().Dy())
	top, err := c.Face.face(c.DigitMM)
	if err != nil {
		return nil, 0, err
	}
	defer top.Close()
	// The west–east numbers end 2 mm before the sticker's white.
	room := (g.Card.X/2+g.Offset.X-g.Code/2-4*g.Code/25)*px - 2*px - 1.5*px
	sideMM = c.DigitMM
	side := top
	we := strconv.Itoa(c.WE)
	for float64(textBox(side, we).Dx()) > room {
		sideMM -= 0.25
		if side, err = c.Face.face(sideMM); err != nil {
			return nil, 0, err
		}
		defer side.Close()
	}
	edge := 1.5 * px
	ns := strconv.Itoa(c.NS)
	// The name, in the column right of the map (tableref's face ends its
	// map 37.5 mm from the left), below the top half-circle, in the
	// card's typeface: tableref's own line there would be under a large
	// half-circle.
	mm := func(v float64) int { return int(v * px) }
	draw.Draw(out, image.Rect(mm(38), mm(2), int(w)-mm(2), int(h)/2-mm(19)), image.White, image.Point{}, draw.Src)
	nameFace, err := c.Face.face(2.4)
	if err != nil {
		return nil, 0, err
	}
	defer nameFace.Close()
	nameAt := math.Max(12, math.Hypot(float64(textBox(top, ns).Dx())/2/px+1, c.DigitMM+2.5)+1)
	for i, l := range wrapWords(nameFace, c.Name, int(w)-mm(40)) {
		put(out, nameFace, l, mm(39), mm(nameAt+float64(i)*3.6), darkInk)
	}
	for i, at := range []struct {
		cx, cy float64
		face   font.Face
		text   string
		rim    color.RGBA
		ink    color.RGBA
	}{
		{w / 2, 0, top, ns, nsRim, darkInk}, {w / 2, h, top, ns, nsRim, greenInk},
		{0, h / 2, side, we, weRim, darkInk}, {w, h / 2, side, we, weRim, greenInk},
	} {
		b := textBox(at.face, at.text)
		tw, th := float64(b.Dx()), float64(b.Dy())
		// The disc holds the number with a millimetre to spare, and covers
		// tableref's own half-circle.
		var r float64
		var x, y float64 // the ink's top-left
		switch i {
		case 0:
			r, x, y = math.Hypot(tw/2+px, th+edge+px), at.cx-tw/2, edge
		case 1:
			r, x, y = math.Hypot(tw/2+px, th+edge+px), at.cx-tw/2, h-edge-th
		case 2:
			r, x, y = math.Hypot(th/2+px, tw+edge+px), edge, at.cy-th/2
		default:
			r, x, y = math.Hypot(th/2+px, tw+edge+px), w-edge-tw, at.cy-th/2
		}
		r = math.Max(r, 9*px)
		disc(out, at.cx, at.cy, r, at.rim)
		disc(out, at.cx, at.cy, r-1.3*px, color.RGBA{255, 255, 255, 255})
		put(out, at.face, at.text, int(math.Round(x)), int(math.Round(y)), at.ink)
	}
	return out, sideMM, nil
}

// wrapWords breaks text into lines of at most w pixels in f.
func wrapWords(f font.Face, text string, w int) []string {
	var lines []string
	for _, word := range strings.Fields(text) {
		if n := len(lines); n > 0 && font.MeasureString(f, lines[n-1]+" "+word).Ceil() <= w {
			lines[n-1] += " " + word
			continue
		}
		lines = append(lines, word)
	}
	return lines
}

// glare washes the code at g out: a white oval over it, fading at its rim.
func glare(face image.Image, g cardtext.Geometry) image.Image {
	b := face.Bounds()
	out := image.NewRGBA(b)
	draw.Draw(out, b, face, b.Min, draw.Src)
	cx, cy := (g.Card.X/2+g.Offset.X)*px, (g.Card.Y/2+g.Offset.Y)*px
	rx, ry := 0.85*g.Code*px, 0.75*g.Code*px
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			dx, dy := (float64(x)-cx)/rx, (float64(y)-cy)/ry
			d := dx*dx + dy*dy
			if d >= 1 {
				continue
			}
			a := math.Min(1, 3*(1-d)) // white at the middle, fading out
			c := out.RGBAAt(x, y)
			mix := func(v uint8) uint8 { return uint8(float64(v) + a*(255-float64(v))) }
			out.SetRGBA(x, y, color.RGBA{mix(c.R), mix(c.G), mix(c.B), 255})
		}
	}
	return out
}

// disc fills a disc of radius r at (cx, cy), clipped to the image.
func disc(img *image.RGBA, cx, cy, r float64, col color.RGBA) {
	b := img.Bounds().Intersect(image.Rect(int(cx-r), int(cy-r), int(cx+r)+1, int(cy+r)+1))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if dx, dy := float64(x)+0.5-cx, float64(y)+0.5-cy; dx*dx+dy*dy <= r*r {
				img.SetRGBA(x, y, col)
			}
		}
	}
}

// caption is the text under a sticker's code: the card's name and side,
// as printer/stickers prints it (6 pt bold, wrapped to the label's width
// w, two lines at most).
func caption(img *image.RGBA, text string, x, y, w int) error {
	f, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return err
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 6, DPI: faceDPI, Hinting: font.HintingNone})
	if err != nil {
		return err
	}
	defer face.Close()
	lines := wrapWords(face, text, w)
	for i, l := range lines[:min(len(lines), 2)] {
		d := font.Drawer{Dst: img, Src: image.NewUniform(color.RGBA{0, 0, 0, 255}), Face: face,
			Dot: fixed.P(x, y+int(float64(i+1)*6*faceDPI/72*1.2))}
		d.DrawString(l)
	}
	return nil
}
