package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"

	"periph.io/x/host/v3"

	"github.com/tableref/tableref/hw/board"
	"github.com/tableref/tableref/hw/console"
	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/hw/preview"
	"github.com/tableref/tableref/hw/profile"
)

func init() {
	register(&command{
		name:    "display",
		summary: "show a test message on the display ('display test Hello')",
		run:     runDisplay,
	})
}

// systemProfile is where the daemon and the hardware commands look for the
// hardware profile when no -profile is given.
const systemProfile = "/etc/tableref/hardware.yaml"

// loadProfile reads path, or the system profile if it exists, or the
// built-in default wiring; it says which one it used.
func loadProfile(path string) (*profile.Profile, string, error) {
	if path == "" {
		if _, err := os.Stat(systemProfile); err != nil {
			return profile.Default(), "built-in default (no " + systemProfile + ")", nil
		}
		path = systemProfile
	}
	p, err := profile.Load(path)
	return p, path, err
}

func runDisplay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("display", flag.ContinueOnError)
	fs.SetOutput(stderr)
	prof := fs.String("profile", "", "hardware profile file (default "+systemProfile+" if present, else the built-in wiring)")
	on := fs.String("on", "auto", "where to show it: auto (the profile's display, or the console if it is absent), profile, console")
	verdict := fs.String("verdict", "none", "verdict to show with it: none, right, wrong, warn")
	scores := fs.String("scores", "", "show the score screen instead, e.g. 'Ana=12,Bo=9'")
	pngPath := fs.String("png", "", "also write a PNG preview of what the profile's display shows")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tableref display test [flags] LINE [LINE...]")
		fmt.Fprintln(stderr, "       tableref display test -scores 'Ana=12,Bo=9'")
		fs.PrintDefaults()
	}
	if len(args) == 0 || args[0] != "test" {
		fs.Usage()
		return fmt.Errorf("want 'display test': %w", errUsage)
	}
	if err := fs.Parse(args[1:]); err != nil {
		return errUsage
	}
	v, err := display.ParseVerdict(*verdict)
	if err != nil {
		return fmt.Errorf("-verdict: %v: %w", err, errUsage)
	}
	msg := display.Message{Lines: fs.Args(), Verdict: v}
	var sc *display.Scores
	if *scores != "" {
		s, err := parseScores(*scores)
		if err != nil {
			return fmt.Errorf("-scores: %v: %w", err, errUsage)
		}
		sc = &s
	} else if len(msg.Lines) == 0 {
		fs.Usage()
		return fmt.Errorf("want a message: %w", errUsage)
	}
	if *on != "auto" && *on != "profile" && *on != "console" {
		return fmt.Errorf("-on %q: want auto, profile or console: %w", *on, errUsage)
	}
	p, from, err := loadProfile(*prof)
	if err != nil {
		return err
	}
	slog.Debug("hardware profile", "from", from, "display", p.Display.Describe())

	if *pngPath != "" {
		if err := writePreview(*pngPath, p.Display, msg, sc); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "preview of the %s written to %s\n", p.Display.Describe(), *pngPath)
	}

	var dev display.Display
	closer := func() error { return nil }
	if *on != "console" {
		if _, err := host.Init(); err != nil {
			return fmt.Errorf("periph: %w", err)
		}
		var c board.Closer
		dev, c, err = board.OpenDisplay(p.Display, stdout)
		if err == nil {
			closer = c
		} else {
			if *on == "profile" || !errors.Is(err, board.ErrAbsent) {
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
