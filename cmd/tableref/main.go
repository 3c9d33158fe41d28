// Command tableref is the camera referee for physical tabletop games.
//
// Every subcommand lives in its own file and registers itself with
// register() from an init function, so that the files of different
// features never need to touch this one.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"sort"
	"syscall"
)

// command is one subcommand of the tableref binary.
type command struct {
	name    string // the word after "tableref"
	summary string // one line for the usage text
	// run gets the arguments after the subcommand's name. It writes its
	// normal output to stdout and returns an error for the user.
	run func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

var commands = map[string]*command{}

// register adds a subcommand; a name registered twice is a programming error.
func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("tableref: subcommand registered twice: " + c.name)
	}
	commands[c.name] = c
}

// errUsage marks an error caused by how the command was called; main
// prints it and exits with status 2 instead of 1.
var errUsage = errors.New("usage")

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: tableref COMMAND [ARGS]")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'tableref COMMAND -h' for the options of a command.")
}

func main() {
	os.Exit(runMain(os.Args[1:], os.Stdout, os.Stderr))
}

// runMain is main without the process: tests call it directly.
func runMain(args []string, stdout, stderr io.Writer) int {
	slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: logLevel()})))
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "tableref: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := c.run(ctx, args[1:], stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "tableref %s: %v\n", c.name, err)
		if errors.Is(err, errUsage) {
			return 2
		}
		return 1
	}
	return 0
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
