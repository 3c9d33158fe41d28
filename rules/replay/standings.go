package replay

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/tableref/tableref/rules"
)

// WriteStandings writes the scores with their breakdown, best first, and
// the winners (or that the game is not over).
func WriteStandings(w io.Writer, g rules.Game) {
	scores := g.Scores()
	fmt.Fprintln(w, "\nStandings:")
	order := make([]rules.Score, len(scores))
	copy(order, scores)
	sort.SliceStable(order, func(i, j int) bool {
		if order[i].LowerWins {
			return order[i].Total < order[j].Total
		}
		return order[i].Total > order[j].Total
	})
	for _, s := range order {
		var parts []string
		for _, p := range s.Parts {
			if p.Points == 0 && p.Detail != "" {
				// A part that is a condition, not points ("construction
				// sites: all removed"), says its detail.
				parts = append(parts, p.Category+": "+p.Detail)
				continue
			}
			parts = append(parts, fmt.Sprintf("%s %d", p.Category, p.Points))
		}
		line := fmt.Sprintf("  %-12s %4d", s.Name, s.Total)
		if len(parts) > 0 {
			line += "   (" + strings.Join(parts, ", ") + ")"
		}
		fmt.Fprintln(w, line)
	}
	if !g.Finished() {
		fmt.Fprintln(w, "The game is not finished.")
		return
	}
	if u := rules.UndecidedIn(scores); u != nil {
		var tied []string
		for _, p := range u.Players {
			tied = append(tied, scores[p-1].Name)
		}
		fmt.Fprintf(w, "Undecided: %s tie; %s\n", strings.Join(tied, ", "), u.Settle)
		return
	}
	var names []string
	for _, p := range g.Winners() {
		for _, s := range scores {
			if s.Player == p {
				names = append(names, s.Name)
			}
		}
	}
	switch len(names) {
	case 0:
		fmt.Fprintln(w, "Nobody wins.")
	case 1:
		fmt.Fprintf(w, "Winner: %s\n", names[0])
	default:
		fmt.Fprintf(w, "Shared win: %s\n", strings.Join(names, ", "))
	}
}
