package board

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/gpio/gpiotest"

	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/hw/profile"
)

// The tests run in this order: first with no pins registered (a PC),
// then with fake pins registered.
func TestOpenDisplay(t *testing.T) {
	def := profile.Default().Display
	if _, _, err := OpenDisplay(def, nil); !errors.Is(err, ErrAbsent) || !strings.Contains(err.Error(), "display.pins.rs: pin GPIO25 not found") {
		t.Errorf("no pins: %v", err)
	}
	oledP := profile.Display{Type: profile.SSD1306, Address: 0x3C}
	if _, _, err := OpenDisplay(oledP, nil); !errors.Is(err, ErrAbsent) || !strings.Contains(err.Error(), "dtparam=i2c_arm=on") {
		t.Errorf("no bus: %v", err)
	}

	var buf bytes.Buffer
	con, closer, err := OpenDisplay(profile.Display{Type: profile.Console, Cols: 16, Rows: 2}, &buf)
	if err != nil {
		t.Fatal(err)
	}
	if err := con.Show(display.Message{Lines: []string{"Hello"}}); err != nil || !strings.Contains(buf.String(), "│Hello") {
		t.Errorf("console: %v %q", err, buf.String())
	}
	if err := closer(); err != nil {
		t.Error(err)
	}

	for _, n := range []string{"GPIO25", "GPIO24", "GPIO23", "GPIO17", "GPIO18", "GPIO22"} {
		if err := gpioreg.Register(&gpiotest.Pin{N: n}); err != nil {
			t.Fatal(err)
		}
		defer gpioreg.Unregister(n)
	}
	dev, _, err := OpenDisplay(def, nil)
	if err != nil {
		t.Fatalf("with fake pins: %v", err)
	}
	if c, r := dev.Size(); c != 16 || r != 2 {
		t.Errorf("size %d×%d", c, r)
	}
	if _, _, err := OpenDisplay(profile.Display{Type: "vga"}, nil); err == nil {
		t.Error("unknown type: no error")
	}
}
