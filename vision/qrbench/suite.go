package qrbench

import (
	"context"
	"fmt"
	"github.com/tableref/tableref/vision/imagefile"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/synth"
)

// ReaderNames are the contenders NewContenders knows, in table order.
var ReaderNames = []string{"tableref", "scan", "zxing-wasm", "zxing-cpp", "zbarimg", "gozxing", "opencv"}

// NewContenders makes the contenders named in names (ReaderNames; "zbar"
// for zbarimg too). The in-process tableref reader gets each condition's
// codebook (CodebookFor). bin is the tableref binary the "scan" contender runs,
// dir the scratch folder for frames written for processes. workers is the
// in-process reader's parallelism (0: every CPU; 1 for the one-core lane,
// as the reader sizes itself under `taskset -c 0`).
func NewContenders(names []string, bin, dir string, workers int) ([]Contender, error) {
	var cs []Contender
	for _, n := range names {
		switch strings.TrimSpace(n) {
		case "tableref":
			o := qr.Options{Workers: workers}
			cs = append(cs, Tableref{R: qr.NewReader(o), Codebooks: true, Options: o})
		case "scan":
			cs = append(cs, &TablerefScan{Bin: bin, Dir: dir})
		case "zxing-wasm":
			cs = append(cs, NewZXingWasm(dir))
		case "zxing-cpp":
			cs = append(cs, NewZXingCpp(dir))
		case "zbarimg", "zbar":
			cs = append(cs, &Zbar{Dir: dir})
		case "gozxing":
			cs = append(cs, GozxingMulti{})
		case "opencv":
			cs = append(cs, OpenCVMulti{})
		case "":
		default:
			return nil, fmt.Errorf("unknown reader %q (want %s)", n, strings.Join(ReaderNames, ", "))
		}
	}
	return cs, nil
}

// StartupCase is one command timed from start to exit.
type StartupCase struct {
	Name string
	Argv []string
}

// StartupResult is the median wall time of a case, on all CPUs and pinned
// to one, in milliseconds.
type StartupResult struct {
	Case         StartupCase
	All, OneCore float64
	Err          error
}

// StartupCases are the commands whose start-up the bench times: tableref
// doing nothing (version), tableref reading a small one-code photo (most
// of which is start-up), and zbarimg on the same photo. The photo is
// written into dir.
func StartupCases(bin, dir string) ([]StartupCase, error) {
	s := synth.Scene{Width: 320, Height: 240, Seed: 1}
	s.Camera, s.CameraCentre = synth.Pose(320, 240, 66, 5/(synth.DefaultQRSideMM/21.0), 0, 0)
	s.Cards = []synth.Card{{Payload: "TR1:C:SA-001F:K", Plain: true}}
	frame, _, err := synth.Render(s)
	if err != nil {
		return nil, err
	}
	defer frame.Close()
	png := filepath.Join(dir, "qrbench-startup.png")
	pgm := filepath.Join(dir, "qrbench-startup.pgm")
	if err := imagefile.Write(png, frame, 0); err != nil {
		return nil, fmt.Errorf("qrbench: %w", err)
	}
	grey := greyOf(frame)
	defer grey.Close()
	if err := writePGM(pgm, grey); err != nil {
		return nil, err
	}
	cases := []StartupCase{
		{Name: "tableref version", Argv: []string{bin, "version"}},
		{Name: "tableref scan --codes (320×240 photo)", Argv: []string{bin, "scan", "--codes", png}},
	}
	if z, err := exec.LookPath("zbarimg"); err == nil {
		cases = append(cases, StartupCase{Name: "zbarimg (same photo, PGM)", Argv: []string{z, "-q", "--nodbus", pgm}})
	}
	return cases, nil
}

func writePGM(path string, grey gocv.Mat) error {
	px, err := grey.DataPtrUint8()
	if err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(f, "P5\n%d %d\n255\n", grey.Cols(), grey.Rows())
	if err == nil {
		_, err = f.Write(px)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Startup times each case runs times on all CPUs and runs times pinned to
// one (after one untimed run of each, so the page cache holds the
// binaries), and returns the medians.
func Startup(ctx context.Context, cases []StartupCase, runs int) []StartupResult {
	out := make([]StartupResult, len(cases))
	for i, c := range cases {
		out[i].Case = c
		_ = exec.CommandContext(ctx, c.Argv[0], c.Argv[1:]...).Run()
		var err error
		out[i].All, err = timeRuns(ctx, c, runs)
		if err == nil {
			err = pinned(func() error {
				var e error
				out[i].OneCore, e = timeRuns(ctx, c, runs)
				return e
			})
		}
		out[i].Err = err
	}
	return out
}

func timeRuns(ctx context.Context, c StartupCase, runs int) (float64, error) {
	var ms []float64
	for r := 0; r < max(1, runs); r++ {
		start := time.Now()
		err := exec.CommandContext(ctx, c.Argv[0], c.Argv[1:]...).Run()
		d := time.Since(start)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", c.Name, err)
		}
		ms = append(ms, float64(d.Microseconds())/1000)
	}
	sort.Float64s(ms)
	return ms[len(ms)/2], nil
}

// PrintStartup writes the start-up table.
func PrintStartup(w io.Writer, rs []StartupResult, runs int) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "start-up (median of %d runs)\tall cores ms\t1 core ms\t\n", runs)
	for _, r := range rs {
		if r.Err != nil {
			fmt.Fprintf(tw, "%s\t%v\t\t\n", r.Case.Name, r.Err)
			continue
		}
		fmt.Fprintf(tw, "%s\t%.1f\t%.1f\t\n", r.Case.Name, r.All, r.OneCore)
	}
	tw.Flush()
}
