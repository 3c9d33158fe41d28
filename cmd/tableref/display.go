package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/hw/board"
	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/hw/profile"
)

// displayOptions are the flags of display test.
type displayOptions struct {
	prof, on, verdict, scores, png string
}

func newDisplayTest() *cobra.Command {
	var o displayOptions
	c := &cobra.Command{
		Use:   "test LINE... | test --scores NAME=POINTS,...",
		Short: "show a message (or a score screen) on the display, or on the console without one",
		Example: "  tableref display test \"Hello\"\n" +
			"  tableref display test --verdict right --png lcd.png \"Brasilia\" \"+3 points\"\n" +
			"  tableref display test --scores 'Ana=12,Bo=9'",
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDisplay(cmd.Context(), o, args, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := c.Flags()
	f.StringVar(&o.prof, "profile", "", "hardware profile file (default "+profile.SystemPath+" if present, else the built-in wiring)")
	f.StringVar(&o.on, "on", "auto", "where to show it: auto (the profile's display, or the console if it is absent), profile, console")
	f.StringVar(&o.verdict, "verdict", "none", "verdict to show with it: none, right, wrong, warn")
	f.StringVar(&o.scores, "scores", "", "show the score screen instead, e.g. 'Ana=12,Bo=9'")
	f.StringVar(&o.png, "png", "", "also write a PNG preview of what the profile's display shows")
	return c
}

func runDisplay(ctx context.Context, o displayOptions, lines []string, stdout, stderr io.Writer) error {
	v, err := display.ParseVerdict(o.verdict)
	if err != nil {
		return cli.Usagef("--verdict: %v", err)
	}
	msg := display.Message{Lines: lines, Verdict: v}
	var sc *display.Scores
	if o.scores != "" {
		s, err := display.ParseScores(o.scores)
		if err != nil {
			return cli.Usagef("--scores: %v", err)
		}
		sc = &s
	} else if len(msg.Lines) == 0 {
		return cli.Usagef("want a message: tableref display test LINE [LINE] (or --scores NAME=POINTS,...)")
	}
	if o.on != "auto" && o.on != "profile" && o.on != "console" {
		return cli.Usagef("--on %q: want auto, profile or console", o.on)
	}
	p, from, err := profile.Find(o.prof)
	if err != nil {
		return err
	}
	slog.Debug("hardware profile", "from", from, "display", p.Display.Describe())

	if o.png != "" {
		if err := board.WritePreview(o.png, p.Display, msg, sc); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "preview of the %s written to %s\n", p.Display.Describe(), o.png)
	}

	return board.ShowTest(ctx, p.Display, msg, sc, o.on == "profile", o.on == "console", stdout, stderr)
}
