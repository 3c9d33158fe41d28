package main

import (
	"github.com/spf13/cobra"
	"github.com/tableref/tableref/cmd/tableref/internal/cli"
	"github.com/tableref/tableref/cmd/tableref/internal/complete"
	"github.com/tableref/tableref/cmd/tableref/internal/decks"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/doctor"
	"github.com/tableref/tableref/hw/profile"
)

// newRoot builds the whole command tree.
func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "tableref",
		Short: "a camera referee for physical tabletop games",
		Long: "tableref is a camera referee for physical tabletop games: it reads the QR code on every card,\n" +
			"judges each placement, keeps turns and scores, scores a finished table from one photo and prints\n" +
			"card sets and sticker sheets. 'tableref modes' lists the games.\n\n" +
			"Exit status: 0 done; 1 the command failed (a file missing or malformed, problems found); 2 the\n" +
			"command line is wrong; scan: 3 part of the table missed, 4 not read for sure.\n\n" +
			"Files: /etc/tableref/config.yaml (run's configuration), /etc/tableref/hardware.yaml (the hardware\n" +
			"profile); the calibration and the journal in /var/lib/tableref for root and the service, in\n" +
			"~/.local/state/tableref for a user. TABLEREF_LOG=debug logs everything on standard error.",
		Example: "  tableref replay rules/mapit/testdata/world-three-rounds.jsonl\n" +
			"  tableref print deck wit-sa -o sa.pdf\n" +
			"  tableref scan --game wit-cartographer table.jpg",
		SilenceErrors: true, // runMain prints errors in one style
		SilenceUsage:  true, // an error says what to type; the whole usage would bury it
		Args:          cli.UnknownSubcommand,
		RunE: func(cmd *cobra.Command, args []string) error {
			// A bare "tableref" shows the help and still counts as a
			// usage error, so a script that forgot its command fails.
			_ = cmd.Help()
			return cli.QuietUsage
		},
		CompletionOptions: cobra.CompletionOptions{HiddenDefaultCmd: false},
		PersistentPreRunE: func(*cobra.Command, []string) error { return decks.LoadInstalled() },
	}
	root.SetFlagErrorFunc(cli.FlagError)
	root.SetHelpCommand(cli.HelpCommand(root))
	addCommands(root)
	// Part of the tree from the start (not only once Execute adds them),
	// so the help test, the man page and the README check see them.
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	complete.Register(root)
	for _, c := range root.Commands() {
		if c.Name() == "completion" { // cobra's words, in ours
			c.Short = "print the shell completion script: bash, zsh, fish or powershell"
		}
	}
	return root
}

// addCommands is the whole command tree in one explicit list: every
// command tableref has is named here, and nowhere else adds one. A
// command's builder (flags → one library call → print) sits in the file
// named after it; its logic in the package that owns the job.
func addCommands(root *cobra.Command) {
	root.AddCommand(
		group(cli.NewGroup("bench", "measure speed and accuracy: QR reading (bench vision), table reading (bench scan), Shake That City under three lights (bench colours)"),
			newBenchVision(), newBenchScan(), newBenchColours()),
		newClub(),
		group(newCalibrate(), newCalibrateTable(), newCalibrateZones(), newCalibrateShow(), newCalibrateBoard(), newCalibrateColours(), newCalibrateShaker()),
		group(newDecks(), newDecksShow(), newDecksImport(), newDecksRemove(), newDecksExport(), newDecksLearn()),
		newDemo(),
		group(cli.NewGroup("display", "show a test message on the display ('display test Hello')"), newDisplayTest()),
		newDoctor(),
		newGenDocs(),
		newHistory(),
		newModes(),
		group(newPrintGroup(), newPrintDeck(), newPrintStickers(), newPrintMarkers(), newPrintDuplex(), newPrintPreview(), newPrintSize()),
		newReplay(),
		newRun(),
		newSay(),
		newScan(),
		newVersion(),
	)
}

// group adds subcommands to parent and returns it.
func group(parent *cobra.Command, subs ...*cobra.Command) *cobra.Command {
	parent.AddCommand(subs...)
	return parent
}

func newPrintGroup() *cobra.Command {
	c := cli.NewGroup("print", "print card sets, sticker sheets, markers and the calibration sheet (PDF); QR sizing for a camera")
	c.Long = "Print PDFs at actual size (100 %, no \"fit to page\"). See docs/printing.md."
	return c
}

func newDoctor() *cobra.Command {
	var o doctor.Options
	c := &cobra.Command{
		Use:     "doctor",
		Short:   "check GPIO, I²C, camera (and its reach over the calibrated table), display, the status page's address and PIN, and speech, and say how to fix what is missing",
		Example: "  tableref doctor\n  tableref doctor --profile my-hardware.yaml",
		Args:    cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return doctor.Run(cmd.Context(), cmd.OutOrStdout(), o)
		},
	}
	c.Flags().StringVar(&o.Profile, "profile", "", "hardware profile file (default "+profile.SystemPath+" if present, else the built-in wiring)")
	c.Flags().StringVar(&o.Config, "config", "", "the run configuration, for the camera and the calibration (default "+config.SystemPath+" if present)")
	c.Flags().StringVar(&o.Root, "root", "/", "file system root to inspect")
	_ = c.Flags().MarkHidden("root") // for tests of the doctor on a fake tree
	return c
}
