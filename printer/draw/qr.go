package draw

import "github.com/tableref/tableref/printer/qrpath"

// QR draws g as one filled path with its top-left module corner at (x, y)
// and modules of size module mm. The quiet zone is left to the caller's
// layout but painted white here, so a code on a coloured card still reads.
func QR(c Canvas, g *qrpath.Grid, x, y, module float64) {
	q := float64(qrpath.QuietZone) * module
	side := float64(g.N) * module
	c.Fill(Rect(x-q, y-q, side+2*q, side+2*q), White)
	var p Path
	for _, loop := range g.Outline() {
		poly := make([]Pt, len(loop))
		for i, pt := range loop {
			poly[i] = Pt{x + float64(pt.X)*module, y + float64(pt.Y)*module}
		}
		p = append(p, poly)
	}
	c.Fill(p, Black)
}
