// Package reach says whether the camera, as the table is calibrated, sees
// the game's codes finely enough to read them: the module size in pixels
// at the far edge of the calibrated table, for the frame size the camera
// gives and the smallest modules of the game's decks (stickers included),
// with the camera height or resolution that would work. `tableref doctor`
// checks it on the configuration.
//
// `tableref run` predicts it on the first frame but does not say a
// prediction alone: the far-corner figure is a worst case (a card at the
// very corner, the smallest code any deck of the game could have, a lens
// model), and games whose every card was read were told "Camera too weak"
// (issue 29). The warning is said only when the codes read on the table in
// play confirm it (Result.Confirmed): the prediction is under
// sizing.MinPxPerModule and a code read measures under ReadPxPerModule,
// the reader's own limit, so the codes the camera sees worst are being
// lost. Every read is judged, not only the first: codes shrink towards
// the coarse edge and pass the 1.8–2 px the reader still reads before
// they are lost, so a camera that loses the far cards is told as they
// are laid. No code read at all proves nothing and says nothing.
package reach

import (
	"log/slog"

	"fmt"
	"github.com/tableref/tableref/vision/camera"
	"math"
	"sort"
	"strings"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/printer/sizing"
	"github.com/tableref/tableref/rules"
)

// Result is the check of one camera and calibration for a game's decks.
type Result struct {
	Width, Height int     // the frames it is for
	Where         string  // where the view is coarsest ("top edge of the view")
	HeightCm      float64 // the camera's height over that part of the table, for a sizing.Default lens
	Deck          string  // the deck (or stickers) with the smallest modules
	ModuleMM      float64 // their module
	PxPerModule   float64 // what the camera gives them there (printer/sizing's far-corner figure)
	// NeedHeightCm and NeedWidthPx are what would give MinPxPerModule:
	// the camera at most this high, or frames at least this wide.
	NeedHeightCm float64
	NeedWidthPx  int
}

// OK reports whether the codes get sizing.MinPxPerModule pixels per module
// where the camera sees them worst.
func (r Result) OK() bool { return r.PxPerModule >= sizing.MinPxPerModule-1e-9 }

// ReadPxPerModule is the module size below which the reader starts to miss
// codes: vision/qr, with the game's codebook, reads ≥ 99 % at 2.0 px per
// module and falls off under 1.8, so a code read finer than 1.9 px is at
// the edge and its like further out are lost.
const ReadPxPerModule = 1.9

// Confirmed judges the prediction by the codes actually read (their
// measured module sizes, qr.Code.ModulePx): the camera is too weak for the
// table in play when the prediction says so and some code read measures
// under ReadPxPerModule. Codes all read coarser than that show the reader
// reads this table, whatever the far corner would give; no code read says
// nothing either way. finest is the smallest module read (0 for none).
func (r Result) Confirmed(modulePx []float64) (finest float64, weak bool) {
	for _, px := range modulePx {
		if px > 0 && (finest == 0 || px < finest) {
			finest = px
		}
	}
	return finest, !r.OK() && finest > 0 && finest < ReadPxPerModule
}

// deckModules are the module sizes a game's codes come in: the deck's own
// codes (printed cards: version 1, 21 modules; Strange World's stickers:
// version 2, 25 modules), as calibrated, and the stickers for the boxed
// game (version 2).
func deckModules(cal *calibration.File, code string) map[string]float64 {
	out := map[string]float64{}
	d := cal.DeckOf(code)
	deck, _ := rules.LookupDeck(code)
	if deck != nil && deck.Game == "strangeworld" {
		out[code+" stickers"] = d.Code / 25
		return out
	}
	out[code+" cards"] = d.Code / 21
	out[code+" stickers"] = rules.StickerModuleMM
	return out
}

// Check judges frames of w×h pixels of the calibrated table for the decks
// (deck codes, e.g. a mode's rules.Mode.Decks).
func Check(cal *calibration.File, w, h int, decks []string) (Result, error) {
	if cal == nil || cal.Plane == nil {
		return Result{}, fmt.Errorf("%w: no table calibration (tableref calibrate table PHOTO)", calibration.ErrMissing)
	}
	mmPerPx, where, err := cal.Plane.FarEdge(w, h)
	if err != nil {
		return Result{}, err
	}
	r := Result{Width: w, Height: h, Where: where, ModuleMM: math.Inf(1)}
	for _, code := range decks {
		mods := deckModules(cal, code)
		for _, name := range sortedKeys(mods) {
			if mods[name] < r.ModuleMM {
				r.Deck, r.ModuleMM = name, mods[name]
			}
		}
	}
	if r.Deck == "" {
		return Result{}, fmt.Errorf("no decks to check")
	}
	// The calibrated scale at the far edge is that of a camera this high
	// looking straight down with the sizing model's lens; sizing then
	// adds what a real lens loses towards its corners, the figure
	// 'tableref print size' prints for.
	cam := sizing.Default
	cam.WidthPx, cam.Aspect = w, float64(w)/float64(h)
	cam.HeightCm = mmPerPx * cam.FocalPx() / 10
	r.HeightCm = cam.HeightCm
	r.PxPerModule = cam.PxPerModule(r.ModuleMM)
	ratio := r.PxPerModule / sizing.MinPxPerModule
	r.NeedHeightCm = math.Floor(r.HeightCm * ratio)
	r.NeedWidthPx = int(math.Ceil(float64(w) / ratio))
	return r, nil
}

func sortedKeys(m map[string]float64) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Text says the result in full: what the camera gives, what the reader
// needs, and what would work.
func (r Result) Text() string {
	head := fmt.Sprintf("at %d×%d the codes at the %s (%s: %.2f mm modules) get %.1f px per module",
		r.Width, r.Height, r.Where, r.Deck, r.ModuleMM, r.PxPerModule)
	if r.OK() {
		return head + fmt.Sprintf(" (%g needed)", sizing.MinPxPerModule)
	}
	return head + fmt.Sprintf("; the reader needs %g: lower the camera to %.0f cm above the table (it is about %.0f cm, judging by the calibration and a %g° lens), or give it frames at least %d px wide; or print larger codes ('tableref print size')",
		sizing.MinPxPerModule, r.NeedHeightCm, r.HeightCm, sizing.Default.HFOVDeg, r.NeedWidthPx)
}

// Short says it on a 16×2 display.
func (r Result) Short() [2]string {
	return rules.Say("Camera too weak", strings.TrimSpace(fmt.Sprintf("%.1f px/module", r.PxPerModule)))
}

// Mode is a camera mode: the frame size the camera delivers and the rate
// tableref asks for.
type Mode struct {
	Width, Height, FPS int
}

func (m Mode) String() string { return fmt.Sprintf("%d×%d", m.Width, m.Height) }

// PiModes are the Raspberry Pi Camera Module 3's modes tableref uses,
// lightest first: 2304×1296 (the sensor binned 2×2, up to 56 fps; a
// quarter of the pixels to read) and the full 4608×2592 (12 MP, up to 14
// fps).
var PiModes = []Mode{{Width: 2304, Height: 1296, FPS: 15}, {Width: 4608, Height: 2592, FPS: 10}}

// Lightest picks the lightest of modes (lightest first) whose frames give
// the game's codes MinPxPerModule where the calibrated table is seen
// worst, with the check for it; when none does, the last (finest) mode
// and its failing check.
func Lightest(cal *calibration.File, decks []string, modes []Mode) (Mode, Result, error) {
	if len(modes) == 0 {
		return Mode{}, Result{}, fmt.Errorf("no camera modes to choose from")
	}
	var r Result
	var err error
	for _, m := range modes {
		if r, err = Check(cal, m.Width, m.Height, decks); err != nil {
			return Mode{}, Result{}, err
		}
		if r.OK() {
			return m, r, nil
		}
	}
	return modes[len(modes)-1], r, nil
}

// PiSpec is the camera to open for the source "pi" or "rpicam" (without a
// size) on the calibrated table: the lightest of PiModes whose frames give
// the decks' codes sizing.MinPxPerModule (2304×1296, a quarter of the
// pixels to read, when it does), else the full 12 MP. Any other source, or
// no calibration (nothing says how the table is seen), gives false: the
// source's own default stays.
func PiSpec(source string, cal *calibration.File, decks []string) (camera.Spec, bool) {
	src := strings.TrimSpace(source)
	if (src != "pi" && src != "rpicam") || cal == nil || cal.Plane == nil {
		return camera.Spec{}, false
	}
	mode, r, err := Lightest(cal, decks, PiModes)
	if err != nil {
		slog.Warn("camera mode: cannot judge the table; keeping the default", "err", err)
		return camera.Spec{}, false
	}
	slog.Info("camera mode "+mode.String(), "why", r.Text())
	if src == "rpicam" {
		return camera.Spec{Kind: camera.KindRpicam, Width: mode.Width, Height: mode.Height, FPS: mode.FPS}, true
	}
	return camera.Spec{Kind: camera.KindGStreamer, Target: camera.PiPipeline(mode.Width, mode.Height, mode.FPS)}, true
}
