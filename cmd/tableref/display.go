package main

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"log/slog"
	"strconv"
	"strings"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"github.com/spf13/cobra"
	"periph.io/x/host/v3"

	"github.com/tableref/tableref/hw/board"
	"github.com/tableref/tableref/hw/console"
	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/hw/preview"
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
		s, err := parseScores(o.scores)
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
		if err := writePreview(o.png, p.Display, msg, sc); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "preview of the %s written to %s\n", p.Display.Describe(), o.png)
	}

	var dev display.Display
	closer := func() error { return nil }
	if o.on != "console" {
		if _, err := host.Init(); err != nil {
			return fmt.Errorf("periph: %w", err)
		}
		var c board.Closer
		dev, c, err = board.OpenDisplay(p.Display, stdout)
		if err == nil {
			closer = c
		} else {
			if o.on == "profile" || !errors.Is(err, board.ErrAbsent) {
				return fmt.Errorf("%s: %w", p.Display.Describe(), err)
			}
			fmt.Fprintf(stderr, "tableref display: the profile's display is absent: %v\n", err)
			fmt.Fprintln(stderr, "tableref display: showing the message on the console instead")
			dev = nil
		}
	}
	if dev == nil {
		dev = console.New(stdout, p.Display.Cols, p.Display.Rows)
	}
	defer func() {
		if err := closer(); err != nil {
			slog.Warn("closing the display bus", "err", err)
		}
	}()
	if sc != nil {
		err = dev.ShowScores(*sc)
	} else {
		err = dev.Show(msg)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", dev, err)
	}
	slog.Info("shown", "on", dev.String())
	return ctx.Err()
}

func writePreview(path string, d profile.Display, m display.Message, sc *display.Scores) error {
	var img image.Image
	switch {
	case d.Type == profile.SSD1306 && sc != nil:
		img = preview.OLEDScores(*sc, 128, 64)
	case d.Type == profile.SSD1306:
		img = preview.OLED(m, 128, 64)
	case sc != nil:
		img = preview.LCDScores(*sc, d.Cols, d.Rows)
	default:
		img = preview.LCD(m, d.Cols, d.Rows)
	}
	return preview.WriteFile(path, img)
}

// parseScores reads "Ana=12,Bo=9".
func parseScores(s string) (display.Scores, error) {
	var sc display.Scores
	for _, part := range strings.Split(s, ",") {
		name, pts, ok := strings.Cut(part, "=")
		n, err := strconv.Atoi(strings.TrimSpace(pts))
		if !ok || err != nil || strings.TrimSpace(name) == "" {
			return sc, fmt.Errorf("%q is not NAME=POINTS", part)
		}
		sc.Players = append(sc.Players, display.PlayerScore{Name: strings.TrimSpace(name), Points: n})
	}
	return sc, nil
}
