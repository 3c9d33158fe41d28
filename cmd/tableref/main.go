// Command tableref is the camera referee for physical tabletop games.
//
// Package main is wiring only: one cobra command tree
// (github.com/spf13/cobra with github.com/spf13/pflag) built from one
// explicit list (addCommands in commands.go); each command turns its flags
// into one call of the library package that owns the job and prints what
// it returns. How to add a command or a flag: docs/cli.md.
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"
)

func main() {
	os.Exit(runMain(os.Args[1:], os.Stdout, os.Stderr))
}

// runMain is main without the process: tests call it directly. It builds
// a fresh command tree each time, so no flag value survives from one call
// to the next.
func runMain(args []string, stdout, stderr io.Writer) int {
	slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: logLevel()})))
	root := newRoot()
	root.SetOut(stdout)
	root.SetErr(stderr)
	if args == nil {
		args = []string{} // nil would make cobra read os.Args
	}
	root.SetArgs(cli.LegacyFlags(root, args))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return 0
	}
	if cmd == nil {
		cmd = root
	}
	msg := cli.ErrorText(err)
	if msg == "" { // said already (a bare "tableref" printed the help)
		return cli.ExitCode(err)
	}
	fmt.Fprintf(stderr, "%s: %s\n", cmd.CommandPath(), msg)
	code := cli.ExitCode(err)
	if code == cli.ExitUsage {
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", cmd.CommandPath())
	}
	return code
}

// logLevel reads TABLEREF_LOG (debug, info, warn, error); default warn so
// that command output stays clean.
func logLevel() slog.Level {
	var l slog.Level = slog.LevelWarn
	if v := os.Getenv("TABLEREF_LOG"); v != "" {
		_ = l.UnmarshalText([]byte(v))
	}
	return l
}
