package wit

import (
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
)

// describeCircles lists circles for a long message.
func describeCircles(d *Deck, cs []Circle) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Describe(d)
	}
	return strings.Join(parts, "; ")
}

// circleCount says "1 circle" or "3 circles", with "all" when asked.
func circleCount(n int, all bool) string {
	switch {
	case n == 1:
		return "1 circle"
	case all && n > 1:
		return fmt.Sprintf("%d circles, all", n)
	}
	return fmt.Sprintf("%d circles", n)
}

// wrongWords says how many circles are wrong: "1 of 3 circles wrong".
func wrongWords(wrong, of int) string {
	if of == 1 {
		return "its circle is wrong"
	}
	return fmt.Sprintf("%d of its %d circles wrong", wrong, of)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// names lists players by name.
func playerNames(s rules.Setup, ps []int) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = s.PlayerName(p)
	}
	return strings.Join(out, ", ")
}

// endEvent announces the end of the game with the final scores; extra is
// appended to the long message (the tie-break, if it decided).
func endEvent(scores []rules.Score, winners []int, s rules.Setup, extra string) rules.Event {
	ev := rules.Event{Kind: rules.EventEnd, Scores: scores, Winners: winners}
	var parts []string
	for _, sc := range scores {
		parts = append(parts, fmt.Sprintf("%s %d", sc.Name, sc.Total))
	}
	best := 0
	for _, sc := range scores {
		for _, w := range winners {
			if sc.Player == w {
				best = sc.Total
			}
		}
	}
	if len(winners) == 1 {
		ev.Player = winners[0]
		line2 := fmt.Sprintf("%d points", best)
		if extra != "" {
			line2 = fmt.Sprintf("%d pts tie-break", best)
		}
		ev.Short = rules.Say("Winner: "+rules.ShortName(s.PlayerName(winners[0]), 8), line2)
		ev.Long = fmt.Sprintf("Game over: %s. %s wins.", strings.Join(parts, ", "), s.PlayerName(winners[0]))
	} else {
		ev.Short = rules.Say("Shared win", fmt.Sprintf("%d each", best))
		ev.Long = fmt.Sprintf("Game over: %s. Shared victory: %s.", strings.Join(parts, ", "), playerNames(s, winners))
	}
	if extra != "" {
		ev.Long += " " + extra
	}
	return ev
}
