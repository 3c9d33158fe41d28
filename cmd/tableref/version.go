package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"github.com/spf13/cobra"
)

// version is set at link time by the Makefile (-X main.version=...).
var version = "dev"

// newVersion is `tableref version`.
func newVersion() *cobra.Command {
	{
		return &cobra.Command{
			Use:   "version",
			Short: "print the version and build information",
			Args:  cli.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				rev := ""
				if bi, ok := debug.ReadBuildInfo(); ok {
					for _, s := range bi.Settings {
						if s.Key == "vcs.revision" && len(s.Value) >= 12 {
							rev = " (" + s.Value[:12] + ")"
						}
					}
				}
				_, err := fmt.Fprintf(cmd.OutOrStdout(), "tableref %s%s %s/%s %s\n", version, rev, runtime.GOOS, runtime.GOARCH, runtime.Version())
				return err
			},
		}
	}
}
