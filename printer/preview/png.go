package preview

import (
	"bytes"
	"image"
	"image/color"
	stddraw "image/draw"
	"image/png"
	"io"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/tableref/tableref/printer/cards"
	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/printer/layout"
)

// pngCanvas rasterises paths with x/image/vector (nonzero, anti-aliased)
// and text with the embedded fonts.
type pngCanvas struct {
	img *image.RGBA
	px  float64 // pixels per mm
}

func (p *pngCanvas) Fill(path draw.Path, c draw.Color) {
	b := p.img.Bounds()
	r := vector.NewRasterizer(b.Dx(), b.Dy())
	for _, poly := range path {
		if len(poly) < 3 {
			continue
		}
		r.MoveTo(float32(poly[0].X*p.px), float32(poly[0].Y*p.px))
		for _, pt := range poly[1:] {
			r.LineTo(float32(pt.X*p.px), float32(pt.Y*p.px))
		}
		r.ClosePath()
	}
	r.Draw(p.img, b, image.NewUniform(color.RGBA{c.R, c.G, c.B, 255}), image.Point{})
}

func (p *pngCanvas) Text(x, y float64, f draw.Font, size float64, a draw.Align, s string, c draw.Color) {
	fnt, err := draw.Parsed(f)
	if err != nil {
		return
	}
	face, err := opentype.NewFace(fnt, &opentype.FaceOptions{Size: size * draw.PtToMM * p.px, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return
	}
	defer face.Close()
	d := font.Drawer{Dst: p.img, Src: image.NewUniform(color.RGBA{c.R, c.G, c.B, 255}), Face: face,
		Dot: fixed.Point26_6{X: fixed.Int26_6(draw.StartX(x, f, size, a, s) * p.px * 64), Y: fixed.Int26_6(y * p.px * 64)}}
	d.DrawString(s)
}

// PNG writes one side of a card at dpi.
func PNG(w io.Writer, face cards.Face, size layout.Size, dpi float64) error {
	px := dpi / 25.4
	img := image.NewRGBA(image.Rect(0, 0, int(size.W*px+0.5), int(size.H*px+0.5)))
	stddraw.Draw(img, img.Bounds(), image.White, image.Point{}, stddraw.Src)
	face(&pngCanvas{img: img, px: px}, size, 0)
	return png.Encode(w, img)
}

func (p *pngCanvas) Image(name string, data []byte, x, y, w, h float64) {
	src, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return
	}
	r := image.Rect(int(x*p.px+0.5), int(y*p.px+0.5), int((x+w)*p.px+0.5), int((y+h)*p.px+0.5))
	xdraw.CatmullRom.Scale(p.img, r, src, src.Bounds(), xdraw.Over, nil)
}

func (p *pngCanvas) Reuse(key string, x, y, w, h float64, fn func(draw.Canvas)) {
	fn(draw.Offset(p, x, y))
}
