package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/qrbench"
)

// benchTarget is one thing `tableref bench` can measure. Later targets (the
// scanner, the rules engine) add themselves to benchTargets.
type benchTarget struct {
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

var benchTargets = map[string]benchTarget{
	"vision": {summary: "QR reading: tableref's reader against zbarimg, gozxing and OpenCV on generated frames", run: benchVision},
}

func init() {
	register(&command{name: "bench", summary: "measure speed and accuracy (bench vision)", run: runBench})
}

func runBench(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	names := make([]string, 0, len(benchTargets))
	for n := range benchTargets {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprintln(stderr, "usage: tableref bench TARGET [OPTIONS]\n\ntargets:")
		for _, n := range names {
			fmt.Fprintf(stderr, "  %-8s %s\n", n, benchTargets[n].summary)
		}
		if len(args) == 0 {
			return fmt.Errorf("%w: missing target (one of %s)", errUsage, strings.Join(names, ", "))
		}
		return nil
	}
	t, ok := benchTargets[args[0]]
	if !ok {
		return fmt.Errorf("%w: unknown bench target %q (one of %s)", errUsage, args[0], strings.Join(names, ", "))
	}
	return t.run(ctx, args[1:], stdout, stderr)
}

func benchVision(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench vision", flag.ContinueOnError)
	fs.SetOutput(stderr)
	frames := fs.Int("frames", 1, "frame multiplier: each condition renders this many times its base count")
	only := fs.String("only", "", "run only conditions whose name contains this text")
	readers := fs.String("readers", "tableref,zbarimg,gozxing,opencv", "comma-separated readers to compare")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	var conds []qrbench.Condition
	for _, c := range qrbench.Conditions(*frames) {
		if strings.Contains(c.Name, *only) {
			conds = append(conds, c)
		}
	}
	if len(conds) == 0 {
		return fmt.Errorf("%w: no condition matches %q", errUsage, *only)
	}
	var cs []qrbench.Contender
	for _, r := range strings.Split(*readers, ",") {
		switch strings.TrimSpace(r) {
		case "tableref":
			cs = append(cs, qrbench.Tableref{R: qr.NewReader(qr.Options{})})
		case "zbarimg", "zbar":
			cs = append(cs, &qrbench.Zbar{Dir: os.TempDir()})
		case "gozxing":
			cs = append(cs, qrbench.GozxingMulti{})
		case "opencv":
			cs = append(cs, qrbench.OpenCVMulti{})
		case "":
		default:
			return fmt.Errorf("%w: unknown reader %q", errUsage, r)
		}
	}
	fmt.Fprintf(stdout, "tableref bench vision: %d conditions, same frames for every reader; eligible = ≥3 px/module, tilt ≤30°, not covered\n\n", len(conds))
	_, err := qrbench.Run(ctx, conds, cs, stdout)
	return err
}
