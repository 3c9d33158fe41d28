package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"
	"github.com/tableref/tableref/scanner/scanbench"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/vision/qrbench"
)

// tableref bench holds one subcommand per thing it measures; later
// targets (bench scan) add themselves with registerUnder("bench", …).
func newBenchVision() *cobra.Command {
	var (
		frames  int
		only    string
		set     string
		readers string
		cores   string
		startup int
		binFlag string
	)
	c := &cobra.Command{
		Use:   "vision",
		Short: "QR reading: tableref's reader (in this process and as a scan process) against zxing-cpp, zbarimg, gozxing and OpenCV on generated frames, on all cores and on one",
		Example: "  tableref bench vision --only 12MP --frames 3\n" +
			"  tableref bench vision --readers tableref,gozxing --cores 1\n" +
			"  tableref bench vision --set small --cores all --startup 0",
		Args: cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			all, err := qrbench.ConditionSet(set, frames)
			if err != nil {
				return cli.Usagef("--set: %v", err)
			}
			var conds []qrbench.Condition
			for _, c := range all {
				if strings.Contains(c.Name, only) {
					conds = append(conds, c)
				}
			}
			if len(conds) == 0 {
				return cli.Usagef("--only %q: no condition's name contains it (set %s)", only, set)
			}
			names := strings.Split(readers, ",")
			if _, err := qrbench.NewContenders(names, "", "", 0); err != nil {
				return cli.Usagef("--readers: %v", err)
			}
			bin := binFlag
			needBin := startup > 0 || strings.Contains(","+readers+",", ",scan,")
			if bin == "" && needBin {
				// The scan reader and the start-up times run tableref
				// itself; a test binary is not tableref (it would run the
				// tests again).
				if testing.Testing() {
					return cli.Usagef("--bin: the scan reader and --startup run tableref: give the binary")
				}
				exe, err := os.Executable()
				if err != nil {
					return err
				}
				bin = exe
			}
			dir, err := os.MkdirTemp("", "tableref-bench-")
			if err != nil {
				return err
			}
			defer os.RemoveAll(dir)
			var cs, one []qrbench.Contender
			for _, c := range strings.Split(cores, ",") {
				var err error
				switch strings.TrimSpace(c) {
				case "all":
					cs, err = qrbench.NewContenders(names, bin, dir, 0)
				case "1":
					one, err = qrbench.NewContenders(names, bin, dir, 1)
				default:
					return cli.Usagef("--cores: %q: want all, 1 or all,1", c)
				}
				if err != nil {
					return cli.Usagef("--readers: %v", err)
				}
			}
			stdout := cmd.OutOrStdout()
			fmt.Fprintf(stdout, "tableref bench vision: %d conditions × %d frames, the same frames for every reader, on all %d CPUs and pinned to one (·1 core);\n"+
				"eligible = ≥3 px/module, tilt ≤30°, motion streak ≤1.5 modules, not covered; processes timed from start to exit;\n"+
				"tableref (in this process) reads with the codebook of each condition's decks in play; decoys (cards of other decks, foreign codes) count apart, and a decoy read as anything but itself is wrong\n\n", len(conds), frames, qrbench.CPUs())
			if startup > 0 {
				cases, err := qrbench.StartupCases(bin, dir)
				if err != nil {
					return err
				}
				qrbench.PrintStartup(stdout, qrbench.Startup(cmd.Context(), cases, startup), startup)
				fmt.Fprintln(stdout)
			}
			bar := startProgress(cmd.ErrOrStderr(), 1, "bench vision: frames")
			_, err = qrbench.Run(cmd.Context(), conds, cs, stdout, qrbench.WithPinned(one...), qrbench.WithProgress(func(done, total int) {
				bar.Set(done, total)
				if done == total {
					bar.Done() // before Run prints the table
				}
			}))
			return err
		},
	}
	f := c.Flags()
	f.IntVar(&frames, "frames", qrbench.DefaultFrames, "frames per condition")
	f.StringVar(&only, "only", "", "run only conditions whose name contains this text")
	f.StringVar(&set, "set", "all", "condition set: standard (the original conditions), small (small codes, 3.0 to 1.8 px per module, with decoys), below (1.7 to 1.5 px and a softer lens: the margin under the small set) or all (standard and small)")
	f.StringVar(&readers, "readers", strings.Join(qrbench.ReaderNames, ","), "comma-separated readers to compare: tableref (in this process), scan (tableref scan --codes as a process), zxing-wasm (current zxing-cpp, npm's zxing-wasm under Node.js, as a process), zxing-cpp (Debian's python3-zxing-cpp 1.4 as a process), zbarimg, gozxing, opencv")
	f.StringVar(&cores, "cores", "all,1", "all, 1 (pinned to one CPU: the Raspberry Pi stand-in) or both")
	f.IntVar(&startup, "startup", 20, "time the start-up of tableref and zbarimg this many times each (0: not)")
	f.StringVar(&binFlag, "bin", "", "the tableref binary the scan reader and the start-up times run (default: this one)")
	return c
}

func newBenchScan() *cobra.Command {
	var (
		n       int
		only    string
		verbose bool
	)
	c := &cobra.Command{
		Use:     "scan",
		Short:   "table reading: generated photos of finished games of every mode, snapshot and score against the truth",
		Example: "  tableref bench scan --only mapit --photos 3",
		Args:    cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			bar := startProgress(cmd.ErrOrStderr(), scanbench.Photos(n, only), "bench scan: photos")
			defer bar.Done()
			err := scanbench.Run(cmd.Context(), n, only, verbose, cmd.OutOrStdout(), bar)
			if errors.Is(err, scanbench.ErrNoGame) {
				return cli.Usagef("--only %q: no game's name contains it", only)
			}
			return err
		},
	}
	f := c.Flags()
	f.IntVarP(&n, "photos", "n", 2, "photos per game and condition")
	f.StringVar(&only, "only", "", "run only games whose name contains this text")
	f.BoolVarP(&verbose, "verbose", "v", false, "print each wrong cell")
	return c
}
