// Package rulestest holds the checks every game engine's tests share:
// events that fit the display, golden replays, state round trips.
package rulestest

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

var update = flag.Bool("update", false, "rewrite golden files with the current output")

// CheckEvents fails t for any event that would not show well: a short
// line over 16 characters, an empty short message, no long message.
func CheckEvents(t testing.TB, evs []rules.Event) {
	t.Helper()
	for _, e := range evs {
		for _, l := range e.AllLines() {
			if n := utf8.RuneCountInString(l); n > rules.ShortWidth {
				t.Errorf("%s event: short line %q has %d characters, over %d", e.Kind, l, n, rules.ShortWidth)
			}
			if strings.HasSuffix(l, rules.Cut) {
				t.Errorf("%s event: short line %q was cut to fit the display (long: %q): choose shorter words", e.Kind, l, e.Long)
			}
		}
		if strings.TrimSpace(e.Short[0]+e.Short[1]) == "" {
			t.Errorf("%s event %q has no short message", e.Kind, e.Long)
		}
		if strings.TrimSpace(e.Long) == "" {
			t.Errorf("%s event %q has no long message", e.Kind, e.Short)
		}
	}
}

// Golden runs the replay at path and compares its human-readable output
// (one line per event, then the final scores) with path's ".golden" file
// beside it. With -update it writes the golden file instead. It returns
// the finished game for further checks.
func Golden(t *testing.T, path string) rules.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out strings.Builder
	var evs []rules.Event
	g, err := replay.Run(replay.NewReader(f, filepath.Base(path)), func(s replay.Stamped) {
		evs = append(evs, s.Event)
		out.WriteString(replay.Describe(s))
		out.WriteByte('\n')
	})
	if err != nil {
		t.Fatalf("replay %s: %v", path, err)
	}
	CheckEvents(t, evs)
	if g == nil {
		t.Fatalf("replay %s: no game", path)
	}
	out.WriteString("--- scores\n")
	for _, s := range g.Scores() {
		b, _ := json.Marshal(s)
		out.Write(b)
		out.WriteByte('\n')
	}
	golden := strings.TrimSuffix(path, filepath.Ext(path)) + ".golden"
	if *update {
		if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return g
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if got := out.String(); got != string(want) {
		t.Errorf("replay %s differs from %s (run with -update after checking the new output):\n%s", path, golden, diff(string(want), got))
	}
	return g
}

// diff shows the first lines where two texts differ.
func diff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, c string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			c = g[i]
		}
		if a != c {
			b.WriteString("line " + itoa(i+1) + "\n  want: " + a + "\n  got:  " + c + "\n")
			if shown++; shown == 5 {
				break
			}
		}
	}
	return b.String()
}

func itoa(i int) string { return jsonInt(i) }

func jsonInt(i int) string { b, _ := json.Marshal(i); return string(b) }

// RoundTrip saves g's state as JSON, restores it with the mode's Restore
// and checks that the copy saves to the same JSON and has the same scores.
// It returns the restored game so a test can go on playing with it.
func RoundTrip(t testing.TB, mode string, g rules.Game) rules.Game {
	t.Helper()
	m, ok := rules.LookupMode(mode)
	if !ok || m.Restore == nil {
		t.Fatalf("mode %q has no Restore", mode)
	}
	state, err := json.Marshal(g)
	if err != nil {
		t.Fatalf("saving state: %v", err)
	}
	g2, err := m.Restore(state)
	if err != nil {
		t.Fatalf("restoring state: %v", err)
	}
	state2, err := json.Marshal(g2)
	if err != nil {
		t.Fatalf("saving restored state: %v", err)
	}
	if string(state) != string(state2) {
		t.Errorf("state changes in a save/restore round trip:\n before %s\n after  %s", state, state2)
	}
	s1, _ := json.Marshal(g.Scores())
	s2, _ := json.Marshal(g2.Scores())
	if string(s1) != string(s2) {
		t.Errorf("scores change in a save/restore round trip: %s vs %s", s1, s2)
	}
	return g2
}

// Start checks a setup with its registered mode, as the referee does
// (options defaulted), and starts the game.
func Start(t testing.TB, s rules.Setup) rules.Game {
	t.Helper()
	m, ok := rules.LookupMode(s.Mode)
	if !ok {
		t.Fatalf("mode %q not registered", s.Mode)
	}
	s, err := m.Check(s)
	if err != nil {
		t.Fatal(err)
	}
	g, err := m.New(s)
	if err != nil {
		t.Fatal(err)
	}
	CheckEvents(t, g.Start())
	return g
}
