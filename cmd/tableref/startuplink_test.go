package main

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// tableref built as make builds it links only the shared libraries it
// calls at once. Each of these made every process load dozens to
// hundreds more before it did anything (264 in all, 130–150 ms); they
// are opened on first use (videoio, Tesseract) or not used at all.
// A gocv.IMRead or a highgui call slipped into the binary fails here.
func TestBinaryLinksOnlyWhatItCalls(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	if _, err := exec.LookPath("ld.lld"); err != nil {
		t.Skip("no ld.lld (scripts/setup installs lld)")
	}
	mk, err := os.ReadFile(filepath.Join("..", "..", "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^LINK_FLAGS := (.+)$`).FindSubmatch(mk)
	if m == nil {
		t.Fatal("the Makefile sets no LINK_FLAGS")
	}
	bin := filepath.Join(t.TempDir(), "tableref")
	build := exec.Command("go", "build", "-ldflags", `-extldflags "`+string(m[1])+`"`, "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	libs, err := f.ImportedLibraries()
	if err != nil {
		t.Fatal(err)
	}
	for _, lib := range libs {
		for _, lazy := range []string{"libopencv_imgcodecs", "libopencv_videoio", "libopencv_highgui", "libopencv_dnn", "libtesseract", "liblept"} {
			if strings.HasPrefix(lib, lazy+".") {
				t.Errorf("tableref links %s at start", lib)
			}
		}
	}
	if !contains(libs, "libopencv_core") {
		t.Errorf("no OpenCV core among %v: not the binary this test means", libs)
	}
	t.Logf("tableref needs %v", libs)
}

func contains(libs []string, prefix string) bool {
	for _, l := range libs {
		if strings.HasPrefix(l, prefix+".") {
			return true
		}
	}
	return false
}
