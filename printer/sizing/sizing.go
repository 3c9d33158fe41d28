// Package sizing says how big QR codes must be printed for a camera above
// the table to read them: a code needs at least MinPxPerModule pixels per
// module where the camera sees it worst, at the far corner of its view.
package sizing

import (
	"fmt"
	"math"
)

// MinPxPerModule is what the reader needs to read reliably at the far
// corner of the view. The reader, given the codebook of the game in play,
// reads ≥ 99 % of codes at 2.0 px a module and ≥ 90 % at 1.8 through a
// colour sensor with blur, noise and JPEG (docs/vision.md, "Small codes");
// 2.2 leaves a tenth for a softer lens corner or a camera a little
// higher. The default camera then prints 0.8 mm modules: a card's code of
// 16.8 mm, a sticker's of 20 mm (it was 4.0 px: 31.5 and 37.5 mm, when
// only error correction read the codes).
const MinPxPerModule = 2.2

// Camera is a camera looking straight down on the table.
type Camera struct {
	WidthPx  int     // horizontal resolution used for reading (4608 for a Camera Module 3 at full resolution)
	HFOVDeg  float64 // horizontal field of view in degrees (66 for a Camera Module 3)
	Aspect   float64 // sensor width / height (16/9 for a Camera Module 3)
	HeightCm float64 // lens height above the table
}

// Default is a Raspberry Pi Camera Module 3 at full resolution, 1 m above
// the table: the setup docs/hardware describes.
var Default = Camera{WidthPx: 4608, HFOVDeg: 66, Aspect: 16.0 / 9, HeightCm: 100}

// Validate rejects cameras the model cannot describe.
func (c Camera) Validate() error {
	switch {
	case c.WidthPx <= 0:
		return fmt.Errorf("camera width %d px: must be positive", c.WidthPx)
	case !(c.HFOVDeg > 0 && c.HFOVDeg < 180):
		return fmt.Errorf("horizontal field of view %g°: want between 0 and 180", c.HFOVDeg)
	case !(c.Aspect > 0):
		return fmt.Errorf("aspect ratio %g: must be positive", c.Aspect)
	case !(c.HeightCm > 0):
		return fmt.Errorf("camera height %g cm: must be positive", c.HeightCm)
	}
	return nil
}

// FocalPx is the focal length in pixels of an ideal rectilinear lens.
func (c Camera) FocalPx() float64 {
	return float64(c.WidthPx) / 2 / math.Tan(c.HFOVDeg/2*math.Pi/180)
}

// CornerAngleDeg is the off-axis angle of the image corner: half the
// diagonal field of view.
func (c Camera) CornerAngleDeg() float64 {
	halfW := float64(c.WidthPx) / 2
	halfDiag := math.Hypot(halfW, halfW/c.Aspect)
	return math.Atan(halfDiag/c.FocalPx()) * 180 / math.Pi
}

// CornerMMPerPx is the size on the table of one pixel at the far corner.
// It takes the slant distance to the corner (height / cos θ) with the
// pixel's angular size at the centre. For an ideal lens square above a flat
// table the corner would be no worse than the centre; real wide lenses
// (distortion, softer corners) and a camera a few degrees off vertical
// are, so this deliberately pessimistic figure is the one to print for.
func (c Camera) CornerMMPerPx() float64 {
	theta := c.CornerAngleDeg() * math.Pi / 180
	slant := c.HeightCm * 10 / math.Cos(theta)
	return slant / c.FocalPx()
}

// CentreMMPerPx is the size on the table of one pixel under the lens.
func (c Camera) CentreMMPerPx() float64 { return c.HeightCm * 10 / c.FocalPx() }

// PxPerModule is how many pixels one printed module of moduleMM spans at
// the far corner.
func (c Camera) PxPerModule(moduleMM float64) float64 { return moduleMM / c.CornerMMPerPx() }

// MinModuleMM is the smallest module that still gets MinPxPerModule pixels
// at the far corner.
func (c Camera) MinModuleMM() float64 { return MinPxPerModule * c.CornerMMPerPx() }

// MaxHeightCm is the highest the camera may hang over the table and still
// give modules of moduleMM MinPxPerModule at the far corner.
func (c Camera) MaxHeightCm(moduleMM float64) float64 {
	return c.HeightCm * c.PxPerModule(moduleMM) / MinPxPerModule
}

// PiModeWidths are the frame widths of the Raspberry Pi Camera Module 3's
// modes tableref uses, lightest first: 2304 (2304×1296, binned, up to 56
// fps) and 4608 (4608×2592, 12 MP, up to 14 fps).
var PiModeWidths = []int{2304, 4608}

// Modules is the side of a QR symbol of the given version, without and
// with the 4-module quiet zone on each side.
func Modules(version int) (symbol, withQuiet int) {
	n := 17 + 4*version
	return n, n + 8
}

// Check is the verdict on one printed code size.
type Check struct {
	ModuleMM    float64 // printed module size
	PxPerModule float64 // at the far corner
	OK          bool    // PxPerModule ≥ MinPxPerModule
}

// CheckModule judges a module size for camera c.
func (c Camera) CheckModule(moduleMM float64) Check {
	px := c.PxPerModule(moduleMM)
	// A tiny tolerance so a size printed from MinModuleMM itself passes.
	return Check{ModuleMM: moduleMM, PxPerModule: px, OK: px >= MinPxPerModule-1e-9}
}

// Warning is the one-line message print commands show when their codes are
// too small for camera c, or "" when they are fine.
func (c Camera) Warning(what string, moduleMM float64) string {
	ch := c.CheckModule(moduleMM)
	if ch.OK {
		return ""
	}
	return fmt.Sprintf("warning: %s: %.2f mm modules give %.1f px per module at the far corner of a %d px, %g° camera %g cm above the table; %g needs modules of at least %.2f mm (see 'tableref print size')",
		what, moduleMM, ch.PxPerModule, c.WidthPx, c.HFOVDeg, c.HeightCm, MinPxPerModule, c.MinModuleMM())
}

// PrintModuleMM is the module tableref prints cards and stickers with for
// camera c: its MinModuleMM rounded up to 0.1 mm, the smallest size that
// passes the check, leaving the rest of the face to the game's art.
func (c Camera) PrintModuleMM() float64 { return math.Ceil(c.MinModuleMM()*10-1e-9) / 10 }
