package learn

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/cardtext"
)

// Frames gives the batches to read: each call returns the next photo of
// cards (the caller closes it) and a name for it, or io.EOF when there are
// no more.
type Frames func(ctx context.Context) (gocv.Mat, string, error)

// Terminal asks the user at a terminal (or whatever In and Out are).
type Terminal struct {
	In  *bufio.Reader
	Out io.Writer
	// Crops is where each card's picture is written, for the user to look
	// at beside the questions ("" writes none).
	Crops string
	// Quiet leaves out the sure reads, printing only what is asked.
	Quiet bool
}

// Summary is what a run did.
type Summary struct {
	Read, Sure, Asked, Confirmed, Skipped int
	Left                                  []string // cards read but not confirmed (skipped or unanswered)
}

// errQuit ends a run at the user's request; what was confirmed stays.
var errQuit = errors.New("quit")

// Run reads every batch from frames, takes the sure reads, asks about the
// others and confirms the cards into the session one by one, so that
// stopping at any moment (q, Ctrl-C, a closed terminal) keeps everything
// confirmed so far.
func Run(ctx context.Context, l *Learner, s *Session, frames Frames, t Terminal) (Summary, error) {
	var sum Summary
	for {
		if err := ctx.Err(); err != nil {
			return sum, err
		}
		frame, name, err := frames(ctx)
		if errors.Is(err, io.EOF) {
			return sum, nil
		}
		if err != nil {
			return sum, err
		}
		b, err := l.Read(ctx, frame, s)
		frame.Close()
		if err != nil {
			return sum, fmt.Errorf("%s: %w", name, err)
		}
		fmt.Fprintf(t.Out, "%s: %s of deck %s %s up\n", name, plural(len(b.Cards), "card"), s.Code, rules.SideName(s.Game, rules.Back))
		for _, n := range b.Notes {
			fmt.Fprintf(t.Out, "  (%s)\n", n)
		}
		for _, r := range b.Cards {
			sum.Read++
			if err := t.card(s, r, &sum); err != nil {
				if errors.Is(err, errQuit) {
					return sum, nil
				}
				return sum, err
			}
		}
	}
}

// card confirms one read card, asking what is not sure.
func (t Terminal) card(s *Session, r Read, sum *Summary) error {
	label := fmt.Sprintf("%s %s", r.ID, r.Name.Text)
	crop := ""
	if t.Crops != "" && r.Crop != nil {
		crop = filepath.Join(t.Crops, r.ID.String()+".png")
		if err := writePNG(crop, r); err != nil {
			return err
		}
	}
	if r.Sure() {
		sum.Sure++
		c := r.Card()
		if old, ok := s.Card(c.Num); ok && old.Values() == c.Values() && old.Name == c.Name {
			if !t.Quiet {
				fmt.Fprintf(t.Out, "  %-28s %s  learned before\n", label, c.Values())
			}
			return nil
		}
		if err := s.Confirm(c); err != nil {
			// A clash with a card confirmed before: ask after all.
			r.NS.Sure, r.NS.Why = false, err.Error()
			if r.Place != nil {
				r.Place.Sure, r.Place.Why = false, err.Error()
			}
		} else {
			sum.Confirmed++
			if !t.Quiet {
				fmt.Fprintf(t.Out, "  %-28s %s  read\n", label, c.Values())
			}
			return nil
		}
	}
	sum.Asked++
	fmt.Fprintf(t.Out, "  %s: please check", label)
	if crop != "" {
		fmt.Fprintf(t.Out, " (picture: %s)", crop)
	}
	fmt.Fprintln(t.Out)
	if r.Problem != "" {
		fmt.Fprintf(t.Out, "    %s; left out\n", r.Problem)
		sum.Skipped++
		sum.Left = append(sum.Left, label)
		return nil
	}
	c := r.Card()
	c.Asked = true
	for {
		var err error
		if !r.Name.Sure {
			fmt.Fprintf(t.Out, "    name: %s\n", r.Name.Why)
			if c.Name, err = t.askText("    its name", c.Name); err != nil {
				return t.stop(err, label, sum)
			}
		}
		if r.Place != nil && !r.Place.Sure {
			fmt.Fprintf(t.Out, "    coordinates: %s\n", r.Place.Why)
			if c.LatText, c.LonText, err = t.askPlace(c.LatText, c.LonText); err != nil {
				return t.stop(err, label, sum)
			}
		}
		if r.Place == nil && !r.NS.Sure {
			fmt.Fprintf(t.Out, "    north–south: %s\n", r.NS.Why)
			if c.NS, err = t.askNumber("    the number in its top and bottom half-circles", c.NS); err != nil {
				return t.stop(err, label, sum)
			}
		}
		if r.Place == nil && !r.WE.Sure {
			fmt.Fprintf(t.Out, "    west–east: %s\n", r.WE.Why)
			if c.WE, err = t.askNumber("    the number in its left and right half-circles", c.WE); err != nil {
				return t.stop(err, label, sum)
			}
		}
		err = s.Confirm(c)
		if err == nil {
			sum.Confirmed++
			fmt.Fprintf(t.Out, "  %-28s %s  confirmed\n", fmt.Sprintf("%s %s", r.ID, c.Name), c.Values())
			return nil
		}
		fmt.Fprintf(t.Out, "    %v: again, please\n", err)
		// Ask everything again, the answers as proposals.
		r.Name.Sure, r.NS.Sure, r.WE.Sure = false, false, false
		r.Name.Why, r.NS.Why, r.WE.Why = "as answered", "as answered", "as answered"
		if r.Place != nil {
			r.Place.Sure, r.Place.Why = false, "as answered"
		}
	}
}

// errSkip leaves a card unconfirmed.
var errSkip = errors.New("skip")

func (t Terminal) stop(err error, label string, sum *Summary) error {
	if errors.Is(err, errSkip) || errors.Is(err, io.EOF) {
		sum.Skipped++
		sum.Left = append(sum.Left, label)
		if errors.Is(err, io.EOF) {
			fmt.Fprintln(t.Out, "    (no answer: left for another session)")
		}
		return nil
	}
	return err
}

// ask prints a question and reads one line: "" keeps the proposal, "s"
// skips the card, "q" ends the session.
func (t Terminal) ask(q, proposal string) (string, error) {
	if proposal != "" {
		fmt.Fprintf(t.Out, "%s [%s]: ", q, proposal)
	} else {
		fmt.Fprintf(t.Out, "%s: ", q)
	}
	line, err := t.In.ReadString('\n')
	if err != nil && (line == "" || !errors.Is(err, io.EOF)) {
		fmt.Fprintln(t.Out)
		return "", err
	}
	switch a := strings.TrimSpace(line); a {
	case "":
		return proposal, nil
	case "s", "skip":
		return "", errSkip
	case "q", "quit":
		return "", errQuit
	default:
		return a, nil
	}
}

func (t Terminal) askText(q, proposal string) (string, error) {
	for {
		a, err := t.ask(q+" (s skips the card, q ends)", proposal)
		if err != nil || a != "" {
			return a, err
		}
		fmt.Fprintln(t.Out, "    a name, please")
	}
}

func (t Terminal) askNumber(q string, proposal int) (int, error) {
	p := ""
	if proposal > 0 {
		p = strconv.Itoa(proposal)
	}
	for {
		a, err := t.ask(q, p)
		if err != nil {
			return 0, err
		}
		if n, err := strconv.Atoi(a); err == nil && n >= 1 && n <= 999 {
			return n, nil
		}
		fmt.Fprintf(t.Out, "    %q: a whole number from 1 to 999, please\n", a)
	}
}

func writePNG(path string, r Read) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, r.Crop); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// askPlace asks a card's coordinates as it prints them, on one line.
func (t Terminal) askPlace(lat, lon string) (string, string, error) {
	p := ""
	if lat != "" && lon != "" {
		p = lat + " " + lon
	}
	for {
		a, err := t.ask("    its coordinates as the card prints them", p)
		if err != nil {
			return "", "", err
		}
		if c, ok := cardtext.ParseCoords(a); ok {
			return c.LatText, c.LonText, nil
		}
		fmt.Fprintf(t.Out, "    %q: the latitude then the longitude with their letters, like 41°N 12°E or 38°54'N 77°02'W, please\n", a)
	}
}
