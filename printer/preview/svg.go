// Package preview renders one card side on its own, as SVG (vector, the
// fonts embedded) or PNG, to check a design without printing a sheet.
package preview

import (
	"encoding/base64"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/tableref/tableref/printer/cards"
	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/printer/layout"
)

// svgCanvas collects SVG elements in millimetres.
type svgCanvas struct{ b strings.Builder }

func hex(c draw.Color) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

func (s *svgCanvas) Fill(p draw.Path, c draw.Color) {
	if len(p) == 0 {
		return
	}
	s.b.WriteString(`<path fill="` + hex(c) + `" d="`)
	for _, poly := range p {
		for i, pt := range poly {
			op := "L"
			if i == 0 {
				op = "M"
			}
			fmt.Fprintf(&s.b, "%s%.3f %.3f", op, pt.X, pt.Y)
		}
		s.b.WriteString("Z")
	}
	s.b.WriteString("\"/>\n")
}

func (s *svgCanvas) Text(x, y float64, f draw.Font, size float64, a draw.Align, t string, c draw.Color) {
	fmt.Fprintf(&s.b, `<text x="%.3f" y="%.3f" font-family="%s" font-size="%.3f" fill="%s">%s</text>`+"\n",
		draw.StartX(x, f, size, a, t), y, draw.FamilyName(f), size*draw.PtToMM, hex(c), html.EscapeString(t))
}

// SVG writes one side of a card at its trimmed size in millimetres.
func SVG(w io.Writer, face cards.Face, size layout.Size) error {
	var c svgCanvas
	face(&c, size, 0)
	var fonts strings.Builder
	for _, f := range []draw.Font{draw.Regular, draw.Bold} {
		fmt.Fprintf(&fonts, "@font-face{font-family:%s;src:url(data:font/ttf;base64,%s)}", draw.FamilyName(f), base64.StdEncoding.EncodeToString(draw.TTF(f)))
	}
	_, err := fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%gmm" height="%gmm" viewBox="0 0 %g %g">
<style>%s</style>
%s</svg>
`, size.W, size.H, size.W, size.H, fonts.String(), c.b.String())
	return err
}

func (s *svgCanvas) Image(name string, png []byte, x, y, w, h float64) {
	fmt.Fprintf(&s.b, `<image x="%.3f" y="%.3f" width="%.3f" height="%.3f" preserveAspectRatio="none" href="data:image/png;base64,%s"/>`+"\n",
		x, y, w, h, base64.StdEncoding.EncodeToString(png))
}

func (s *svgCanvas) Reuse(key string, x, y, w, h float64, fn func(draw.Canvas)) {
	fn(draw.Offset(s, x, y))
}
