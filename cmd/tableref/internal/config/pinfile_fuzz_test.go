package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzPINFile: whatever the PIN file holds, the configuration either
// refuses it naming web.pin or web.pin_file, or reads a PIN of 4 to 12
// digits 0-9.
func FuzzPINFile(f *testing.F) {
	for _, s := range []string{"482193\n", "", "\n", "12ab", "١٢٣٤", " 2468 ", "1234567890123", "0000\r\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, pin []byte) {
		path := filepath.Join(t.TempDir(), "web-pin")
		if err := os.WriteFile(path, pin, 0o600); err != nil {
			t.Fatal(err)
		}
		c, err := Parse([]byte("web: {listen: \"0.0.0.0:80\", lan: true, pin_file: "+path+"}\n"), "x")
		if err != nil {
			if !strings.Contains(err.Error(), "web.pin") {
				t.Fatalf("refused without naming the key: %v", err)
			}
			return
		}
		p := c.Web.PIN
		if len(p) < 4 || len(p) > 12 || strings.Trim(p, "0123456789") != "" {
			t.Fatalf("PIN file %q read as PIN %q", pin, p)
		}
	})
}
