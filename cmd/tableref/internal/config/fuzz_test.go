package config

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzParse feeds the configuration reader arbitrary bytes: it must never
// panic, every error must name the file, and a configuration it accepts
// must validate, print (run --print-config) and read back as the same text.
func FuzzParse(f *testing.F) {
	f.Add(strings.Replace(string(DefaultYAML()), "wit-continental", "test-counter", 1))
	f.Add("camera:\n  fps: .nan\n")
	f.Add("game: {mode: test-counter, players: [Ana, Ben], options: {cards: \"4\"}}\nweb: {listen: \"0.0.0.0:8080\", lan: true, pin: \"2468\", hosts: [tableref.local]}\n")
	f.Add("scanner:\n  stable: 250ms\njournal: /tmp/j\nlog: {level: debug, format: json}\n")
	f.Add("web:\n  pin_code: 1\n")
	f.Add("&a [*a]")
	f.Fuzz(func(t *testing.T, text string) {
		c, err := Parse([]byte(text), "fuzz.yaml")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "config fuzz.yaml: ") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("accepted but invalid: %v", err)
		}
		var out bytes.Buffer
		if err := c.Write(&out); err != nil {
			t.Fatalf("write: %v", err)
		}
		again, err := Parse(out.Bytes(), "printed.yaml")
		if err != nil {
			t.Fatalf("the printed configuration does not read back: %v\n%s", err, out.String())
		}
		var out2 bytes.Buffer
		again.Write(&out2)
		if out.String() != out2.String() {
			t.Fatalf("printing is not stable:\n%s\n---\n%s", out.String(), out2.String())
		}
	})
}
