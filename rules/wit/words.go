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

// wrongWords says which circles are wrong, then the others: "its circle
// is wrong (Lima above Sucre: green 50 > 37)", "1 of its 3 circles wrong:
// Arequipa above Cobija: green 8 > 2 (right: …)". A list of every circle
// alone left the players to find the failing one among four.
func wrongWords(d *Deck, wrong, all []Circle) string {
	if len(all) == 1 {
		return fmt.Sprintf("its circle is wrong (%s)", describeCircles(d, wrong))
	}
	var right []Circle
	for _, c := range all {
		if c.Right() {
			right = append(right, c)
		}
	}
	out := fmt.Sprintf("%d of its %d circles wrong: %s", len(wrong), len(all), describeCircles(d, wrong))
	if len(right) > 0 {
		out += fmt.Sprintf(" (right: %s)", describeCircles(d, right))
	}
	return out
}

// wrongScreens are the display's screens after a wrong verdict, one per
// wrong circle, naming the neighbour it failed against as seen from the
// placed card: "Wrong circle:" / "above Cobija".
func wrongScreens(d *Deck, placed rules.CardID, wrong []Circle) [][2]string {
	var out [][2]string
	for _, c := range wrong {
		var where string
		var other rules.CardID
		switch {
		case c.Green == placed && c.Vertical:
			where, other = "above", c.Dark
		case c.Green == placed:
			where, other = "left of", c.Dark
		case c.Vertical:
			where, other = "below", c.Green
		default:
			where, other = "right of", c.Green
		}
		if c.Green != placed && c.Dark != placed {
			continue // a circle the placed card is not part of: none is judged so
		}
		out = append(out, rules.Say("Wrong circle:", where+" "+rules.ShortName(d.Name(other), rules.ShortWidth-len(where)-1)))
	}
	return out
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

// tieOnCards is endEvent's tie for a tie-break only the cards' printed
// numbers can decide, which the referee does not know.
const tieOnCards = "on the cards"

// tieSettled is endEvent's tie when the players settled it (InputSettle).
const tieSettled = "settled by you"

// endEvent announces the end of the game with the final scores. tie
// names the tie-break when the best total was shared ("closest circle"),
// and extra, appended to the long message, explains it.
func endEvent(scores []rules.Score, winners []int, s rules.Setup, tie, extra string) rules.Event {
	ev := rules.Event{Kind: rules.EventEnd, Scores: scores, Winners: winners}
	var parts []string
	for _, sc := range scores {
		parts = append(parts, fmt.Sprintf("%s %d", sc.Name, sc.Total))
	}
	best := 0
	var names []string
	for _, w := range winners {
		names = append(names, s.PlayerName(w))
		best = scores[w-1].Total
	}
	points := rules.Count(best, "point")
	if u := rules.UndecidedIn(scores); u != nil {
		var tied []string
		for _, p := range u.Players {
			tied = append(tied, s.PlayerName(p))
			best = scores[p-1].Total
		}
		points = rules.Count(best, "point")
		ev.Undecided = u
		ev.SetScreens(append(rules.Screens(rules.JoinNames(tied)+" tie", points+" each"),
			rules.Say("Undecided:", "closest circle"), rules.Say("Who wins? Tell", "page or buttons")))
		ev.Long = fmt.Sprintf("Game over: %s. %s tie on %s: undecided, the tie-break is on your cards: %s.", strings.Join(parts, ", "), rules.JoinNames(tied), points, u.Settle)
		return ev
	}
	switch {
	case len(winners) > 1 && tie == tieOnCards:
		ev.SetScreens(rules.EndScreens(names, points+" each", [2]string{"Tie-break:", "on your cards"}))
		ev.Long = fmt.Sprintf("Game over: %s. %s tie on %s.", strings.Join(parts, ", "), rules.JoinNames(names), points)
	case len(winners) == 1 && tie != "":
		ev.Player = winners[0]
		ev.SetScreens(rules.EndScreens(names, points, [2]string{"tie-break:", tie}))
		ev.Long = fmt.Sprintf("Game over: %s. %s wins on the tie-break (%s).", strings.Join(parts, ", "), names[0], tie)
	case len(winners) == 1:
		ev.Player = winners[0]
		ev.SetScreens(rules.EndScreens(names, points))
		ev.Long = fmt.Sprintf("Game over: %s. %s wins.", strings.Join(parts, ", "), names[0])
	case tie != "":
		ev.SetScreens(rules.EndScreens(names, points+" each", [2]string{"tie-break:", "equal too"}))
		ev.Long = fmt.Sprintf("Game over: %s. Shared victory, the tie-break (%s) too is equal: %s.", strings.Join(parts, ", "), tie, rules.JoinNames(names))
	default:
		ev.SetScreens(rules.EndScreens(names, points+" each"))
		ev.Long = fmt.Sprintf("Game over: %s. Shared victory: %s.", strings.Join(parts, ", "), rules.JoinNames(names))
	}
	if extra != "" {
		ev.Long += " " + extra
	}
	return ev
}
