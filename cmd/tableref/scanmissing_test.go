package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner/scenes"
	"github.com/tableref/tableref/vision/synth"
)

// Issue 18 item 6: a finished Strange World world whose sticker was not
// read (printed too small to decode, as a 3.7 px-per-module sticker under
// hard light was) is never scored silently. scan names the cell, marks it
// on the picture, prints no score and no winner, and exits 3; with
// --allow-missing it scores what it read and exits 0. On the old code the
// same photo scored with exit 0 and no message.
func TestScanMissedCardIsNotScored(t *testing.T) {
	dir := t.TempDir()
	g, err := scenes.StrangeWorld(scenes.Options{Seed: 35, Tilt: 10, Blur: 0.8, Noise: 2, Light: 0.3}, 2)
	if err != nil {
		t.Fatal(err)
	}
	// Ben's world: shrink the sticker of one face-up card in its middle
	// until no camera can read it.
	target := rules.Pos{Row: 1, Col: 2}
	ref := g.Visible.Zone("p2").At(target).Card
	if ref.IsZero() {
		t.Fatalf("no card at %v of p2", target)
	}
	payload := rules.CardPayload(ref).String()
	shrunk := false
	for i := range g.Scene.Cards {
		if g.Scene.Cards[i].Payload == payload {
			g.Scene.Cards[i].QRSideMM = 5
			shrunk = true
		}
	}
	if !shrunk {
		t.Fatalf("card %s not in the scene", payload)
	}
	cal := calFile(t, dir, g.Cal)
	photo := photoFile(t, dir, "hole", g.Scene)
	png := filepath.Join(dir, "hole-annotated.png")
	args := []string{"scan", "--game", "strangeworld", "--players", "Ana,Ben", "--calibration", cal}
	code, out, errOut := run(t, append(args, "--annotate", png, photo)...)
	if code != exitMissing {
		t.Fatalf("status %d, want %d (missing): %s\n%s", code, exitMissing, errOut, out)
	}
	if !strings.Contains(out, "no score") || !strings.Contains(out, "missing: Ben's world: 1 cell not read (row 2 col 3)") ||
		strings.Contains(out, "winner:") || strings.Contains(out, "shared win") || strings.Contains(out, "Ana  ") {
		t.Errorf("output:\n%s", out)
	}
	if !strings.Contains(errOut, "--allow-missing") {
		t.Errorf("stderr %q does not say how to score anyway", errOut)
	}

	code, out, errOut = run(t, append(args, "--json", photo)...)
	var res scanResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if code != exitMissing || res.Status != "missing" || res.Scores != nil || res.Winners != nil || len(res.Gaps) != 1 || res.Gaps[0].Zone != "p2" {
		t.Errorf("--json: status %d %s scores %v winners %v gaps %+v (%s)", code, res.Status, res.Scores, res.Winners, res.Gaps, errOut)
	}

	code, out, errOut = run(t, append(args, "--allow-missing", photo)...)
	if code != 0 || !strings.Contains(out, "scored without what the photo missed") || !strings.Contains(out, "winner: ") {
		t.Errorf("--allow-missing: status %d\n%s\n%s", code, out, errOut)
	}
}

// Issue 18 item 6: a photo whose file was cut short (libjpeg's "Premature
// end of JPEG file": the rest of the picture comes out grey, and the cards
// there vanish) is refused before any score, exit 1, the file and the
// reason named. The image reading is vision/imagefile's (issue 14); this
// checks the whole scan of a finished table on it.
func TestScanRefusesATruncatedPhoto(t *testing.T) {
	dir := t.TempDir()
	g, err := scenes.StrangeWorld(scenes.Options{Seed: 35}, 2)
	if err != nil {
		t.Fatal(err)
	}
	frame, _, err := synth.Render(g.Scene)
	if err != nil {
		t.Fatal(err)
	}
	buf, err := gocv.IMEncode(gocv.JPEGFileExt, frame)
	frame.Close()
	if err != nil {
		t.Fatal(err)
	}
	data := append([]byte(nil), buf.GetBytes()...)
	buf.Close()
	cut := filepath.Join(dir, "finished.jpg")
	if err := os.WriteFile(cut, data[:len(data)*3/4], 0o644); err != nil {
		t.Fatal(err)
	}
	cal := calFile(t, dir, g.Cal)
	code, out, errOut := run(t, "scan", "--game", "strangeworld", "--players", "Ana,Ben", "--calibration", cal, cut)
	if code != 1 || !strings.Contains(errOut, cut+": image file cut short") || strings.Contains(out, "winner") {
		t.Errorf("status %d\nstdout %s\nstderr %s", code, out, errOut)
	}
}
