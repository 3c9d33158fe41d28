// Package demo makes the bundled camera recording of `make demo`: it takes
// a recorded game (a replay: the stable table after every move) and renders
// the camera's view of it with vision/synth, frame by frame, with a hand
// reaching in for every move. The daemon then plays the folder of frames
// as its camera: vision, scanner, referee, display and status page run as
// at a table.
//
// Rendering is deterministic (fixed seeds), so the recording is made once
// into a cache folder keyed by the replay's content and the generator's
// version, instead of being committed.
package demo

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/tableref/tableref/printer/sizing"
	"github.com/tableref/tableref/vision/imagefile"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/synth"
)

// Version changes whenever the frames would come out differently, so a
// cached recording of an older generator is made again.
const Version = 2

// Options shape the recording. Zero fields take the defaults.
type Options struct {
	Width, Height int     // frame size (default: 2304×1296, or the smallest 16:9 frame above it that reads the table)
	FPS           float64 // the pace the frames are meant for (default 8)
	Still         float64 // seconds the table stays still after each move (default 2.5)
	HandFrames    int     // frames of the hand reaching in, and again out (default 3)
	// MinModulePx is the smallest module, in pixels, a sized frame may
	// film the table at (default: the sizing rule, sizing.MinPxPerModule).
	// Only a speed measurement sets it lower: it does not change the
	// frames, so it is not part of Key.
	MinModulePx float64
	// CodeMM is the side of the cards' codes in mm (default
	// rules.CardCodeMM, what print deck prints; 31.5 is print deck
	// --module 1.5, the codes a 1080p webcam needs above a larger table).
	CodeMM float64
}

func (o Options) withDefaults() Options {
	if o.Width == 0 || o.Height == 0 {
		o.Width, o.Height = 2304, 1296 // the Pi camera's default mode in tableref
	}
	if o.FPS <= 0 {
		o.FPS = 8
	}
	if o.Still <= 0 {
		o.Still = 2.5
	}
	if o.HandFrames <= 0 {
		o.HandFrames = 3
	}
	if o.MinModulePx <= 0 {
		o.MinModulePx = sizing.MinPxPerModule
	}
	if o.CodeMM <= 0 {
		o.CodeMM = codeMM
	}
	return o
}

// Recording describes a generated frame folder (recording.json in it).
type Recording struct {
	Version int         `json:"version"`
	Setup   rules.Setup `json:"setup"`
	FPS     float64     `json:"fps"`
	Frames  int         `json:"frames"`
	Width   int         `json:"width"`
	Height  int         `json:"height"`
	// Moves are the frame indices of the first still frame after each
	// move (the hand has gone, the new table lies there): where the
	// latency of a verdict is measured from.
	Moves    []int   `json:"moves"`
	PxPerMM  float64 `json:"px_per_mm"`
	ModulePx float64 `json:"module_px"` // at the centre
}

// Key names the recording of a replay with these options: its cache folder.
func Key(replayData []byte, o Options) string {
	size := "auto " // the default frame grows with the table (frameFor)
	if o.Width != 0 && o.Height != 0 {
		size = ""
	}
	o = o.withDefaults()
	h := sha256.New()
	fmt.Fprintf(h, "v%d %s%dx%d %.3f %.3f %d\n", Version, size, o.Width, o.Height, o.FPS, o.Still, o.HandFrames)
	if o.CodeMM != codeMM { // (the default's key stays what it was)
		fmt.Fprintf(h, "code %.2f mm\n", o.CodeMM)
	}
	h.Write(replayData)
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// Load reads a finished recording's description; an error means it must
// be made (again).
func Load(dir string) (*Recording, error) {
	b, err := os.ReadFile(filepath.Join(dir, "recording.json"))
	if err != nil {
		return nil, err
	}
	var r Recording
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, err
	}
	if r.Version != Version {
		return nil, fmt.Errorf("recording of generator version %d, want %d", r.Version, Version)
	}
	if err := r.check(); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "recording.json"), err)
	}
	return &r, nil
}

// check refuses a recording.json that Generate cannot have written (a
// damaged cache is then filmed again, not played): a frame rate, size
// or scale that is not a positive finite number in range, moves outside
// the frames, a setup with no mode.
func (r *Recording) check() error {
	finite := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) && v > 0 }
	switch {
	case !finite(r.FPS) || r.FPS > 120:
		return fmt.Errorf("fps %v: want more than 0 and at most 120", r.FPS)
	case r.Width <= 0 || r.Height <= 0 || r.Width > 16384 || r.Height > 16384:
		return fmt.Errorf("frames of %d×%d: want 1 to 16384 a side", r.Width, r.Height)
	case r.Frames <= 0:
		return fmt.Errorf("%d frames", r.Frames)
	case !finite(r.PxPerMM) || !finite(r.ModulePx):
		return fmt.Errorf("px_per_mm %v, module_px %v: want positive numbers", r.PxPerMM, r.ModulePx)
	case r.Setup.Mode == "":
		return errors.New("no game mode")
	}
	for _, m := range r.Moves {
		if m < 0 || m >= r.Frames {
			return fmt.Errorf("move at frame %d of %d", m, r.Frames)
		}
	}
	return nil
}

// cardMM is a printed poker card and its code (calibration's SA deck).
var cardMM = geom.Pt{X: 63.5, Y: 88.9}

const (
	codeMM = rules.CardCodeMM
	gapMM  = 3.0 // between touching cards, as players lay them
)

// Generate renders the replay's snapshots into dir (made anew) and returns
// the recording. progress, if not nil, is told about every frame rendered.
func Generate(replayData []byte, name, dir string, o Options, progress func(done, total int)) (*Recording, error) {
	sized := o.Width != 0 && o.Height != 0
	o = o.withDefaults()
	setup, tables, err := snapshots(replayData, name)
	if err != nil {
		return nil, err
	}
	if len(tables) == 0 {
		return nil, fmt.Errorf("%s: no snapshots to film", name)
	}
	lay := newLayout(tables)
	lay.codeMM = o.CodeMM
	if !sized {
		o.Width, o.Height = lay.frameFor(o.Width, o.Height)
	}
	ppm := lay.pxPerMM(o.Width, o.Height)
	cam, centre := synth.Pose(o.Width, o.Height, 66, ppm, 6, 0)
	rec := &Recording{Version: Version, Setup: setup, FPS: o.FPS, Width: o.Width, Height: o.Height, PxPerMM: ppm, ModulePx: ppm * o.CodeMM / 21}
	if rec.ModulePx < o.MinModulePx {
		return nil, fmt.Errorf("%s: the table is too large for %d×%d frames (%.2f px per module, want ≥ %g)", name, o.Width, o.Height, rec.ModulePx, o.MinModulePx)
	}
	if err := os.RemoveAll(dir); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	still := int(math.Round(o.Still * o.FPS))
	total := 0
	var plan []shot
	add := func(s shot, n int) {
		for i := 0; i < n; i++ {
			s.repeat = i > 0
			plan = append(plan, s)
		}
	}
	add(shot{table: 0}, still+int(o.FPS)) // the table as set up, a little longer
	for k := 1; k < len(tables); k++ {
		target, ok := lay.changed(tables[k-1], tables[k])
		if !ok {
			continue // the same table twice: nothing to film
		}
		from, to := lay.handPath(cam, target, o.Width, o.Height)
		for i := 1; i <= o.HandFrames; i++ { // reaching in over the old table
			add(shot{table: k - 1, hand: true, from: from, to: lerp(from, to, float64(i)/float64(o.HandFrames))}, 1)
		}
		for i := o.HandFrames - 1; i >= 1; i-- { // leaving the new table
			add(shot{table: k, hand: true, from: from, to: lerp(from, to, float64(i)/float64(o.HandFrames))}, 1)
		}
		rec.Moves = append(rec.Moves, len(plan))
		add(shot{table: k}, still)
	}
	add(shot{table: len(tables) - 1}, int(2*o.FPS)) // the end, for the last verdict
	rec.Frames = len(plan)

	last := ""
	for i, s := range plan {
		file := fmt.Sprintf("frame-%05d.jpg", i)
		if s.repeat {
			// A still table gives the same picture: link it, do not store it again.
			if err := os.Symlink(last, filepath.Join(dir, file)); err != nil {
				return nil, err
			}
			continue
		}
		scene := synth.Scene{Width: o.Width, Height: o.Height, Camera: cam, CameraCentre: centre, Seed: uint64(1000 + i),
			Cards: lay.cards(tables[s.table]), Effect: synth.Effects{NoiseSigma: 1.5, UnevenLight: 0.15}}
		if s.hand {
			scene.Effect.Hands = []synth.Hand{{From: s.from, To: s.to, WidthPx: 48 * ppm}}
		}
		if err := render(scene, filepath.Join(dir, file)); err != nil {
			return nil, fmt.Errorf("frame %d: %w", i, err)
		}
		last = file
		total++
		if progress != nil {
			progress(i+1, len(plan))
		}
	}
	b, _ := json.MarshalIndent(rec, "", "  ")
	if err := os.WriteFile(filepath.Join(dir, "recording.json"), append(b, '\n'), 0o644); err != nil {
		return nil, err
	}
	return rec, nil
}

type shot struct {
	table    int
	hand     bool
	from, to geom.Pt
	repeat   bool
}

func lerp(a, b geom.Pt, f float64) geom.Pt {
	return geom.Pt{X: a.X + (b.X-a.X)*f, Y: a.Y + (b.Y-a.Y)*f}
}

func render(s synth.Scene, path string) error {
	img, _, err := synth.Render(s)
	if err != nil {
		return err
	}
	defer img.Close()
	return imagefile.Write(path, img, 92)
}

// snapshots reads the replay's setup and its tables in order.
func snapshots(data []byte, name string) (rules.Setup, []rules.Table, error) {
	r := replay.NewReader(bytesReader(data), name)
	var setup rules.Setup
	var tabs []rules.Table
	for {
		l, err := r.Next()
		if errors.Is(err, io.EOF) {
			return setup, tabs, nil
		}
		if err != nil {
			return setup, nil, err
		}
		switch l.Kind {
		case replay.KindHeader:
			setup = l.Setup
		case replay.KindSnapshot:
			tabs = append(tabs, l.Table)
		}
	}
}

// layout places every zone's cells on the table, in mm, the same way in
// every frame: the map on the left, the other zones (the offer) to its
// right, far enough apart to be told apart; frames are wide.
type layout struct {
	origin map[string]geom.Pt // table mm of each zone's cell (0,0)
	lo, hi geom.Pt            // bounds of every card centre
	codeMM float64            // the side of the cards' codes
}

var pitch = geom.Pt{X: cardMM.X + gapMM, Y: cardMM.Y + gapMM}

func newLayout(tabs []rules.Table) *layout {
	type span struct{ r0, r1, c0, c1 int }
	spans := map[string]*span{}
	for _, t := range tabs {
		for name, z := range t.Zones {
			nw, se, ok := z.Bounds()
			if !ok {
				continue
			}
			s := spans[name]
			if s == nil {
				s = &span{nw.Row, se.Row, nw.Col, se.Col}
				spans[name] = s
			}
			s.r0, s.r1, s.c0, s.c1 = min(s.r0, nw.Row), max(s.r1, se.Row), min(s.c0, nw.Col), max(s.c1, se.Col)
		}
	}
	names := make([]string, 0, len(spans))
	for n := range spans {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { // the map first, the rest by name
		if (names[i] == "map") != (names[j] == "map") {
			return names[i] == "map"
		}
		return names[i] < names[j]
	})
	l := &layout{origin: map[string]geom.Pt{}, codeMM: codeMM}
	x := 0.0 // left edge of the next zone's first column, mm
	for i, n := range names {
		s := spans[n]
		if i > 0 {
			x += 1.8 * pitch.X // well over the scanner's one and a half cards between groups
		}
		l.origin[n] = geom.Pt{X: x - float64(s.c0)*pitch.X, Y: -float64(s.r0) * pitch.Y} // every zone's top row at y = 0
		x += float64(s.c1-s.c0+1) * pitch.X
	}
	l.lo, l.hi = geom.Pt{X: math.Inf(1), Y: math.Inf(1)}, geom.Pt{X: math.Inf(-1), Y: math.Inf(-1)}
	for _, n := range names {
		s := spans[n]
		for _, rc := range [][2]int{{s.r0, s.c0}, {s.r1, s.c1}} {
			p := l.at(n, rules.Pos{Row: rc[0], Col: rc[1]})
			l.lo = geom.Pt{X: math.Min(l.lo.X, p.X), Y: math.Min(l.lo.Y, p.Y)}
			l.hi = geom.Pt{X: math.Max(l.hi.X, p.X), Y: math.Max(l.hi.Y, p.Y)}
		}
	}
	// Centre the whole layout on the table's (0,0), where the camera looks.
	mid := geom.Pt{X: (l.lo.X + l.hi.X) / 2, Y: (l.lo.Y + l.hi.Y) / 2}
	for n, o := range l.origin {
		l.origin[n] = geom.Pt{X: o.X - mid.X, Y: o.Y - mid.Y}
	}
	l.lo, l.hi = geom.Pt{X: l.lo.X - mid.X, Y: l.lo.Y - mid.Y}, geom.Pt{X: l.hi.X - mid.X, Y: l.hi.Y - mid.Y}
	return l
}

func (l *layout) at(zone string, p rules.Pos) geom.Pt {
	o := l.origin[zone]
	return geom.Pt{X: o.X + float64(p.Col)*pitch.X, Y: o.Y + float64(p.Row)*pitch.Y}
}

// pxPerMM fits every card, with a card's margin, into the frame.
func (l *layout) pxPerMM(w, h int) float64 {
	wmm := l.hi.X - l.lo.X + 2.2*cardMM.X
	hmm := l.hi.Y - l.lo.Y + 1.6*cardMM.Y
	return math.Min(float64(w)/wmm, float64(h)/hmm) * 0.92 // the 6° tilt stretches the far side
}

// cards are a table's cards as the generator draws them, each a little
// off its cell and turned a degree or two, as hands lay them.
func (l *layout) cards(t rules.Table) []synth.Card {
	var out []synth.Card
	for _, name := range t.ZoneNames() {
		z := t.Zone(name)
		for _, p := range z.Positions() {
			c := z.At(p)
			if c.Card.IsZero() {
				continue
			}
			at := l.at(name, p)
			j := jitter(c.Card.ID)
			out = append(out, synth.Card{Payload: rules.CardPayload(c.Card).String(),
				Centre: geom.Pt{X: at.X + j.X, Y: at.Y + j.Y}, RotationDeg: j.X / 2, Size: cardMM, QRSideMM: l.codeMM,
				Colour: artColour(c.Card)})
		}
	}
	return out
}

// jitter is a card's own small offset in mm (the same in every frame, so
// a card that is not touched does not move).
func jitter(id rules.CardID) geom.Pt {
	h := uint32(id.Num)*2654435761 + uint32(len(id.Deck))*40503
	return geom.Pt{X: float64(h%5) - 2, Y: float64((h/5)%5) - 2}
}

func artColour(ref rules.CardRef) [3]uint8 {
	if ref.Side == rules.Back {
		return [3]uint8{96, 140, 200} // the map side: sea blue
	}
	return [3]uint8{214, 160, 60} // the flag side: warm
}

// changed returns where the move between two tables happened (the centre
// of a card that appeared, moved or turned over), in table mm.
func (l *layout) changed(a, b rules.Table) (geom.Pt, bool) {
	for _, name := range b.ZoneNames() {
		zb, za := b.Zone(name), a.Zone(name)
		for _, p := range zb.Positions() {
			if za == nil || za.At(p) != zb.At(p) {
				return l.at(name, p), true
			}
		}
	}
	for _, name := range a.ZoneNames() {
		za, zb := a.Zone(name), b.Zone(name)
		for _, p := range za.Positions() {
			if zb == nil || zb.At(p) != za.At(p) {
				return l.at(name, p), true
			}
		}
	}
	return geom.Pt{}, false
}

// handPath is an arm from below the frame (the players sit along the
// bottom edge) to just below the target card's code, in image px.
func (l *layout) handPath(cam geom.H, target geom.Pt, w, h int) (from, to geom.Pt) {
	tip := cam.Apply(geom.Pt{X: target.X, Y: target.Y + cardMM.Y*0.35})
	return geom.Pt{X: tip.X*0.7 + float64(w)*0.15, Y: float64(h) + 80}, tip
}

// frameFor is the frame to film the table in when the user gave no size:
// w×h, or, where the table is too large for today's small codes to read
// there, the smallest frame of the same shape that reads it, in 16-pixel
// steps as camera modes come (a fresh demo refused "the table is too
// large for 2304×1296 frames" once the codes shrank, issue 28).
func (l *layout) frameFor(w, h int) (int, int) {
	need := sizing.MinPxPerModule / (l.pxPerMM(w, h) * l.codeMM / 21)
	if need <= 1 {
		return w, h
	}
	return int(math.Ceil(float64(w)*need/16)) * 16, int(math.Ceil(float64(h)*need/16)) * 16
}
