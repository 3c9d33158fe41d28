package rules

import "testing"

func TestSideName(t *testing.T) {
	for _, tc := range []struct {
		game  string
		side  Side
		words string
	}{
		{"wit", Front, "flag side"}, {"wit", Back, "map side"},
		{"mapit", Back, "coordinate side"}, {"nsoe", Front, "name side"},
		{"strangeworld", Back, "Tzimime side"}, {"shakecity", Front, ""},
	} {
		if got := SideName(tc.game, tc.side); got != tc.words {
			t.Errorf("SideName(%s, %v) = %q, want %q", tc.game, tc.side, got, tc.words)
		}
	}
}
