package sizing_test

import (
	"fmt"

	"github.com/tableref/tableref/printer/sizing"
)

// How big must the printed codes be for a camera? The far corner of the
// image is the worst place on the table, so the module is sized for it.
func ExampleCamera_PrintModuleMM() {
	cam := sizing.Camera{WidthPx: 4608, HFOVDeg: 66, Aspect: 16.0 / 9, HeightCm: 80}
	w, d := cam.View()
	fmt.Printf("view %.0f × %.0f mm\n", w, d)
	fmt.Printf("print modules of %.1f mm\n", cam.PrintModuleMM())
	// Cards printed with 1.5 mm modules (tableref's size before its reader
	// learnt small codes): fine at 80 cm, too small at 2 m.
	for _, h := range []float64{80, 200} {
		cam.HeightCm = h
		c := cam.CheckModule(1.5)
		fmt.Printf("%.0f cm: %.1f px per module, ok: %v\n", h, c.PxPerModule, c.OK)
	}
	// Output:
	// view 1039 × 584 mm
	// print modules of 0.7 mm
	// 80 cm: 5.3 px per module, ok: true
	// 200 cm: 2.1 px per module, ok: false
}
