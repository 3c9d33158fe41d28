package config

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
