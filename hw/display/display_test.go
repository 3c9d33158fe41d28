package display

import (
	"reflect"
	"testing"
)

func TestFit(t *testing.T) {
	cases := []struct {
		name       string
		in         []string
		cols, rows int
		want       []string
	}{
		{"fits", []string{"Brasilia", "+3 points"}, 16, 2, []string{"Brasilia", "+3 points"}},
		{"cut when no room", []string{"Brasilia is not in Peru", "+3"}, 16, 2, []string{"Brasilia is not", "+3"}},
		{"wrap on bigger display", []string{"Brasilia is not in Peru", "+3"}, 20, 4, []string{"Brasilia is not in", "Peru", "+3"}},
		{"long word cut", []string{"Llanfairpwllgwyngyll"}, 8, 3, []string{"Llanfair", "pwllgwyn", "gyll"}},
		{"too many lines", []string{"a", "b", "c"}, 16, 2, []string{"a", "b"}},
		{"runes not bytes", []string{"Brasília Brasília"}, 8, 1, []string{"Brasília"}},
		{"no room", []string{"x"}, 0, 2, nil},
	}
	for _, c := range cases {
		if got := Fit(c.in, c.cols, c.rows); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: Fit(%q, %d, %d) = %q, want %q", c.name, c.in, c.cols, c.rows, got, c.want)
		}
	}
}

func TestScoreLines(t *testing.T) {
	two := Scores{Players: []PlayerScore{{"Ana", 12}, {"Bo", 9}}}
	four := Scores{Title: "Final", Players: []PlayerScore{{"Ana", 12}, {"Bo", 9}, {"Carla", 104}, {"Dmitri", 7}}}
	six := Scores{Players: []PlayerScore{{"A", 1}, {"B", 2}, {"C", 3}, {"D", 4}, {"E", 5}, {"F", 6}}}
	cases := []struct {
		name       string
		s          Scores
		cols, rows int
		want       []string
	}{
		{"one per row", two, 16, 2, []string{"Ana           12", "Bo             9"}},
		{"title when room", two, 16, 4, []string{"Score", "Ana           12", "Bo             9"}},
		{"two columns", four, 16, 2, []string{"Ana   12 Bo    9", "Carl 104 Dmitr 7"}},
		{"overflow", six, 16, 2, []string{"A      1 B     2", "C      3      +3"}},
		{"empty", Scores{}, 16, 2, []string{"Score", "no players"}},
	}
	for _, c := range cases {
		if got := ScoreLines(c.s, c.cols, c.rows); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestVerdictRoundTrip(t *testing.T) {
	for v := None; v <= Warn; v++ {
		got, err := ParseVerdict(v.String())
		if err != nil || got != v {
			t.Errorf("ParseVerdict(%q) = %v, %v", v.String(), got, err)
		}
	}
	if _, err := ParseVerdict("maybe"); err == nil {
		t.Error("ParseVerdict(maybe): no error")
	}
}
