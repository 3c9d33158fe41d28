package scanner

import (
	"context"
	"fmt"
	"image/color"
	"math"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/scanner/colourgrid"
	"github.com/tableref/tableref/vision/geom"
)

// ShowCalibration draws a calibration over a photo (`tableref calibrate
// show`): the table plane as a 100 mm grid with its origin and north, the
// stored player markers, the zone polygons and fixed grids, every mat and
// board in view with what each cell reads as now, and the codes. The
// caller closes the result.
func (s *Scanner) ShowCalibration(ctx context.Context, frame gocv.Mat) (gocv.Mat, error) {
	res, err := s.opt.Reader.Read(ctx, frame)
	if err != nil {
		return gocv.NewMat(), err
	}
	sc := &Scan{Foreign: res.Foreign}
	if err := s.plane(sc.withSize(frame), res); err != nil {
		return gocv.NewMat(), err
	}
	for _, c := range res.Codes {
		sc.Codes = append(sc.Codes, Code{Tableref: c, At: sc.ToTable.Apply(c.Centre())})
	}
	cells, probs, err := s.MatCells(frame, res.Codes)
	if err != nil {
		return gocv.NewMat(), err
	}
	sc.Colours, sc.Problems = cells, probs
	mats, _ := colourgrid.Find(res.Codes, s.cal)
	for _, m := range mats {
		sc.Regions = append(sc.Regions, Region{Zone: m.Zone, Quad: m.GridQuad()})
	}
	title := []string{fmt.Sprintf("table plane: %s", sc.Plane)}
	if t := s.cal.Plane; t != nil {
		title[0] = fmt.Sprintf("table plane from the %s (%d codes, %.2f mm rms); grid every 100 mm", t.Source, t.Codes, t.RMSMM)
	}
	out, err := Annotate(frame, sc, Notes{Title: title})
	if err != nil {
		return out, err
	}
	d := drawer{m: &out, scale: math.Max(0.5, float64(frame.Cols())/1800)}
	toImg, ok := sc.ToTable.Inverse()
	if !ok || sc.Plane == PlaneNone {
		return out, nil
	}
	d.tableGrid(toImg, frame.Cols(), frame.Rows())
	if z := s.cal.Zones; z != nil {
		for _, m := range z.Players {
			at := toImg.Apply(geom.Pt{X: m.At[0], Y: m.At[1]})
			d.label(at, fmt.Sprintf("P%d", m.Player), inkMarker, 1.2)
		}
		for _, pg := range z.Polygons {
			for i := range pg.Points {
				a, b := pg.Points[i], pg.Points[(i+1)%len(pg.Points)]
				d.segment(toImg.Apply(geom.Pt{X: a[0], Y: a[1]}), toImg.Apply(geom.Pt{X: b[0], Y: b[1]}), inkCard)
			}
			d.label(toImg.Apply(geom.Pt{X: pg.Points[0][0], Y: pg.Points[0][1]}), pg.Zone, inkCard, 1)
		}
		for _, g := range z.Grids {
			for r := 0; r < g.Rows; r++ {
				for c := 0; c < g.Cols; c++ {
					d.quad(toImg.ApplyQuad(g.CellQuad(r, c)), inkCard, 1)
				}
			}
			d.label(toImg.ApplyQuad(g.CellQuad(0, 0)).Centre(), g.Zone, inkCard, 1)
		}
	}
	return out, nil
}

func (sc *Scan) withSize(frame gocv.Mat) *Scan {
	sc.Size.X, sc.Size.Y = frame.Cols(), frame.Rows()
	return sc
}

// tableGrid draws table-mm lines every 100 mm across the frame, the
// origin, and an arrow to table north.
func (d drawer) tableGrid(toImg geom.H, w, h int) {
	in := func(p geom.Pt) bool { return p.X >= 0 && p.Y >= 0 && p.X < float64(w) && p.Y < float64(h) }
	for k := -30; k <= 30; k++ {
		v := float64(k) * 100
		for t := -3000.0; t < 3000; t += 25 {
			for _, seg := range [2][2]geom.Pt{{{X: v, Y: t}, {X: v, Y: t + 25}}, {{X: t, Y: v}, {X: t + 25, Y: v}}} {
				a, b := toImg.Apply(seg[0]), toImg.Apply(seg[1])
				if in(a) && in(b) {
					d.segment(a, b, inkGrid)
				}
			}
		}
	}
	o := toImg.Apply(geom.Pt{})
	if in(o) {
		d.segment(o, toImg.Apply(geom.Pt{Y: -150}), inkMarker)
		d.label(toImg.Apply(geom.Pt{Y: -175}), "N", inkMarker, 1.2)
		d.label(o, "0,0", inkMarker, 0.8)
	}
}

func (d drawer) segment(a, b geom.Pt, ink color.RGBA) {
	gocv.Line(d.m, ipt(a), ipt(b), ink, max(1, int(d.scale)))
}
