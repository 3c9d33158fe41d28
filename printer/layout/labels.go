package layout

import (
	"fmt"
	"strings"

	"github.com/tableref/tableref/printer/draw"
)

// Labels is a sheet of self-adhesive labels: Cols×Rows labels of W×H mm,
// the first one's top-left corner at (Left, Top), repeated every PitchX
// and PitchY.
type Labels struct {
	Name           string
	Paper          Paper
	Cols, Rows     int
	W, H           float64
	Left, Top      float64
	PitchX, PitchY float64
	Radius         float64 // corner rounding of the die cut, for previews
	// Plain is a grid cut by hand from a full sheet of sticker paper: its
	// cut lines are printed.
	Plain bool
}

// CutGrid is the most labels of w×h mm that fit on the paper inside its
// printable margins, touching (one cut between two), centred: stickers cut
// by hand from a full sheet of sticker paper, no bigger than they need be.
func CutGrid(p Paper, w, h float64) (Labels, error) {
	cols := int((p.W - 2*MinMargin + 1e-9) / w)
	rows := int((p.H - 2*MinMargin + 1e-9) / h)
	if cols < 1 || rows < 1 {
		return Labels{}, fmt.Errorf("a sticker of %.1f×%.1f mm does not fit on %s paper", w, h, p.Name)
	}
	left := (p.W - float64(cols)*w) / 2
	top := (p.H - float64(rows)*h) / 2
	return Labels{Name: fmt.Sprintf("cut grid %dx%d (%.1f×%.1f mm)", cols, rows, w, h), Paper: p, Cols: cols, Rows: rows,
		W: w, H: h, Left: left, Top: top, PitchX: w, PitchY: h, Plain: true}, nil
}

// L7160 is Avery L7160 (A4, 3×7 labels of 63.5×38.1 mm).
var L7160 = Labels{Name: "L7160", Paper: A4, Cols: 3, Rows: 7, W: 63.5, H: 38.1,
	Left: 7.21, Top: 15.15, PitchX: 66.04, PitchY: 38.1, Radius: 3}

// Avery5160 is Avery 5160 (US Letter, 3×10 labels of 2⅝×1 in).
var Avery5160 = Labels{Name: "5160", Paper: Letter, Cols: 3, Rows: 10, W: 66.675, H: 25.4,
	Left: 4.7625, Top: 12.7, PitchX: 69.85, PitchY: 25.4, Radius: 2}

// GridLabels is a plain grid of cols×rows labels (or squares to cut from
// plain sticker paper) centred on the paper with gap mm between them.
func GridLabels(p Paper, cols, rows int, gap float64) (Labels, error) {
	if cols < 1 || rows < 1 {
		return Labels{}, fmt.Errorf("label grid %d×%d: want at least 1×1", cols, rows)
	}
	w := (p.W - 2*MinMargin - float64(cols-1)*gap) / float64(cols)
	h := (p.H - 2*MinMargin - float64(rows-1)*gap) / float64(rows)
	if w < 15 || h < 15 {
		return Labels{}, fmt.Errorf("label grid %d×%d on %s: labels of %.1f×%.1f mm are too small for a code", cols, rows, p.Name, w, h)
	}
	return Labels{Name: fmt.Sprintf("grid %dx%d", cols, rows), Paper: p, Cols: cols, Rows: rows, W: w, H: h,
		Left: MinMargin, Top: MinMargin, PitchX: w + gap, PitchY: h + gap, Plain: true}, nil
}

// ParseLabels reads a sheet name: "l7160", "5160", or "grid:COLSxROWS"
// (on the given paper). The Avery sheets bring their own paper.
func ParseLabels(s string, p Paper) (Labels, error) {
	ls := strings.ToLower(s)
	switch ls {
	case "l7160", "avery-l7160":
		return L7160, nil
	case "5160", "avery-5160":
		return Avery5160, nil
	}
	if spec, ok := strings.CutPrefix(ls, "grid:"); ok {
		var cols, rows int
		if _, err := fmt.Sscanf(spec, "%dx%d", &cols, &rows); err != nil {
			return Labels{}, fmt.Errorf("label sheet %q: want grid:COLSxROWS such as grid:3x6", s)
		}
		return GridLabels(p, cols, rows, 2)
	}
	return Labels{}, fmt.Errorf("label sheet %q: want l7160 (A4), 5160 (Letter) or grid:COLSxROWS", s)
}

// PerSheet is how many labels one sheet holds.
func (l Labels) PerSheet() int { return l.Cols * l.Rows }

// Pos is the top-left corner of label i of a sheet (row by row), moved by
// the printer's offset correction (dx, dy).
func (l Labels) Pos(i int, dx, dy float64) draw.Pt {
	col, row := i%l.Cols, i/l.Cols
	return draw.Pt{X: l.Left + float64(col)*l.PitchX + dx, Y: l.Top + float64(row)*l.PitchY + dy}
}

// Validate checks that every label lies on the paper.
func (l Labels) Validate() error {
	last := l.Pos(l.PerSheet()-1, 0, 0)
	if l.Left < 0 || l.Top < 0 || last.X+l.W > l.Paper.W+1e-6 || last.Y+l.H > l.Paper.H+1e-6 {
		return fmt.Errorf("label sheet %s: labels run off the %s paper", l.Name, l.Paper.Name)
	}
	return nil
}

// Slots places n items on sheets starting at label start (1-based) of the
// first sheet, so a part-used sheet can go through the printer again. It
// returns, for each item, its sheet and its label index on that sheet.
func (l Labels) Slots(n, start int) ([][2]int, error) {
	if start < 1 || start > l.PerSheet() {
		return nil, fmt.Errorf("start at label %d: sheet %s has labels 1 to %d", start, l.Name, l.PerSheet())
	}
	out := make([][2]int, n)
	for i := range out {
		k := start - 1 + i
		out[i] = [2]int{k / l.PerSheet(), k % l.PerSheet()}
	}
	return out, nil
}
