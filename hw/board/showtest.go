package board

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"log/slog"

	"github.com/tableref/tableref/hw/console"
	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/hw/preview"
	"github.com/tableref/tableref/hw/profile"
	"periph.io/x/host/v3"
)

// ShowTest shows msg (or the score screen sc) on the profile's display d,
// as `tableref display test` does: on the console when onConsole, or when
// d is absent and mustProfile is not set (it says so on stderr).
func ShowTest(ctx context.Context, d profile.Display, msg display.Message, sc *display.Scores, mustProfile, onConsole bool, stdout, stderr io.Writer) error {
	var dev display.Display
	var err error
	closer := func() error { return nil }
	if !onConsole {
		if _, err := host.Init(); err != nil {
			return fmt.Errorf("periph: %w", err)
		}
		var c Closer
		dev, c, err = OpenDisplay(d, stdout)
		if err == nil {
			closer = c
		} else {
			if mustProfile || !errors.Is(err, ErrAbsent) {
				return fmt.Errorf("%s: %w", d.Describe(), err)
			}
			fmt.Fprintf(stderr, "tableref display: the profile's display is absent: %v\n", err)
			fmt.Fprintln(stderr, "tableref display: showing the message on the console instead")
			dev = nil
		}
	}
	if dev == nil {
		dev = console.New(stdout, d.Cols, d.Rows)
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

// WritePreview writes a PNG of what the display d shows of msg (or of the
// score screen sc).
func WritePreview(path string, d profile.Display, m display.Message, sc *display.Scores) error {
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
