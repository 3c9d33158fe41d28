package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// version is set at link time by the Makefile (-X main.version=...).
var version = "dev"

func init() {
	register(&command{
		name:    "version",
		summary: "print the version and build information",
		run: func(_ context.Context, _ []string, stdout, _ io.Writer) error {
			rev := ""
			if bi, ok := debug.ReadBuildInfo(); ok {
				for _, s := range bi.Settings {
					if s.Key == "vcs.revision" && len(s.Value) >= 12 {
						rev = " (" + s.Value[:12] + ")"
					}
				}
			}
			_, err := fmt.Fprintf(stdout, "tableref %s%s %s/%s %s\n", version, rev, runtime.GOOS, runtime.GOARCH, runtime.Version())
			return err
		},
	})
}
