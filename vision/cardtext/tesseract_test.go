package cardtext

import (
	"bytes"
	"debug/elf"
	"log/slog"
	"os"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// The binary does not link Tesseract: it is loaded when a Reader starts,
// so commands that read no text do not load its ~75 libraries.
func TestNotLinkedWithTesseract(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	f, err := elf.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	libs, err := f.ImportedLibraries()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range libs {
		if strings.HasPrefix(l, "libtesseract") || strings.HasPrefix(l, "liblept") {
			t.Errorf("the binary needs %s at start-up (NEEDED %v)", l, libs)
		}
	}
}

func TestTesseractLoads(t *testing.T) {
	if _, err := tesseract(); err != nil {
		t.Fatal(err)
	}
}

// A missing or wrong library is an error that says what to install.
func TestTesseractMissing(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"libtesseract-absent.so.5", "libtesseract-absent.so.5"}, // the loader's message names the file
		{"libc.so.6", "TessBaseAPICreate"},                       // a library, but not Tesseract
	} {
		api, err := openTesseract(c.file)
		if err == nil {
			t.Errorf("%s: loaded (%p)", c.file, api)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "libtesseract5") {
			t.Errorf("%s: %v, want it to name %s and the package to install", c.file, err, c.want)
		}
	}
}

// Missing language data is an error naming the package that holds it.
func TestLanguageDataMissing(t *testing.T) {
	if _, err := NewReader("xx_none"); err == nil || !strings.Contains(err.Error(), "tesseract-ocr-xx-none") {
		t.Errorf("a language without data: %v", err)
	}
	// No data at all: the English data the figures are read with.
	t.Setenv("TESSDATA_PREFIX", t.TempDir())
	if r, err := NewReader("spa"); err == nil {
		r.Close()
		t.Error("no language data: no error")
	} else if !strings.Contains(err.Error(), "tesseract-ocr-eng") {
		t.Errorf("no language data: %v, want it to name tesseract-ocr-eng", err)
	}
}

// Tesseract's and Leptonica's own messages never reach the terminal: a
// learn session printed some 97 "Estimating resolution" lines and
// Leptonica's "Error in boxClipToRectangle" between its questions. They
// are logged at debug level instead.
func TestTesseractSaysNothingOnTheTerminal(t *testing.T) {
	var logged bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelDebug})))
	defer slog.SetDefault(old)
	// The process's own stderr (fd 2, where C code writes) into a file
	// for the length of a read.
	out, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	saved, err := unix.Dup(2)
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.Dup3(int(out.Fd()), 2, 0); err != nil {
		t.Fatal(err)
	}
	restore := func() {
		if saved >= 0 {
			unix.Dup3(saved, 2, 0)
			unix.Close(saved)
			saved = -1
		}
	}
	defer restore()
	r, err := NewReader("spa")
	if err != nil {
		restore()
		t.Fatal(err)
	}
	// A card's text as a block makes Tesseract estimate the resolution.
	frame, code, g := card(t, [4]string{"27", "104", "27", "104"}, "Salvador")
	_, rerr := r.ReadCard(frame, code, g)
	frame.Close()
	r.Close()
	restore()
	if rerr != nil {
		t.Fatal(rerr)
	}
	printed, err := os.ReadFile(out.Name())
	if err != nil {
		t.Fatal(err)
	}
	if len(printed) > 0 {
		t.Errorf("Tesseract printed on the terminal:\n%s", printed)
	}
	if !strings.Contains(logged.String(), "Estimating resolution") {
		t.Errorf("Tesseract's message was not logged at debug level; the log:\n%s", logged.String())
	}
}
