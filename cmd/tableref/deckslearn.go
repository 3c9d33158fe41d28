package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"gocv.io/x/gocv"

	"github.com/tableref/tableref/cmd/tableref/internal/deckdir"
	"github.com/tableref/tableref/cmd/tableref/internal/learn"
	"github.com/tableref/tableref/cmd/tableref/internal/paths"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/vision/camera"
	"github.com/tableref/tableref/vision/imagefile"
	"github.com/tableref/tableref/vision/qr"
)

func init() { registerUnder("decks", newDecksLearn) }

type learnOptions struct {
	game, deck, code, name string
	cameraSrc              string
	session, output, crops string
	threshold              float64
	install, system, quiet bool
}

func newDecksLearn() *cobra.Command {
	o := learnOptions{game: geo.GameWIT, install: true}
	c := &cobra.Command{
		Use:   "learn [PHOTO...]",
		Short: "learn your box's printed numbers from the camera: lay stickered cards map side up, a dozen at a time",
		Long: "Reads each card's sticker and, beside it, the numbers printed in the card's half-circles and its name\n" +
			"(Tesseract OCR). Sure reads are taken; anything unclear is asked, with a picture of the card in --crops.\n" +
			"Each confirmed card is saved at once (--session), so an interrupted session keeps it: run the command\n" +
			"again to go on. At the end the deck file is written (-o) and installed, like 'tableref decks import'.\n" +
			"Photos may be given as files; without them the camera is read each time you press Enter.",
		Example: "  tableref decks learn --deck SA table1.jpg table2.jpg\n" +
			"  tableref decks learn --deck SA --camera pi",
		RunE: func(cmd *cobra.Command, args []string) error {
			return learnDeck(cmd.Context(), o, args, cmd.InOrStdin(), cmd.OutOrStdout())
		},
	}
	f := c.Flags()
	f.StringVar(&o.game, "game", o.game, "the game: wit (Where is That?: the circle numbers; the only one learn reads)")
	f.StringVar(&o.deck, "deck", "", "the deck whose stickers are on the cards (its code or name); a new code for stickers of a deck not installed yet")
	f.StringVar(&o.name, "name", "", "the learned deck's name (default: the deck's, or the game and the code)")
	f.StringVar(&o.cameraSrc, "camera", "", "read the camera (pi, rpicam, 0, /dev/video0, gst:PIPELINE) instead of photos")
	f.StringVar(&o.session, "session", "", "the session file that keeps confirmed cards (default: learn-DECK.jsonl in the state folder)")
	f.StringVarP(&o.output, "output", "o", "", "the deck file to write at the end (default: DECK.csv beside the session file)")
	f.StringVar(&o.crops, "crops", "", "folder for each card's picture to look at (default: learn-DECK-cards beside the session file)")
	f.Float64Var(&o.threshold, "threshold", learn.DefaultThreshold, "OCR confidence (0-100) a read needs to be taken without asking")
	f.BoolVar(&o.install, "install", true, "install the learned deck at the end (--install=false: only write the file)")
	f.BoolVar(&o.system, "system", false, "install in the machine's deck folder "+deckdir.SystemDir+" (needs root)")
	f.BoolVarP(&o.quiet, "quiet", "q", false, "print only the cards that are asked about")
	return c
}

func learnDeck(ctx context.Context, o learnOptions, photos []string, in io.Reader, out io.Writer) error {
	if o.game != geo.GameWIT {
		return usagef("--game %q: learn reads Where is That? cards (wit); type Map It! and Nord Sud Ovest Est coordinates into a deck file (docs/decks.md)", o.game)
	}
	if len(photos) == 0 && o.cameraSrc == "" {
		return usagef("give photos of the cards, or --camera to read the camera")
	}
	if len(photos) > 0 && o.cameraSrc != "" {
		return usagef("photos or --camera, not both")
	}
	code := strings.ToUpper(o.deck)
	if code != "" {
		if d, err := rules.FindDeck(o.deck); err == nil {
			if d.Game != geo.GameWIT {
				return usagef("--deck %s is %s, not a Where is That? deck", d.Code, d.Name)
			}
			code = d.Code
		} else if rules.CheckDeckCode(code) != nil {
			return asUsage(err)
		}
	}
	frames, closeFrames, err := learnFrames(ctx, o, photos, in, out)
	if err != nil {
		return err
	}
	defer closeFrames()
	if code == "" {
		if code, err = firstDeck(ctx, photos); err != nil {
			return err
		}
	}
	if o.session == "" {
		o.session = filepath.Join(paths.StateDir(), "learn-"+code+".jsonl")
	}
	base := strings.TrimSuffix(o.session, filepath.Ext(o.session))
	if o.crops == "" {
		o.crops = base + "-cards"
	}
	if o.output == "" {
		o.output = filepath.Join(filepath.Dir(o.session), code+".csv")
	}
	if err := os.MkdirAll(filepath.Dir(o.session), 0o755); err != nil {
		return err
	}
	s, err := learn.Open(o.session, code, geo.GameWIT)
	if err != nil {
		return err
	}
	if n := len(s.Cards()); n > 0 {
		fmt.Fprintf(out, "session %s: %s learned before; going on\n", o.session, rules.Count(n, "card"))
	}
	if s.Torn {
		fmt.Fprintln(out, "  (its last line was cut short by a crash and is left out)")
	}
	l, err := learn.NewDefault()
	if err != nil {
		return err
	}
	defer l.Close()
	l.Threshold = o.threshold
	sum, runErr := learn.Run(ctx, l, s, frames, learn.Terminal{In: bufio.NewReader(in), Out: out, Crops: o.crops, Quiet: o.quiet})
	fmt.Fprintf(out, "\n%s read: %d sure, %d asked; %d confirmed this time, %d in the session\n",
		rules.Count(sum.Read, "card"), sum.Sure, sum.Asked, sum.Confirmed, len(s.Cards()))
	if len(sum.Left) > 0 {
		fmt.Fprintf(out, "left for another session: %s\n", strings.Join(sum.Left, ", "))
	}
	if len(s.Cards()) == 0 {
		if runErr != nil {
			return runErr
		}
		return fmt.Errorf("no card confirmed: nothing to write")
	}
	d, err := s.DeckFile(o.name)
	if err != nil {
		return fmt.Errorf("the session %s does not make a deck: %w", o.session, err)
	}
	for _, w := range d.Warnings {
		fmt.Fprintln(out, w)
	}
	if err := writeDeckFile(o.output, d); err != nil {
		return err
	}
	fmt.Fprintf(out, "deck file: %s (%s)\n", o.output, rules.Count(len(d.Cards), "card"))
	if o.install {
		dest, err := deckdir.Install(d, deckdir.InstallDir(o.system))
		if err != nil {
			return fmt.Errorf("installing: %w (the deck file is written: tableref decks import %s)", err, o.output)
		}
		fmt.Fprintf(out, "installed %s: %s\n", d.Code, dest)
	}
	return runErr
}

// learnFrames gives the photos in turn, or a camera frame each time the
// user presses Enter.
func learnFrames(ctx context.Context, o learnOptions, photos []string, in io.Reader, out io.Writer) (learn.Frames, func(), error) {
	if len(photos) > 0 {
		next := 0
		return func(context.Context) (gocv.Mat, string, error) {
			if next == len(photos) {
				return gocv.NewMat(), "", io.EOF
			}
			p := photos[next]
			next++
			m, err := imagefile.Read(p)
			return m, p, err
		}, func() {}, nil
	}
	sp, err := camera.Parse(o.cameraSrc)
	if err != nil {
		return nil, nil, usagef("--camera: %v", err)
	}
	src, err := camera.Open(ctx, sp)
	if err != nil {
		return nil, nil, err
	}
	keys := bufio.NewReader(in)
	n := 0
	return func(ctx context.Context) (gocv.Mat, string, error) {
		fmt.Fprint(out, "\nLay up to a dozen stickered cards map side up, apart from each other, and press Enter (q and Enter to finish): ")
		line, err := keys.ReadString('\n')
		if err != nil || strings.TrimSpace(line) == "q" {
			return gocv.NewMat(), "", io.EOF
		}
		m := gocv.NewMat()
		if err := src.Read(ctx, &m); err != nil {
			m.Close()
			return gocv.NewMat(), "", err
		}
		n++
		return m, fmt.Sprintf("picture %d", n), nil
	}, func() { src.Close() }, nil
}

// firstDeck finds the deck of the card backs in the first photo, when
// --deck was not given.
func firstDeck(ctx context.Context, photos []string) (string, error) {
	if len(photos) == 0 {
		return "", usagef("give --deck: the deck whose stickers are on the cards")
	}
	m, err := imagefile.Read(photos[0])
	if err != nil {
		return "", err
	}
	defer m.Close()
	res, err := qr.NewReader(qr.Options{}).Read(ctx, m)
	if err != nil {
		return "", err
	}
	decks := map[string]bool{}
	for _, c := range res.Codes {
		if c.Payload.Kind == rules.KindCard && c.Payload.Card.Side == rules.Back && !c.Payload.Card.ID.Anonymous() {
			decks[c.Payload.Card.ID.Deck] = true
		}
	}
	switch len(decks) {
	case 1:
		for d := range decks {
			return d, nil
		}
	case 0:
		return "", fmt.Errorf("%s: no card lies map side up with its sticker readable; give --deck", photos[0])
	}
	var list []string
	for d := range decks {
		list = append(list, d)
	}
	return "", usagef("%s shows cards of several decks (%s): give --deck", photos[0], strings.Join(list, ", "))
}

func writeDeckFile(path string, d *geo.DeckFile) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := geo.WriteDeckFile(f, d); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
