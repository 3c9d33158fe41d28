// Package markers prints the non-card codes: the calibration sheet, player
// markers, Shake That City's city-board corners and the shaker mat.
package markers

import (
	"fmt"
	"io"

	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/printer/pdf"
	"github.com/tableref/tableref/printer/qrpath"
	"github.com/tableref/tableref/rules"
)

// Kinds of marker sheets.
const (
	Calibration = "calibration"
	Players     = "players"
	Boards      = "boards"
	Shaker      = "shaker"
)

// Kinds lists the sheets in the order "all" prints them.
var Kinds = []string{Calibration, Players, Boards, Shaker}

// Options for marker sheets.
type Options struct {
	Paper   layout.Paper
	Module  float64 // QR module size in mm
	Players int     // how many player markers and city boards (1–6; boards 1–4)
}

// DefaultModule matches the cards' codes.
const DefaultModule = 1.6

// Write prints the sheets of the given kinds into one PDF.
func Write(kinds []string, opt Options, w io.Writer) (pages int, err error) {
	if opt.Module <= 0 {
		opt.Module = DefaultModule
	}
	doc := pdf.New(opt.Paper.W, opt.Paper.H, "tableref markers")
	for _, k := range kinds {
		switch k {
		case Calibration:
			err = calibration(doc, opt)
		case Players:
			err = players(doc, opt)
		case Boards:
			err = boards(doc, opt)
		case Shaker:
			err = shaker(doc, opt)
		default:
			err = fmt.Errorf("marker sheet %q: want one of %v or all", k, Kinds)
		}
		if err != nil {
			return 0, err
		}
	}
	if err := doc.Write(w); err != nil {
		return 0, err
	}
	return doc.Pages(), nil
}

// Payloads lists what the given sheets print, for tests and the command's
// summary.
func Payloads(kinds []string, opt Options) []string {
	var out []string
	add := func(m rules.Marker) { out = append(out, rules.MarkerPayload(m).String()) }
	for _, k := range kinds {
		switch k {
		case Calibration:
			for _, c := range corners {
				add(rules.Marker{Type: rules.MarkerCalibration, Corner: c})
			}
		case Players:
			for p := 1; p <= opt.Players; p++ {
				add(rules.Marker{Type: rules.MarkerPlayer, Player: p})
			}
		case Boards:
			for p := 1; p <= min(opt.Players, 4); p++ {
				for _, c := range corners {
					add(rules.Marker{Type: rules.MarkerBoard, Player: p, Corner: c})
				}
			}
		case Shaker:
			for _, c := range corners {
				add(rules.Marker{Type: rules.MarkerShaker, Corner: c})
			}
		}
	}
	return out
}

var corners = []rules.Corner{rules.NW, rules.NE, rules.SE, rules.SW}

// code draws m's code with its top-left symbol corner at (x, y) and
// returns the symbol's side.
func code(c draw.Canvas, m rules.Marker, x, y, module float64) (float64, error) {
	g, err := qrpath.Encode(rules.MarkerPayload(m).String(), qrpath.Q)
	if err != nil {
		return 0, err
	}
	draw.QR(c, g, x, y, module)
	return float64(g.N) * module, nil
}

// withQuiet is the side of a version-1 code with its quiet zone.
func withQuiet(module float64) float64 { return float64(21+2*qrpath.QuietZone) * module }

func heading(c draw.Canvas, p layout.Paper, title, note string) {
	c.Text(p.W/2, layout.MinMargin+8, draw.Bold, 12, draw.Center, title, draw.Black)
	c.Text(p.W/2, layout.MinMargin+13, draw.Regular, draw.Fit(draw.Regular, 8, 5, p.W-20, note), draw.Center, note, draw.Grey)
}
