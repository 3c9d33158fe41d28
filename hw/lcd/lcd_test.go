package lcd

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/i2c/i2ctest"
	"periph.io/x/devices/v3/hd44780"

	"github.com/tableref/tableref/hw/display"
)

// bus records what the controller latches: on every falling edge of E it
// takes RS and D4…D7 from the fake pins, like the HD44780 does.
type bus struct {
	rs, e, d4, d5, d6, d7 *recPin
	nibbles               []nib
	sleeps                []time.Duration
	failOn                string // pin name whose Out fails
}

type nib struct {
	rs bool
	n  byte
}

type recPin struct {
	gpiotest.Pin
	b *bus
}

func (p *recPin) Out(l gpio.Level) error {
	if p.b.failOn == p.N {
		return errors.New("pin broken")
	}
	was := p.Read()
	if err := p.Pin.Out(l); err != nil {
		return err
	}
	if p == p.b.e && was == gpio.High && l == gpio.Low {
		var n byte
		for i, d := range []*recPin{p.b.d4, p.b.d5, p.b.d6, p.b.d7} {
			if d.Read() {
				n |= 1 << i
			}
		}
		p.b.nibbles = append(p.b.nibbles, nib{bool(p.b.rs.Read()), n})
	}
	return nil
}

func newBus() *bus {
	b := &bus{}
	mk := func(name string, num int) *recPin { return &recPin{Pin: gpiotest.Pin{N: name, Num: num}, b: b} }
	b.rs, b.e, b.d4, b.d5, b.d6, b.d7 = mk("GPIO25", 25), mk("GPIO24", 24), mk("GPIO23", 23), mk("GPIO17", 17), mk("GPIO18", 18), mk("GPIO22", 22)
	return b
}

func (b *bus) pins() Pins {
	return Pins{RS: b.rs, E: b.e, D4: b.d4, D5: b.d5, D6: b.d6, D7: b.d7}
}

func (b *bus) opts(cols, rows int) *Opts {
	return &Opts{Cols: cols, Rows: rows, Sleep: func(d time.Duration) { b.sleeps = append(b.sleeps, d) }}
}

// op is one instruction (rs false) or data byte (rs true).
type op struct {
	rs bool
	b  byte
}

func (o op) String() string {
	if o.rs {
		return fmt.Sprintf("D%02X", o.b)
	}
	return fmt.Sprintf("I%02X", o.b)
}

// ops pairs nibbles into bytes, after skipping the first skip single
// nibbles of the reset sequence.
func ops(t *testing.T, ns []nib, skip int) []op {
	t.Helper()
	ns = ns[skip:]
	if len(ns)%2 != 0 {
		t.Fatalf("odd number of nibbles after reset: %d", len(ns))
	}
	var out []op
	for i := 0; i < len(ns); i += 2 {
		if ns[i].rs != ns[i+1].rs {
			t.Fatalf("RS changed inside byte %d", i/2)
		}
		out = append(out, op{ns[i].rs, ns[i].n<<4 | ns[i+1].n})
	}
	return out
}

func instr(bs ...byte) []op {
	o := make([]op, len(bs))
	for i, b := range bs {
		o[i] = op{false, b}
	}
	return o
}

func data(bs ...byte) []op {
	o := make([]op, len(bs))
	for i, b := range bs {
		o[i] = op{true, b}
	}
	return o
}

func cat(parts ...[]op) []op {
	var o []op
	for _, p := range parts {
		o = append(o, p...)
	}
	return o
}

func wantInit(twoLines bool) []op {
	fn := byte(0x20)
	if twoLines {
		fn = 0x28
	}
	var cg []byte
	for _, g := range Custom {
		cg = append(cg, g[:]...)
	}
	return cat(instr(fn, 0x08, 0x01, 0x06, 0x40), data(cg...), instr(0x0C))
}

var resetNibbles = []nib{{false, 3}, {false, 3}, {false, 3}, {false, 2}}

func TestInitSequence(t *testing.T) {
	for _, c := range []struct {
		cols, rows int
		two        bool
	}{{16, 2, true}, {20, 4, true}, {16, 1, false}} {
		b := newBus()
		d, err := New(b.pins(), b.opts(c.cols, c.rows))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(b.nibbles[:4], resetNibbles) {
			t.Errorf("%d×%d: reset nibbles %v, want %v", c.cols, c.rows, b.nibbles[:4], resetNibbles)
		}
		if got, want := ops(t, b.nibbles, 4), wantInit(c.two); !reflect.DeepEqual(got, want) {
			t.Errorf("%d×%d: init\n got %v\nwant %v", c.cols, c.rows, got, want)
		}
		if b.sleeps[0] < 40*time.Millisecond {
			t.Errorf("first wait %v, want ≥ 40 ms for Vcc to settle", b.sleeps[0])
		}
		if got := d.String(); !strings.Contains(got, fmt.Sprintf("%d×%d", c.cols, c.rows)) || !strings.Contains(got, "GPIO25") {
			t.Errorf("String() = %q", got)
		}
	}
}

// TestReleasedDriverIsOneLine documents why lcd does not use periph's
// hd44780: replayed on the same pins, it never sends a function set after
// the 4-bit switch, so the controller stays in 1-line mode. When a periph
// release fixes it, this test fails and the workaround can be reviewed.
func TestReleasedDriverIsOneLine(t *testing.T) {
	b := newBus()
	if _, err := hd44780.New([]gpio.PinOut{b.d4, b.d5, b.d6, b.d7}, b.rs, b.e); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(b.nibbles[:4], resetNibbles) {
		t.Fatalf("reset nibbles %v", b.nibbles[:4])
	}
	// 0x2 as a single nibble is function set "4-bit, 1 line"; a later
	// function set (0x20–0x3F) with bit 3 would make it two lines.
	for _, o := range ops(t, b.nibbles, 4) {
		if !o.rs && o.b&0xE0 == 0x20 {
			t.Fatalf("released hd44780 sends function set %v now: review the workaround in package lcd", o)
		}
	}
}

// opened returns an initialised display with the init nibbles forgotten.
func opened(t *testing.T, cols, rows int) (*bus, *Dev) {
	t.Helper()
	b := newBus()
	d, err := New(b.pins(), b.opts(cols, rows))
	if err != nil {
		t.Fatal(err)
	}
	b.nibbles = nil
	return b, d
}

func TestShowBytes(t *testing.T) {
	b, d := opened(t, 16, 2)
	if err := d.Show(display.Message{Lines: []string{"Brasília", "+3 points"}, Verdict: display.Right}); err != nil {
		t.Fatal(err)
	}
	want := cat(instr(0x80), data([]byte("Brasilia       \x00")...), instr(0xC0), data([]byte("+3 points       ")...))
	if got := ops(t, b.nibbles, 0); !reflect.DeepEqual(got, want) {
		t.Errorf("Show:\n got %v\nwant %v", got, want)
	}
}

func TestRowAddresses20x4(t *testing.T) {
	b, d := opened(t, 20, 4)
	if err := d.ShowScores(display.Scores{Players: []display.PlayerScore{{Name: "Ana", Points: 12}, {Name: "Bo", Points: 9}, {Name: "Zoë", Points: 3}}}); err != nil {
		t.Fatal(err)
	}
	var addrs []byte
	var text []string
	for _, o := range ops(t, b.nibbles, 0) {
		if !o.rs {
			addrs = append(addrs, o.b)
			text = append(text, "")
		} else {
			text[len(text)-1] += string(rune(o.b))
		}
	}
	if want := []byte{0x80, 0xC0, 0x94, 0xD4}; !bytes.Equal(addrs, want) {
		t.Errorf("row addresses % X, want % X", addrs, want)
	}
	want := []string{"Score               ", "Ana               12", "Bo                 9", "Zoe                3"}
	if !reflect.DeepEqual(text, want) {
		t.Errorf("score rows %q, want %q", text, want)
	}
}

func TestPCF8574Backpack(t *testing.T) {
	rec := &i2ctest.Record{}
	d, err := NewPCF8574(rec, 0x27, &Opts{Sleep: func(time.Duration) {}})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Show(display.Message{Lines: []string{"Hi"}}); err != nil {
		t.Fatal(err)
	}
	if rec.Ops[0].Addr != 0x27 || !bytes.Equal(rec.Ops[0].W, []byte{0x08}) {
		t.Fatalf("first write %+v, want backlight on (0x08) to 0x27", rec.Ops[0])
	}
	// Decode the port byte like the LCD does: latch on E (P2) falling.
	var ns []nib
	prev := byte(0)
	for _, o := range rec.Ops {
		if o.Addr != 0x27 || len(o.W) != 1 {
			t.Fatalf("unexpected I²C op %+v", o)
		}
		v := o.W[0]
		if v&0x02 != 0 {
			t.Fatalf("R/W (P1) high in %#02x: the LCD would drive the bus", v)
		}
		if v&0x08 == 0 {
			t.Fatalf("backlight (P3) off in %#02x", v)
		}
		if prev&0x04 != 0 && v&0x04 == 0 {
			ns = append(ns, nib{v&0x01 != 0, v >> 4})
		}
		prev = v
	}
	if !reflect.DeepEqual(ns[:4], resetNibbles) {
		t.Errorf("reset nibbles %v", ns[:4])
	}
	want := cat(wantInit(true), instr(0x80), data([]byte("Hi              ")...), instr(0xC0), data([]byte("                ")...))
	if got := ops(t, ns, 4); !reflect.DeepEqual(got, want) {
		t.Errorf("backpack bytes\n got %v\nwant %v", got, want)
	}
	if got := d.String(); got != "HD44780 16×2 on PCF8574 0x27" {
		t.Errorf("String() = %q", got)
	}
}

func TestErrors(t *testing.T) {
	b := newBus()
	p := b.pins()
	p.E = nil
	if _, err := New(p, b.opts(16, 2)); err == nil || !strings.Contains(err.Error(), "pin E is missing") {
		t.Errorf("missing E: %v", err)
	}
	if _, err := New(b.pins(), b.opts(40, 4)); err == nil || !strings.Contains(err.Error(), "unsupported size") {
		t.Errorf("40×4: %v", err)
	}
	b.failOn = "GPIO24"
	if _, err := New(b.pins(), b.opts(16, 2)); err == nil || !strings.Contains(err.Error(), "pin broken") {
		t.Errorf("broken pin: %v", err)
	}
	if _, err := NewPCF8574(nil, 0x27, nil); err == nil {
		t.Error("nil bus: no error")
	}
	rec := &i2ctest.Playback{DontPanic: true}
	if _, err := NewPCF8574(rec, 0x27, &Opts{Sleep: func(time.Duration) {}}); err == nil || !strings.Contains(err.Error(), "does not answer") {
		t.Errorf("absent backpack: %v", err)
	}
}

func TestEncode(t *testing.T) {
	cases := map[string][]byte{
		"Brasília":  []byte("Brasilia"),
		"Müller":    {'M', 0xF5, 'l', 'l', 'e', 'r'},
		"ÄÖÜ äöüß":  {'A', 'O', 'U', ' ', 0xE1, 0xEF, 0xF5, 0xE2},
		"Łódź":      []byte("Lodz"),
		"São Tomé":  []byte("Sao Tome"),
		"Æbeltoft":  []byte("AEbeltoft"),
		`a\b~c`:     []byte("a/b-c"),
		"“ok” – 3°": {'"', 'o', 'k', '"', ' ', '-', ' ', '3', 0xDF},
		"✓✗":        {CodeCheck, CodeCross},
		"😀\t":       {'?', ' '},
	}
	for in, want := range cases {
		if got := Encode(in); !bytes.Equal(got, want) {
			t.Errorf("Encode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestScreenVerdictPlacement(t *testing.T) {
	rows := func(s [][]byte) []string {
		out := make([]string, len(s))
		for i, r := range s {
			out[i] = strings.NewReplacer("\x00", "✓", "\x01", "✗").Replace(string(r))
		}
		return out
	}
	cases := []struct {
		m    display.Message
		want []string
	}{
		{display.Message{Lines: []string{"Lima", "+2"}, Verdict: display.Right}, []string{"Lima           ✓", "+2              "}},
		{display.Message{Lines: []string{"Not next to Lima", "take it back"}, Verdict: display.Wrong}, []string{"Not next to Lima", "take it back   ✗"}},
		{display.Message{Lines: []string{"Card seen twice!", "Remove one copy."}, Verdict: display.Warn}, []string{"Card seen twice!", "Remove one copy."}},
		{display.Message{Lines: []string{"Next player"}}, []string{"Next player     ", "                "}},
	}
	for _, c := range cases {
		if got := rows(Screen(c.m, 16, 2)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Screen(%v) = %q, want %q", c.m, got, c.want)
		}
	}
}

func TestGlyphs(t *testing.T) {
	for c := 0x20; c < 0x80; c++ {
		if _, ok := Glyph(byte(c)); !ok {
			t.Errorf("no glyph for %#02x", c)
		}
	}
	if g, _ := Glyph('I'); g != [8]byte{0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E, 0} {
		t.Errorf("Glyph('I') = % X", g)
	}
	for _, s := range []string{"äöüß°µñ", "Brasília"} {
		for _, c := range Encode(s) {
			if _, ok := Glyph(c); !ok {
				t.Errorf("no glyph for %#02x from %q", c, s)
			}
		}
	}
}
