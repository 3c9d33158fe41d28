package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/imagefile/imagefiletest"
	"github.com/tableref/tableref/vision/synth"
)

// Every command that reads a photo refuses a header claiming 10¹⁰ pixels
// (OpenCV aborted the process on it: SIGABRT and a goroutine dump) and a
// JPEG cut short (libjpeg only warned and painted the rest grey), with an
// error naming the file and a non-zero exit.
func TestPhotoCommandsRefuseBadImages(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.png")
	os.WriteFile(huge, imagefiletest.Huge(), 0o644)
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(200, 200, 200, 0), 480, 640, gocv.MatTypeCV8UC3)
	jb, err := gocv.IMEncode(gocv.JPEGFileExt, m)
	m.Close()
	if err != nil {
		t.Fatal(err)
	}
	j := jb.GetBytes()
	cut := filepath.Join(dir, "cut.jpg")
	os.WriteFile(cut, j[:len(j)*2/3], 0o644)
	jb.Close()
	cal := filepath.Join(dir, "cal.json")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"scan", "--codes", huge}, huge + ": image too large: the png header says 100000×100000 pixels"},
		{[]string{"scan", "--game", "wit-cartographer", huge}, "image too large"},
		{[]string{"scan", "--codes", cut}, cut + ": image file cut short"},
		{[]string{"calibrate", "table", "--calibration", cal, huge}, "image too large"},
		{[]string{"calibrate", "show", "--calibration", cal, cut}, "image file cut short"},
	} {
		if tc.args[1] == "show" {
			os.WriteFile(cal, []byte(`{"format":1}`), 0o644)
		}
		code, _, errOut := run(t, tc.args...)
		if code != 1 || !strings.Contains(errOut, tc.want) {
			t.Errorf("tableref %s: status %d, stderr %q; want 1 and %q", strings.Join(tc.args, " "), code, errOut, tc.want)
		}
	}
}

// `tableref replay` of a journal whose header was cut short (a power cut
// as a new game started) says the file holds no game and exits 1; it used
// to print a warning and exit 0 as if a game had been replayed.
func TestReplayOfAJournalWithoutGame(t *testing.T) {
	dir := t.TempDir()
	mark := "# tableref journal: every stable snapshot and input, fsync'd before the referee acted on it\n"
	for name, content := range map[string]string{
		"torn.jsonl":  mark + `{"kind":"header","format":1,"mo`,
		"mark.jsonl":  mark,
		"empty.jsonl": "",
	} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(content), 0o644)
		code, _, errOut := run(t, "replay", path)
		if code != 1 || !strings.Contains(errOut, "the file holds no game") {
			t.Errorf("replay %s: status %d, stderr %q; want 1 and 'the file holds no game'", name, code, errOut)
		}
	}
}

// A tableref code with a wrong check character (a misprinted or damaged
// sticker) is listed as such, not as "not a tableref code" (which is what
// it said for every code that failed to parse, against docs/payload.md).
func TestScanCodesSaysWrongCheckCharacter(t *testing.T) {
	dir := t.TempDir()
	s := synth.Scene{Width: 1280, Height: 720, Camera: geom.Translate(640, 360).Mul(geom.ScaleH(2.8, 2.8)),
		Cards: []synth.Card{
			{Payload: "TR1:C:SA-017F:K", Centre: geom.Pt{X: -120}},
			{Payload: "TR1:C:SA-017F:X", Centre: geom.Pt{X: 0}}, // K is right
			{Payload: "HTTPS://EXAMPLE.COM", Centre: geom.Pt{X: 120}},
		}}
	code, out, errOut := run(t, "scan", "--codes", photoFile(t, dir, "damaged", s))
	if code != 0 {
		t.Fatalf("%d %s", code, errOut)
	}
	lines := map[string]string{}
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 1 {
			lines[f[0]] = l
		}
	}
	if l := lines["TR1:C:SA-017F:X"]; !strings.Contains(l, "tableref code with a wrong check character (misprint or damaged sticker)") {
		t.Errorf("the damaged code is listed as %q; output:\n%s", l, out)
	}
	if l := lines["HTTPS://EXAMPLE.COM"]; !strings.Contains(l, "not a tableref code") {
		t.Errorf("the foreign code is listed as %q", l)
	}
	if !strings.Contains(out, "3 codes: 1 tableref, 1 damaged or misprinted tableref, 1 not ours") {
		t.Errorf("summary wrong:\n%s", out)
	}
}
