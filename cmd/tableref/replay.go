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
	var asJSON, isJournal bool
	var lang string
	c := &cobra.Command{
		Use:   "replay FILE",
		Short: "referee a recorded game (replay or journal file) without a camera",
		Example: "  tableref replay rules/mapit/testdata/world-three-rounds.jsonl\n" +
			"  tableref replay --json rules/nsoe/testdata/europe-three-players.jsonl\n" +
			"  tableref replay --language it cmd/tableref/testdata/demo-continental.jsonl",
		Args: cli.ArgsBetween(1, 1, "one replay or journal file (docs/replay.md)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			var describe func(replay.Stamped) string
			if lang != "" {
				l, err := words.Parse(lang)
				if err != nil {
					return cli.Usagef("--language %v", err)
				}
				describe = func(s replay.Stamped) string { return words.Describe(l, s) }
			}
			g, err := journal.ReplayFile(cmd.Context(), args[0], asJSON, isJournal, describe, cmd.OutOrStdout(), cmd.ErrOrStderr())
			if err == nil && g != nil && !asJSON {
				replay.WriteStandings(cmd.OutOrStdout(), g)
			}
			return err
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON event per line instead of text")
	c.Flags().StringVar(&lang, "language", "", "print each event's 16×2 display screens in this language (en, it, de, es or pt) instead of the page's sentence")
	c.Flags().BoolVar(&isJournal, "journal", false, "the file is a daemon journal: drop a torn last line with a warning and undo as the daemon does (automatic for files that start with the journal mark)")
	return c
}
