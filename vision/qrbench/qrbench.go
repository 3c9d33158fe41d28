// Package qrbench measures QR readers on the same generated frames: a fixed
// set of scene conditions (size, card count, module size, tilt, blur, JPEG,
// light, hands), ground truth from vision/synth, and a scorer that counts
// codes found, wrong payloads and time per frame. `tableref bench vision`
// prints its table; tests use it to hold the reader to its targets.
package qrbench

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/synth"
)

// Condition is one kind of scene, rendered Frames times with different seeds.
type Condition struct {
	Name          string
	Width, Height int
	Cards         int
	ModulePx      float64 // module size at the image centre, untilted
	TiltDeg       float64 // camera tilt; codes see this plus the field of view
	// Effects are the condition's own effects; every frame also gets the
	// base of every condition: JPEG quality 70 and sensor noise drawn
	// between σ 2 and 7 per frame (unless the condition sets them).
	Effects synth.Effects
	// Motion, when set, is the range of motion streak lengths in pixels;
	// each frame draws a length in it and a direction at random.
	Motion [2]float64
	Hands  bool // two arms reach in over the cards
	Frames int
	// InPlay are the decks the table's cards are drawn from (the small-code
	// set, small.go); nil: the original set's SA, GE, WI and MA, numbers 1
	// to 99. Decks() says which; CodebookFor builds their codebook.
	InPlay []string
	// DecoyDecks, Decoys and Foreign put codes among the cards that are
	// not the table's, marked as decoys in the truth: Decoys cards of the
	// DecoyDecks (tableref codes of decks not in play) and Foreign
	// non-tableref codes (URLs, product codes), at the same module size.
	// Only with InPlay.
	DecoyDecks      []string
	Decoys, Foreign int
	// Noise is the range each frame's sensor noise σ is drawn from; zero:
	// 2 to 7.
	Noise [2]float64
}

// DefaultFrames is how many frames each condition renders by default:
// enough that one lucky or unlucky frame does not decide a found-rate.
const DefaultFrames = 20

// Conditions is the fixed benchmark set, frames frames per condition
// (DefaultFrames for the published table; tests take fewer).
func Conditions(frames int) []Condition {
	f := max(1, frames)
	blur := func(s float64) synth.Effects { return synth.Effects{BlurSigma: s} }
	conds := []Condition{
		{Name: "1080p 20 cards", Width: 1920, Height: 1080, Cards: 20, ModulePx: 3.5, TiltDeg: 10},
		{Name: "12MP 60 cards", Width: 4608, Height: 2592, Cards: 60, ModulePx: 4, TiltDeg: 10},
		{Name: "module 2.5px", Width: 1920, Height: 1080, Cards: 20, ModulePx: 2.5},
		{Name: "module 3px", Width: 1920, Height: 1080, Cards: 20, ModulePx: 3},
		{Name: "module 4px", Width: 1920, Height: 1080, Cards: 20, ModulePx: 4},
		{Name: "module 6px", Width: 1920, Height: 1080, Cards: 12, ModulePx: 6},
		{Name: "tilt 20°", Width: 1920, Height: 1080, Cards: 20, ModulePx: 4, TiltDeg: 20},
		{Name: "tilt 35°", Width: 1920, Height: 1080, Cards: 20, ModulePx: 4, TiltDeg: 35},
		{Name: "blur σ1.2", Width: 1920, Height: 1080, Cards: 20, ModulePx: 4, TiltDeg: 10, Effects: blur(1.2)},
		{Name: "motion 2-6px", Width: 1920, Height: 1080, Cards: 20, ModulePx: 4, TiltDeg: 10, Motion: [2]float64{2, 6}},
		{Name: "motion 1-1.5 modules", Width: 1920, Height: 1080, Cards: 20, ModulePx: 3.2, TiltDeg: 10, Motion: [2]float64{3.2, 4.8}},
		{Name: "motion 2 modules", Width: 1920, Height: 1080, Cards: 20, ModulePx: 4, TiltDeg: 10, Motion: [2]float64{7, 9}},
		{Name: "12MP motion", Width: 4608, Height: 2592, Cards: 60, ModulePx: 4, TiltDeg: 10, Motion: [2]float64{2, 6}},
		{Name: "JPEG q50", Width: 1920, Height: 1080, Cards: 20, ModulePx: 3.5, TiltDeg: 10, Effects: synth.Effects{JPEGQuality: 50}},
		{Name: "uneven light", Width: 1920, Height: 1080, Cards: 20, ModulePx: 4, TiltDeg: 10, Effects: synth.Effects{UnevenLight: 0.7}},
		{Name: "hands", Width: 1920, Height: 1080, Cards: 20, ModulePx: 4, TiltDeg: 10, Hands: true},
		{Name: "12MP module 3px", Width: 4608, Height: 2592, Cards: 60, ModulePx: 3, TiltDeg: 15},
	}
	for i := range conds {
		conds[i].Frames = f
	}
	return conds
}

// Scene builds frame i of the condition; deterministic.
func (c Condition) Scene(i int) synth.Scene {
	seed := uint64(i+1)*1000003 + uint64(len(c.Name))*7919 + uint64(c.Width)
	for _, r := range c.Name {
		seed = seed*31 + uint64(r)
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	ppmm := c.ModulePx / (synth.DefaultQRSideMM / 21.0)
	roll := float64(seed%360) - 180
	cam, centre := synth.Pose(c.Width, c.Height, 66, ppmm, c.TiltDeg, roll/12)
	if c.InPlay != nil {
		return c.smallScene(seed, rng, cam, centre)
	}
	payloads := make([]string, c.Cards)
	decks := []string{"SA", "GE", "WI", "MA"}
	for k := range payloads {
		ref := rules.CardRef{ID: rules.CardID{Deck: decks[k%len(decks)], Num: 1 + (k*37+i*11)%99}}
		payloads[k] = rules.CardPayload(ref).String()
	}
	e := c.Effects
	if e.JPEGQuality == 0 {
		e.JPEGQuality = 70
	}
	noise := c.noise(rng)
	if e.NoiseSigma == 0 {
		e.NoiseSigma = noise
	}
	if m := c.Motion; m[1] > 0 {
		e.MotionPx = m[0] + (m[1]-m[0])*rng.Float64()
		e.MotionDeg = 360 * rng.Float64()
	}
	if c.Hands {
		w, h := float64(c.Width), float64(c.Height)
		e.Hands = []synth.Hand{
			{From: geom.Pt{X: w * 1.05, Y: h * 0.9}, To: geom.Pt{X: w * (0.55 + 0.1*float64(i%3)), Y: h * 0.45}, WidthPx: h * 0.14},
			{From: geom.Pt{X: -0.05 * w, Y: h * 0.2}, To: geom.Pt{X: w * 0.3, Y: h * (0.35 + 0.1*float64(i%2))}, WidthPx: h * 0.12},
		}
	}
	return synth.Scene{
		Width: c.Width, Height: c.Height, Camera: cam, CameraCentre: centre,
		Cards: synth.Scatter(seed, cam, c.Width, c.Height, payloads), Effect: e, Seed: seed,
	}
}

// noise draws a frame's sensor noise σ from the condition's range.
func (c Condition) noise(rng *rand.Rand) float64 {
	lo, hi := 2.0, 7.0
	if c.Noise[1] > 0 {
		lo, hi = c.Noise[0], c.Noise[1]
	}
	return lo + (hi-lo)*rng.Float64()
}

// Found is what a contender reports for one code. Localisation-only
// contenders leave Text empty and set Located.
type Found struct {
	Text    string
	Centre  geom.Pt
	Located bool // true when the contender only localises (no payload)
	// NoPlace is true when the contender gives no position (zbarimg's XML
	// has none in Debian 12's zbar 0.23.92): it is matched by payload only,
	// which is unambiguous because a frame's payloads are unique.
	NoPlace bool
	// Unsure is a code the contender saw but would not name (a codebook
	// match without a clear margin): neither found nor wrong, counted.
	Unsure bool
}

// Contender is one reader under test.
type Contender interface {
	Name() string
	// Read reports the codes in frame. A contender that cannot run (a
	// missing tool) returns ErrUnavailable once and is left out.
	Read(ctx context.Context, frame gocv.Mat) ([]Found, error)
}

// Eligible says whether a code counts toward the found-rate target: at
// least 3 px per module, tilt at most 30°, a motion streak of at most 1.5
// modules, not covered, wholly in the frame.
func Eligible(c synth.CodeTruth) bool {
	return c.ModulePx >= 3 && c.TiltDeg <= 30 && c.MotionModules <= 1.5 && c.Covered == 0 && c.InFrame
}

// Score is the tally of one contender over some frames.
type Score struct {
	Present, Found   int // the table's codes in the frames (decoys apart), and how many were read
	Eligible, EligOK int // codes that meet Eligible, and how many were read
	// Wrong counts decoded payloads that match no code at that place: a
	// misread, or a decoy read as anything but its own text (as a card of
	// the table above all).
	Wrong int
	// Decoys are the codes that are not the table's (synth.Card.Decoy);
	// DecoysRead how many were read as their own text, which is right: a
	// valid code read the ordinary way.
	Decoys, DecoysRead int
	Unsure             int // codes reported as seen but not named (Found.Unsure)
	Millis             []float64
	Errors             int
}

// Add adds one frame's outcome.
func (s *Score) Add(t synth.Truth, found []Found) {
	used := make([]bool, len(found))
	for i, f := range found {
		if f.Unsure {
			used[i] = true
			s.Unsure++
		}
	}
	for _, c := range t.Codes {
		if c.Decoy {
			s.Decoys++
		} else {
			s.Present++
		}
		el := Eligible(c) && !c.Decoy
		if el {
			s.Eligible++
		}
		grown := grow(c.Corners, 1.4)
		for i, f := range found {
			if used[i] || (!f.NoPlace && !grown.Contains(f.Centre)) {
				continue
			}
			if f.Located || f.Text == c.Payload {
				used[i] = true
				if c.Decoy {
					s.DecoysRead++
					break
				}
				s.Found++
				if el {
					s.EligOK++
				}
				break
			}
		}
	}
	for i, f := range found {
		if !used[i] && !f.Located {
			s.Wrong++
		}
	}
}

func grow(q geom.Quad, k float64) geom.Quad {
	c := q.Centre()
	for i := range q {
		q[i] = c.Add(q[i].Sub(c).Scale(k))
	}
	return q
}

// Median is the median time per frame in milliseconds.
func (s Score) Median() float64 {
	if len(s.Millis) == 0 {
		return math.NaN()
	}
	m := append([]float64(nil), s.Millis...)
	sort.Float64s(m)
	if len(m)%2 == 1 {
		return m[len(m)/2]
	}
	return (m[len(m)/2-1] + m[len(m)/2]) / 2
}

// RunOption adjusts Run.
type RunOption func(*runOptions)

type runOptions struct {
	progress func(done, total int)
	pinned   []Contender
}

// WithPinned adds contenders run with the whole process pinned to one CPU
// (see pinned): the same frames, read again on one core. Their names get
// OneCore appended.
func WithPinned(cs ...Contender) RunOption {
	return func(o *runOptions) {
		for _, c := range cs {
			o.pinned = append(o.pinned, onOneCore{c})
		}
	}
}

// OneCore marks a contender's name when it ran pinned to one CPU.
const OneCore = " ·1 core"

type onOneCore struct{ Contender }

func (c onOneCore) Name() string { return c.Contender.Name() + OneCore }

// Elapsed passes on the contender's own timing (processes).
func (c onOneCore) Elapsed() (time.Duration, bool) {
	if e, ok := c.Contender.(elapser); ok {
		return e.Elapsed(), true
	}
	return 0, false
}

func (c onOneCore) LocatesOnly() bool {
	_, ok := c.Contender.(interface{ LocatesOnly() })
	return ok
}

// elapser is a contender that times itself (a process: its wall time
// without writing the frame's file).
type elapser interface{ Elapsed() time.Duration }

// WithProgress has Run call f after each frame every contender has read
// (done of total frames), for a progress bar.
func WithProgress(f func(done, total int)) RunOption {
	return func(o *runOptions) { o.progress = f }
}

// Run renders every frame of every condition once and gives it to every
// contender, so all are measured on the same pixels. It writes the table
// to w and returns the scores, by condition then contender; the key "overall"
// sums all conditions.
func Run(ctx context.Context, conds []Condition, cs []Contender, w io.Writer, opts ...RunOption) (map[string]map[string]*Score, error) {
	var o runOptions
	for _, f := range opts {
		f(&o)
	}
	total, done := 0, 0
	for _, c := range conds {
		total += c.Frames
	}
	all := append(append([]Contender(nil), cs...), o.pinned...)
	scores := map[string]map[string]*Score{"overall": {}}
	if len(conds) > 0 {
		// One untimed read each first, so that no contender's first
		// measured frame pays for thread pools and page faults.
		frame, _, err := synth.Render(conds[0].Scene(0))
		if err != nil {
			return nil, fmt.Errorf("qrbench: warm-up frame: %w", err)
		}
		for _, ct := range cs {
			_, _ = ct.Read(ctx, frame)
		}
		_ = pinned(func() error {
			for _, ct := range o.pinned {
				_, _ = ct.Read(ctx, frame)
			}
			return nil
		})
		frame.Close()
	}
	for _, c := range conds {
		scores[c.Name] = map[string]*Score{}
		for _, ct := range all {
			scores[c.Name][ct.Name()] = &Score{}
			if scores["overall"][ct.Name()] == nil {
				scores["overall"][ct.Name()] = &Score{}
			}
		}
		lane, pinnedLane, err := withCodebook(c, cs, o.pinned)
		if err != nil {
			return nil, err
		}
		for i := 0; i < c.Frames; i++ {
			frame, truth, err := synth.Render(c.Scene(i))
			if err != nil {
				return nil, fmt.Errorf("qrbench: %s frame %d: %w", c.Name, i, err)
			}
			read := func(lane []Contender) error {
				for _, ct := range lane {
					if err := ctx.Err(); err != nil {
						return err
					}
					start := time.Now()
					found, err := ct.Read(ctx, frame)
					ms := float64(time.Since(start).Microseconds()) / 1000
					if err == nil {
						if d, ok := ownTime(ct); ok {
							ms = float64(d.Microseconds()) / 1000
						}
					}
					for _, s := range []*Score{scores[c.Name][ct.Name()], scores["overall"][ct.Name()]} {
						if err != nil {
							s.Errors++
						}
						s.Add(truth, found)
						s.Millis = append(s.Millis, ms)
					}
				}
				return nil
			}
			err = read(lane)
			if err == nil && len(pinnedLane) > 0 {
				err = pinned(func() error { return read(pinnedLane) })
			}
			frame.Close()
			if err != nil {
				return nil, err
			}
			if done++; o.progress != nil {
				o.progress(done, total)
			}
		}
	}
	if w != nil {
		names := make([]string, len(conds)+1)
		for i, c := range conds {
			names[i] = c.Name
		}
		names[len(conds)] = "overall"
		Print(w, names, all, scores)
	}
	return scores, nil
}

// codebookReader is a contender that reads with the codebook of the
// decks in play: Run gives it each condition's (CodebookFor) before the
// condition's frames.
type codebookReader interface {
	WithCodebook(cb *qr.Codebook) Contender
}

// WithCodebook passes the codebook to the contender under the one-core
// mark.
func (c onOneCore) WithCodebook(cb *qr.Codebook) Contender {
	if r, ok := c.Contender.(codebookReader); ok {
		return onOneCore{r.WithCodebook(cb)}
	}
	return c
}

// withCodebook returns the lanes of contenders for condition c: each
// codebook reader given the condition's codebook, the others as they are.
// The codebook is built only when some contender takes one.
func withCodebook(c Condition, lanes ...[]Contender) (all, one []Contender, err error) {
	var cb *qr.Codebook
	out := make([][]Contender, len(lanes))
	for i, lane := range lanes {
		for _, ct := range lane {
			r, ok := ct.(codebookReader)
			if !ok {
				out[i] = append(out[i], ct)
				continue
			}
			if cb == nil {
				if cb, err = CodebookFor(c); err != nil {
					return nil, nil, err
				}
			}
			out[i] = append(out[i], r.WithCodebook(cb))
		}
	}
	return out[0], out[1], nil
}

// ownTime is a contender's own timing of its last read, when it keeps one.
func ownTime(c Contender) (time.Duration, bool) {
	switch e := c.(type) {
	case onOneCore:
		return e.Elapsed()
	case elapser:
		return e.Elapsed(), true
	}
	return 0, false
}

func locatesOnly(c Contender) bool {
	switch e := c.(type) {
	case onOneCore:
		return e.LocatesOnly()
	case interface{ LocatesOnly() }:
		return true
	}
	return false
}

// reportsUnsure is a contender that says when it saw a code it would not
// name (Found.Unsure); the others' unsure column is n/a.
type reportsUnsure interface{ ReportsUnsure() }

func unsureOf(c Contender) bool {
	if o, ok := c.(onOneCore); ok {
		c = o.Contender
	}
	_, ok := c.(reportsUnsure)
	return ok
}

// Print writes the comparison table: per condition and reader, the table's
// codes found, eligible codes found, wrong payloads, codes reported unsure
// (n/a for a reader that never says), decoys read as their own text (-
// where the condition has none) and the median time per frame.
func Print(w io.Writer, conds []string, cs []Contender, scores map[string]map[string]*Score) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	hdr := []string{"condition", "reader", "found/present", "eligible found", "wrong", "unsure", "decoys read", "median ms", ""}
	fmt.Fprintln(tw, strings.Join(hdr, "\t"))
	for _, cn := range conds {
		for _, ct := range cs {
			s := scores[cn][ct.Name()]
			if s == nil {
				continue
			}
			wrong := fmt.Sprint(s.Wrong)
			if locatesOnly(ct) {
				wrong = "n/a"
			}
			el := "-"
			if s.Eligible > 0 {
				el = fmt.Sprintf("%d/%d %.1f%%", s.EligOK, s.Eligible, 100*float64(s.EligOK)/float64(s.Eligible))
			}
			errs := ""
			if s.Errors > 0 {
				errs = fmt.Sprintf("%d errors", s.Errors)
			}
			unsure := "n/a"
			if unsureOf(ct) || s.Unsure > 0 {
				unsure = fmt.Sprint(s.Unsure)
			}
			decoys := "-"
			if s.Decoys > 0 {
				decoys = fmt.Sprintf("%d/%d", s.DecoysRead, s.Decoys)
			}
			fmt.Fprintf(tw, "%s\t%s\t%d/%d %.1f%%\t%s\t%s\t%s\t%s\t%.1f\t%s\n", cn, ct.Name(), s.Found, s.Present,
				100*float64(s.Found)/math.Max(1, float64(s.Present)), el, wrong, unsure, decoys, s.Median(), errs)
		}
	}
	tw.Flush()
}
