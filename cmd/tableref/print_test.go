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
		{[]string{"print", "deck", "sw", "--sheet", "grid:3x6", "-o", out("sw2.pdf")}, "sw2.pdf", "grid 3x6"},
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
// command says so; cards at the default size are fine.
func TestPrintWarnsAboutSmallCodes(t *testing.T) {
	dir := t.TempDir()
	_, _, stderr := run(t, "print", "stickers", "sw", "--paper", "letter", "-o", filepath.Join(dir, "s.pdf"))
	if !strings.Contains(stderr, "warning: sticker codes") {
		t.Errorf("no warning for 5160 stickers: %q", stderr)
	}
	_, _, stderr = run(t, "print", "deck", "sa", "-o", filepath.Join(dir, "c.pdf"))
	if strings.Contains(stderr, "warning") {
		t.Errorf("unexpected warning for default cards: %q", stderr)
	}
	_, _, stderr = run(t, "print", "deck", "sa", "--height-cm", "150", "-o", filepath.Join(dir, "c.pdf"))
	if !strings.Contains(stderr, "warning: card codes") {
		t.Errorf("no warning for cards with the camera at 150 cm: %q", stderr)
	}
}

func TestPrintSize(t *testing.T) {
	code, stdout, _ := run(t, "print", "size", "--camera-width", "4608", "--hfov", "66", "--height-cm", "100")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"modules of at least 1.41 mm", "code 29.5 mm", "cards and stickers for this camera: 1.50 mm modules → 4.3 px per module: OK", "markers (default): 1.60 mm modules → 4.6 px per module: OK"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("size output lacks %q:\n%s", want, stdout)
		}
	}
	_, stdout, _ = run(t, "print", "size", "--camera-width", "2304", "--module", "1.6")
	if !strings.Contains(stdout, "explicit --module: 1.60 mm modules → 2.3 px per module: TOO SMALL") {
		t.Errorf("half-resolution check missing:\n%s", stdout)
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
