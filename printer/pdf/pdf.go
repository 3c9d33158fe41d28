// Package pdf puts draw.Canvas pages into a PDF with fpdf, the Go fonts
// embedded. Output is byte-for-byte reproducible (fixed dates, sorted
// catalogue), so a printed set can be checked into a shop order or diffed.
package pdf

import (
	"fmt"
	"io"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"github.com/tableref/tableref/printer/draw"
)

// Doc is a PDF under construction; every page has the same size.
type Doc struct {
	f    *fpdf.Fpdf
	w, h float64
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
	return &Doc{f: f, w: w, h: h}
}

// Page adds a page and returns its canvas.
func (d *Doc) Page() draw.Canvas {
	d.f.AddPage()
	return page{d.f}
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

type page struct{ f *fpdf.Fpdf }

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
