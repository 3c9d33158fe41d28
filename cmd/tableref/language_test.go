package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// replay --language prints the display's screens in that language; a
// language the referee does not speak is refused, naming the flag.
func TestReplayLanguage(t *testing.T) {
	code, out, errOut := run(t, "replay", "--language", "it", "testdata/demo-continental.jsonl")
	if code != 0 {
		t.Fatalf("replay --language it: status %d: %s", code, errOut)
	}
	for _, want := range []string{"verdict  Quito: GIUSTO / Ana +1", "turn     Tocca a Ben / Posa una carta", "Standings:"} {
		if !strings.Contains(out, want) {
			t.Errorf("replay --language it says no %q:\n%s", want, out)
		}
	}
	code, _, errOut = run(t, "replay", "--language", "fr", "testdata/demo-continental.jsonl")
	if code != 2 || !strings.Contains(errOut, "--language") || !strings.Contains(errOut, "it, de, es, pt") {
		t.Errorf("replay --language fr: status %d, %q: want 2 and the flag with the languages", code, errOut)
	}
}

// say --language takes each language the referee speaks (issue 31: it was
// refused for Italian although the games are Italian and German).
func TestSayLanguages(t *testing.T) {
	if _, err := exec.LookPath("espeak-ng"); err != nil {
		t.Skip("espeak-ng is not installed (apt install espeak-ng)")
	}
	for _, l := range []string{"it", "de", "es", "pt"} {
		wav := filepath.Join(t.TempDir(), l+".wav")
		if code, _, errOut := run(t, "say", "--language", l, "--wav", wav, "--card", "EU-001", ": ok. Ana, +1."); code != 0 {
			t.Errorf("say --language %s: status %d: %s", l, code, errOut)
		}
	}
}
