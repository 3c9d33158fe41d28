package calibrate

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/vision/geom"
)

// A board turned a quarter on the table (as `print size --board` may
// advise, to fit the camera's frame) is described by --grid's TURN: its
// own first cell, its NW corner, then lies at the table's NE, and a card
// there is row 0, column 0 (issue 29: --grid could not describe it).
func TestGridOfATurnedBoard(t *testing.T) {
	// A 9×9 board over the table area x −300…300, y −420…420 (mm).
	cellAt := func(spec string, x, y float64) (int, int) {
		t.Helper()
		g, err := parseGrid(spec)
		if err != nil {
			t.Fatalf("--grid %s: %v", spec, err)
		}
		r, c, ok := g.Cell(geom.Pt{X: x, Y: y})
		if !ok {
			t.Fatalf("--grid %s: (%v,%v) is off the grid", spec, x, y)
		}
		return int(r), int(c)
	}
	nearNE, nearSW := [2]float64{290, -410}, [2]float64{-290, 410}
	for _, tc := range []struct {
		spec     string
		at       [2]float64
		row, col int
	}{
		{"board:9x9:-300,-420,300,420", nearNE, 0, 8},
		{"board:9x9:-300,-420,300,420:90", nearNE, 0, 0},
		{"board:9x9:-300,-420,300,420:180", [2]float64{290, 410}, 0, 0},
		{"board:9x9:-300,-420,300,420:180", nearSW, 0, 8},
		{"board:9x9:-300,-420,300,420:270", nearSW, 0, 0},
		{"board:9x9:-300,-420,300,420:270", nearNE, 8, 8},
		{"board:p2:6x6:0,0,180,180:90", [2]float64{175, 5}, 0, 0},
	} {
		if r, c := cellAt(tc.spec, tc.at[0], tc.at[1]); r != tc.row || c != tc.col {
			t.Errorf("--grid %s: (%v,%v) in row %d column %d, want %d, %d", tc.spec, tc.at[0], tc.at[1], r, c, tc.row, tc.col)
		}
	}
	if g, err := parseGrid("board:p2:6x6:0,0,180,180:90"); err != nil || g.Zone != "board:p2" {
		t.Errorf("a player's board turned: zone %q, %v", g.Zone, err)
	}
	if _, err := parseGrid("board:9x9:-300,-420,300,420:45"); err == nil || !strings.Contains(err.Error(), "TURN") {
		t.Errorf("a turn of 45°: %v", err)
	}
}
