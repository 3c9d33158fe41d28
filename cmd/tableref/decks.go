package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/tableref/tableref/cmd/tableref/internal/cli"
	"github.com/tableref/tableref/cmd/tableref/internal/deckdir"
	"github.com/tableref/tableref/cmd/tableref/internal/decks"
	"github.com/tableref/tableref/cmd/tableref/internal/learn"
	"github.com/tableref/tableref/rules/geo"
)

func newDecks() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "decks",
		Short: "list the card decks and the names they answer to; show, import, learn (from the camera), export or remove one",
		Example: "  tableref decks\n" +
			"  tableref decks show SA --json",
		Args: cli.UnknownSubcommand,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return decks.List(cmd.OutOrStdout(), asJSON)
		},
	}
	c.PersistentFlags().BoolVar(&asJSON, "json", false, "print JSON instead of a table")
	return c
}

func newDecksShow() *cobra.Command {
	return &cobra.Command{
		Use:     "show DECK",
		Short:   "print a deck's cards, saying whether it is tableref's own or installed from a file (DECK: as 'tableref decks' lists it, such as SA or SA-BOX, or any name it shows)",
		Example: "  tableref decks show wit-sa\n  tableref decks show strangeworld --json",
		Args:    cli.ArgsBetween(1, 1, "one deck: tableref decks show DECK ('tableref decks' lists them)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			d, err := cli.DeckArg(args[0])
			if err != nil {
				return err
			}
			asJSON, _ := cmd.Flags().GetBool("json")
			return decks.Show(cmd.OutOrStdout(), d, asJSON)
		},
	}
}

func newDecksImport() *cobra.Command {
	var o decks.ImportOptions
	c := &cobra.Command{
		Use:   "import FILE",
		Short: "check a deck file of your own box (docs/decks.md) and install it for every command and the referee",
		Long: "Reads a deck file (CSV: a header line, then one line per card: number, name, and what the card prints\n" +
			"that the rules use), reports every problem as FILE:LINE:COLUMN, warns where printed numbers contradict\n" +
			"the coordinates (the printed card wins), and installs the deck: as root in " + deckdir.SystemDir + ",\n" +
			"which the referee service reads, otherwise in your own deck folder (--system for the machine's).",
		Example: "  tableref decks import docs/examples/wit-box.csv --game wit --code WB\n" +
			"  tableref decks import docs/examples/wit-box.csv --game wit --code WB --check",
		Args: cli.ArgsBetween(1, 1, "one deck file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return decks.Import(args[0], o, cmd.OutOrStdout())
		},
	}
	f := c.Flags()
	f.StringVar(&o.Game, "game", "", "the game: "+strings.Join(geo.Games(), ", ")+" (or a '# game:' line in the file)")
	f.StringVar(&o.Code, "code", "", "the deck code the cards' QR codes carry, 2 or 3 characters (or a '# code:' line)")
	f.StringVar(&o.Name, "name", "", "the deck's name in 'tableref decks' (default: the game and the code)")
	f.BoolVar(&o.System, "system", false, "install in the machine's deck folder "+deckdir.SystemDir+" (needs root)")
	f.BoolVar(&o.Check, "check", false, "only check the file; install nothing")
	return c
}

func newDecksRemove() *cobra.Command {
	return &cobra.Command{
		Use:     "remove DECK",
		Short:   "remove a deck you installed (tableref's own decks stay)",
		Example: "  tableref decks remove WB",
		Args:    cli.ArgsBetween(1, 1, "one installed deck"),
		RunE: func(cmd *cobra.Command, args []string) error {
			d, err := cli.DeckArg(args[0])
			if err != nil {
				return err
			}
			path, err := deckdir.Remove(d.Pick())
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "removed %s (%s)\n", d.Pick(), path)
			return nil
		},
	}
}

func newDecksExport() *cobra.Command {
	var out string
	c := &cobra.Command{
		Use:   "export DECK",
		Short: "write a geography deck as a deck file: a start for your own box's deck",
		Long: "Writes any geography deck (tableref's or an installed one) in the deck-file format, to fill in with\n" +
			"what your box's cards print (the ns and we circle numbers, printed_lat and printed_lon) and import.",
		Example: "  tableref decks export SA -o my-box.csv",
		Args:    cli.ArgsBetween(1, 1, "one deck"),
		RunE: func(cmd *cobra.Command, args []string) error {
			d, err := cli.DeckArg(args[0])
			if err != nil {
				return err
			}
			return decks.Export(cmd.OutOrStdout(), d, out)
		},
	}
	c.Flags().StringVarP(&out, "output", "o", "", "file to write (default: standard output)")
	return c
}

func newDecksLearn() *cobra.Command {
	o := decks.LearnOptions{Install: true}
	c := &cobra.Command{
		Use:   "learn [PHOTO...]",
		Short: "learn your box's printed numbers from the camera: lay stickered cards map (coordinate) side up, a dozen at a time",
		Long: "Reads each card's sticker and, beside it, the numbers printed in the card's half-circles and its name\n" +
			"(Where is That?), or the coordinates and the country (Nord Sud Ovest Est) or name (Map It!) printed on\n" +
			"the card's coordinate side (Tesseract OCR). Sure reads that fit tableref's place for the card are taken;\n" +
			"anything unclear is asked, with a picture of the card in --crops.\n" +
			"Each confirmed card is saved at once (--session), so an interrupted session keeps it: run the command\n" +
			"again to go on. At the end the deck file is written (-o) and installed, like 'tableref decks import'.\n" +
			"Photos may be given as files; without them the camera is read each time you press Enter.",
		Example: "  tableref decks learn --deck SA table1.jpg table2.jpg\n" +
			"  tableref decks learn --deck EU --camera pi",
		RunE: func(cmd *cobra.Command, args []string) error {
			return decks.Learn(cmd.Context(), o, args, cmd.InOrStdin(), cmd.OutOrStdout())
		},
	}
	f := c.Flags()
	f.StringVar(&o.Game, "game", "", "the game: wit (Where is That?: the circle numbers), nsoe or mapit (the coordinates); default: the deck's")
	f.StringVar(&o.Deck, "deck", "", "the deck whose stickers are on the cards (its code or name); a new code for stickers of a deck not installed yet")
	f.StringVar(&o.Name, "name", "", "the learned deck's name (default: the box's learned before, else tableref's deck's marked \"(my box)\", or the game and the code)")
	f.StringVar(&o.Camera, "camera", "", "read the camera (pi, rpicam, 0, /dev/video0, gst:PIPELINE) instead of photos")
	f.StringVar(&o.Session, "session", "", "the session file that keeps confirmed cards (default: learn-DECK.jsonl in the state folder)")
	f.StringVarP(&o.Output, "output", "o", "", "the deck file to write at the end (default: DECK.csv beside the session file)")
	f.StringVar(&o.Crops, "crops", "", "folder for each card's picture to look at (default: learn-DECK-cards beside the session file)")
	f.Float64Var(&o.Threshold, "threshold", learn.DefaultThreshold, "OCR confidence (0-100) a read needs to be taken without asking")
	f.BoolVar(&o.Install, "install", true, "install the learned deck at the end (--install=false: only write the file)")
	f.BoolVar(&o.System, "system", false, "install in the machine's deck folder "+deckdir.SystemDir+" (needs root)")
	f.BoolVarP(&o.Quiet, "quiet", "q", false, "print only the cards that are asked about")
	return c
}
