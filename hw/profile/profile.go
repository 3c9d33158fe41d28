// Package profile reads and checks the hardware profile: which display,
// on which bus and address, and which BCM pins the buttons, LEDs and
// buzzer use.
package profile

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tableref/tableref/hw/profile/strictyaml"
)

// Display types.
const (
	HD44780GPIO = "hd44780-gpio"
	HD44780I2C  = "hd44780-i2c"
	SSD1306     = "ssd1306"
	Console     = "console"
	NoDisplay   = "none"
)

// Profile is the whole hardware profile.
type Profile struct {
	Display Display `yaml:"display"`
	Buttons Buttons `yaml:"buttons"`
	LEDs    LEDs    `yaml:"leds"`
	Buzzer  Buzzer  `yaml:"buzzer"`
}

// Display says which display is fitted and how it is connected.
type Display struct {
	Type    string  `yaml:"type"`
	Cols    int     `yaml:"cols"`    // LCD and console; 16 by default
	Rows    int     `yaml:"rows"`    // LCD and console; 2 by default
	Bus     string  `yaml:"bus"`     // I²C bus name or number; empty: the first bus
	Address uint16  `yaml:"address"` // I²C; 0x27 (backpack) or 0x3C (OLED) by default
	Rotated bool    `yaml:"rotated"` // OLED mounted upside down
	Pins    LCDPins `yaml:"pins"`    // hd44780-gpio only
}

// LCDPins are the HD44780 4-bit interface pins (R/W goes to ground).
type LCDPins struct {
	RS        string `yaml:"rs"`
	E         string `yaml:"e"`
	D4        string `yaml:"d4"`
	D5        string `yaml:"d5"`
	D6        string `yaml:"d6"`
	D7        string `yaml:"d7"`
	Backlight string `yaml:"backlight"` // optional
}

// Buttons are the four referee buttons; an empty pin means not fitted.
type Buttons struct {
	Next       string        `yaml:"next"`
	Undo       string        `yaml:"undo"`
	Challenge  string        `yaml:"challenge"`
	Menu       string        `yaml:"menu"`
	ActiveHigh bool          `yaml:"active_high"` // buttons to 3V3 with pull-down instead of to ground
	Debounce   time.Duration `yaml:"debounce"`
	Lockout    time.Duration `yaml:"lockout"`
	LongPress  time.Duration `yaml:"long_press"`
}

// LEDs are the verdict LEDs; an empty pin means not fitted.
type LEDs struct {
	Green string `yaml:"green"`
	Red   string `yaml:"red"`
}

// Buzzer is the active buzzer; an empty pin means not fitted.
type Buzzer struct {
	Pin string `yaml:"pin"`
}

//go:embed default.yaml
var defaultYAML []byte

// DefaultYAML is the text of the default profile (the documented wiring).
func DefaultYAML() []byte { return bytes.Clone(defaultYAML) }

// Default returns the default profile.
func Default() *Profile {
	p, err := Parse(defaultYAML, "default profile")
	if err != nil {
		panic("profile: the embedded default is invalid: " + err.Error()) // caught by TestDefault
	}
	return p
}

// Load reads and checks a profile file.
func Load(path string) (*Profile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("profile: %w", err)
	}
	return Parse(data, path)
}

// SystemPath is where the daemon and the hardware commands look for the
// profile when none is named.
const SystemPath = "/etc/tableref/hardware.yaml"

// Find loads the profile at path; with path "" the one at SystemPath if
// there is one, else the built-in default wiring. from says which.
func Find(path string) (p *Profile, from string, err error) {
	if path == "" {
		if _, err := os.Stat(SystemPath); err != nil {
			return Default(), "built-in default (no " + SystemPath + ")", nil
		}
		path = SystemPath
	}
	p, err = Load(path)
	return p, path, err
}

// Parse decodes a profile strictly (an unknown key is an error that names
// it, so a typo never silently falls back to a default), fills defaults
// and validates it. name is used in messages.
func Parse(data []byte, name string) (*Profile, error) {
	var p Profile
	if err := strictyaml.Decode(data, &p); err != nil {
		return nil, fmt.Errorf("profile %s: %w", name, err)
	}
	p.fill()
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("profile %s: %w", name, err)
	}
	return &p, nil
}

func (p *Profile) fill() {
	d := &p.Display
	if d.Type == "" {
		d.Type = NoDisplay
	}
	if d.Cols == 0 && d.Rows == 0 {
		d.Cols, d.Rows = 16, 2
	}
	if d.Address == 0 {
		switch d.Type {
		case HD44780I2C:
			d.Address = 0x27
		case SSD1306:
			d.Address = 0x3C
		}
	}
	b := &p.Buttons
	if b.Debounce == 0 {
		b.Debounce = 30 * time.Millisecond
	}
	if b.Lockout == 0 {
		b.Lockout = 300 * time.Millisecond
	}
	if b.LongPress == 0 {
		b.LongPress = time.Second
	}
}

// Use is one pin assignment, named by its key path ("buttons.next").
type Use struct {
	Key, Pin string
}

// Pins lists every assigned pin in a fixed order.
func (p *Profile) Pins() []Use {
	var u []Use
	add := func(key, pin string) {
		if pin != "" {
			u = append(u, Use{key, pin})
		}
	}
	if p.Display.Type == HD44780GPIO {
		lp := p.Display.Pins
		add("display.pins.rs", lp.RS)
		add("display.pins.e", lp.E)
		add("display.pins.d4", lp.D4)
		add("display.pins.d5", lp.D5)
		add("display.pins.d6", lp.D6)
		add("display.pins.d7", lp.D7)
		add("display.pins.backlight", lp.Backlight)
	}
	add("buttons.next", p.Buttons.Next)
	add("buttons.undo", p.Buttons.Undo)
	add("buttons.challenge", p.Buttons.Challenge)
	add("buttons.menu", p.Buttons.Menu)
	add("leds.green", p.LEDs.Green)
	add("leds.red", p.LEDs.Red)
	add("buzzer.pin", p.Buzzer.Pin)
	return u
}

var pinRE = regexp.MustCompile(`^GPIO([0-9]|1[0-9]|2[0-7])$`)

// Header maps BCM GPIO numbers to physical pins of the 40-pin header.
var Header = map[int]int{
	0: 27, 1: 28, 2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21, 10: 19, 11: 23, 12: 32, 13: 33,
	14: 8, 15: 10, 16: 36, 17: 11, 18: 12, 19: 35, 20: 38, 21: 40, 22: 15, 23: 16, 24: 18, 25: 22, 26: 37, 27: 13,
}

// PhysicalPin returns the header pin of a BCM name, or 0.
func PhysicalPin(name string) int {
	m := pinRE.FindStringSubmatch(name)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return Header[n]
}

// Validate reports every problem at once, each naming the key.
func (p *Profile) Validate() error {
	var errs []error
	d := p.Display
	switch d.Type {
	case HD44780GPIO, HD44780I2C, SSD1306, Console, NoDisplay:
	default:
		errs = append(errs, fmt.Errorf("display.type: unknown display %q (want %s, %s, %s, %s or %s)", d.Type, HD44780GPIO, HD44780I2C, SSD1306, Console, NoDisplay))
	}
	if d.Type != SSD1306 && (d.Cols < 1 || d.Cols > 40 || d.Rows < 1 || d.Rows > 4 || d.Cols*d.Rows > 80) {
		errs = append(errs, fmt.Errorf("display: size %d×%d is not an HD44780 size (up to 80 characters in up to 4 rows)", d.Cols, d.Rows))
	}
	if (d.Type == HD44780I2C || d.Type == SSD1306) && (d.Address < 0x03 || d.Address > 0x77) {
		errs = append(errs, fmt.Errorf("display.address: %#x is not a 7-bit I²C address", d.Address))
	}
	if d.Type == HD44780GPIO {
		lp := d.Pins
		for _, r := range []struct{ key, pin string }{{"rs", lp.RS}, {"e", lp.E}, {"d4", lp.D4}, {"d5", lp.D5}, {"d6", lp.D6}, {"d7", lp.D7}} {
			if r.pin == "" {
				errs = append(errs, fmt.Errorf("display.pins.%s: missing (an hd44780-gpio display needs rs, e, d4, d5, d6, d7)", r.key))
			}
		}
	}
	i2c := d.Type == HD44780I2C || d.Type == SSD1306
	seen := map[string]string{}
	for _, u := range p.Pins() {
		if !pinRE.MatchString(u.Pin) {
			errs = append(errs, fmt.Errorf("%s: unknown pin %q (use a BCM name from GPIO0 to GPIO27, e.g. GPIO17)", u.Key, u.Pin))
			continue
		}
		if prev, dup := seen[u.Pin]; dup {
			errs = append(errs, fmt.Errorf("%s: pin %s is used twice (also %s)", u.Key, u.Pin, prev))
			continue
		}
		seen[u.Pin] = u.Key
		if i2c && (u.Pin == "GPIO2" || u.Pin == "GPIO3") {
			errs = append(errs, fmt.Errorf("%s: %s is the I²C bus (SDA GPIO2, SCL GPIO3) that the %s display uses", u.Key, u.Pin, d.Type))
		}
	}
	b := p.Buttons
	if b.Debounce < 0 || b.Lockout < 0 || b.LongPress < 0 {
		errs = append(errs, errors.New("buttons: debounce, lockout and long_press must not be negative"))
	}
	if b.LongPress > 0 && b.LongPress <= b.Debounce {
		errs = append(errs, fmt.Errorf("buttons.long_press: %v must be longer than debounce %v", b.LongPress, b.Debounce))
	}
	return errors.Join(errs...)
}

// Table returns the wiring as rows of (key, BCM name, physical pin),
// sorted by physical pin: the order in which one wires a header.
func (p *Profile) Table() [][3]string {
	var rows [][3]string
	for _, u := range p.Pins() {
		rows = append(rows, [3]string{u.Key, u.Pin, strconv.Itoa(PhysicalPin(u.Pin))})
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, _ := strconv.Atoi(rows[i][2])
		b, _ := strconv.Atoi(rows[j][2])
		return a < b
	})
	return rows
}

// Describe is a one-line summary of the display, for logs and doctor.
func (d Display) Describe() string {
	switch d.Type {
	case HD44780GPIO:
		return fmt.Sprintf("HD44780 %d×%d LCD on GPIO (RS %s, E %s, D4–D7 %s %s %s %s)", d.Cols, d.Rows, d.Pins.RS, d.Pins.E, d.Pins.D4, d.Pins.D5, d.Pins.D6, d.Pins.D7)
	case HD44780I2C:
		return fmt.Sprintf("HD44780 %d×%d LCD on a PCF8574 backpack, I²C bus %s address %#x", d.Cols, d.Rows, busName(d.Bus), d.Address)
	case SSD1306:
		return fmt.Sprintf("SSD1306 128×64 OLED, I²C bus %s address %#x", busName(d.Bus), d.Address)
	case Console:
		return fmt.Sprintf("console %d×%d", d.Cols, d.Rows)
	}
	return "no display"
}

func busName(b string) string {
	if strings.TrimSpace(b) == "" {
		return "(first)"
	}
	return b
}
