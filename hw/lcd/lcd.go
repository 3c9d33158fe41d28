// Package lcd drives an HD44780 character LCD (16×2, 20×4, …) in 4-bit
// mode, either on six GPIO pins or behind a PCF8574 I²C backpack.
//
// Why not periph's hd44780 package: the released driver (devices v3.7.4)
// never sends a function set after switching to 4-bit mode. Its "0x14,
// 2 lines" entry is really a cursor-shift instruction, so the controller
// stays in the 1-line mode that the 0x2 nibble selects and the second row
// stays blank; its "0x10 disable display" is a cursor shift too. It also
// cannot load custom characters, addresses rows 2 and 3 of a 20×4 wrongly
// and sleeps with the real clock. lcd_test.go replays the released driver
// on recording pins and checks that this is still so. This package keeps
// the same shape (New(pins), Halt, String) over the same periph gpio pins,
// and the PCF8574 backpack is driven through periph's pcf857x pins.
package lcd

import (
	"errors"
	"fmt"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/devices/v3/pcf857x"

	"github.com/tableref/tableref/hw/display"
)

// HD44780 instructions (datasheet table 6).
const (
	cmdClear       = 0x01
	cmdEntryMode   = 0x04 // | 0x02 increment
	cmdDisplay     = 0x08 // | 0x04 display on, 0x02 cursor, 0x01 blink
	cmdFunctionSet = 0x20 // | 0x10 8-bit, 0x08 two lines, 0x04 5×10 font
	cmdSetCGRAM    = 0x40
	cmdSetDDRAM    = 0x80

	fnTwoLines = 0x08
)

// Opts configures the display geometry and timing.
type Opts struct {
	Cols, Rows int // 16×2 when zero
	// Sleep waits between instructions (the LCD is write-only here: R/W is
	// tied low, so there is no busy flag to poll). Tests pass a recorder so
	// that they neither wait nor depend on the clock. Default time.Sleep.
	Sleep func(time.Duration)
}

// Pins are the six GPIO lines of the 4-bit interface. Backlight is
// optional (nil when the backlight is wired to power).
type Pins struct {
	RS, E, D4, D5, D6, D7 gpio.PinOut
	Backlight             gpio.PinOut
}

// Dev is an open HD44780.
type Dev struct {
	p          Pins
	cols, rows int
	sleep      func(time.Duration)
	name       string
}

var _ display.Display = (*Dev)(nil)

// New initialises the LCD on GPIO pins: the 4-bit reset dance, function
// set for the number of rows, custom characters, display on, clear.
func New(p Pins, opts *Opts) (*Dev, error) {
	o := Opts{}
	if opts != nil {
		o = *opts
	}
	if o.Cols == 0 && o.Rows == 0 {
		o.Cols, o.Rows = 16, 2
	}
	if o.Cols < 1 || o.Cols > 40 || o.Rows < 1 || o.Rows > 4 || o.Cols*o.Rows > 80 {
		return nil, fmt.Errorf("lcd: unsupported size %d×%d (the HD44780 holds 80 characters in up to 4 rows)", o.Cols, o.Rows)
	}
	for _, n := range []struct {
		p    gpio.PinOut
		name string
	}{{p.RS, "RS"}, {p.E, "E"}, {p.D4, "D4"}, {p.D5, "D5"}, {p.D6, "D6"}, {p.D7, "D7"}} {
		if n.p == nil {
			return nil, fmt.Errorf("lcd: pin %s is missing", n.name)
		}
	}
	if o.Sleep == nil {
		o.Sleep = time.Sleep
	}
	d := &Dev{p: p, cols: o.Cols, rows: o.Rows, sleep: o.Sleep,
		name: fmt.Sprintf("HD44780 %d×%d on GPIO (RS %s, E %s)", o.Cols, o.Rows, p.RS, p.E)}
	if err := d.init(); err != nil {
		return nil, fmt.Errorf("lcd: init: %w", err)
	}
	return d, nil
}

// Backpack pin assignment of the common PCF8574 LCD boards (P0…P7).
const (
	bpRS, bpRW, bpE, bpBacklight, bpD4 = 0, 1, 2, 3, 4
)

// NewPCF8574 initialises an LCD behind a PCF8574 backpack at addr (usually
// 0x27, or 0x3F for the PCF8574A) using periph's pcf857x pins.
func NewPCF8574(bus i2c.Bus, addr uint16, opts *Opts) (*Dev, error) {
	if bus == nil {
		return nil, errors.New("lcd: no I²C bus")
	}
	ex, err := pcf857x.New(bus, addr, pcf857x.PCF8574)
	if err != nil {
		return nil, fmt.Errorf("lcd: PCF8574 at %#x: %w", addr, err)
	}
	pin := ex.Pins
	// The chip powers up with every output high, but pcf857x starts from a
	// cached 0 and skips writes that do not change it. Driving the backlight
	// high first sends one full byte, so the chip's real state (R/W low:
	// write mode, E low, backlight on) matches the cache from here on.
	if err := pin[bpBacklight].Out(gpio.High); err != nil {
		return nil, fmt.Errorf("lcd: PCF8574 at %#x does not answer: %w", addr, err)
	}
	if err := pin[bpRW].Out(gpio.Low); err != nil {
		return nil, fmt.Errorf("lcd: PCF8574 at %#x: %w", addr, err)
	}
	d, err := New(Pins{RS: pin[bpRS], E: pin[bpE], D4: pin[bpD4], D5: pin[bpD4+1], D6: pin[bpD4+2], D7: pin[bpD4+3], Backlight: pin[bpBacklight]}, opts)
	if err != nil {
		return nil, err
	}
	d.name = fmt.Sprintf("HD44780 %d×%d on PCF8574 %#x", d.cols, d.rows, addr)
	return d, nil
}

func (d *Dev) String() string { return d.name }

// Size implements display.Display.
func (d *Dev) Size() (cols, rows int) { return d.cols, d.rows }

func (d *Dev) init() error {
	if d.p.Backlight != nil {
		if err := d.p.Backlight.Out(gpio.High); err != nil {
			return err
		}
	}
	for _, p := range []gpio.PinOut{d.p.RS, d.p.E} {
		if err := p.Out(gpio.Low); err != nil {
			return err
		}
	}
	// Datasheet figure 24: wait for Vcc, then three times "8-bit" and once
	// "4-bit" as single nibbles; this works whatever mode the controller
	// was left in by a previous run.
	d.sleep(50 * time.Millisecond)
	for _, s := range []struct {
		nibble byte
		wait   time.Duration
	}{{0x3, 4500 * time.Microsecond}, {0x3, 150 * time.Microsecond}, {0x3, 150 * time.Microsecond}, {0x2, 150 * time.Microsecond}} {
		if err := d.nibble(false, s.nibble); err != nil {
			return err
		}
		d.sleep(s.wait)
	}
	fn := byte(cmdFunctionSet)
	if d.rows > 1 {
		fn |= fnTwoLines // 4-line displays are two lines folded, as far as the controller knows
	}
	for _, c := range []byte{fn, cmdDisplay, cmdClear, cmdEntryMode | 0x02} {
		if err := d.command(c); err != nil {
			return err
		}
	}
	if err := d.loadCustom(); err != nil {
		return err
	}
	return d.command(cmdDisplay | 0x04)
}

// loadCustom writes the ✓ and ✗ glyphs into CGRAM 0 and 1.
func (d *Dev) loadCustom() error {
	if err := d.command(cmdSetCGRAM); err != nil {
		return err
	}
	for _, g := range Custom {
		for _, row := range g {
			if err := d.data(row); err != nil {
				return err
			}
		}
	}
	return nil
}

// Halt clears the screen, switches it and the backlight off.
func (d *Dev) Halt() error {
	if err := d.command(cmdClear); err != nil {
		return fmt.Errorf("lcd: halt: %w", err)
	}
	if err := d.command(cmdDisplay); err != nil {
		return fmt.Errorf("lcd: halt: %w", err)
	}
	if d.p.Backlight != nil {
		if err := d.p.Backlight.Out(gpio.Low); err != nil {
			return fmt.Errorf("lcd: halt: %w", err)
		}
	}
	return nil
}

// Show implements display.Display. It rewrites every cell (padding with
// spaces) instead of clearing first: no flicker, and no 1.5 ms clear.
func (d *Dev) Show(m display.Message) error {
	return d.write(Screen(m, d.cols, d.rows))
}

// ShowScores implements display.Display.
func (d *Dev) ShowScores(s display.Scores) error {
	return d.write(ScoreScreen(s, d.cols, d.rows))
}

// Print writes raw ROM codes at a row and column; the text must already be
// encoded (see Encode).
func (d *Dev) Print(row, col int, codes []byte) error {
	if row < 0 || row >= d.rows || col < 0 || col >= d.cols {
		return fmt.Errorf("lcd: position %d,%d outside %d×%d", row, col, d.cols, d.rows)
	}
	if err := d.command(cmdSetDDRAM | rowAddr(row, d.cols) + byte(col)); err != nil {
		return fmt.Errorf("lcd: %w", err)
	}
	for _, c := range codes {
		if err := d.data(c); err != nil {
			return fmt.Errorf("lcd: %w", err)
		}
	}
	return nil
}

func (d *Dev) write(screen [][]byte) error {
	for r, line := range screen {
		if err := d.Print(r, 0, line); err != nil {
			return err
		}
	}
	return nil
}

// rowAddr is the DDRAM address of a row's first cell: rows 2 and 3 continue
// rows 0 and 1 after cols cells (0x14/0x54 on a 20×4).
func rowAddr(row, cols int) byte {
	a := byte(0)
	if row%2 == 1 {
		a = 0x40
	}
	if row >= 2 {
		a += byte(cols)
	}
	return a
}

func (d *Dev) command(c byte) error {
	if err := d.byte(false, c); err != nil {
		return err
	}
	if c == cmdClear || c == 0x02 {
		d.sleep(2 * time.Millisecond) // clear and home take 1.52 ms
	} else {
		d.sleep(50 * time.Microsecond)
	}
	return nil
}

func (d *Dev) data(c byte) error {
	if err := d.byte(true, c); err != nil {
		return err
	}
	d.sleep(50 * time.Microsecond)
	return nil
}

func (d *Dev) byte(rs bool, c byte) error {
	if err := d.nibble(rs, c>>4); err != nil {
		return err
	}
	return d.nibble(rs, c&0x0f)
}

// nibble sets RS and D4…D7 and pulses E; the controller latches on E's
// falling edge.
func (d *Dev) nibble(rs bool, n byte) error {
	if err := d.p.RS.Out(gpio.Level(rs)); err != nil {
		return err
	}
	for i, p := range []gpio.PinOut{d.p.D4, d.p.D5, d.p.D6, d.p.D7} {
		if err := p.Out(gpio.Level(n&(1<<i) != 0)); err != nil {
			return err
		}
	}
	if err := d.p.E.Out(gpio.High); err != nil {
		return err
	}
	d.sleep(time.Microsecond) // E high ≥ 450 ns
	return d.p.E.Out(gpio.Low)
}
