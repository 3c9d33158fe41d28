package qrbench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
)

// ZXing is zxing-cpp, the strongest open-source QR reader, run as a process
// on the frame written as a grey PGM; it prints every valid QR code as
// JSON (zxingScript, wasmScript), read with the library's defaults but for
// the formats (QR codes only). Its time is the process's wall time without
// writing the file: the runtime's start-up included, as zbarimg's
// includes its own. Two builds serve:
//
//   - NewZXingWasm: the npm package zxing-wasm (zxing-cpp compiled to
//     WebAssembly, the release scripts/setup pins) under Node.js, a current
//     zxing-cpp: the peer to beat;
//   - NewZXingCpp: Debian 12's python3-zxing-cpp (zxing-cpp 1.4.0, the
//     Python binding of libzxing2), what a bookworm system has; much
//     weaker on small modules.
type ZXing struct {
	Dir  string // scratch folder; os.TempDir() if empty
	name string
	argv []string // the command; the frame's file name is appended
	cwd  string
	// missing says what to install; needs is a file that must exist.
	missing, needs string
	last           time.Duration
}

func (z *ZXing) Name() string { return z.name }

// Elapsed is the time of the last Read without writing the file.
func (z *ZXing) Elapsed() time.Duration { return z.last }

// zxingScript reads the PGM named by its argument with Debian's binding.
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

// NewZXingCpp is Debian's python3-zxing-cpp, named with its version. It
// runs under Debian's own /usr/bin/python3, where the package installs
// the binding.
func NewZXingCpp(dir string) *ZXing {
	name := "zxing-cpp (process)"
	out, err := exec.Command("dpkg-query", "-W", "-f=${Version}", "python3-zxing-cpp").Output()
	if v, _, _ := strings.Cut(strings.TrimSpace(string(out)), "-"); err == nil && v != "" {
		name = "zxing-cpp " + v + " (process)"
	}
	return &ZXing{Dir: dir, name: name, argv: []string{"/usr/bin/python3", "-c", zxingScript},
		missing: "install Debian's python3-zxing-cpp (scripts/setup does)"}
}

// wasmScript reads the PGM named by its argument with zxing-wasm; it runs
// in the folder zxing-wasm is installed in.
const wasmScript = `import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { readBarcodes, prepareZXingModule } from "zxing-wasm/reader";
const require = createRequire(process.cwd() + "/");
prepareZXingModule({ overrides: { wasmBinary: readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm")) } });
const buf = readFileSync(process.argv[1]);
let pos = 0;
const head = [];
while (head.length < 4) {
  const start = pos;
  while (buf[pos] !== 10) pos++;
  head.push(...buf.subarray(start, pos).toString().trim().split(/\s+/));
  pos++;
}
const w = Number(head[1]), h = Number(head[2]);
const grey = buf.subarray(pos, pos + w * h);
const rgba = new Uint8ClampedArray(w * h * 4);
for (let i = 0; i < w * h; i++) {
  rgba[4 * i] = rgba[4 * i + 1] = rgba[4 * i + 2] = grey[i];
  rgba[4 * i + 3] = 255;
}
const found = await readBarcodes({ data: rgba, width: w, height: h, colorSpace: "srgb" }, { formats: ["QRCode"], maxNumberOfSymbols: 255 });
const out = found.filter((r) => r.isValid).map((r) => ({ text: r.text,
  corners: [r.position.topLeft, r.position.topRight, r.position.bottomRight, r.position.bottomLeft].map((p) => [p.x, p.y]) }));
process.stdout.write(JSON.stringify(out));
`

// ZXingWasmVersion is the zxing-wasm release scripts/setup installs.
const ZXingWasmVersion = "3.1.6"

// ZXingWasmDir is where scripts/setup installs zxing-wasm: the user's
// cache folder, tableref/zxing-wasm.
func ZXingWasmDir() string {
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	return filepath.Join(cache, "tableref", "zxing-wasm")
}

// NewZXingWasm is zxing-wasm under Node.js, installed in ZXingWasmDir,
// named with its version.
func NewZXingWasm(dir string) *ZXing {
	home := ZXingWasmDir()
	pkg := filepath.Join(home, "node_modules", "zxing-wasm", "package.json")
	name := "zxing-cpp (zxing-wasm, process)"
	if b, err := os.ReadFile(pkg); err == nil {
		var p struct{ Version string }
		if json.Unmarshal(b, &p) == nil && p.Version != "" {
			name = "zxing-cpp (zxing-wasm " + p.Version + ", process)"
		}
	}
	return &ZXing{Dir: dir, name: name, argv: []string{"node", "--input-type=module", "-e", wasmScript}, cwd: home,
		needs: pkg, missing: "scripts/setup installs zxing-wasm@" + ZXingWasmVersion + " from npm into " + home}
}

func (z *ZXing) Read(ctx context.Context, frame gocv.Mat) ([]Found, error) {
	if _, err := exec.LookPath(z.argv[0]); err != nil {
		return nil, fmt.Errorf("%w: %s: %v (%s)", ErrUnavailable, z.name, err, z.missing)
	}
	if z.needs != "" {
		if _, err := os.Stat(z.needs); err != nil {
			return nil, fmt.Errorf("%w: %s: %v (%s)", ErrUnavailable, z.name, err, z.missing)
		}
	}
	name, err := tempPGM(z.Dir, frame)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", z.name, err)
	}
	defer os.Remove(name)
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, z.argv[0], append(z.argv[1:], name)...)
	cmd.Dir = z.cwd
	cmd.Stderr = &stderr
	start := time.Now()
	out, err := cmd.Output()
	z.last = time.Since(start)
	if err != nil {
		msg := lastLine(strings.TrimSpace(stderr.String()))
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) && (strings.Contains(msg, "No module named") || strings.Contains(msg, "ERR_MODULE_NOT_FOUND")) {
			return nil, fmt.Errorf("%w: %s: %s (%s)", ErrUnavailable, z.name, msg, z.missing)
		}
		return nil, fmt.Errorf("%s: %w: %s", z.name, err, msg)
	}
	return parseZXingJSON(out)
}

func lastLine(s string) string {
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// parseZXingJSON reads the scripts' output: each code's text, placed at
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
