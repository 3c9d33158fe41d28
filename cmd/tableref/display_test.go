package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDisplayTestFallsBackToConsole(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runMain([]string{"display", "test", "-verdict", "wrong", "Not next to Lima", "take it back"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "│Not next to Lima│ ✗ wrong") {
		t.Errorf("stdout:\n%s", out.String())
	}
	if !strings.Contains(errb.String(), "display is absent") {
		t.Errorf("stderr does not say the display is absent:\n%s", errb.String())
	}
}

func TestDisplayTestProfileOnlyFails(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runMain([]string{"display", "test", "-on", "profile", "Hello"}, &out, &errb); code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "pin GPIO25 not found") {
		t.Errorf("stderr:\n%s", errb.String())
	}
}

func TestDisplayTestPNGAndScores(t *testing.T) {
	dir := t.TempDir()
	prof := filepath.Join(dir, "hw.yaml")
	if err := os.WriteFile(prof, []byte("display:\n  type: ssd1306\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pngPath := filepath.Join(dir, "p.png")
	var out, errb bytes.Buffer
	if code := runMain([]string{"display", "test", "-profile", prof, "-on", "console", "-png", pngPath, "-scores", "Ana=12,Bo=9"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil || img.Bounds().Dx() != 128*4+32 {
		t.Errorf("preview: %v, bounds %v", err, img.Bounds())
	}
	if !strings.Contains(out.String(), "│Ana           12│") {
		t.Errorf("stdout:\n%s", out.String())
	}
}

func TestDisplayUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"display"}, {"display", "test"}, {"display", "test", "-verdict", "maybe", "x"}, {"display", "test", "-scores", "Ana", "x"}, {"display", "test", "-on", "tv", "x"}} {
		var out, errb bytes.Buffer
		if code := runMain(args, &out, &errb); code != 2 {
			t.Errorf("%q: exit %d, want 2 (usage)", args, code)
		}
	}
}
