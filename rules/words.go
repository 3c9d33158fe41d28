package rules

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Count says a number with its noun in the right number: Count(1,
// "point") is "1 point", Count(3, "point") "3 points". A noun whose plural
// is not noun+"s" gives both forms: Count(2, "city", "cities").
func Count(n int, one string, many ...string) string {
	return strconv.Itoa(n) + " " + Noun(n, one, many...)
}

// Noun is the noun alone in the number n asks for: Noun(1, "card") is
// "card", Noun(0, "card") "cards" (zero takes the plural in English).
func Noun(n int, one string, many ...string) string {
	if n == 1 || n == -1 {
		return one
	}
	if len(many) > 0 {
		return many[0]
	}
	return one + "s"
}

// JoinNames lists names for a message: "Ana", "Ana & Ben",
// "Ana, Ben & Caro". The ampersand keeps a tie short enough for a 16×2
// display and reads the same in every language the players speak.
func JoinNames(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " & " + names[len(names)-1]
}

// Wins is the verb after a list of winners: "Ana wins", "Ana & Ben win".
func Wins(names []string) string {
	if len(names) == 1 {
		return JoinNames(names) + " wins"
	}
	return JoinNames(names) + " win"
}

// Screens packs lines into 16×2 screens, two lines each, in order. A line
// longer than ShortWidth is first wrapped at spaces (and commas), so a tie
// between long names spills onto a second screen instead of being cut;
// a single word longer than a line is cut by Say.
func Screens(lines ...string) [][2]string {
	var wrapped []string
	for _, l := range lines {
		wrapped = append(wrapped, Wrap(l, ShortWidth)...)
	}
	var out [][2]string
	for i := 0; i < len(wrapped); i += 2 {
		var s [2]string
		s[0] = wrapped[i]
		if i+1 < len(wrapped) {
			s[1] = wrapped[i+1]
		}
		out = append(out, Say(s[0], s[1]))
	}
	return out
}

// Wrap breaks s into lines of at most width characters at spaces; a word
// longer than width stays whole on its own line (Say cuts it).
func Wrap(s string, width int) []string {
	words := strings.Fields(s)
	if len(words) == 0 {
		return nil
	}
	var out []string
	line := words[0]
	for _, w := range words[1:] {
		if utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) <= width {
			line += " " + w
			continue
		}
		out = append(out, line)
		line = w
	}
	return append(out, line)
}

// EndScreens are the display screens that close a game: who won, in
// full ("Ana & Ben win", wrapped onto a second screen when the names do
// not fit one), with detail under it (the points), then the screens in
// more as they are (the tie-break that decided: "tie-break:" / "closest
// circle"). The first screen goes in Event.Short and the rest in
// Event.More (Event.SetScreens).
func EndScreens(winners []string, detail string, more ...[2]string) [][2]string {
	head := "Nobody wins"
	if len(winners) > 0 {
		head = Wins(winners)
	}
	out := Screens(head, detail)
	for _, m := range more {
		out = append(out, Say(m[0], m[1]))
	}
	return out
}

// SetScreens puts screens on an event: the first in Short, the others in
// More.
func (e *Event) SetScreens(s [][2]string) {
	if len(s) == 0 {
		return
	}
	e.Short = s[0]
	e.More = append([][2]string(nil), s[1:]...)
}

// TiedOnTotal reports whether a winner shares the best total with a
// player who did not win: the win was then decided by a tie-break (or a
// condition beyond the points), and the end screen must say so.
func TiedOnTotal(scores []Score, winners []int) bool {
	won := map[int]bool{}
	for _, w := range winners {
		won[w] = true
	}
	best := map[int]bool{}
	for _, s := range scores {
		if won[s.Player] {
			best[s.Total] = true
		}
	}
	for _, s := range scores {
		if !won[s.Player] && best[s.Total] {
			return true
		}
	}
	return false
}

// AllLines are the lines of every screen of the event: Short, then More.
func (e Event) AllLines() []string {
	out := []string{e.Short[0], e.Short[1]}
	for _, s := range e.More {
		out = append(out, s[0], s[1])
	}
	return out
}
