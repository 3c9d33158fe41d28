// Package speechtest helps tests listen to spoken verdicts: it skips a test
// where espeak-ng or sox is missing (failing it in CI, where scripts/setup
// installs both), and measures a WAV with sox.
package speechtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// NeedTools skips t where espeak-ng or sox is not installed, except in CI.
func NeedTools(t testing.TB) {
	t.Helper()
	for _, bin := range []string{"espeak-ng", "sox"} {
		if _, err := exec.LookPath(bin); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is not installed; scripts/setup installs it", bin)
			}
			t.Skipf("%s is not installed (scripts/setup installs it)", bin)
		}
	}
}

// Stat runs sox's stat effect on a WAV and returns its figures by name:
// "Length (seconds)", "RMS amplitude", …
func Stat(t testing.TB, wav []byte) map[string]float64 {
	t.Helper()
	path := filepath.Join(t.TempDir(), "a.wav")
	if err := os.WriteFile(path, wav, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("sox", path, "-n", "stat").CombinedOutput()
	if err != nil {
		t.Fatalf("sox: %v: %s", err, out)
	}
	m := map[string]float64{}
	for _, l := range strings.Split(string(out), "\n") {
		k, v, ok := strings.Cut(l, ":")
		if !ok {
			continue
		}
		if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
			m[strings.Join(strings.Fields(k), " ")] = f
		}
	}
	return m
}
