// Package oled shows referee messages on an SSD1306 128×64 OLED on I²C,
// drawing text with a bitmap font (periph's ssd1306 driver does the bus).
package oled

import (
	"errors"
	"fmt"

	"periph.io/x/conn/v3/display"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/devices/v3/ssd1306"

	hwdisplay "github.com/tableref/tableref/hw/display"
)

// DefaultAddress is the usual address of SSD1306 modules (0x3D when the
// address jumper is moved).
const DefaultAddress = 0x3C

// Opts configures the panel.
type Opts struct {
	W, H    int  // 128×64 when zero
	Rotated bool // mounted upside down
}

// Dev is an SSD1306 showing referee messages.
type Dev struct {
	d    display.Drawer
	w, h int
	name string
}

var _ hwdisplay.Display = (*Dev)(nil)

// New initialises an SSD1306 at addr on bus.
func New(bus i2c.Bus, addr uint16, opts *Opts) (*Dev, error) {
	if bus == nil {
		return nil, errors.New("oled: no I²C bus")
	}
	o := size(opts)
	// periph's NewI2C always talks to 0x3C; addrBus moves it to addr so
	// that modules strapped to 0x3D work too.
	dev, err := ssd1306.NewI2C(&addrBus{Bus: bus, addr: addr}, &ssd1306.Opts{W: o.W, H: o.H, Rotated: o.Rotated})
	if err != nil {
		return nil, fmt.Errorf("oled: SSD1306 at %#x does not answer: %w", addr, err)
	}
	d := NewDrawer(dev)
	d.name = fmt.Sprintf("SSD1306 %d×%d on I²C %#x", o.W, o.H, addr)
	return d, nil
}

// NewDrawer shows referee messages on any periph display.Drawer, such as
// displaytest.Drawer in tests or another 1-bit panel.
func NewDrawer(d display.Drawer) *Dev {
	b := d.Bounds()
	return &Dev{d: d, w: b.Dx(), h: b.Dy(), name: fmt.Sprintf("OLED %d×%d on %s", b.Dx(), b.Dy(), d)}
}

func size(opts *Opts) Opts {
	o := Opts{}
	if opts != nil {
		o = *opts
	}
	if o.W == 0 && o.H == 0 {
		o.W, o.H = 128, 64
	}
	return o
}

func (d *Dev) String() string { return d.name }

// Size implements display.Display: cells of the 8×16 font.
func (d *Dev) Size() (cols, rows int) { return d.w / cellW, d.h / cellH }

// Show implements display.Display.
func (d *Dev) Show(m hwdisplay.Message) error {
	img := Render(m, d.w, d.h)
	if err := d.d.Draw(img.Bounds(), img, img.Bounds().Min); err != nil {
		return fmt.Errorf("oled: %w", err)
	}
	return nil
}

// ShowScores implements display.Display.
func (d *Dev) ShowScores(s hwdisplay.Scores) error {
	img := RenderScores(s, d.w, d.h)
	if err := d.d.Draw(img.Bounds(), img, img.Bounds().Min); err != nil {
		return fmt.Errorf("oled: %w", err)
	}
	return nil
}

// Halt switches the panel off (OLED pixels age while lit).
func (d *Dev) Halt() error {
	if err := d.d.Halt(); err != nil {
		return fmt.Errorf("oled: %w", err)
	}
	return nil
}

type addrBus struct {
	i2c.Bus
	addr uint16
}

func (b *addrBus) Tx(addr uint16, w, r []byte) error {
	if addr == DefaultAddress {
		addr = b.addr
	}
	return b.Bus.Tx(addr, w, r)
}

func (b *addrBus) SetSpeed(f physic.Frequency) error { return b.Bus.SetSpeed(f) }
