package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/qrbench"
)

// tableref bench holds one subcommand per thing it measures; later
// targets (bench scan) add themselves with registerUnder("bench", …).
func init() {
	register(func() *cobra.Command {
		return newGroup("bench", "measure speed and accuracy: QR reading (bench vision), table reading (bench scan), Shake That City under three lights (bench colours)")
	})
	registerUnder("bench", newBenchVision)
}

func newBenchVision() *cobra.Command {
	var (
		frames  int
		only    string
		readers string
	)
	c := &cobra.Command{
		Use:   "vision",
		Short: "QR reading: tableref's reader against zbarimg, gozxing and OpenCV on generated frames",
		Example: "  tableref bench vision --only 12MP --frames 3\n" +
			"  tableref bench vision --readers tableref,gozxing",
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var conds []qrbench.Condition
			for _, c := range qrbench.Conditions(frames) {
				if strings.Contains(c.Name, only) {
					conds = append(conds, c)
				}
			}
			if len(conds) == 0 {
				return usagef("--only %q: no condition's name contains it", only)
			}
			var cs []qrbench.Contender
			for _, r := range strings.Split(readers, ",") {
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
					return usagef("--readers: unknown reader %q (want tableref, zbarimg, gozxing or opencv)", r)
				}
			}
			stdout := cmd.OutOrStdout()
			fmt.Fprintf(stdout, "tableref bench vision: %d conditions, same frames for every reader; eligible = ≥3 px/module, tilt ≤30°, not covered\n\n", len(conds))
			bar := startProgress(cmd.ErrOrStderr(), 1, "bench vision: frames")
			_, err := qrbench.Run(cmd.Context(), conds, cs, stdout, qrbench.WithProgress(func(done, total int) {
				bar.Set(done, total)
				if done == total {
					bar.Done() // before Run prints the table
				}
			}))
			return err
		},
	}
	f := c.Flags()
	f.IntVar(&frames, "frames", 1, "frame multiplier: each condition renders this many times its base count")
	f.StringVar(&only, "only", "", "run only conditions whose name contains this text")
	f.StringVar(&readers, "readers", "tableref,zbarimg,gozxing,opencv", "comma-separated readers to compare")
	return c
}
