package qrbench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
)

// ZXingCpp is zxing-cpp, the strongest open-source QR reader, as Debian 12
// ships it: package python3-zxing-cpp (zxing-cpp 1.4.0, Python binding of
// libzxing2), run as a process on the frame written as a PGM, its
// read_barcodes restricted to QR codes with the library's defaults
// otherwise (rotations and downscaled passes on). Its time is the
// process's wall time without writing the file: Python's start-up and
// loading numpy included, as zbarimg's includes its own.
type ZXingCpp struct {
	Dir    string // scratch folder; os.TempDir() if empty
	Python string // the Python that has the binding: Debian's /usr/bin/python3
	name   string
	last   time.Duration
}

// NewZXingCpp returns the contender, named with the installed package's
// version.
func NewZXingCpp(dir string) *ZXingCpp {
	z := &ZXingCpp{Dir: dir, Python: "/usr/bin/python3", name: "zxing-cpp (process)"}
	out, err := exec.Command("dpkg-query", "-W", "-f=${Version}", "python3-zxing-cpp").Output()
	if v, _, _ := strings.Cut(strings.TrimSpace(string(out)), "-"); err == nil && v != "" {
		z.name = "zxing-cpp " + v + " (process)"
	}
	return z
}

func (z *ZXingCpp) Name() string {
	if z.name == "" {
		return "zxing-cpp (process)"
	}
	return z.name
}

// Elapsed is the time of the last Read without writing the file.
func (z *ZXingCpp) Elapsed() time.Duration { return z.last }

// zxingScript reads the PGM named by its argument and prints every valid
// QR code as JSON: its text and corners (top-left, top-right,
// bottom-right, bottom-left).
const zxingScript = `import sys, json
import numpy as np
import zxingcpp
with open(sys.argv[1], 'rb') as f:
    data = f.read()
magic, size, depth, px = data.split(b'\n', 3)
w, h = map(int, size.split())
img = np.frombuffer(px, dtype=np.uint8, count=w * h).reshape(h, w)
out = []
for r in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode):
    if not r.valid:
        continue
    p = r.position
    out.append({"text": r.text, "corners": [[q.x, q.y] for q in (p.top_left, p.top_right, p.bottom_right, p.bottom_left)]})
json.dump(out, sys.stdout)
`

func (z *ZXingCpp) Read(ctx context.Context, frame gocv.Mat) ([]Found, error) {
	py := z.Python
	if py == "" {
		py = "/usr/bin/python3"
	}
	if _, err := exec.LookPath(py); err != nil {
		return nil, fmt.Errorf("%w: zxing-cpp: %v (install Debian's python3-zxing-cpp)", ErrUnavailable, err)
	}
	name, err := tempPGM(z.Dir, frame)
	if err != nil {
		return nil, fmt.Errorf("zxing-cpp: %w", err)
	}
	defer os.Remove(name)
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, py, "-c", zxingScript, name)
	cmd.Stderr = &stderr
	start := time.Now()
	out, err := cmd.Output()
	z.last = time.Since(start)
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) && strings.Contains(msg, "No module named") {
			return nil, fmt.Errorf("%w: zxing-cpp: %s (install Debian's python3-zxing-cpp)", ErrUnavailable, lastLine(msg))
		}
		return nil, fmt.Errorf("zxing-cpp: %w: %s", err, lastLine(msg))
	}
	return parseZXingJSON(out)
}

func lastLine(s string) string {
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// parseZXingJSON reads the script's output: each code's text, placed at
// the mean of its four corners.
func parseZXingJSON(b []byte) ([]Found, error) {
	var codes []struct {
		Text    string       `json:"text"`
		Corners [][2]float64 `json:"corners"`
	}
	if err := json.Unmarshal(b, &codes); err != nil {
		return nil, fmt.Errorf("zxing-cpp: its output: %w", err)
	}
	out := make([]Found, 0, len(codes))
	for _, c := range codes {
		if len(c.Corners) != 4 {
			return nil, fmt.Errorf("zxing-cpp: code %q has %d corners, want 4", c.Text, len(c.Corners))
		}
		var ctr geom.Pt
		for _, p := range c.Corners {
			ctr = ctr.Add(geom.Pt{X: p[0], Y: p[1]})
		}
		out = append(out, Found{Text: c.Text, Centre: ctr.Scale(0.25)})
	}
	return out, nil
}
