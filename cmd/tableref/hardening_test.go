package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/imagefile/imagefiletest"
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
