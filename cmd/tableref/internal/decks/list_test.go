package decks

import "testing"

func TestDecksPrintedDegrees(t *testing.T) {
	tests := map[[2]int]string{{41, 12}: "41°N 12°E", {38, -9}: "38°N 9°O", {-33, -70}: "33°S 70°O", {51, 0}: "51°N 0°E"}
	for in, want := range tests {
		if got := printedDegrees(in[0], in[1]); got != want {
			t.Errorf("printedDegrees(%d, %d) = %q, want %q", in[0], in[1], got, want)
		}
	}
}
