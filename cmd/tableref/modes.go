package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"
	"github.com/tableref/tableref/rules"
)

func newModes() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "modes [MODE...]",
		Short: "list the game modes: players, decks, the names they answer to, options and their defaults",
		Example: "  tableref modes\n" +
			"  tableref modes continental --json",
		RunE: func(cmd *cobra.Command, args []string) error {
			list := rules.Modes()
			if len(args) > 0 {
				list = nil
				for _, a := range args {
					ms := rules.MatchModes(a) // a family ("wit") shows all its modes
					if len(ms) == 0 {
						_, err := cli.ModeArg(a)
						return err
					}
					list = append(list, ms...)
				}
			}
			if asJSON {
				return cli.WriteJSON(cmd.OutOrStdout(), modeSummaries(list))
			}
			return printModes(cmd.OutOrStdout(), list)
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return c
}

// modeSummary is one mode of "tableref modes --json".
type modeSummary struct {
	ID         string         `json:"id"`
	Name       string         `json:"name"`
	Game       string         `json:"game"`
	Aliases    []string       `json:"aliases,omitempty"`
	MinPlayers int            `json:"min_players"`
	MaxPlayers int            `json:"max_players"`
	Decks      []string       `json:"decks,omitempty"`
	Photo      bool           `json:"scan"` // tableref scan can judge a photo of it
	Options    []rules.Option `json:"options,omitempty"`
}

func modeSummaries(ms []*rules.Mode) []modeSummary {
	out := make([]modeSummary, 0, len(ms))
	for _, m := range ms {
		out = append(out, modeSummary{m.ID, m.Name, m.Game, m.Aliases, m.MinPlayers, m.MaxPlayers, m.Decks, m.ScoreTable != nil, m.Options})
	}
	return out
}

func printModes(w io.Writer, ms []*rules.Mode) error {
	for i, m := range ms {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if err := printMode(w, m); err != nil {
			return err
		}
	}
	return nil
}

// printMode writes one mode: its players, decks, other names and options.
func printMode(w io.Writer, m *rules.Mode) error {
	fmt.Fprintf(w, "%s — %s\n", m.ID, m.Name)
	players := fmt.Sprintf("%d–%d players", m.MinPlayers, m.MaxPlayers)
	if m.MinPlayers == m.MaxPlayers {
		players = rules.Count(m.MinPlayers, "player", "players")
	}
	line := "  " + players
	if len(m.Decks) > 0 {
		line += ", deck " + strings.Join(m.Decks, ", ")
	} else {
		line += ", no cards"
	}
	aka := append([]string{}, m.Aliases...)
	if m.Game != m.ID {
		aka = append(aka, m.Game)
	}
	if len(aka) > 0 {
		line += "; also called " + strings.Join(aka, ", ")
	}
	fmt.Fprintln(w, line)
	if len(m.Options) == 0 {
		return nil
	}
	fmt.Fprintln(w, "  options (--option KEY=VALUE, default shown):")
	tw := cli.NewTable(w)
	for _, o := range m.Options {
		fmt.Fprintf(tw, "    %s=%s\t%s\t%s\n", o.Key, o.Default, strings.Join(o.Values, "|"), o.Help)
	}
	return tw.Flush()
}
