package history

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/words"
)

func players(g *Game) string {
	var ps []string
	for _, p := range g.Players {
		ps = append(ps, fmt.Sprintf("%s %d", p.Name, p.Total))
	}
	return strings.Join(ps, ", ")
}

func winners(g *Game) string {
	if g.Status != Finished {
		return "(" + g.Status + ")"
	}
	if w := g.Winners(); len(w) > 0 {
		return strings.Join(w, " & ")
	}
	return "nobody"
}

// WriteList writes games as a table: id, date, mode, winner, scores.
func WriteList(w io.Writer, games []Game) error {
	if len(games) == 0 {
		_, err := fmt.Fprintln(w, "No games in the history.")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tENDED (UTC)\tMODE\tWINNER\tSCORES")
	for i := range games {
		g := &games[i]
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", g.ID, g.Ended.Format("2006-01-02 15:04"), g.Mode, winners(g), players(g))
	}
	return tw.Flush()
}

// WriteGame writes one game: its players, result and every verdict, the
// verdicts' sentences in language l where the catalogue has them.
func WriteGame(w io.Writer, g *Game, l words.Lang) error {
	fmt.Fprintf(w, "Game %s: %s, %s\n", g.ID, g.Mode, g.Status)
	fmt.Fprintf(w, "Ended %s after %s; journal %s\n", g.Ended.Format(time.RFC3339), time.Duration(g.Seconds*float64(time.Second)).Round(time.Second), g.Journal)
	fmt.Fprintf(w, "Winner: %s\n\nFinal table:\n", winners(g))
	for _, p := range g.Players {
		var parts []string
		for _, pt := range p.Parts {
			parts = append(parts, fmt.Sprintf("%s %d", pt.Category, pt.Points))
		}
		line := fmt.Sprintf("  %-12s %4d", p.Name, p.Total)
		if len(parts) > 0 {
			line += "   (" + strings.Join(parts, ", ") + ")"
		}
		fmt.Fprintln(w, line)
	}
	fmt.Fprintf(w, "\nVerdicts (%d):\n", g.Verdicts)
	for _, e := range g.Events {
		if e.Kind == "verdict" || e.Kind == "points" || e.Kind == "end" {
			said, _ := words.Sentence(l, e.Long)
			fmt.Fprintf(w, "  %7.1fs  %s\n", e.T, said)
		}
	}
	return nil
}

// WritePlayers writes the players' records.
func WritePlayers(w io.Writer, rs []PlayerRecord) error {
	if len(rs) == 0 {
		_, err := fmt.Fprintln(w, "No finished games in the history.")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "PLAYER\tMODE\tGAMES\tWINS\tAVERAGE")
	for _, r := range rs {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%.1f\n", r.Name, r.Mode, r.Games, r.Wins, r.Average)
	}
	return tw.Flush()
}

// WriteExport writes games as CSV (one row per player per game, for a
// spreadsheet) or JSON (an array of games).
func WriteExport(w io.Writer, games []Game, format string) error {
	switch format {
	case "json":
		if games == nil {
			games = []Game{}
		}
		e := json.NewEncoder(w)
		e.SetIndent("", "  ")
		return e.Encode(games)
	case "csv":
		c := csv.NewWriter(w)
		c.Write([]string{"game", "ended", "mode", "status", "seconds", "seat", "player", "total", "winner"})
		for _, g := range games {
			for _, p := range g.Players {
				c.Write([]string{g.ID, g.Ended.Format(time.RFC3339), g.Mode, g.Status, strconv.FormatFloat(g.Seconds, 'f', 1, 64),
					strconv.Itoa(p.Seat), p.Name, strconv.Itoa(p.Total), strconv.FormatBool(p.Winner)})
			}
		}
		c.Flush()
		return c.Error()
	}
	return fmt.Errorf("history: export format %q: want csv or json", format)
}
