package profile

import (
	"strings"
	"testing"
)

// FuzzParse feeds the hardware profile reader arbitrary bytes: it must
// never panic, every error must name the file, and a profile it accepts
// must be valid with every pin a BCM name on the 40-pin header.
func FuzzParse(f *testing.F) {
	f.Add(string(DefaultYAML()))
	f.Add("display:\n  type: ssd1306\n  address: 0x3c\nbuttons:\n  next: GPIO5\n  debounce: 30ms\n")
	f.Add("display:\n  type: hd44780-i2c\n  bus: \"1\"\n  address: 0x27\nleds: {green: GPIO2}\n")
	f.Add("display: {type: console, cols: 20, rows: 4}\n")
	f.Add("buttons: {long_press: 1e400s}\n")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := Parse([]byte(text), "fuzz.yaml")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "profile fuzz.yaml") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("accepted but invalid: %v", err)
		}
		for _, u := range p.Pins() {
			if PhysicalPin(u.Pin) == 0 {
				t.Fatalf("%s: pin %q is not on the header", u.Key, u.Pin)
			}
		}
	})
}
