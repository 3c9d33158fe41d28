package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/host/v3"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/daemon"
	"github.com/tableref/tableref/hw/board"
	"github.com/tableref/tableref/hw/console"
	"github.com/tableref/tableref/hw/indicator"
	"github.com/tableref/tableref/hw/input"
	"github.com/tableref/tableref/hw/profile"
)

// hardware is what openHardware opened.
type hardware struct {
	closers []func() error
	cancel  context.CancelFunc
	summary string // the one line run logs about the hardware
}

func (h *hardware) close() {
	if h.cancel != nil {
		h.cancel()
	}
	for i := len(h.closers) - 1; i >= 0; i-- {
		if err := h.closers[i](); err != nil {
			slog.Warn("closing hardware", "err", err)
		}
	}
}

// gpioPresent tells whether periph found GPIO pins: false off a Raspberry
// Pi (host.Init succeeds there and finds none) or without access to
// /dev/gpiochip*. A variable so tests can pretend to be on a Pi.
var gpioPresent = func() bool {
	if _, err := host.Init(); err != nil {
		slog.Debug("periph did not start", "err", err)
		return false
	}
	return len(gpioreg.All()) > 0
}

// openHardware opens the profile's display, LEDs, buzzer and buttons. A
// part that is absent is left out: the referee goes on without it. Off a
// Raspberry Pi (no GPIO) the display is the console. What is missing is
// said in one line (hw.summary), the details at debug level: 'tableref
// doctor' is the place to find out why.
func openHardware(ctx context.Context, cfg *config.Config, stdout io.Writer, deps *daemon.Deps) (*hardware, error) {
	hw := &hardware{}
	p, from, err := profile.Find(cfg.Hardware)
	if err != nil {
		return nil, err
	}
	slog.Debug("hardware profile", "from", from, "display", p.Display.Describe())
	onPi := gpioPresent()
	var missing []string

	switch dev, closer, err := board.OpenDisplay(p.Display, stdout); {
	case p.Display.Type == profile.NoDisplay:
		deps.DisplayNote = "none in the hardware profile"
	case err != nil && !onPi && errors.Is(err, board.ErrAbsent):
		slog.Debug("display absent", "display", p.Display.Describe(), "err", err)
		c := console.New(stdout, p.Display.Cols, p.Display.Rows)
		deps.Display, deps.DisplayNote = c, c.String()+" (no GPIO: "+p.Display.Describe()+" not found)"
	case err != nil:
		slog.Debug("display absent", "display", p.Display.Describe(), "err", err)
		deps.DisplayNote = "absent: " + err.Error()
		missing = append(missing, "the display ("+err.Error()+")")
	default:
		deps.Display, deps.DisplayNote = dev, dev.String()
		hw.closers = append(hw.closers, closer, dev.Halt)
	}
	if !onPi {
		hw.summary = "no GPIO (not a Raspberry Pi, or no access to /dev/gpiochip*): "
		if deps.Display != nil {
			hw.summary += "the display is shown on the console, "
		}
		hw.summary += "buttons, LEDs and buzzer are off; 'tableref doctor' says what is missing"
		return hw, nil
	}

	ind := &indicator.Dev{}
	fitted := false
	for _, o := range []struct {
		key, name string
		dst       *gpio.PinOut
	}{{"leds.green", p.LEDs.Green, &ind.Green}, {"leds.red", p.LEDs.Red, &ind.Red}, {"buzzer.pin", p.Buzzer.Pin, &ind.Buzzer}} {
		if o.name == "" {
			continue
		}
		pin, err := board.Pin(o.key, o.name)
		if err != nil {
			slog.Debug("indicator absent", "err", err)
			missing = append(missing, o.key)
			continue
		}
		*o.dst, fitted = pin, true
	}
	if fitted {
		deps.Indicator = ind
		hw.closers = append(hw.closers, ind.Off)
	}

	bctx, cancel := context.WithCancel(ctx)
	hw.cancel = cancel
	events := make(chan input.Event, 8)
	timing := input.Timing{Debounce: p.Buttons.Debounce, Lockout: p.Buttons.Lockout}
	watching := 0
	for _, b := range []struct {
		btn  input.Button
		key  string
		name string
	}{{input.Next, "buttons.next", p.Buttons.Next}, {input.Undo, "buttons.undo", p.Buttons.Undo}, {input.Challenge, "buttons.challenge", p.Buttons.Challenge}, {input.Menu, "buttons.menu", p.Buttons.Menu}} {
		if b.name == "" {
			continue
		}
		pin, err := board.Pin(b.key, b.name)
		if err == nil {
			err = input.Setup(pin, !p.Buttons.ActiveHigh)
		}
		if err != nil {
			slog.Debug("button absent", "button", b.btn.String(), "err", err)
			missing = append(missing, b.key)
			continue
		}
		t := timing
		if b.btn == input.Menu || b.btn == input.Next {
			// Menu held: new game; Next held: speech on or off.
			t.LongPress = p.Buttons.LongPress
		}
		watching++
		go func() {
			if err := input.Watch(bctx, pin, input.NewDebouncer(b.btn, t), !p.Buttons.ActiveHigh, input.RealClock, events); err != nil && bctx.Err() == nil {
				slog.Warn("button stopped", "button", b.btn.String(), "err", err)
			}
		}()
	}
	if watching > 0 {
		deps.Buttons = events
	}
	if len(missing) > 0 {
		hw.summary = fmt.Sprintf("hardware missing: %s; refereeing without it; 'tableref doctor' says why", strings.Join(missing, ", "))
	}
	slog.Info("hardware", "display", deps.DisplayNote, "indicator", fitted, "buttons", watching)
	return hw, nil
}
