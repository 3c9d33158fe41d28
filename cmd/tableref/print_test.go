package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The commands the issue names work end to end and say what they wrote.
func TestPrintCommands(t *testing.T) {
	dir := t.TempDir()
	out := func(n string) string { return filepath.Join(dir, n) }
	for _, tc := range []struct {
		args []string
		file string
		say  string
	}{
		{[]string{"print", "deck", "wit-sa", "--paper", "a4", "-o", out("sa.pdf")}, "sa.pdf", "108 cards on 24 pages"},
		{[]string{"print", "deck", "WLD", "--paper", "letter", "--bleed", "1.5", "--cut-lines", "-o", out("wld.pdf")}, "wld.pdf", "Map It! World"},
		{[]string{"print", "deck", "nsoe-eu", "--no-backs", "--duplex-test", "-o", out("eu.pdf")}, "eu.pdf", "Nord Sud Ovest Est"},
		{[]string{"print", "stickers", "sw", "--start", "5", "-o", out("sw.pdf")}, "sw.pdf", "starting at label 5"},
		{[]string{"print", "deck", "sw", "--sheet", "grid:3x4", "-o", out("sw2.pdf")}, "sw2.pdf", "grid 3x4"},
		{[]string{"print", "stickers", "wit-sa", "--paper", "letter", "-o", out("sa-st.pdf")}, "sa-st.pdf", "216 stickers on 4 cut grid 7x8"},
		{[]string{"print", "stickers", "sw", "--sheet", "5160", "--paper", "letter", "--force", "-o", out("sw3.pdf")}, "sw3.pdf", "forced"},
		{[]string{"print", "markers", "all", "--players", "6", "-o", out("m.pdf")}, "m.pdf", "30 codes on 4 pages"},
		{[]string{"print", "duplex", "--paper", "letter", "-o", out("d.pdf")}, "d.pdf", "Letter"},
		{[]string{"print", "preview", "SA-001/B", "-o", out("c.png")}, "c.png", "Bogotá"},
		{[]string{"print", "preview", "Encarnación", "--deck", "wit-sa", "-o", out("c.svg")}, "c.svg", "SA-017"},
	} {
		code, stdout, stderr := run(t, tc.args...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", tc.args, code, stderr)
			continue
		}
		if !strings.Contains(stdout, tc.say) {
			t.Errorf("%v: output %q lacks %q", tc.args, stdout, tc.say)
		}
		b, err := os.ReadFile(out(tc.file))
		if err != nil || len(b) < 100 {
			t.Errorf("%v: %s not written (%v)", tc.args, tc.file, err)
		}
		if strings.HasSuffix(tc.file, ".pdf") && !bytes.HasPrefix(b, []byte("%PDF-")) {
			t.Errorf("%s is not a PDF", tc.file)
		}
	}
}

// Sticker codes on Avery 5160 are too small for a camera 1 m up: the
// command refuses, naming what to use, and prints them only with --force
// (and a warning); cards at the default size are fine, and a module below
// the camera's need is warned about.
func TestPrintWarnsAboutSmallCodes(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := run(t, "print", "stickers", "sw", "--paper", "letter", "--sheet", "5160", "-o", filepath.Join(dir, "s.pdf"))
	if code != 2 || !strings.Contains(stderr, "--sheet cut") || !strings.Contains(stderr, "--force") {
		t.Errorf("5160 stickers: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "s.pdf")); err == nil {
		t.Error("a refused sheet was written")
	}
	code, _, stderr = run(t, "print", "stickers", "sw", "--paper", "letter", "--sheet", "5160", "--force", "-o", filepath.Join(dir, "s.pdf"))
	if code != 0 || !strings.Contains(stderr, "warning: sheet 5160") {
		t.Errorf("forced 5160 stickers: exit %d, %q", code, stderr)
	}
	_, _, stderr = run(t, "print", "deck", "sa", "-o", filepath.Join(dir, "c.pdf"))
	if strings.Contains(stderr, "warning") {
		t.Errorf("unexpected warning for default cards: %q", stderr)
	}
	_, _, stderr = run(t, "print", "deck", "sa", "--module", "0.6", "-o", filepath.Join(dir, "c.pdf"))
	if !strings.Contains(stderr, "warning: card codes") || !strings.Contains(stderr, "code_mm: 12.60") {
		t.Errorf("no warning for 0.6 mm modules: %q", stderr)
	}
	_, _, stderr = run(t, "print", "deck", "sa", "--paper", "a4", "--bleed", "3", "-o", filepath.Join(dir, "c.pdf"))
	if !strings.Contains(stderr, "0.8 mm margins") {
		t.Errorf("no margin warning for 3 mm bleed on A4: %q", stderr)
	}
}

func TestPrintSize(t *testing.T) {
	code, stdout, _ := run(t, "print", "size", "--camera-width", "4608", "--hfov", "66", "--height-cm", "100")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"modules of at least 0.77 mm", "code 16.2 mm", "cards and stickers for this camera: 0.80 mm modules → 2.3 px per module: OK", "markers (default): 1.60 mm modules → 4.6 px per module: OK",
		// issue 28: which Camera Module 3 mode reads the default codes
		"2304×1296: 1.1 px per module: too coarse (up to 52 cm)", "4608×2592: 2.3 px per module: reads them (up to 103 cm)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("size output lacks %q:\n%s", want, stdout)
		}
	}
	_, stdout, _ = run(t, "print", "size", "--camera-width", "2304", "--module", "0.8")
	if !strings.Contains(stdout, "explicit --module: 0.80 mm modules → 1.1 px per module: TOO SMALL") {
		t.Errorf("half-resolution check missing:\n%s", stdout)
	}
	_, stdout, _ = run(t, "print", "size", "--height-cm", "50")
	if !strings.Contains(stdout, "2304×1296: 2.3 px per module: reads them (up to 52 cm)") {
		t.Errorf("at 50 cm the binned mode should read the default codes:\n%s", stdout)
	}
}

func TestPrintUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"print"},
		{"print", "poster"},
		{"print", "deck", "monopoly", "-o", "x.pdf"},
		{"print", "deck", "sa", "--paper", "a3", "-o", "x.pdf"},
		{"print", "deck", "sa"}, // no -o
		{"print", "stickers", "sw", "--sheet", "l9999", "-o", "x.pdf"},
		{"print", "size", "--hfov", "0"},
		{"print", "preview", "Bogotá", "-o", "x.png"}, // in two decks
	} {
		if code, _, _ := run(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	// Shake That City has no cards: a plain error pointing at the markers.
	if code, _, stderr := run(t, "print", "deck", "shakecity", "-o", filepath.Join(t.TempDir(), "x.pdf")); code != 1 || !strings.Contains(stderr, "markers") {
		t.Errorf("shakecity: exit %d, %q", code, stderr)
	}
}
