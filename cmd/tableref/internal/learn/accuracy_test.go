package learn

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableref/tableref/cmd/tableref/internal/learn/learntest"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/vision/cardtext"
	"github.com/tableref/tableref/vision/qr"
)

// tally counts the numbers read, in the closing note's terms: right (read
// surely and correctly), asked (left to the user) and wrong (read surely
// but not what the card prints: the one outcome that must never happen).
type tally struct{ right, asked, wrong int }

func (t *tally) add(o tally) { t.right += o.right; t.asked += o.asked; t.wrong += o.wrong }

func (t tally) total() int { return t.right + t.asked + t.wrong }

func (t tally) String() string {
	return fmt.Sprintf("%d numbers: %d right (%.1f%%), %d asked, %d wrong", t.total(), t.right, 100*float64(t.right)/float64(max(t.total(), 1)), t.asked, t.wrong)
}

func newLearner(t testing.TB) *Learner {
	t.Helper()
	text, err := cardtext.NewReader("spa", "por")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { text.Close() })
	return &Learner{QR: qr.NewReader(qr.Options{}), Text: text, Geometry: DefaultGeometry(geo.GameWIT, 0, 0)}
}

// The learn accuracy on the whole South America deck, photographed a dozen
// cards at a time from 1 m (the default camera's height) and from 70 cm:
// at least 99 % of the numbers read surely and right, and none read surely
// and wrong. Every card read is then confirmed with what it prints, as the
// user would, so later batches are checked against earlier ones as in a
// real session. TABLEREF_LEARN_TABLE=FILE writes the table for the
// closing note (with TABLEREF_LEARN_FULL=1).
func TestLearnAccuracy(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads 18 photos of 12 MP")
	}
	// make test reads every third photo (7 of 21: the whole set took
	// 9 minutes of a loaded 2-core machine, near go test's timeout);
	// TABLEREF_LEARN_FULL=1 reads all 21 for the figures in docs/decks.md.
	full := os.Getenv("TABLEREF_LEARN_FULL") != ""
	l := newLearner(t)
	want, err := learntest.Truth()
	if err != nil {
		t.Fatal(err)
	}
	// The printed deck from the default camera's height and from closer,
	// then stickers on the cards (a boxed game's way: the code at the
	// sticking guide's spot) for a third of the deck.
	shots := []struct {
		learntest.Shot
		sticker bool
		batches int
	}{
		{learntest.Shot{HeightMM: 1000, TiltDeg: 3, Blur: 0.7, Noise: 2.5, JPEG: 88, Light: 0.25}, false, 9},
		{learntest.Shot{HeightMM: 700, TiltDeg: 5, Blur: 0.9, Noise: 3, JPEG: 85, Light: 0.3}, false, 9},
		{learntest.Shot{HeightMM: 1000, TiltDeg: 2, Blur: 0.8, Noise: 2.5, JPEG: 85, Light: 0.3}, true, 3},
	}
	var rows []string
	var all tally
	for si, shot := range shots {
		sh := shot.Shot
		s, err := Open(filepath.Join(t.TempDir(), "session.jsonl"), geo.DeckSA, geo.GameWIT)
		if err != nil {
			t.Fatal(err)
		}
		var per tally
		names := [2]int{}
		for bi, ids := range learntest.SABatches()[:shot.batches] {
			if !full && bi%3 != 0 {
				continue
			}
			sh.Seed = uint64(100*si + bi + 1)
			g := PrintedGeometry(0)
			if shot.sticker {
				if g, err = StickerGeometry(geo.GameWIT, 0); err != nil {
					t.Fatal(err)
				}
			}
			frame, err := learntest.Photo(ids, sh, g, shot.sticker)
			if err != nil {
				t.Fatal(err)
			}
			b, err := l.Read(context.Background(), frame, s)
			frame.Close()
			if err != nil {
				t.Fatal(err)
			}
			seen := map[int]bool{}
			for _, r := range b.Cards {
				seen[r.ID.Num] = true
				c, _ := want.Card(r.ID)
				for _, ax := range []struct {
					n     NumberRead
					truth int
					what  string
				}{{r.NS, c.NS, "north–south"}, {r.WE, c.WE, "west–east"}} {
					switch {
					case r.Problem != "" || !ax.n.Sure:
						per.asked++
					case ax.n.Value == ax.truth:
						per.right++
					default:
						per.wrong++
						t.Errorf("%s %s (%s): %s number read surely as %d, the card prints %d (reads %q %.0f, %q %.0f)",
							sh, r.ID, c.Name, ax.what, ax.n.Value, ax.truth, ax.n.Seen[0].Text, ax.n.Seen[0].Conf, ax.n.Seen[1].Text, ax.n.Seen[1].Conf)
					}
					if !ax.n.Sure && testing.Verbose() {
						t.Logf("%s %s %s asked: %s", sh, r.ID, ax.what, ax.n.Why)
					}
				}
				if r.Name.Sure {
					names[0]++
				} else {
					names[1]++
					if testing.Verbose() {
						t.Logf("%s %s name asked: %s", sh, r.ID, r.Name.Why)
					}
				}
				// The user confirms the card as it is printed.
				if err := s.Confirm(Card{Num: r.ID.Num, Name: c.Name, NS: c.NS, WE: c.WE}); err != nil {
					t.Fatal(err)
				}
			}
			for _, id := range ids {
				if !seen[id.Num] {
					t.Errorf("%s: %s not read at all", sh, id)
					per.asked += 2
				}
			}
		}
		all.add(per)
		what := "printed deck"
		if shot.sticker {
			what = "stickers"
		}
		rows = append(rows, fmt.Sprintf("| %s, %s | %d | %d | %d | %d | %d names matched, %d asked |", what, sh, per.total(), per.right, per.asked, per.wrong, names[0], names[1]))
		t.Logf("%s: %s; names: %d matched, %d asked", sh, per, names[0], names[1])
	}
	t.Logf("all: %s", all)
	if all.wrong > 0 {
		t.Errorf("%d numbers read surely and wrong: want none", all.wrong)
	}
	// At least 99 % over the whole set; the third of it make test reads
	// has too few numbers for that figure, so it must reach 97 %.
	least := 97.0
	if full {
		least = 99
	}
	if pct := 100 * float64(all.right) / float64(all.total()); pct < least {
		t.Errorf("%.1f%% of the numbers right, want at least %.0f%%", pct, least)
	}
	if out := os.Getenv("TABLEREF_LEARN_TABLE"); out != "" {
		table := "| photos | numbers | right | asked | wrong | names |\n| --- | --- | --- | --- | --- | --- |\n" + strings.Join(rows, "\n") + "\n"
		if err := os.WriteFile(out, []byte(table), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
