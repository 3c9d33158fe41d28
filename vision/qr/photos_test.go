package qr_test

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/qr"
)

// photosDir is ZXing's black-box QR photos, kept beside the repository in
// shared/ (not in it): see DESIGN.md, "Testing".
const photosDir = "../../../shared/testdata/qr-photos"

func readTexts(t *testing.T, r *qr.Reader, path string) []string {
	t.Helper()
	img := gocv.IMRead(path, gocv.IMReadColor)
	defer img.Close()
	if img.Empty() {
		t.Fatalf("%s: cannot read image", path)
	}
	res, err := r.Read(context.Background(), img)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []string
	for _, c := range res.All() {
		out = append(out, c.Text)
	}
	return out
}

// TestRealPhotos holds the reader to its target on real phone photos: at
// least 170 of the 179 single-code photos (zbar reads 156, ZXing's own tests
// require 157) and all four codes of the multi-code photo.
func TestRealPhotos(t *testing.T) {
	if _, err := os.Stat(photosDir); err != nil {
		t.Skipf("real QR photos not found at %s (they live in shared/, outside a fresh clone): %v", photosDir, err)
	}
	r := qr.NewReader(qr.Options{})
	pngs, _ := filepath.Glob(filepath.Join(photosDir, "qrcode-*", "*.png"))
	sort.Strings(pngs)
	ok, total := 0, 0
	var missed []string
	for _, p := range pngs {
		want, err := os.ReadFile(strings.TrimSuffix(p, ".png") + ".txt")
		if err != nil {
			continue
		}
		total++
		hit := false
		for _, got := range readTexts(t, r, p) {
			if got == string(want) {
				hit = true
			}
		}
		if hit {
			ok++
		} else {
			missed = append(missed, strings.TrimPrefix(p, photosDir+"/"))
		}
	}
	t.Logf("real photos: decoded %d/%d; missed %v", ok, total, missed)
	if total != 179 {
		t.Errorf("found %d photos with expected text, want 179", total)
	}
	if ok < 170 {
		t.Errorf("decoded %d/%d photos, want at least 170", ok, total)
	}

	multi := filepath.Join(photosDir, "multi-qrcode-1")
	want, err := os.ReadFile(filepath.Join(multi, "1.expected-lines.txt"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, s := range readTexts(t, r, filepath.Join(multi, "1.png")) {
		got[s] = true
	}
	for _, line := range strings.Split(strings.TrimRight(string(want), "\n"), "\n") {
		if !got[line] {
			t.Errorf("multi photo: missing %q (got %d codes)", line, len(got))
		}
	}
}
