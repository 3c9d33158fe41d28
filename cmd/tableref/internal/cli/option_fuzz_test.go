package cli

import (
	"strings"
	"testing"
)

// FuzzParseOption: any --option text is read without panicking; what is
// accepted is a trimmed, non-empty key, and key=value typed back reads the
// same.
func FuzzParseOption(f *testing.F) {
	for _, s := range []string{"pushScope=contiguous", " deck = SA ", "=x", "novalue", "a==b", "k=", "\x00=\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k, v, err := ParseOption(s)
		if err != nil {
			if !strings.Contains(err.Error(), "want KEY=VALUE") {
				t.Fatalf("error %v does not say what to type", err)
			}
			return
		}
		if k == "" || k != strings.TrimSpace(k) || v != strings.TrimSpace(v) || strings.Contains(k, "=") {
			t.Fatalf("%q read as key %q value %q", s, k, v)
		}
		k2, v2, err := ParseOption(k + "=" + v)
		if err != nil || k2 != k || v2 != v {
			t.Fatalf("%q=%q typed back reads %q %q %v", k, v, k2, v2, err)
		}
	})
}
