package calibrate

import (
	"math"
	"strings"
	"testing"
)

// FuzzZoneFlags: calibrate zones --grid and --polygon, and --span, read
// anything a user types without panicking; what they accept is finite
// numbers in the shapes asked for.
func FuzzZoneFlags(f *testing.F) {
	for _, s := range []string{"board:9x9:-300,-420,300,420", "board:p2:6x6:0,0,180,180", "offer:-50,-50;50,-50;50,50", "x:0x0:1,2,3,4", "a:1e400,0;0,0", "b:NaN,1;2,3", "::", "z:3x3:1,2,3", "1,2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		finite := func(v ...float64) bool {
			for _, x := range v {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					return false
				}
			}
			return true
		}
		if g, err := parseGrid(s); err == nil {
			for _, c := range g.Corners {
				if !finite(c[0], c[1]) {
					t.Fatalf("--grid %q accepted with corners %v", s, g.Corners)
				}
			}
			if g.Zone == "" && !strings.HasPrefix(s, ":") {
				t.Fatalf("--grid %q accepted without a zone", s)
			}
		}
		if p, err := parsePolygon(s); err == nil {
			if len(p.Points) == 0 {
				t.Fatalf("--polygon %q accepted with no point", s)
			}
			for _, pt := range p.Points {
				if !finite(pt[0], pt[1]) {
					t.Fatalf("--polygon %q accepted with %v", s, pt)
				}
			}
		}
		if v, err := (PlaneOptions{Spans: s}).sheetSpan(); err == nil && (!finite(v[0], v[1]) || v[0] <= 0 || v[1] <= 0) {
			t.Fatalf("--span %q accepted as %v", s, v)
		}
	})
}
