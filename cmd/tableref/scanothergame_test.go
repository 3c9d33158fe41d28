package main

import (
	"image"
	"image/color"
	"path/filepath"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner/scenes"
)

// A photo of another game is never scored: `scan --game wit-cartographer`
// of a finished Strange World table exits 1 and says which game the cards
// are of and what to type. On the old code it printed scores and a
// winner.
func TestScanOtherGameIsNotScored(t *testing.T) {
	dir := t.TempDir()
	g, err := scenes.StrangeWorld(scenes.Options{Seed: 35, Tilt: 10, Blur: 0.8, Noise: 2, Light: 0.3}, 2)
	if err != nil {
		t.Fatal(err)
	}
	cal := calFile(t, dir, g.Cal)
	photo := photoFile(t, dir, "sw", g.Scene)
	code, out, errOut := run(t, "scan", "--game", "wit-cartographer", "--players", "Ana,Ben", "--calibration", cal, photo)
	if code != 1 {
		t.Fatalf("status %d, want 1: %s\n%s", code, errOut, out)
	}
	if strings.Contains(out, "winner") || strings.Contains(out, "shared win") {
		t.Errorf("a verdict on another game's photo:\n%s", out)
	}
	for _, want := range []string{"is a card of Where is That? South America", "Strange World above the clouds cards (", "--game strangeworld"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr does not say %q: %s", want, errOut)
		}
	}
}

// A card of another box lying in a player's map is left out and named,
// and the map counts as missing a card: no score (exit 3), or with
// --allow-missing a score that says it is unsure (exit 4). On the old code
// the map was taken as whole and scored with a winner, exit 0.
func TestScanStrayCardOfAnotherGame(t *testing.T) {
	dir := t.TempDir()
	g, err := scenes.WitCartographer(scenes.Options{Seed: 31, Tilt: 10, Blur: 0.8, Noise: 2, Light: 0.3}, 2)
	if err != nil {
		t.Fatal(err)
	}
	// Swap one card of Ben's map for a Strange World card.
	var stray string
	ben := g.Visible.Zone("p2")
	for _, p := range ben.Positions() {
		if c := ben.At(p); !c.Card.IsZero() {
			payload := rules.CardPayload(c.Card).String()
			stray = rules.CardPayload(rules.CardRef{ID: rules.CardID{Deck: "SW", Num: 101}, Side: rules.Front}).String()
			for i := range g.Scene.Cards {
				if g.Scene.Cards[i].Payload == payload {
					g.Scene.Cards[i].Payload = stray
				}
			}
			t.Logf("p2 %v: %s replaced by %s", p, payload, stray)
			break
		}
	}
	cal := calFile(t, dir, g.Cal)
	photo := photoFile(t, dir, "stray", g.Scene)
	args := []string{"scan", "--game", "wit-cartographer", "--players", "Ana,Ben", "--calibration", cal}
	code, out, errOut := run(t, append(args, photo)...)
	if code != exitMissing || strings.Contains(out, "winner") || !strings.Contains(out, "missing: Ben's map: 12 of 13 cards read") {
		t.Errorf("status %d, want %d (missing) and no winner: %s\n%s", code, exitMissing, errOut, out)
	}
	code, out, errOut = run(t, append(args, "--allow-missing", photo)...)
	if code != exitUnsure {
		t.Fatalf("status %d, want %d (unsure): %s\n%s", code, exitUnsure, errOut, out)
	}
	if !strings.Contains(out, "1 card not of Where is That? South America — Cartographer's Corner (deck SA): Strange World above the clouds cards (SW-101); left out") {
		t.Errorf("the stray card is not named:\n%s", out)
	}
}

// A photo with no tableref code at all (the wrong picture, or one out of
// focus) exits 1 and says so, instead of a list of missing cells.
func TestScanPhotoWithoutCodes(t *testing.T) {
	dir := t.TempDir()
	g, err := scenes.WitCartographer(scenes.Options{Seed: 31}, 2)
	if err != nil {
		t.Fatal(err)
	}
	cal := calFile(t, dir, g.Cal)
	blank := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(200, 190, 180, 0), g.Scene.Height, g.Scene.Width, gocv.MatTypeCV8UC3)
	defer blank.Close()
	gocv.PutText(&blank, "holiday photo", image.Pt(100, 600), gocv.FontHersheySimplex, 4, color.RGBA{A: 255}, 6)
	photo := filepath.Join(dir, "blank.png")
	if !gocv.IMWrite(photo, blank) {
		t.Fatal("cannot write the photo")
	}
	code, out, errOut := run(t, "scan", "--game", "wit-cartographer", "--players", "Ana,Ben", "--calibration", cal, photo)
	if code != 1 || !strings.Contains(errOut, "no tableref code read in the photo") || !strings.Contains(errOut, "tableref scan --codes") {
		t.Errorf("status %d: %s\n%s", code, errOut, out)
	}
}
