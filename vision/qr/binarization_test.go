package qr

import "testing"

// The names logs and benchmarks print; the zero value must stay the local
// threshold, the one the reader trusts most (reader.go).
func TestBinarizationNames(t *testing.T) {
	var zero Binarization
	for b, want := range map[Binarization]string{zero: "local", GlobalThreshold: "global", BentGrid: "bent grid", 7: "Binarization(7)"} {
		if got := b.String(); got != want {
			t.Errorf("Binarization(%d).String() = %q, want %q", int(b), got, want)
		}
	}
}
