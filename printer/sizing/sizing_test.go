package sizing

import (
	"math"
	"testing"

	"github.com/tableref/tableref/rules"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// The design notes' figures for a Camera Module 3 at 1 m: about 5 px per
// module under the lens for a 30 mm version-1 code at full resolution, and
// half that in the 2304-pixel mode.
func TestCameraModule3AtOneMetre(t *testing.T) {
	c := Default
	module := 30.0 / 21
	centre := module / c.CentreMMPerPx()
	if !near(centre, 5.07, 0.05) {
		t.Errorf("centre: %.3f px/module, want about 5.07", centre)
	}
	half := c
	half.WidthPx = 2304
	if got := module / half.CentreMMPerPx(); !near(got, centre/2, 1e-9) {
		t.Errorf("half resolution: %.3f px/module, want %.3f", got, centre/2)
	}
	// Corner: 16:9 sensor, half-diagonal 2643 px, focal 3548 px → 36.7°.
	if a := c.CornerAngleDeg(); !near(a, 36.69, 0.05) {
		t.Errorf("corner angle %.2f°, want 36.69°", a)
	}
	corner := c.PxPerModule(module)
	if !near(corner, centre*math.Cos(36.69*math.Pi/180), 0.01) {
		t.Errorf("corner: %.3f px/module, want centre × cos(corner angle)", corner)
	}
	if !c.CheckModule(module).OK {
		t.Errorf("30 mm version-1 code should pass at 1 m: %.2f px/module", corner)
	}
}

func TestMinModuleIsTheThreshold(t *testing.T) {
	for _, c := range []Camera{Default, {WidthPx: 1920, HFOVDeg: 78, Aspect: 16.0 / 9, HeightCm: 80}, {WidthPx: 4056, HFOVDeg: 50, Aspect: 4.0 / 3, HeightCm: 120}} {
		m := c.MinModuleMM()
		if got := c.PxPerModule(m); !near(got, MinPxPerModule, 1e-9) {
			t.Errorf("%+v: min module %.3f mm gives %.3f px", c, m, got)
		}
		if !c.CheckModule(m).OK || c.CheckModule(m*0.99).OK {
			t.Errorf("%+v: the check does not switch at the minimum module", c)
		}
		if c.Warning("cards", m*0.9) == "" || c.Warning("cards", m) != "" {
			t.Errorf("%+v: warning does not follow the check", c)
		}
	}
}

// Higher cameras, narrower resolutions and wider lenses all need bigger
// modules.
func TestMonotonic(t *testing.T) {
	base := Default.MinModuleMM()
	higher, fewer, wider := Default, Default, Default
	higher.HeightCm = 150
	fewer.WidthPx = 2304
	wider.HFOVDeg = 102
	for name, c := range map[string]Camera{"higher": higher, "fewer pixels": fewer, "wider": wider} {
		if c.MinModuleMM() <= base {
			t.Errorf("%s: min module %.3f mm not above %.3f", name, c.MinModuleMM(), base)
		}
	}
	if got := higher.MinModuleMM() / base; !near(got, 1.5, 1e-9) {
		t.Errorf("1.5× height: module ×%.3f, want ×1.5", got)
	}
}

func TestModules(t *testing.T) {
	for v, want := range map[int][2]int{1: {21, 29}, 2: {25, 33}} {
		s, q := Modules(v)
		if s != want[0] || q != want[1] {
			t.Errorf("version %d: %d/%d modules, want %v", v, s, q, want)
		}
	}
}

func TestValidate(t *testing.T) {
	if err := Default.Validate(); err != nil {
		t.Fatal(err)
	}
	bad := []Camera{{}, {WidthPx: 100, HFOVDeg: 200, Aspect: 1, HeightCm: 1}, {WidthPx: 100, HFOVDeg: 60, Aspect: 0, HeightCm: 1}, {WidthPx: 100, HFOVDeg: 60, Aspect: 1, HeightCm: -3}}
	for _, c := range bad {
		if c.Validate() == nil {
			t.Errorf("%+v accepted", c)
		}
	}
}

// The module the printer uses by default and the scanner assumes
// (rules.CardModuleMM, rules.StickerModuleMM) is the default camera's
// smallest module rounded up to 0.1 mm: a change of the default camera
// must change them too.
func TestSharedModulesFollowTheDefaultCamera(t *testing.T) {
	want := Default.PrintModuleMM()
	for name, got := range map[string]float64{"rules.CardModuleMM": rules.CardModuleMM, "rules.StickerModuleMM": rules.StickerModuleMM} {
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %g mm, but the default camera needs %.3f mm: round up to %g", name, got, Default.MinModuleMM(), want)
		}
		if !Default.CheckModule(got).OK {
			t.Errorf("%s = %g mm fails the default camera's check", name, got)
		}
	}
}
