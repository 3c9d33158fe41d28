package qrbench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/tableref/tableref/vision/imagefile"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/makiuchi-d/gozxing"
	multiqr "github.com/makiuchi-d/gozxing/multi/qrcode"
	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
)

// ErrUnavailable marks a contender that cannot run on this machine.
var ErrUnavailable = errors.New("qrbench: contender unavailable")

// Tableref is tableref's own reader, in this process: the reader `scan`
// and the daemon use (the daemon's locate stage re-reads only what changed
// between whole reads; this is the whole read).
type Tableref struct {
	R *qr.Reader
	// Codebooks, when set, has Run read each condition with a reader made
	// from Options and the condition's codebook (CodebookFor): the
	// payloads of the decks in play and the markers, as the game gives it.
	Codebooks bool
	Options   qr.Options
}

// WithCodebook is the contender reading with cb, when it takes codebooks.
func (t Tableref) WithCodebook(cb *qr.Codebook) Contender {
	if !t.Codebooks {
		return t
	}
	o := t.Options
	o.Codebook = cb
	return Tableref{R: qr.NewReader(o), Codebooks: true, Options: t.Options}
}

func (Tableref) Name() string { return "tableref" }

func (t Tableref) Read(ctx context.Context, frame gocv.Mat) ([]Found, error) {
	res, err := t.R.Read(ctx, frame)
	if err != nil {
		return nil, err
	}
	var out []Found
	for _, c := range res.All() {
		out = append(out, Found{Text: c.Text, Centre: c.Centre()})
	}
	for _, c := range res.Unsure {
		out = append(out, Found{Centre: c.Centre(), Unsure: true})
	}
	return out, nil
}

// ReportsUnsure: the reader lists the codes its codebook could not decide.
func (Tableref) ReportsUnsure() {}

// greyOf returns frame as 8-bit grey; the caller closes it.
func greyOf(frame gocv.Mat) gocv.Mat {
	g := gocv.NewMat()
	switch frame.Channels() {
	case 3:
		gocv.CvtColor(frame, &g, gocv.ColorBGRToGray)
	case 4:
		gocv.CvtColor(frame, &g, gocv.ColorBGRAToGray)
	default:
		frame.CopyTo(&g)
	}
	return g
}

// GozxingMulti is gozxing's whole-frame multi-code reader, the way a program
// without a localiser would use it.
type GozxingMulti struct{}

func (GozxingMulti) Name() string { return "gozxing multi" }

func (GozxingMulti) Read(_ context.Context, frame gocv.Mat) ([]Found, error) {
	g := greyOf(frame)
	defer g.Close()
	px, err := g.DataPtrUint8()
	if err != nil {
		return nil, err
	}
	src, err := gozxing.NewPlanarYUVLuminanceSource(px, g.Cols(), g.Rows(), 0, 0, g.Cols(), g.Rows(), false)
	if err != nil {
		return nil, err
	}
	bmp, err := gozxing.NewBinaryBitmap(gozxing.NewHybridBinarizer(src))
	if err != nil {
		return nil, err
	}
	rs, err := multiqr.NewQRCodeMultiReader().DecodeMultiple(bmp, nil)
	if err != nil {
		if _, nf := err.(gozxing.NotFoundException); nf {
			return nil, nil
		}
		return nil, err
	}
	var out []Found
	for _, r := range rs {
		var c geom.Pt
		pts := r.GetResultPoints()
		for _, p := range pts {
			c = c.Add(geom.Pt{X: p.GetX(), Y: p.GetY()})
		}
		if len(pts) > 0 {
			c = c.Scale(1 / float64(len(pts)))
		}
		// Finder centres average to a point off the code's centre towards
		// the top-left; with three of them it is still well inside.
		out = append(out, Found{Text: r.GetText(), Centre: c})
	}
	return out, nil
}

// OpenCVMulti is OpenCV 4.6's QRCodeDetector.DetectMulti: localisation only,
// because Debian's OpenCV is built without a decoder (quirc).
type OpenCVMulti struct{}

func (OpenCVMulti) Name() string { return "opencv detectMulti" }

// LocatesOnly marks a contender whose wrong-payload column is meaningless.
func (OpenCVMulti) LocatesOnly() {}

func (OpenCVMulti) Read(_ context.Context, frame gocv.Mat) ([]Found, error) {
	d := gocv.NewQRCodeDetector()
	defer d.Close()
	pts := gocv.NewMat()
	defer pts.Close()
	if !d.DetectMulti(frame, &pts) || pts.Empty() {
		return nil, nil
	}
	// points: one row per code? OpenCV returns N×4 Point2f; read as floats.
	vals, err := pts.DataPtrFloat32()
	if err != nil {
		return nil, err
	}
	var out []Found
	for i := 0; i+8 <= len(vals); i += 8 {
		var c geom.Pt
		for k := 0; k < 4; k++ {
			c = c.Add(geom.Pt{X: float64(vals[i+2*k]), Y: float64(vals[i+2*k+1])})
		}
		out = append(out, Found{Centre: c.Scale(0.25), Located: true})
	}
	return out, nil
}

// Zbar runs Debian's zbarimg on the frame written as a PGM file (the
// cheapest format for it to load). Its time is the process's wall time,
// which includes starting zbarimg and reading the file: that is how a
// program would use it.
type Zbar struct {
	Dir  string // scratch folder; os.TempDir() if empty
	last time.Duration
}

func (*Zbar) Name() string { return "zbarimg (process)" }

// Elapsed is the time of the last Read without writing the file.
func (z *Zbar) Elapsed() time.Duration { return z.last }

var zbarPoint = regexp.MustCompile(`([+-]?\d+),([+-]?\d+)`)

func (z *Zbar) Read(ctx context.Context, frame gocv.Mat) ([]Found, error) {
	bin, err := exec.LookPath("zbarimg")
	if err != nil {
		return nil, fmt.Errorf("%w: zbarimg: %v (install Debian's zbar-tools)", ErrUnavailable, err)
	}
	name, err := tempPGM(z.Dir, frame)
	if err != nil {
		return nil, fmt.Errorf("zbar: %w", err)
	}
	defer os.Remove(name)
	start := time.Now()
	cmd := exec.CommandContext(ctx, bin, "--xml", "-q", "--nodbus", "-Sdisable", "-Sqrcode.enable", filepath.Clean(name))
	out, err := cmd.Output()
	z.last = time.Since(start)
	// zbarimg exits 4 when it found nothing: not an error here.
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) && ee.ExitCode() == 4 {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("zbarimg: %w", err)
	}
	return parseZbarXML(string(out)), nil
}

// tempPGM writes frame in grey to a new PGM file in dir (os.TempDir() if
// empty) and returns its name; the caller removes it.
func tempPGM(dir string, frame gocv.Mat) (string, error) {
	g := greyOf(frame)
	defer g.Close()
	f, err := os.CreateTemp(dir, "qrbench-*.pgm")
	if err != nil {
		return "", fmt.Errorf("writing frame: %w", err)
	}
	name := f.Name()
	f.Close()
	if err := writePGM(name, g); err != nil {
		os.Remove(name)
		return "", fmt.Errorf("writing frame: %w", err)
	}
	return name, nil
}

// TablerefScan runs `tableref scan --codes --json FILE` as a separate
// process on the frame written as a BMP (uncompressed colour, the cheapest
// format for it to load; zbarimg gets a PGM, its own cheapest): a
// program's start-up, loading the image and reading it, as a user runs it.
// Its time is the process's wall time without writing the file. It reads
// without a codebook: `scan --codes` has no way yet to be told the decks
// in play.
type TablerefScan struct {
	Bin  string // the tableref binary
	Dir  string // scratch folder; os.TempDir() if empty
	last time.Duration
}

func (*TablerefScan) Name() string { return "tableref scan (process)" }

// ReportsUnsure: `scan --codes --json` marks the codes it could not decide.
func (*TablerefScan) ReportsUnsure() {}

// Elapsed is the time of the last Read without writing the file.
func (z *TablerefScan) Elapsed() time.Duration { return z.last }

func (z *TablerefScan) Read(ctx context.Context, frame gocv.Mat) ([]Found, error) {
	if z.Bin == "" {
		return nil, fmt.Errorf("%w: no tableref binary to run", ErrUnavailable)
	}
	f, err := os.CreateTemp(z.Dir, "qrbench-*.bmp")
	if err != nil {
		return nil, err
	}
	name := f.Name()
	f.Close()
	defer os.Remove(name)
	if err := imagefile.Write(name, frame, 0); err != nil {
		return nil, fmt.Errorf("qrbench: %w", err)
	}
	start := time.Now()
	out, err := exec.CommandContext(ctx, z.Bin, "scan", "--codes", "--json", name).Output()
	z.last = time.Since(start)
	if err != nil {
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			return nil, fmt.Errorf("tableref scan: %w: %s", err, strings.TrimSpace(string(ee.Stderr)))
		}
		return nil, fmt.Errorf("tableref scan: %w", err)
	}
	var lines []struct {
		Text   string     `json:"text"`
		Centre [2]float64 `json:"centre_px"`
		Unsure bool       `json:"unsure"` // a code seen but not named, when scan says so
	}
	if err := json.Unmarshal(out, &lines); err != nil {
		return nil, fmt.Errorf("tableref scan: its JSON: %w", err)
	}
	var found []Found
	for _, l := range lines {
		found = append(found, Found{Text: l.Text, Centre: geom.Pt{X: l.Centre[0], Y: l.Centre[1]}, Unsure: l.Unsure})
	}
	return found, nil
}

// parseZbarXML reads <symbol> elements: their <polygon points='…'> and
// <data><![CDATA[…]]></data>.
func parseZbarXML(s string) []Found {
	var out []Found
	for _, sym := range strings.Split(s, "<symbol")[1:] {
		f := Found{NoPlace: true}
		if i := strings.Index(sym, "points='"); i >= 0 {
			pts := sym[i+8:]
			pts = pts[:strings.IndexByte(pts, '\'')]
			var c geom.Pt
			ms := zbarPoint.FindAllStringSubmatch(pts, -1)
			for _, m := range ms {
				x, _ := strconv.Atoi(m[1])
				y, _ := strconv.Atoi(m[2])
				c = c.Add(geom.Pt{X: float64(x), Y: float64(y)})
			}
			if len(ms) > 0 {
				f.Centre = c.Scale(1 / float64(len(ms)))
				f.NoPlace = false
			}
		}
		if i := strings.Index(sym, "<![CDATA["); i >= 0 {
			d := sym[i+9:]
			if j := strings.Index(d, "]]>"); j >= 0 {
				f.Text = d[:j]
			}
		}
		out = append(out, f)
	}
	return out
}
