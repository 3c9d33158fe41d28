// Package pdf puts draw.Canvas pages into a PDF with fpdf, the Go fonts
// embedded. Output is byte-for-byte reproducible (fixed dates, sorted
// catalogue), so a printed set can be checked into a shop order or diffed.
package pdf

import (
	"bytes"
	"fmt"
	"io"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"github.com/tableref/tableref/printer/draw"
)

// Doc is a PDF under construction; every page has the same size.
type Doc struct {
	f         *fpdf.Fpdf
	w, h      float64
	templates map[string]fpdf.Template
}

// New starts a document whose pages are w×h mm.
func New(w, h float64, title string) *Doc {
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: w, Ht: h}})
	f.SetMargins(0, 0, 0)
	f.SetAutoPageBreak(false, 0)
	f.SetCompression(true)
	f.SetCatalogSort(true)
	stamp := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	f.SetCreationDate(stamp)
	f.SetModificationDate(stamp)
	f.SetTitle(title, true)
	f.SetCreator("tableref print", true)
	f.SetProducer("tableref", true)
	for _, fn := range []draw.Font{draw.Regular, draw.Bold} {
		f.AddUTF8FontFromBytes(draw.FamilyName(fn), "", draw.TTF(fn))
	}
	return &Doc{f: f, w: w, h: h, templates: map[string]fpdf.Template{}}
}

// Page adds a page and returns its canvas.
func (d *Doc) Page() draw.Canvas {
	d.f.AddPage()
	return page{d.f, d.templates}
}

// Pages is how many pages were added.
func (d *Doc) Pages() int { return d.f.PageCount() }

// Write finishes the document.
func (d *Doc) Write(w io.Writer) error {
	if err := d.f.Error(); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	return d.f.Output(w)
}

type page struct {
	f *fpdf.Fpdf
	// templates are shared by every page of the document (and nil inside
	// a template, which draws its content directly).
	templates map[string]fpdf.Template
}

func (p page) Fill(path draw.Path, c draw.Color) {
	if len(path) == 0 {
		return
	}
	p.f.SetFillColor(int(c.R), int(c.G), int(c.B))
	for _, poly := range path {
		if len(poly) < 3 {
			continue
		}
		p.f.MoveTo(poly[0].X, poly[0].Y)
		for _, pt := range poly[1:] {
			p.f.LineTo(pt.X, pt.Y)
		}
		p.f.ClosePath()
	}
	p.f.DrawPath("F")
}

func (p page) Text(x, y float64, fn draw.Font, size float64, a draw.Align, s string, c draw.Color) {
	p.f.SetFont(draw.FamilyName(fn), "", size)
	p.f.SetTextColor(int(c.R), int(c.G), int(c.B))
	p.f.Text(draw.StartX(x, fn, size, a, s), y, s)
}

func (p page) Image(name string, png []byte, x, y, w, h float64) {
	opt := fpdf.ImageOptions{ImageType: "PNG"}
	if p.f.GetImageInfo(name) == nil {
		p.f.RegisterImageOptionsReader(name, opt, bytes.NewReader(png))
	}
	p.f.ImageOptions(name, x, y, w, h, false, opt, 0, "")
}

// Reuse keeps what fn draws as a form XObject (an fpdf template) drawn
// once per document and placed wherever it is used again.
func (p page) Reuse(key string, x, y, w, h float64, fn func(draw.Canvas)) {
	if p.templates == nil {
		fn(draw.Offset(p, x, y))
		return
	}
	t, ok := p.templates[key]
	if !ok {
		t = p.f.CreateTemplateCustom(fpdf.PointType{}, fpdf.SizeType{Wd: w, Ht: h}, func(tpl *fpdf.Tpl) {
			fn(page{f: &tpl.Fpdf})
		})
		p.templates[key] = t
	}
	p.f.UseTemplateScaled(t, fpdf.PointType{X: x, Y: y}, fpdf.SizeType{Wd: w, Ht: h})
}
