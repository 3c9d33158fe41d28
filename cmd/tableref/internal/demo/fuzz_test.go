package demo

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/tableref/tableref/rules"
)

// FuzzLoad: a recording.json from the cache, damaged or hostile, is either
// refused or one the folder camera can play: a positive frame rate and
// size, moves inside the frames.
func FuzzLoad(f *testing.F) {
	good, _ := json.Marshal(Recording{Version: Version, Setup: rules.Setup{Mode: "wit-continental", Players: []string{"Ana", "Ben"}}, FPS: 8, Frames: 40, Width: 1280, Height: 720, Moves: []int{3, 9}, PxPerMM: 1.9, ModulePx: 2.9})
	f.Add(good)
	f.Add([]byte(`{"version":1,"fps":0}`))
	f.Add([]byte(`{"version":1,"fps":1e400}`))
	f.Add([]byte(`{"moves":[-1]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "recording.json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := Load(dir)
		if err != nil {
			return
		}
		if r.FPS <= 0 || r.FPS > 120 || r.Width <= 0 || r.Height <= 0 || r.Frames <= 0 || r.Setup.Mode == "" {
			t.Fatalf("accepted a recording that cannot play: %+v", r)
		}
		for _, m := range r.Moves {
			if m < 0 || m >= r.Frames {
				t.Fatalf("accepted a move at frame %d of %d", m, r.Frames)
			}
		}
	})
}
