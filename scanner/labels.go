package scanner

import (
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
)

// label is a block of text that belongs near a point of the picture: a
// card's name and cell, a marker's name.
type label struct {
	lines []string
	at    geom.Pt    // where it belongs, image px
	ink   color.RGBA // its colour
	maxW  float64    // the widest it should be (its card's width), px; 0: any
	box   textBox
	rect  image.Rectangle // where it went; empty when it is in the legend
	tag   int             // its number in the legend, 0 when placed
	tagAt image.Rectangle // where its number went
}

// labelLayout places labels so that none covers another or the fixed
// text: each goes on its card at the card's size, else shrunk to fit
// (down to a size still read at a glance), else moved a little up, down
// or aside, else a number on the card and its text in a legend. Where
// four maps or two worlds crowd a photo this keeps every name readable.
type labelLayout struct {
	frame                           image.Rectangle
	titlePx, cardPx, minPx, smallPx int
	fixedRects                      []image.Rectangle // title, problems, cell letters
	labels                          []*label
	legendRect                      image.Rectangle
}

func newLabelLayout(w, h int, scale float64) *labelLayout {
	px := func(v float64) int { return max(9, int(math.Round(v*scale))) }
	return &labelLayout{frame: image.Rect(0, 0, w, h), titlePx: px(26), cardPx: px(18), minPx: max(11, px(12)), smallPx: px(17)}
}

// fixed draws lines as one block with its top-left corner at p (bottom:
// p.Y counts up from the bottom edge) and keeps labels clear of it.
func (l *labelLayout) fixed(m *gocv.Mat, p geom.Pt, lines []string, ink color.RGBA, px int, bottom bool) error {
	if len(lines) == 0 {
		return nil
	}
	b, err := measure(lines, px, false)
	if err != nil {
		return err
	}
	at := image.Pt(int(p.X), int(p.Y))
	if bottom {
		at.Y = l.frame.Max.Y + int(p.Y) - b.h
	}
	l.fixedRects = append(l.fixedRects, image.Rect(at.X, at.Y, at.X+b.w, at.Y+b.h))
	return b.draw(m, at, ink)
}

// at draws a short block centred on p at once (a colour cell's letter)
// and keeps labels clear of it.
func (l *labelLayout) at(m *gocv.Mat, p geom.Pt, lines []string, ink color.RGBA, px int) error {
	b, err := measure(lines, px, true)
	if err != nil {
		return err
	}
	tl := image.Pt(int(math.Round(p.X))-b.w/2, int(math.Round(p.Y))-b.h/2)
	l.fixedRects = append(l.fixedRects, image.Rect(tl.X, tl.Y, tl.X+b.w, tl.Y+b.h))
	return b.draw(m, tl, ink)
}

// place adds a label to the layout.
func (l *labelLayout) place(lb *label) error {
	l.labels = append(l.labels, lb)
	return nil
}

// draw lays out every label, then draws them, their legend numbers and
// the legend. Labels that end in the legend make it larger, so the layout
// is run again with the legend's corner kept clear, until it settles.
func (l *labelLayout) draw(m *gocv.Mat) error {
	var legend textBox
	for round := 0; round < 4; round++ {
		n, err := l.layout()
		if err != nil {
			return err
		}
		if n == 0 {
			l.legendRect = image.Rectangle{}
			break
		}
		if legend, err = l.legendBox(); err != nil {
			return err
		}
		r := image.Rect(l.frame.Max.X-10-legend.w, l.frame.Max.Y-10-legend.h, l.frame.Max.X-10, l.frame.Max.Y-10)
		if r.Eq(l.legendRect) {
			break
		}
		l.legendRect = r
	}
	for _, lb := range l.labels {
		if lb.tag == 0 {
			if err := lb.box.draw(m, lb.rect.Min, lb.ink); err != nil {
				return err
			}
			continue
		}
		tb, err := measure([]string{strconv.Itoa(lb.tag)}, l.minPx, true)
		if err != nil {
			return err
		}
		if err := tb.draw(m, lb.tagAt.Min, lb.ink); err != nil {
			return err
		}
	}
	if !l.legendRect.Empty() {
		return legend.draw(m, l.legendRect.Min, inkText)
	}
	return nil
}

// layout places every label afresh and returns how many went to the
// legend.
func (l *labelLayout) layout() (int, error) {
	taken := append([]image.Rectangle(nil), l.fixedRects...)
	if !l.legendRect.Empty() {
		taken = append(taken, l.legendRect)
	}
	free := func(r image.Rectangle) bool {
		if !r.In(l.frame) {
			return false
		}
		for _, t := range taken {
			if r.Overlaps(t) {
				return false
			}
		}
		return true
	}
	legend := 0
	var tags []*label
	for _, lb := range l.labels {
		lb.rect, lb.tag = image.Rectangle{}, 0
		placed := false
		for px := l.cardPx; !placed; px = max(l.minPx, px*85/100) {
			b, err := measure(lb.lines, px, true)
			if err != nil {
				return 0, err
			}
			if lb.maxW == 0 || float64(b.w) <= lb.maxW || px == l.minPx {
				for _, r := range candidates(lb.at, b) {
					if free(r) {
						lb.box, lb.rect, placed = b, r, true
						taken = append(taken, r)
						break
					}
				}
			}
			if px == l.minPx {
				break
			}
		}
		if !placed {
			legend++
			lb.tag = legend
			tags = append(tags, lb)
		}
	}
	// Legend numbers go on their cards, clear of the labels if they can.
	for _, lb := range tags {
		b, err := measure([]string{strconv.Itoa(lb.tag)}, l.minPx, true)
		if err != nil {
			return 0, err
		}
		cs := candidates(lb.at, b)
		lb.tagAt = cs[0]
		for _, r := range cs {
			if free(r) {
				lb.tagAt = r
				break
			}
		}
		taken = append(taken, lb.tagAt)
	}
	return legend, nil
}

// candidates are where a block may go near its anchor, best first: centred
// on it, then half and a whole block above or below, then to either side.
func candidates(at geom.Pt, b textBox) []image.Rectangle {
	var out []image.Rectangle
	for _, f := range [][2]float64{{0, 0}, {0, -0.6}, {0, 0.6}, {0, -1.2}, {0, 1.2}, {-0.6, 0}, {0.6, 0}, {-0.6, -0.9}, {0.6, -0.9}, {-0.6, 0.9}, {0.6, 0.9}} {
		x := int(math.Round(at.X+f[0]*float64(b.w))) - b.w/2
		y := int(math.Round(at.Y+f[1]*float64(b.h))) - b.h/2
		out = append(out, image.Rect(x, y, x+b.w, y+b.h))
	}
	return out
}

// legendBox sets the legend: one line per numbered label.
func (l *labelLayout) legendBox() (textBox, error) {
	var lines []string
	for _, lb := range l.labels {
		if lb.tag > 0 {
			lines = append(lines, strconv.Itoa(lb.tag)+"  "+strings.Join(lb.lines, "  "))
		}
	}
	return measure(lines, l.minPx, false)
}
