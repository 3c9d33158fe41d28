package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/scanner/scenes"
)

// calibrate board checks the board profile against the photo of the empty
// boards: the default profile matches the generated boards (under each of
// three lights, the last a lamp casting across the table); a profile that says otherwise on three
// squares of every board has each of them named, with what the profile
// says and what the photo shows, and the command fails after saving the
// capture.
func TestCalibrateBoardChecksTheProfile(t *testing.T) {
	dir := t.TempDir()
	var cal, photo string
	// The default profile matches the generated boards under every light
	// (no false alarm); the last, the lamp, is kept for the wrong profile.
	for i, light := range scenes.Lights() {
		o := light.Options
		o.Seed = 77
		empty, err := scenes.NewCityTable(o, scenes.City{Players: 2}).Empty()
		if err != nil {
			t.Fatal(err)
		}
		cal = calFile(t, dir, &calibration.File{Format: calibration.Format, Plane: empty.Cal.Plane})
		photo = photoFile(t, dir, fmt.Sprintf("empty%d", i), empty.Scene)
		code, out, errOut := run(t, "calibrate", "board", photo, "--calibration", cal)
		if code != 0 {
			t.Fatalf("%s, default profile: status %d\n%s%s", light.Name, code, out, errOut)
		}
		for _, z := range []string{"board:p1", "board:p2"} {
			if !strings.Contains(out, z+": its grey, brown and green squares are where the default standard profile says") {
				t.Errorf("%s, default profile: %s not said to match:\n%s", light.Name, z, out)
			}
		}
	}

	// The user's profile, wrong on three squares: a green corner it calls
	// grey, a brown square it calls green, a grey centre it calls brown.
	profile := `{"side": "standard",
 "shopValue": [[3,1,1,1,1,1],[1,1,2,2,2,1],[1,2,2,3,2,1],[1,2,3,3,2,1],[1,2,2,2,2,1],[1,1,1,1,1,1]],
 "asphaltEdges": ["N","E","S","W"], "seaEdges": [], "seaCells": [],
 "northTileColumns": [1,3,5], "westTileRows": [1,3,5],
 "constructionCells": [[1,1],[2,2],[3,3],[4,4]], "rotation": 0}`
	pf := filepath.Join(dir, "my-board.json")
	if err := os.WriteFile(pf, []byte(profile), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "calibrate", "board", photo, "--profile", pf, "--calibration", cal)
	if code == 0 {
		t.Fatalf("a wrong profile: status 0\n%s", out)
	}
	for _, z := range []string{"board:p1", "board:p2"} {
		for _, want := range []string{
			z + " row 1 col 1: the profile says grey (shop 3), the photo shows it like the green squares",
			z + " row 2 col 2: the profile says green (shop 1), the photo shows it like the brown squares",
			z + " row 3 col 3: the profile says brown (shop 2), the photo shows it like the grey squares",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("wrong profile: no %q in\n%s", want, out)
			}
		}
	}
	if n := strings.Count(out, "the profile says"); n != 6 {
		t.Errorf("wrong profile: %d mismatches named, want the 6 made:\n%s", n, out)
	}
	if !strings.Contains(out, "saved to") || !strings.Contains(errOut, "my-board.json does not match the board") {
		t.Errorf("wrong profile: want the capture saved and the profile refused:\n%s%s", out, errOut)
	}
}
