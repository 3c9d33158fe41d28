package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/cmd/tableref/internal/journal"
	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/modes" // every game mode
	"github.com/tableref/tableref/rules/replay"
)

func newReplay() *cobra.Command {
	var asJSON, isJournal bool
	c := &cobra.Command{
		Use:   "replay FILE",
		Short: "referee a recorded game (replay or journal file) without a camera",
		Example: "  tableref replay rules/mapit/testdata/world-three-rounds.jsonl\n" +
			"  tableref replay --json rules/nsoe/testdata/europe-three-players.jsonl",
		Args: cli.ArgsBetween(1, 1, "one replay or journal file (docs/replay.md)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runReplay(cmd.Context(), args[0], asJSON, isJournal, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON event per line instead of text")
	c.Flags().BoolVar(&isJournal, "journal", false, "the file is a daemon journal: drop a torn last line with a warning and undo as the daemon does (automatic for files that start with the journal mark)")
	return c
}

func runReplay(ctx context.Context, path string, asJSON, isJournal bool, stdout, stderr io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()

	br := bufio.NewReader(f)
	if head, _ := br.Peek(len(journal.Mark)); string(head) == journal.Mark {
		isJournal = true
	}
	r := replay.NewReader(br, path)
	r.AllowTornTail = isJournal
	run := replay.Run
	if isJournal {
		run = journal.Run // undo as the daemon did it
	}
	enc := json.NewEncoder(stdout)
	var werr error
	g, err := run(r, func(s replay.Stamped) {
		if werr != nil || ctx.Err() != nil {
			return
		}
		if asJSON {
			werr = enc.Encode(s)
		} else {
			_, werr = fmt.Fprintln(stdout, replay.Describe(s))
		}
	})
	if werr != nil {
		return fmt.Errorf("writing output: %w", werr)
	}
	if r.TornTail() {
		fmt.Fprintf(stderr, "warning: %s: the last line was cut short (power cut?) and was dropped\n", path)
	}
	if err != nil {
		return err
	}
	if g != nil && !asJSON {
		printStandings(stdout, g)
	}
	return nil
}

// printStandings writes the scores with their breakdown, best first, and
// the winners (or that the game is not over).
func printStandings(w io.Writer, g rules.Game) {
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
