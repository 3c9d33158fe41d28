package qrbench

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/geo" // decks SA, WLD, EU
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/synth"
)

func smallCondition(t *testing.T, name string) Condition {
	t.Helper()
	for _, c := range SmallCodes(1) {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no small-code condition %q", name)
	return Condition{}
}

// A small-code frame holds the table's cards, all of the decks in play and
// in the codebook, and decoys marked in the truth: cards of other decks
// and foreign codes, none of them in the codebook, every code at the
// condition's module size.
func TestSmallCodesSceneAndCodebook(t *testing.T) {
	c := smallCondition(t, "small 2.0px")
	s := c.Scene(0)
	if !s.Effect.Bayer || s.Effect.JPEGQuality != 85 || s.Effect.BlurSigma != 0.5 || s.Effect.NoiseSigma < 2 || s.Effect.NoiseSigma > 3 {
		t.Errorf("effects %+v, want Bayer, JPEG 85, blur 0.5, noise 2–3", s.Effect)
	}
	frame, truth, err := synth.Render(s)
	if err != nil {
		t.Fatal(err)
	}
	frame.Close()
	book := map[string]bool{}
	for _, p := range c.Payloads() {
		book[p] = true
	}
	if n := saCards(t); len(book) != n*4+2+len(rules.MarkerPayloads()) {
		t.Errorf("codebook of %d payloads, want SA's %d cards × 4, its shared back twice and the markers", len(book), n)
	}
	var table, otherDeck, foreign int
	for _, code := range truth.Codes {
		p, err := rules.ParsePayload(code.Payload)
		switch {
		case !code.Decoy:
			table++
			if !book[code.Payload] || err != nil || p.Card.ID.Deck != "SA" {
				t.Errorf("table card %s: in codebook %v, parsed %v %v", code.Payload, book[code.Payload], p.Card.ID, err)
			}
		case err == nil:
			otherDeck++
			if book[code.Payload] || p.Card.ID.Deck == "SA" {
				t.Errorf("decoy %s is of a deck in play", code.Payload)
			}
		default:
			foreign++
		}
		if math.Abs(code.ModulePx-2) > 0.1 {
			t.Errorf("%s: %.2f px per module, want 2", code.Payload, code.ModulePx)
		}
	}
	if table != 18 || otherDeck != 3 || foreign != 3 {
		t.Errorf("%d table cards, %d of other decks, %d foreign; want 18, 3, 3", table, otherDeck, foreign)
	}
}

func saCards(t *testing.T) int {
	d, ok := rules.LookupDeck("SA")
	if !ok || len(d.Cards) < 100 {
		t.Fatal("deck SA not registered")
	}
	return len(d.Cards)
}

func TestScoreCountsDecoysAndUnsure(t *testing.T) {
	truth := synth.Truth{Codes: []synth.CodeTruth{
		{Payload: "TR1:C:SA-001F:X", Corners: geom.Rect(0, 0, 10, 10), ModulePx: 2, InFrame: true},
		{Payload: "TR1:C:EU-001F:X", Corners: geom.Rect(100, 0, 110, 10), ModulePx: 2, InFrame: true, Decoy: true},
		{Payload: "https://x.example/y", Corners: geom.Rect(200, 0, 210, 10), ModulePx: 2, InFrame: true, Decoy: true},
		{Payload: "TR1:C:SA-002F:X", Corners: geom.Rect(300, 0, 310, 10), ModulePx: 2, InFrame: true},
	}}
	var s Score
	s.Add(truth, []Found{
		{Text: "TR1:C:SA-001F:X", Centre: geom.P(5, 5)},
		{Text: "TR1:C:SA-003F:X", Centre: geom.P(105, 5)},     // the other deck's card read as one of the table's: wrong
		{Text: "https://x.example/y", Centre: geom.P(205, 5)}, // a decoy read as itself: right
		{Centre: geom.P(305, 5), Unsure: true},
	})
	if s.Present != 2 || s.Found != 1 || s.Wrong != 1 || s.Decoys != 2 || s.DecoysRead != 1 || s.Unsure != 1 {
		t.Errorf("present %d found %d wrong %d decoys %d/%d unsure %d; want 2 1 1 1/2 1", s.Present, s.Found, s.Wrong, s.DecoysRead, s.Decoys, s.Unsure)
	}
}

// codebookSpy records the codebooks Run gives it.
type codebookSpy struct {
	name string
	got  *[]int
}

func (c codebookSpy) Name() string { return c.name }
func (c codebookSpy) Read(context.Context, gocv.Mat) ([]Found, error) {
	return nil, nil
}
func (c codebookSpy) WithCodebook(cb *qr.Codebook) Contender {
	*c.got = append(*c.got, cb.Len())
	return c
}

// Run gives every codebook reader, on all cores and on one, the codebook of
// each condition's decks in play.
func TestRunGivesEachConditionsCodebook(t *testing.T) {
	std := Conditions(1)[5] // module 6px
	small := smallCondition(t, "small 1.8px")
	var all, one []int
	_, err := Run(context.Background(), []Condition{std, small}, []Contender{codebookSpy{"spy", &all}}, nil,
		WithPinned(codebookSpy{"spy", &one}))
	if err != nil {
		t.Fatal(err)
	}
	markers := len(rules.MarkerPayloads())
	sa := saCards(t)*4 + 2                                       // its cards, and its shared back (C and P)
	want := []int{sa + 3*standInCards*4 + markers, sa + markers} // SA and three stand-ins; SA
	if len(all) != 2 || all[0] != want[0] || all[1] != want[1] || len(one) != 2 || one[0] != want[0] || one[1] != want[1] {
		t.Errorf("codebooks of %v (all cores) and %v (one), want %v", all, one, want)
	}
}

// Both builds of zxing-cpp read a frame of three known codes, one of them a
// URL: every one found at its place, nothing else. scripts/setup installs
// both (python3-zxing-cpp, zxing-wasm from npm).
func TestZXingReadsKnownCodes(t *testing.T) {
	payloads := []string{rules.CardPayload(rules.CardRef{ID: rules.CardID{Deck: "SA", Num: 17}}).String(),
		"https://tableref.example/zxing", rules.MarkerPayload(rules.Marker{Type: rules.MarkerPlayer, Player: 3}).String()}
	cam, centre := synth.Pose(1600, 900, 66, 5/(synth.DefaultQRSideMM/21.0), 5, 3)
	s := synth.Scene{Width: 1600, Height: 900, Camera: cam, CameraCentre: centre, Seed: 11,
		Cards: synth.Scatter(11, cam, 1600, 900, payloads), Effect: synth.Effects{NoiseSigma: 2, JPEGQuality: 90}}
	if len(s.Cards) != 3 {
		t.Fatalf("placed %d cards", len(s.Cards))
	}
	frame, truth, err := synth.Render(s)
	if err != nil {
		t.Fatal(err)
	}
	defer frame.Close()
	for _, z := range []*ZXing{NewZXingCpp(t.TempDir()), NewZXingWasm(t.TempDir())} {
		found, err := z.Read(context.Background(), frame)
		if errors.Is(err, ErrUnavailable) {
			t.Errorf("%v: run scripts/setup", err)
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", z.Name(), err)
			continue
		}
		var sc Score
		sc.Add(truth, found)
		if sc.Found != 3 || sc.Wrong != 0 {
			t.Errorf("%s: found %d of 3, wrong %d: %+v", z.Name(), sc.Found, sc.Wrong, found)
		}
		if z.Elapsed() <= 0 {
			t.Errorf("%s: no process time", z.Name())
		}
		if !regexp.MustCompile(`^zxing-cpp (\d+\.\d+\.\d+ |\(zxing-wasm \d+\.\d+\.\d+, )`).MatchString(z.Name()) {
			t.Errorf("name %q does not say which zxing-cpp", z.Name())
		}
	}
}

func TestParseZXingJSON(t *testing.T) {
	got, err := parseZXingJSON([]byte(`[{"text": "TR1:C:SA-017F:K", "corners": [[10, 20], [30, 20], [30, 40], [10, 40]]}, {"text": "hello", "corners": [[0, 0], [4, 0], [4, 4], [0, 4]]}]`))
	if err != nil || len(got) != 2 || got[0].Text != "TR1:C:SA-017F:K" || got[0].Centre != geom.P(20, 30) || got[1].Centre != geom.P(2, 2) || got[0].NoPlace {
		t.Errorf("parsed %+v, %v", got, err)
	}
	for _, bad := range []string{`not json`, `[{"text": "x", "corners": [[1, 2]]}]`} {
		if _, err := parseZXingJSON([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// The below set renders what its names say: every code at the condition's
// module size, through the lens it names; and every set name is known.
func TestBelowSmallRendersItsModules(t *testing.T) {
	lens := regexp.MustCompile(`lens ([0-9.]+)$`)
	for _, c := range BelowSmall(1) {
		s := c.Scene(0)
		want := 0.5
		if m := lens.FindStringSubmatch(c.Name); m != nil {
			if _, err := fmt.Sscan(m[1], &want); err != nil {
				t.Fatal(err)
			}
		}
		if s.Effect.BlurSigma != want || !s.Effect.Bayer || s.Effect.JPEGQuality != 85 {
			t.Errorf("%s: effects %+v, want lens σ %g, Bayer, JPEG 85", c.Name, s.Effect, want)
		}
		frame, truth, err := synth.Render(s)
		if err != nil {
			t.Fatal(err)
		}
		frame.Close()
		if len(truth.Codes) < 20 {
			t.Errorf("%s: %d codes rendered", c.Name, len(truth.Codes))
		}
		for _, code := range truth.Codes {
			if math.Abs(code.ModulePx-c.ModulePx) > 0.1 {
				t.Errorf("%s: %s at %.2f px per module, want %g", c.Name, code.Payload, code.ModulePx, c.ModulePx)
			}
		}
	}
	for _, name := range SetNames {
		if cs, err := ConditionSet(name, 1); err != nil || len(cs) == 0 {
			t.Errorf("set %q: %d conditions, %v", name, len(cs), err)
		}
	}
}
