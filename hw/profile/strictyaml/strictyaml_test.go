package strictyaml

import (
	"strings"
	"testing"
	"time"
)

type inner struct {
	Pin   string        `yaml:"pin"`
	Delay time.Duration `yaml:"delay"`
}

type doc struct {
	Name  string            `yaml:"name"`
	Inner inner             `yaml:"inner"`
	Ptr   *inner            `yaml:"ptr"`
	Free  map[string]string `yaml:"free"`
}

func TestDecode(t *testing.T) {
	var d doc
	if err := Decode([]byte("name: a\ninner: {pin: GPIO5, delay: 20ms}\nptr: {pin: x}\nfree: {anything: goes}\n"), &d); err != nil {
		t.Fatal(err)
	}
	if d.Name != "a" || d.Inner.Pin != "GPIO5" || d.Inner.Delay != 20*time.Millisecond || d.Ptr.Pin != "x" || d.Free["anything"] != "goes" {
		t.Errorf("decoded %+v", d)
	}
	d = doc{Name: "kept"}
	if err := Decode(nil, &d); err != nil || d.Name != "kept" {
		t.Errorf("empty document: %v, %+v", err, d)
	}
	for _, tc := range []struct{ yaml, want string }{
		{"nam: a\n", `line 1: unknown key "nam" (known here: free, inner, name, ptr)`},
		{"inner:\n  pin: x\n  pn: y\nptr:\n  delai: 1s\n", `line 3: unknown key "inner.pn" (known here: delay, pin); line 5: unknown key "ptr.delai" (known here: delay, pin)`},
		{"inner: {delay: soon}\n", "line 1: cannot unmarshal !!str `soon` into time.Duration"},
		{"name: [\n", "yaml:"},
	} {
		if err := Decode([]byte(tc.yaml), &doc{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.yaml, err, tc.want)
		}
	}
}
