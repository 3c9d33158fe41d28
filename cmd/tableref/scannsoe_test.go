package main

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/scanner/scenes"
)

// TestScanNSOEWithoutGrid: a one-photo scan of a Nord Sud Ovest Est board
// with no calibrated grid fits the board to the cards (every pair judged,
// exit 0), and says so and exits non-zero when the cards span more than
// the board the options name, instead of dropping every verdict.
func TestScanNSOEWithoutGrid(t *testing.T) {
	dir := t.TempDir()
	g, err := scenes.NSOEBoard(scenes.Lights()[2].Options, 7, 9)
	if err != nil {
		t.Fatal(err)
	}
	cal := calFile(t, dir, &calibration.File{Format: calibration.Format, Plane: g.Cal.Plane})
	photo := photoFile(t, dir, "nsoe", g.Scene)
	code, out, errOut := run(t, "scan", "--game", "nsoe", "--option", "boardRows=7", "--option", "centreRow=3", "--calibration", cal, photo)
	if code != 0 || !strings.Contains(out, "14 cards read") || !strings.Contains(out, "pairs judged: ") || strings.Contains(out, "off the") {
		t.Errorf("7×9 board: status %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = run(t, "scan", "--game", "nsoe", "--option", "boardRows=5", "--option", "centreRow=2", "--calibration", cal, photo)
	if code == 0 || !strings.Contains(out, "which no 5×9 board holds") {
		t.Errorf("cards beyond a 5×9 board: status %d\n%s%s", code, out, errOut)
	}
}
