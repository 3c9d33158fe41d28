package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableref/tableref/hw/speech/speechtest"
)

// tableref say renders what the referee would say: a card's name in its
// language first; sox finds a sound of a sentence's length, not silence.
func TestSayToWAV(t *testing.T) {
	speechtest.NeedTools(t)
	wav := filepath.Join(t.TempDir(), "v.wav")
	code, out, errOut := run(t, "say", "--config", "none.yaml", "--card", "Cuiabá", "--wav", wav, ": right. Ana, plus one.")
	if code != 1 || !strings.Contains(errOut, "none.yaml") {
		t.Errorf("a missing --config: status %d, %s", code, errOut)
	}
	code, out, errOut = run(t, "say", "--card", "Cuiabá", "--wav", wav, ": right. Ana, plus one.")
	if code != 0 || !strings.Contains(out, "Cuiabá: right. Ana, plus one.") {
		t.Fatalf("status %d\n%s%s", code, out, errOut)
	}
	b, err := os.ReadFile(wav)
	if err != nil {
		t.Fatal(err)
	}
	st := speechtest.Stat(t, b)
	length, rms := st["Length (seconds)"], st["RMS amplitude"]
	if length < 1.5 || length > 6 || rms < 0.02 {
		t.Errorf("the WAV lasts %.2f s with RMS amplitude %.3f: want a spoken sentence", length, rms)
	}
	if code, _, errOut := run(t, "say", "--language", "fr", "bonjour"); code != 2 || !strings.Contains(errOut, `language "fr"`) {
		t.Errorf("an unknown language: status %d, %s", code, errOut)
	}
}

// Played, the sound goes to aplay on the chosen ALSA device; a device that
// fails is named with aplay's own last word.
func TestSayPlays(t *testing.T) {
	speechtest.NeedTools(t)
	dir := t.TempDir()
	script := "#!/bin/sh\necho \"$@\" > " + dir + "/args\ncat > " + dir + "/played.wav\n[ \"$3\" = broken ] && { echo 'ALSA lib noise' >&2; echo 'aplay: audio open error: No such device' >&2; exit 1; }\nexit 0\n"
	if err := os.WriteFile(filepath.Join(dir, "aplay"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	if code, _, errOut := run(t, "say", "--device", "plughw:1,0", "hello"); code != 0 {
		t.Fatalf("status %d: %s", code, errOut)
	}
	args, _ := os.ReadFile(filepath.Join(dir, "args"))
	played, _ := os.ReadFile(filepath.Join(dir, "played.wav"))
	if strings.TrimSpace(string(args)) != "-q -D plughw:1,0 -" || len(played) < 1000 || string(played[:4]) != "RIFF" {
		t.Errorf("aplay %q got %d bytes", args, len(played))
	}
	code, _, errOut := run(t, "say", "--device", "broken", "hello")
	if code != 1 || !strings.Contains(errOut, "ALSA device broken") || !strings.Contains(errOut, "No such device") || strings.Contains(errOut, "ALSA lib noise") {
		t.Errorf("a failing device: status %d, %s", code, errOut)
	}
}
