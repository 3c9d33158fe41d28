package sizing

import "testing"

// TestBoardInView: the default camera at 1 m sees 1299 × 731 mm, so
// Nord Sud Ovest Est's 9×9 board of poker cards (572 × 800 mm) is out of
// view as it lies, in view turned a quarter, and in view as it lies from
// 118 cm.
func TestBoardInView(t *testing.T) {
	w, d := Default.View()
	if !near(w, 1299, 1) || !near(d, 731, 1) {
		t.Errorf("view %.0f × %.0f mm, want 1299 × 731", w, d)
	}
	f := Default.FitLayout(9*63.5, 9*88.9)
	if f.AsItLies || !f.Turned || !near(f.HeightCm, 117.7, 0.5) || f.HFOVDeg < 70 || f.HFOVDeg > 80 {
		t.Errorf("9×9 board: %+v", f)
	}
	up := Default
	up.HeightCm = f.HeightCm + 0.1
	if !up.FitLayout(9*63.5, 9*88.9).AsItLies {
		t.Errorf("at %.1f cm the board is still out of view", up.HeightCm)
	}
}
