package board

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/tableref/tableref/hw/console"
	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/hw/indicator"
	"github.com/tableref/tableref/hw/input"
	"github.com/tableref/tableref/hw/profile"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/host/v3"
)

// Hardware is what Open opened: each part is nil (or "") when absent.
type Hardware struct {
	// Display shows the referee's screens; DisplayNote says which it is,
	// or why there is none.
	Display     display.Display
	DisplayNote string
	Indicator   *indicator.Dev     // LEDs and buzzer
	Buttons     <-chan input.Event // pressed buttons
	// Summary is the one line to log about what is missing ("" when
	// nothing is).
	Summary string
	closers []func() error
	cancel  context.CancelFunc
}

// Close stops the buttons' watchers and releases the parts, the last
// opened first.
func (h *Hardware) Close() {
	if h.cancel != nil {
		h.cancel()
	}
	for i := len(h.closers) - 1; i >= 0; i-- {
		if err := h.closers[i](); err != nil {
			slog.Warn("closing hardware", "err", err)
		}
	}
}

// GPIOPresent tells whether periph found GPIO pins: false off a Raspberry
// Pi (host.Init succeeds there and finds none) or without access to
// /dev/gpiochip*.
func GPIOPresent() bool {
	if _, err := host.Init(); err != nil {
		slog.Debug("periph did not start", "err", err)
		return false
	}
	return len(gpioreg.All()) > 0
}

// Open opens the profile's display, LEDs, buzzer and buttons. A
// part that is absent is left out: the referee goes on without it. Off a
// Raspberry Pi (no GPIO) the display is the console. What is missing is
// said in one line (Summary), the details at debug level: 'tableref
// doctor' is the place to find out why.
func Open(ctx context.Context, p *profile.Profile, stdout io.Writer) (*Hardware, error) {
	hw := &Hardware{}
	onPi := GPIOPresent()
	var missing []string

	switch dev, closer, err := OpenDisplay(p.Display, stdout); {
	case p.Display.Type == profile.NoDisplay:
		hw.DisplayNote = "none in the hardware profile"
	case err != nil && !onPi && errors.Is(err, ErrAbsent):
		slog.Debug("display absent", "display", p.Display.Describe(), "err", err)
		c := console.New(stdout, p.Display.Cols, p.Display.Rows)
		hw.Display, hw.DisplayNote = c, c.String()+" (no GPIO: "+p.Display.Describe()+" not found)"
	case err != nil:
		slog.Debug("display absent", "display", p.Display.Describe(), "err", err)
		hw.DisplayNote = "absent: " + err.Error()
		missing = append(missing, "the display ("+err.Error()+")")
	default:
		hw.Display, hw.DisplayNote = dev, dev.String()
		hw.closers = append(hw.closers, closer, dev.Halt)
	}
	if !onPi {
		hw.Summary = "no GPIO (not a Raspberry Pi, or no access to /dev/gpiochip*): "
		if hw.Display != nil {
			hw.Summary += "the display is shown on the console, "
		}
		hw.Summary += "buttons, LEDs and buzzer are off; 'tableref doctor' says what is missing"
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
		pin, err := Pin(o.key, o.name)
		if err != nil {
			slog.Debug("indicator absent", "err", err)
			missing = append(missing, o.key)
			continue
		}
		*o.dst, fitted = pin, true
	}
	if fitted {
		hw.Indicator = ind
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
		pin, err := Pin(b.key, b.name)
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
		hw.Buttons = events
	}
	if len(missing) > 0 {
		hw.Summary = fmt.Sprintf("hardware missing: %s; refereeing without it; 'tableref doctor' says why", strings.Join(missing, ", "))
	}
	slog.Info("hardware", "display", hw.DisplayNote, "indicator", fitted, "buttons", watching)
	return hw, nil
}
