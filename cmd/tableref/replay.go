package main

import (
	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/cmd/tableref/internal/journal"
	"github.com/tableref/tableref/cmd/tableref/internal/words"
	_ "github.com/tableref/tableref/rules/modes" // every game mode
	"github.com/tableref/tableref/rules/replay"
)

func newReplay() *cobra.Command {
	var o journal.ReplayOptions
	var lang string
	c := &cobra.Command{
		Use:   "replay FILE",
		Short: "referee a recorded game (replay or journal file) without a camera",
		Example: "  tableref replay rules/mapit/testdata/world-three-rounds.jsonl\n" +
			"  tableref replay --json rules/nsoe/testdata/europe-three-players.jsonl\n" +
			"  tableref replay --language it cmd/tableref/testdata/demo-continental.jsonl",
		Args: cli.ArgsBetween(1, 1, "one replay or journal file (docs/replay.md)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if lang != "" {
				l, err := words.Parse(lang)
				if err != nil {
					return cli.Usagef("--language %v", err)
				}
				o.Describe = func(s replay.Stamped) string { return words.Describe(l, s) }
			}
			g, err := journal.ReplayFile(cmd.Context(), args[0], o, cmd.OutOrStdout(), cmd.ErrOrStderr())
			if err == nil && g != nil && !o.JSON {
				replay.WriteStandings(cmd.OutOrStdout(), g)
			}
			return err
		},
	}
	c.Flags().BoolVar(&o.JSON, "json", false, "print one JSON event per line instead of text")
	c.Flags().BoolVar(&o.Rescore, "rescore", false, "judge a journal again with the decks installed now when they are not those it records (refused otherwise)")
	c.Flags().BoolVar(&o.Journal, "journal", false, "the file is a daemon journal: drop a torn last line with a warning and undo as the daemon does (automatic for files that start with the journal mark)")
	c.Flags().StringVar(&lang, "language", "", "print each event's 16×2 display screens in this language (en, it, de, es or pt) instead of the page's sentence")
	return c
}
