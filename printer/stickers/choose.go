package stickers

import (
	"fmt"

	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/printer/sizing"
)

// Choice is the sheet and code size a sticker print uses.
type Choice struct {
	Sheet  layout.Labels
	Module float64
	// Why says how the sheet was chosen, for the command's summary.
	Why string
	// Warning is set when --force printed codes the camera cannot read.
	Warning string
}

// Request is what the user asked for.
type Request struct {
	Paper layout.Paper
	// Sheet is a sheet name (layout.ParseLabels) or "" to choose one.
	Sheet string
	// Module is the wanted module in mm, 0 for the camera's.
	Module float64
	Camera sizing.Camera
	// Force prints even codes that fail the camera check.
	Force bool
}

// Choose picks the sheet and module: by default the smallest module the
// camera reads (sizing.Camera.PrintModuleMM) on a grid cut from full-sheet
// sticker paper sized for it, or on the paper's Avery sheet when its
// labels hold the code and the grid would not fit more a page. A sheet or module that fails the camera check is
// refused, naming what would pass, unless Force is set.
func Choose(r Request) (Choice, error) {
	if err := r.Camera.Validate(); err != nil {
		return Choice{}, err
	}
	need := r.Camera.PrintModuleMM()
	module := r.Module
	if module <= 0 {
		module = need
	}
	camera := fmt.Sprintf("a %d px, %g° camera %g cm above the table", r.Camera.WidthPx, r.Camera.HFOVDeg, r.Camera.HeightCm)
	check := r.Camera.CheckModule(module)
	var warning string
	if !check.OK {
		msg := fmt.Sprintf("%.2f mm modules give %.1f px per module at the far corner of %s; it needs %.2f mm (--module %.1f)", module, check.PxPerModule, camera, r.Camera.MinModuleMM(), need)
		if !r.Force {
			return Choice{}, fmt.Errorf("%s, or --force to print them anyway", msg)
		}
		warning = "warning: " + msg
	}
	grid := func() (Choice, error) {
		w, h := Size(module)
		l, err := layout.CutGrid(r.Paper, w, h)
		if err != nil {
			return Choice{}, err
		}
		return Choice{Sheet: l, Module: module, Warning: warning,
			Why: fmt.Sprintf("%.2f mm modules for %s; cut from full-sheet sticker paper along the printed lines", module, camera)}, nil
	}
	if r.Sheet == "" {
		// Stickers as small as their codes, cut from full-sheet sticker
		// paper, unless the paper's Avery sheet holds the codes and as
		// many stickers a page: a sticker bigger than it must be covers
		// more of the card (a flag, a map, the numbers).
		avery := layout.L7160
		if r.Paper == layout.Letter {
			avery = layout.Avery5160
		}
		c, err := grid()
		holds := MaxModule(avery.W, avery.H) >= module-1e-9
		if holds && (err != nil || c.Sheet.PerSheet() <= avery.PerSheet()) {
			return Choice{Sheet: avery, Module: module, Warning: warning, Why: fmt.Sprintf("%.2f mm modules for %s", module, camera)}, nil
		}
		if err == nil {
			if holds {
				c.Why += fmt.Sprintf(" (%d a page, where Avery %s labels give %d bigger ones: --sheet %s for those)", c.Sheet.PerSheet(), avery.Name, avery.PerSheet(), avery.Name)
			} else {
				c.Why += fmt.Sprintf(" (Avery %s labels hold only %.2f mm modules)", avery.Name, MaxModule(avery.W, avery.H))
			}
		}
		return c, err
	}
	if r.Sheet == "cut" {
		return grid()
	}
	l, err := layout.ParseLabels(r.Sheet, r.Paper)
	if err != nil {
		return Choice{}, err
	}
	if max := MaxModule(l.W, l.H); max < module-1e-9 {
		w, h := Size(module)
		alt, _ := layout.CutGrid(r.Paper, w, h)
		msg := fmt.Sprintf("sheet %s: its %.1f×%.1f mm labels hold codes of at most %.2f mm modules (%.1f px per module at the far corner of %s, %g needed); use --sheet cut (%d stickers of %.1f×%.1f mm per %s page) or no --sheet",
			l.Name, l.W, l.H, max, r.Camera.PxPerModule(max), camera, sizing.MinPxPerModule, alt.PerSheet(), w, h, r.Paper.Name)
		if !r.Force {
			return Choice{}, fmt.Errorf("%s, or --force to print it anyway", msg)
		}
		return Choice{Sheet: l, Module: max, Warning: "warning: " + msg, Why: "forced"}, nil
	}
	return Choice{Sheet: l, Module: module, Warning: warning, Why: fmt.Sprintf("%.2f mm modules for %s", module, camera)}, nil
}
