package main

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/tableref/tableref/cmd/tableref/internal/cli"
	"github.com/tableref/tableref/cmd/tableref/internal/history"
	"github.com/tableref/tableref/cmd/tableref/internal/paths"
	"github.com/tableref/tableref/cmd/tableref/internal/words"
)

// historyFlags are the flags every history command shares.
func historyFlags(fs *pflag.FlagSet, q *history.Query, filters bool) {
	fs.StringVar(&q.Path, "history", paths.History(), "the history database (config key history)")
	if filters {
		fs.StringVar(&q.Game, "game", "", "only this game or mode (wit, wit-continental; 'tableref modes' lists them)")
		fs.StringVar(&q.Player, "player", "", "only games this player played")
		fs.StringVar(&q.Since, "since", "", "only games ended on or after this date (2026-11-28) or time (RFC 3339)")
		fs.StringVar(&q.Until, "until", "", "only games ended before this date or time")
	}
}

func newHistoryList() *cobra.Command {
	var q history.Query
	c := &cobra.Command{
		Use:     "list",
		Short:   "list past games, newest first: date, mode, winner, scores",
		Example: "  tableref history list --history history.db --player Ana --since 2026-11-01",
		Args:    cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return history.ListGames(cmd.Context(), q, cmd.OutOrStdout())
		},
	}
	historyFlags(c.Flags(), &q, true)
	c.Flags().IntVarP(&q.Limit, "limit", "n", 0, "at most this many games (0: all)")
	return c
}

// newHistory is the group; on its own it lists, as 'history list' does.
func newHistory() *cobra.Command {
	list := newHistoryList()
	c := &cobra.Command{
		Use:   "history",
		Short: "every game remembered: list, show, players' records, export as CSV or JSON, rebuild from journals",
		Long: "tableref run records every game (finished, abandoned, undone) in the history database,\n" +
			"written from the journal. 'tableref history' lists the games, as 'history list' does. See docs/history.md.",
		Args: cli.NoArgs,
		RunE: list.RunE,
	}
	c.Flags().AddFlagSet(list.Flags())
	return group(c, list, newHistoryShow(), newHistoryPlayers(), newHistoryExport(), newHistoryRebuild())
}

func newHistoryShow() *cobra.Command {
	var q history.Query
	var lang string
	c := &cobra.Command{
		Use:   "show ID",
		Short: "one game: its players, final table and every verdict",
		Args:  cli.ArgsBetween(1, 1, "one game id ('tableref history' lists them)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			l, err := words.Parse(lang)
			if err != nil {
				return cli.Usagef("--language %v", err)
			}
			return history.ShowGame(cmd.Context(), q.Path, args[0], l, cmd.OutOrStdout())
		},
	}
	historyFlags(c.Flags(), &q, false)
	c.Flags().StringVar(&lang, "language", "en", "the verdicts' sentences in this language: en, it, de, es or pt (where the catalogue has them)")
	return c
}

func newHistoryPlayers() *cobra.Command {
	var q history.Query
	c := &cobra.Command{
		Use:   "players",
		Short: "every player's record per mode: games, wins, average score (finished games)",
		Args:  cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return history.ListPlayers(cmd.Context(), q, cmd.OutOrStdout())
		},
	}
	historyFlags(c.Flags(), &q, true)
	return c
}

func newHistoryExport() *cobra.Command {
	var q history.Query
	var format string
	c := &cobra.Command{
		Use:   "export",
		Short: "the games as CSV (one row per player, for a spreadsheet) or JSON",
		Args:  cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if format != "csv" && format != "json" {
				return cli.Usagef("--format %q: want csv or json", format)
			}
			return history.Export(cmd.Context(), q, format, cmd.OutOrStdout())
		},
	}
	historyFlags(c.Flags(), &q, true)
	c.Flags().StringVar(&format, "format", "csv", "csv or json")
	return c
}

func newHistoryRebuild() *cobra.Command {
	var q history.Query
	var replace bool
	c := &cobra.Command{
		Use:   "rebuild JOURNAL…",
		Short: "record the games of journal files into the history (the same journal is never counted twice)",
		Long: "Reads each journal (journal.jsonl and the journal-DATE.jsonl files kept beside it), referees it\n" +
			"again and records its game. A history tableref refuses (corrupt, or from a newer tableref) is\n" +
			"rebuilt only with --replace, which keeps the old file as HISTORY.broken-N.",
		Example: "  tableref history rebuild --history history.db cmd/tableref/testdata/demo-continental.jsonl",
		Args:    cli.ArgsBetween(1, -1, "one or more journal files"),
		RunE: func(cmd *cobra.Command, args []string) error {
			bar := startProgress(cmd.ErrOrStderr(), len(args), "journals")
			res, err := history.Rebuild(cmd.Context(), q.Path, args, replace, func(done, total int) { bar.Set(done, total) })
			bar.Done()
			history.WriteRebuilt(cmd.OutOrStdout(), q.Path, res)
			return err
		},
	}
	historyFlags(c.Flags(), &q, false)
	c.Flags().BoolVar(&replace, "replace", false, "set a refused history aside (HISTORY.broken-N) and build a new one")
	return c
}
