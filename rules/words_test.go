package rules

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{Count(1, "point"), "1 point"},
		{Count(0, "point"), "0 points"},
		{Count(2, "point"), "2 points"},
		{Count(1, "city", "cities"), "1 city"},
		{Count(3, "city", "cities"), "3 cities"},
		{Noun(-1, "degree"), "degree"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestJoinNamesAndWins(t *testing.T) {
	for _, tc := range []struct {
		names []string
		want  string
	}{
		{[]string{"Ana"}, "Ana wins"},
		{[]string{"Ana", "Ben"}, "Ana & Ben win"},
		{[]string{"Ana", "Ben", "Caro"}, "Ana, Ben & Caro win"},
	} {
		if got := Wins(tc.names); got != tc.want {
			t.Errorf("Wins(%v) = %q, want %q", tc.names, got, tc.want)
		}
	}
	if JoinNames(nil) != "" {
		t.Error("no names should join to nothing")
	}
}

// Every line of every screen fits 16 characters and nothing is cut: long
// names spill onto further screens, in order.
func TestEndScreensFitAndKeepEveryWord(t *testing.T) {
	for _, tc := range []struct {
		winners []string
		detail  string
		more    [][2]string
		screens int
	}{
		{[]string{"Ana"}, "12 points", nil, 1},
		{[]string{"Ana", "Ben"}, "12 points each", nil, 1},
		{[]string{"Alexandra", "Bartholomew", "Constantin"}, "40 points each", nil, 2},
		{[]string{"Ana"}, "40 points", [][2]string{{"tie-break: more", "scoring tiles"}}, 2},
		{nil, "sites left", nil, 1},
	} {
		s := EndScreens(tc.winners, tc.detail, tc.more...)
		if len(s) != tc.screens {
			t.Errorf("%v %v: %d screens %q, want %d", tc.winners, tc.detail, len(s), s, tc.screens)
		}
		var words []string
		for _, sc := range s {
			for _, l := range sc {
				if n := utf8.RuneCountInString(l); n > ShortWidth || strings.HasSuffix(l, Cut) {
					t.Errorf("line %q (%d characters) does not fit", l, n)
				}
				words = append(words, strings.Fields(l)...)
			}
		}
		head := Wins(tc.winners)
		if len(tc.winners) == 0 {
			head = "Nobody wins"
		}
		want := []string{head, tc.detail}
		for _, m := range tc.more {
			want = append(want, m[0], m[1])
		}
		if got, w := strings.Join(words, " "), strings.Join(strings.Fields(strings.Join(want, " ")), " "); got != w {
			t.Errorf("screens %q say %q, want %q", s, got, w)
		}
	}
	if s := EndScreens([]string{"Ana"}, "40 points", [2]string{"tie-break:", "closest circle"}); s[1] != [2]string{"tie-break:", "closest circle"} {
		t.Errorf("the tie-break screen must stand alone: %q", s)
	}
}

func TestSetScreens(t *testing.T) {
	var e Event
	e.SetScreens([][2]string{{"a", "b"}, {"c", ""}})
	if e.Short != [2]string{"a", "b"} || len(e.More) != 1 || e.More[0][0] != "c" {
		t.Errorf("%+v", e)
	}
	if got := strings.Join(e.AllLines(), "|"); got != "a|b|c|" {
		t.Errorf("AllLines %q", got)
	}
}

func TestTiedOnTotal(t *testing.T) {
	sc := []Score{{Player: 1, Total: 12}, {Player: 2, Total: 12}, {Player: 3, Total: 9}}
	if !TiedOnTotal(sc, []int{1}) {
		t.Error("1 won with 12 against 2's 12: a tie-break decided")
	}
	if TiedOnTotal(sc, []int{1, 2}) {
		t.Error("a shared win is no tie-break")
	}
	if TiedOnTotal(sc[:1], []int{1}) {
		t.Error("alone: no tie")
	}
}
