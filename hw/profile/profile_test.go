package profile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestDefault(t *testing.T) {
	p := Default()
	if p.Display.Type != HD44780GPIO || p.Display.Pins.RS != "GPIO25" || p.Buttons.LongPress != time.Second {
		t.Errorf("default profile: %+v", p)
	}
	if got := p.Table()[0]; got != [3]string{"display.pins.d5", "GPIO17", "11"} {
		t.Errorf("first wiring row %v", got)
	}
	if len(p.Pins()) != 13 {
		t.Errorf("%d pins, want 6 LCD + 4 buttons + 2 LEDs + buzzer", len(p.Pins()))
	}
}

func TestErrors(t *testing.T) {
	cases := []struct {
		yaml string
		want []string
	}{
		{"display:\n  typ: ssd1306\n", []string{`line 2: unknown key "display.typ" (known here: address, bus, cols, pins, rotated, rows, type)`}},
		{"display:\n  type: vga\n", []string{`display.type: unknown display "vga"`}},
		{"buttons:\n  next: GPIO40\n  undo: pin7\n", []string{`buttons.next: unknown pin "GPIO40"`, `buttons.undo: unknown pin "pin7"`}},
		{"buttons:\n  next: GPIO5\n  undo: GPIO5\n", []string{"buttons.undo: pin GPIO5 is used twice (also buttons.next)"}},
		{"display:\n  type: ssd1306\nbuttons:\n  next: GPIO2\n", []string{"buttons.next: GPIO2 is the I²C bus"}},
		{"display:\n  type: hd44780-gpio\n  pins: {rs: GPIO25}\n", []string{"display.pins.e: missing", "display.pins.d7: missing"}},
		{"display:\n  type: hd44780-i2c\n  address: 0x99\n", []string{"display.address: 0x99"}},
		{"display:\n  type: console\n  cols: 50\n  rows: 4\n", []string{"size 50×4"}},
		{"buttons:\n  long_press: 10ms\n", []string{"buttons.long_press: 10ms must be longer than debounce 30ms"}},
		{"buttons:\n  debounce: soon\n", []string{"soon"}},
	}
	for _, c := range cases {
		_, err := Parse([]byte(c.yaml), "test.yaml")
		if err == nil {
			t.Errorf("%q: no error", c.yaml)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%q: error %q does not say %q", c.yaml, err, w)
			}
		}
		if !strings.Contains(err.Error(), "test.yaml") {
			t.Errorf("error %q does not name the file", err)
		}
	}
}

func TestLoadAndDefaults(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hw.yaml")
	if err := os.WriteFile(path, []byte("display:\n  type: ssd1306\n  bus: \"1\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if p.Display.Address != 0x3C || p.Buttons.Lockout != 300*time.Millisecond {
		t.Errorf("defaults not filled: %+v", p)
	}
	if got := p.Display.Describe(); got != "SSD1306 128×64 OLED, I²C bus 1 address 0x3c" {
		t.Errorf("Describe() = %q", got)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.yaml")); err == nil {
		t.Error("missing file: no error")
	}
	empty, err := Parse(nil, "empty")
	if err != nil || empty.Display.Type != NoDisplay {
		t.Errorf("empty profile: %+v, %v", empty, err)
	}
}

func TestPhysicalPin(t *testing.T) {
	for name, want := range map[string]int{"GPIO2": 3, "GPIO17": 11, "GPIO26": 37, "GPIO28": 0, "17": 0} {
		if got := PhysicalPin(name); got != want {
			t.Errorf("PhysicalPin(%q) = %d, want %d", name, got, want)
		}
	}
}
