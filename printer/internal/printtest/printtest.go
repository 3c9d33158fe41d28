// Package printtest checks printed PDFs the way a user's printer and the
// camera would see them: poppler renders the pages, then both tableref's
// own reader (vision/qr) and zbar decode every code again. Tests skip with
// a clear message where poppler or zbar is missing (scripts/setup installs
// both).
package printtest

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/qr"
)

// Need skips the test when a tool is missing.
func Need(t testing.TB, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed (scripts/setup installs poppler-utils and zbar-tools): %v", tool, err)
		}
	}
}

// WritePDF stores pdf in a temporary directory and returns its path.
func WritePDF(t testing.TB, pdf []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "out.pdf")
	if err := os.WriteFile(p, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Render turns every page of the PDF into a PNG at dpi and returns the
// files in page order.
func Render(t testing.TB, pdfPath string, dpi int) []string {
	t.Helper()
	Need(t, "pdftoppm")
	dir := t.TempDir()
	out, err := exec.Command("pdftoppm", "-r", strconv.Itoa(dpi), "-png", pdfPath, filepath.Join(dir, "p")).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftoppm: %v: %s", err, out)
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "p-*.png"))
	sort.Strings(pages)
	if len(pages) == 0 {
		t.Fatal("pdftoppm rendered no pages")
	}
	return pages
}

// Zbar decodes every QR code in the PNGs with zbarimg, in file order.
func Zbar(t testing.TB, pngs ...string) []string {
	t.Helper()
	Need(t, "zbarimg")
	cmd := exec.Command("zbarimg", append([]string{"--quiet", "--raw", "-Sdisable", "-Sqrcode.enable"}, pngs...)...)
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		// zbarimg exits 4 when it finds nothing: an empty result.
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 4 {
			t.Fatalf("zbarimg %v: %v", pngs, err)
		}
	}
	var codes []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if l != "" {
			codes = append(codes, l)
		}
	}
	return codes
}

// Tableref decodes every code in a PNG with vision/qr.
func Tableref(t testing.TB, png string) []string {
	t.Helper()
	var codes []string
	for _, c := range TablerefCodes(t, png) {
		codes = append(codes, c.Text)
	}
	return codes
}

// Text extracts the PDF's text with pdftotext.
func Text(t testing.TB, pdfPath string) string {
	t.Helper()
	Need(t, "pdftotext")
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", pdfPath, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

var pageSize = regexp.MustCompile(`Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts`)

// PageSizesMM returns every page's size in millimetres, from pdfinfo.
func PageSizesMM(t testing.TB, pdfPath string) [][2]float64 {
	t.Helper()
	Need(t, "pdfinfo")
	out, err := exec.Command("pdfinfo", "-f", "1", "-l", "9999", pdfPath).Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	var sizes [][2]float64
	for _, m := range pageSize.FindAllStringSubmatch(string(out), -1) {
		w, _ := strconv.ParseFloat(m[1], 64)
		h, _ := strconv.ParseFloat(m[2], 64)
		sizes = append(sizes, [2]float64{w * 25.4 / 72, h * 25.4 / 72})
	}
	return sizes
}

// Sorted returns a sorted copy, for comparing sets of payloads.
func Sorted(v []string) []string {
	out := append([]string(nil), v...)
	sort.Strings(out)
	return out
}

// TablerefCodes returns the codes vision/qr finds in a PNG with their
// positions (pixels).
func TablerefCodes(t testing.TB, png string) []qr.Code {
	t.Helper()
	img := gocv.IMRead(png, gocv.IMReadColor)
	if img.Empty() {
		t.Fatalf("cannot read %s", png)
	}
	defer img.Close()
	res, err := qr.NewReader(qr.Options{}).Read(context.Background(), img)
	if err != nil {
		t.Fatalf("vision/qr on %s: %v", png, err)
	}
	var out []qr.Code
	for _, c := range res.Codes {
		out = append(out, c.Code)
	}
	return append(out, res.Foreign...)
}
