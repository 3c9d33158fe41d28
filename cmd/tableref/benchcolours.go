package main

import (
	"fmt"
	"strings"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/scanner/colourbench"
	"github.com/tableref/tableref/scanner/scenes"
)

// newBenchColours runs scanner/colourbench: Shake That City tables under
// the three lights, calibrated as the docs say.
func newBenchColours() *cobra.Command {
	var (
		n       int
		seed    uint64
		light   string
		verbose bool
	)
	c := &cobra.Command{
		Use:     "colours",
		Short:   "Shake That City under real light: 20 finished tables under three lights, calibrated as the docs say; cells, cubes, colours and winners",
		Example: "  tableref bench colours --tables 4 --light lamp",
		Args:    cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			all := colourbench.Tables()
			if n < 1 || n > len(all) {
				return cli.Usagef("--tables %d: want 1 to %d", n, len(all))
			}
			var rows []colourbench.Row
			for _, l := range scenes.Lights() {
				if !strings.Contains(l.Name, light) {
					continue
				}
				row, err := colourbench.Run(cmd.Context(), l, all[:n], seed, colourbench.DocsSteps, colourbench.Printed)
				if err != nil {
					return err
				}
				rows = append(rows, row)
				for _, f := range row.Failed {
					fmt.Fprintf(cmd.OutOrStdout(), "calibration failed: %s: %s\n", l.Name, f)
				}
				if verbose {
					for _, w := range row.Wrong {
						fmt.Fprintf(cmd.OutOrStdout(), "  %s: %s\n", l.Name, w)
					}
				}
			}
			if len(rows) == 0 {
				return cli.Usagef("--light %q: no light's name holds it (neutral, warm, lamp)", light)
			}
			colourbench.Print(cmd.OutOrStdout(), rows)
			return nil
		},
	}
	f := c.Flags()
	f.IntVar(&n, "tables", len(colourbench.Tables()), "tables per light (the first N of the 20)")
	f.Uint64Var(&seed, "seed", 1, "the generator's seed: another seed photographs other tables (other cubes, tiles and light), not the ones the reader was tuned on")
	f.StringVar(&light, "light", "", "only lights whose name holds this (neutral, warm, lamp)")
	f.BoolVarP(&verbose, "verbose", "v", false, "print each wrong or unknown cell")
	return c
}
