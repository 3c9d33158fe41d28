package decks

import (
	"bufio"
	"context"
	"fmt"
	"github.com/tableref/tableref/scanner"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/cmd/tableref/internal/deckdir"
	"github.com/tableref/tableref/cmd/tableref/internal/learn"
	"github.com/tableref/tableref/cmd/tableref/internal/paths"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/vision/camera"
	"github.com/tableref/tableref/vision/imagefile"
)

// LearnOptions are what decks learn is told: the game and deck, photos or
// a camera, where the session, the deck file and the crops go.
type LearnOptions struct {
	Game, Deck, Code, Name string
	Camera                 string // a camera source instead of photos
	Session, Output, Crops string
	Threshold              float64 // OCR confidence a read needs to be taken without asking
	Install, System, Quiet bool
}

// Learn learns a box's printed numbers from photos (or the camera), asking
// on in and out about what is unclear, then writes and installs the deck.
func Learn(ctx context.Context, o LearnOptions, photos []string, in io.Reader, out io.Writer) error {
	if o.Game != "" && !slices.Contains(geo.Games(), o.Game) {
		return cli.Usagef("--game %q: learn reads Where is That? (wit), Map It! (mapit) and Nord Sud Ovest Est (nsoe) cards", o.Game)
	}
	if len(photos) == 0 && o.Camera == "" {
		return cli.Usagef("give photos of the cards, or --camera to read the camera")
	}
	if len(photos) > 0 && o.Camera != "" {
		return cli.Usagef("photos or --camera, not both")
	}
	code := strings.ToUpper(o.Deck)
	if code != "" {
		if d, err := rules.FindDeck(o.Deck); err == nil {
			if o.Game != "" && d.Game != o.Game {
				return cli.Usagef("--deck %s is %s, not a %s deck", d.Code, d.Name, geo.GameName(o.Game))
			}
			code, o.Game = d.Code, d.Game
		} else if rules.CheckDeckCode(code) != nil {
			return cli.AsUsage(err)
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
		if d, ok := rules.LookupDeck(code); ok && o.Game == "" {
			o.Game = d.Game
		}
	}
	if o.Game == "" { // a new code: the game the stickers are for
		o.Game = geo.GameWIT
	}
	if o.Session == "" {
		o.Session = filepath.Join(paths.StateDir(), "learn-"+code+".jsonl")
	}
	base := strings.TrimSuffix(o.Session, filepath.Ext(o.Session))
	if o.Crops == "" {
		o.Crops = base + "-cards"
	}
	if o.Output == "" {
		o.Output = filepath.Join(filepath.Dir(o.Session), code+".csv")
	}
	if err := os.MkdirAll(filepath.Dir(o.Session), 0o755); err != nil {
		return err
	}
	s, err := learn.Open(o.Session, code, o.Game)
	if err != nil {
		return err
	}
	defer s.Close()
	if n := len(s.Cards()); n > 0 {
		fmt.Fprintf(out, "session %s: %s learned before; going on\n", o.Session, rules.Count(n, "card"))
	}
	if s.Torn {
		fmt.Fprintln(out, "  (its last line was cut short by a crash and is left out)")
	}
	l, err := learn.NewDefault()
	if err != nil {
		return err
	}
	defer l.Close()
	l.Threshold = o.Threshold
	sum, runErr := learn.Run(ctx, l, s, frames, learn.Terminal{In: bufio.NewReader(in), Out: out, Crops: o.Crops, Quiet: o.Quiet})
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
	d, err := s.DeckFile(boxName(o.Name, s.Code))
	if err != nil {
		return fmt.Errorf("the session %s does not make a deck: %w", o.Session, err)
	}
	for _, w := range d.Warnings {
		fmt.Fprintln(out, w)
	}
	if err := writeDeckFile(o.Output, d); err != nil {
		return err
	}
	fmt.Fprintf(out, "deck file: %s (%s)\n", o.Output, rules.Count(len(d.Cards), "card"))
	if o.Install {
		before := ""
		if in, ok := geo.Info(geo.KeyFor(d)); ok && in.Installed {
			before = in.Source
		}
		dest, err := deckdir.Install(d, deckdir.InstallDir(o.System))
		if err != nil {
			return fmt.Errorf("installing: %w (the deck file is written: tableref decks import %s)", err, o.Output)
		}
		fmt.Fprintf(out, "installed %s\n", geo.KeyFor(d))
		SayInstalled(out, d, dest, before, o.System)
	}
	return runErr
}

// learnFrames gives the photos in turn, or a camera frame each time the
// user presses Enter.
func learnFrames(ctx context.Context, o LearnOptions, photos []string, in io.Reader, out io.Writer) (learn.Frames, func(), error) {
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
	sp, err := camera.Parse(o.Camera)
	if err != nil {
		return nil, nil, cli.Usagef("--camera: %v", err)
	}
	src, err := camera.Open(ctx, sp)
	if err != nil {
		return nil, nil, err
	}
	keys := bufio.NewReader(in)
	n := 0
	return func(ctx context.Context) (gocv.Mat, string, error) {
		fmt.Fprintf(out, "\nLay up to a dozen stickered cards %s up, apart from each other, and press Enter (q and Enter to finish): ", upSide(o.Game))
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
		return "", cli.Usagef("give --deck: the deck whose stickers are on the cards")
	}
	m, err := imagefile.Read(photos[0])
	if err != nil {
		return "", err
	}
	defer m.Close()
	res, err := scanner.ReaderFor("", rules.Setup{}).Read(ctx, m)
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
		return "", fmt.Errorf("%s: no card lies map (or coordinate) side up with its sticker readable; give --deck", photos[0])
	}
	var list []string
	for d := range decks {
		list = append(list, d)
	}
	return "", cli.Usagef("%s shows cards of several decks (%s): give --deck", photos[0], strings.Join(list, ", "))
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

// boxName is the name of a learned deck: the one given, else that of the
// box learned before under the code, else, for a box wearing tableref's
// stickers, tableref's deck's name marked as the user's box, so the two
// decks listed side by side are told apart.
func boxName(given, code string) string {
	if given != "" {
		return given
	}
	f := &geo.DeckFile{Code: code}
	if in, ok := geo.Info(geo.KeyFor(f)); ok && in.Installed {
		return in.Name
	}
	if in, ok := geo.Info(code); ok && !in.Installed {
		return in.Name + " (my box)"
	}
	return ""
}

// upSide is the side of a game's cards learn reads.
func upSide(game string) string {
	if game == geo.GameWIT || game == "" {
		return "map side"
	}
	return "coordinate side"
}
