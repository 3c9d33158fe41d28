// Package board opens the devices that a hardware profile describes, with
// periph's registries. host.Init succeeds on any machine and registers
// only what exists, so every pin and bus is checked here and a missing one
// is an error that says what and where, never a nil pointer later.
package board

import (
	"errors"
	"fmt"
	"io"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2creg"

	"github.com/tableref/tableref/hw/console"
	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/hw/lcd"
	"github.com/tableref/tableref/hw/oled"
	"github.com/tableref/tableref/hw/profile"
)

// ErrAbsent marks a device that is not there (no pin, no bus, no answer).
var ErrAbsent = errors.New("not found")

// Pin looks a BCM pin up; key is the profile key for the message.
func Pin(key, name string) (gpio.PinIO, error) {
	p := gpioreg.ByName(name)
	if p == nil {
		hint := "check the name"
		if len(gpioreg.All()) == 0 {
			hint = "periph found no GPIO pins at all: not a Raspberry Pi, or no access to /dev/gpiochip* (run tableref doctor)"
		}
		return nil, fmt.Errorf("%s: pin %s %w (%s)", key, name, ErrAbsent, hint)
	}
	return p, nil
}

// OpenBus opens an I²C bus by name ("" for the first one).
func OpenBus(name string) (i2c.BusCloser, error) {
	b, err := i2creg.Open(name)
	if err != nil {
		hint := "check display.bus"
		if len(i2creg.All()) == 0 {
			hint = "no I²C bus at all: add dtparam=i2c_arm=on to /boot/firmware/config.txt and reboot (run tableref doctor)"
		}
		return nil, fmt.Errorf("I²C bus %q %w: %v (%s)", name, ErrAbsent, err, hint)
	}
	return b, nil
}

// Closer releases what OpenDisplay opened besides the display.
type Closer func() error

// OpenDisplay opens the profile's display. stdout is where a console
// display writes. host.Init must have been called.
func OpenDisplay(d profile.Display, stdout io.Writer) (display.Display, Closer, error) {
	nop := func() error { return nil }
	switch d.Type {
	case profile.Console:
		return console.New(stdout, d.Cols, d.Rows), nop, nil
	case profile.HD44780GPIO:
		var pins [6]gpio.PinOut
		for i, kp := range []struct{ key, name string }{{"rs", d.Pins.RS}, {"e", d.Pins.E}, {"d4", d.Pins.D4}, {"d5", d.Pins.D5}, {"d6", d.Pins.D6}, {"d7", d.Pins.D7}} {
			p, err := Pin("display.pins."+kp.key, kp.name)
			if err != nil {
				return nil, nil, err
			}
			pins[i] = p
		}
		lp := lcd.Pins{RS: pins[0], E: pins[1], D4: pins[2], D5: pins[3], D6: pins[4], D7: pins[5]}
		if d.Pins.Backlight != "" {
			p, err := Pin("display.pins.backlight", d.Pins.Backlight)
			if err != nil {
				return nil, nil, err
			}
			lp.Backlight = p
		}
		// A GPIO LCD never answers (R/W is grounded): whether it shows
		// anything can only be seen, which doctor says.
		dev, err := lcd.New(lp, &lcd.Opts{Cols: d.Cols, Rows: d.Rows})
		return dev, nop, err
	case profile.HD44780I2C, profile.SSD1306:
		bus, err := OpenBus(d.Bus)
		if err != nil {
			return nil, nil, err
		}
		var dev display.Display
		if d.Type == profile.SSD1306 {
			dev, err = oled.New(bus, d.Address, &oled.Opts{Rotated: d.Rotated})
		} else {
			dev, err = lcd.NewPCF8574(bus, d.Address, &lcd.Opts{Cols: d.Cols, Rows: d.Rows})
		}
		if err != nil {
			_ = bus.Close()
			return nil, nil, fmt.Errorf("%w (%w; check the wiring and the address with i2cdetect -y %s)", err, ErrAbsent, busOrOne(d.Bus))
		}
		return dev, bus.Close, nil
	}
	return nil, nil, fmt.Errorf("display: %w: the profile says type %q", ErrAbsent, d.Type)
}

func busOrOne(b string) string {
	if b == "" {
		return "1"
	}
	return b
}
