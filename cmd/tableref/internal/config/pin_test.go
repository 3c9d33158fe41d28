package config

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// --print-config shows that a PIN is set, never the PIN (issue 34: it
// printed the PIN file's PIN), and a PIN is digits 0-9 only: Arabic-Indic
// digits passed unicode.IsDigit.
func TestPrintHidesThePIN(t *testing.T) {
	pin := filepath.Join(t.TempDir(), "web-pin")
	if err := os.WriteFile(pin, []byte("482193\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	c, err := Parse([]byte("web: {listen: \"0.0.0.0:80\", lan: true, pin_file: "+pin+"}\n"), "x")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := c.Print(&out); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "482193") || !strings.Contains(out.String(), "pin: "+HiddenPIN) {
		t.Errorf("--print-config shows:\n%s", out.String())
	}
	if c.Web.PIN != "482193" {
		t.Errorf("printing changed the configuration's PIN to %q", c.Web.PIN)
	}
}

func TestPINIsASCIIDigits(t *testing.T) {
	for _, pin := range []string{"١٢٣٤", "１２３４", "12 34"} {
		if _, err := Parse([]byte("web: {listen: \"0.0.0.0:80\", lan: true, pin: \""+pin+"\"}\n"), "x"); err == nil || !strings.Contains(err.Error(), "web.pin") {
			t.Errorf("PIN %q: %v, want refused naming web.pin", pin, err)
		}
	}
	if _, err := Parse([]byte("web: {listen: \"0.0.0.0:80\", lan: true, pin: \"0482\"}\n"), "x"); err != nil {
		t.Errorf("PIN 0482: %v", err)
	}
}

// A configuration or PIN file that is huge or not a file is refused
// without being read whole (issue 34: a 100 MB config was read whole).
func TestFilesAreBounded(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, 100<<20); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(big, true); err == nil || !strings.Contains(err.Error(), "larger than 1 MB") {
		t.Errorf("a 100 MB config: %v", err)
	}
	if _, err := Load(dir, true); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a folder as config: %v", err)
	}
	pin := filepath.Join(dir, "web-pin")
	if err := os.WriteFile(pin, []byte(strings.Repeat("1", 100)), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Parse([]byte("web: {listen: \"0.0.0.0:80\", lan: true, pin_file: "+pin+"}\n"), "x"); err == nil || !strings.Contains(err.Error(), "web.pin_file") {
		t.Errorf("a 100-byte PIN file: %v", err)
	}
}

// Flags that name the game mark it named (run must not resume another in
// its place); --new asks for a new game; neither when no flag names it.
func TestFlagsNameTheGame(t *testing.T) {
	for _, tc := range []struct {
		args         []string
		named, fresh bool
	}{
		{[]string{"--journal", "/b"}, false, false},
		{[]string{"--mode", "test-counter"}, true, false},
		{[]string{"--players", "Zoe,Max", "--new"}, true, true},
		{[]string{"--option", "cards=3"}, true, false},
		{[]string{"--new"}, false, true},
	} {
		c, err := Parse([]byte("game: {mode: test-counter, players: [A]}\n"), "x")
		if err != nil {
			t.Fatal(err)
		}
		fs := pflag.NewFlagSet("run", pflag.ContinueOnError)
		f := BindFlags(fs)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		if err := f.Apply(c); err != nil {
			t.Fatal(err)
		}
		if c.GameNamed != tc.named || c.NewGame != tc.fresh {
			t.Errorf("%v: named %v, new %v; want %v, %v", tc.args, c.GameNamed, c.NewGame, tc.named, tc.fresh)
		}
	}
}

// A long value is named in an error by its key, and the error does not
// echo it whole: a 900 KB web.name gave a 900 KB message.
func TestErrorsDoNotEchoLongValues(t *testing.T) {
	long := strings.Repeat("x", 900<<10)
	for _, yaml := range []string{"web:\n  name: " + long + "\n", "web:\n  listen: " + long + "\n", "camera:\n  fps: " + long + "\n"} {
		_, err := Parse([]byte(yaml), "x.yaml")
		if err == nil {
			t.Fatal("a 900 KB value accepted")
		}
		if m := err.Error(); len(m) > 1024 || !strings.Contains(m, "config x.yaml: ") {
			t.Errorf("a 900 KB value: a message of %d bytes: %.200s", len(m), m)
		}
	}
}
