package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDemoLivePipeline films the first moves of the bundled game with the
// scene generator and runs them through the whole live path (camera
// folder → QR reader → scanner → referee → console display): the
// standings must be those of refereeing the same snapshots directly.
func TestDemoLivePipeline(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads about a hundred frames")
	}
	src, err := os.Open(filepath.Join("testdata", filepath.Base(demoReplay))) // tests run in cmd/tableref
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	// The header, the setup and the first three placements with their flips.
	var lines []string
	snaps := 0
	sc := bufio.NewScanner(src)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() && snaps < 9 {
		lines = append(lines, sc.Text())
		if strings.Contains(sc.Text(), `"snapshot"`) {
			snaps++
		}
	}
	dir := t.TempDir()
	short := filepath.Join(dir, "short.jsonl")
	os.WriteFile(short, []byte(strings.Join(lines, "\n")+"\n"), 0o644)

	code, want, errOut := run(t, "replay", short)
	if code != 0 {
		t.Fatalf("replay: %s", errOut)
	}
	code, out, errOut := run(t, "demo", "-replay", short, "-cache", filepath.Join(dir, "cache"), "-listen", "off", "-speed", "3", "-play", "every") // every frame: the same result however busy the machine
	if code != 0 {
		t.Fatalf("demo: status %d\n%s", code, errOut)
	}
	if standings(out) != standings(want) {
		t.Errorf("live pipeline standings:\n%s\nwant (replay):\n%s\nconsole:\n%s", standings(out), standings(want), out)
	}
	// The game's own language by default: the South American deck's Spanish.
	if !strings.Contains(out, ": BIEN") || !strings.Contains(out, "┌────────────────┐") {
		t.Errorf("the console display showed no verdict:\n%s", out)
	}
}
