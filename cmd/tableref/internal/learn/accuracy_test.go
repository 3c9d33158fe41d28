package learn

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/cmd/tableref/internal/learn/learntest"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/vision/cardtext"
	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/synth"
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

// readPhoto reads a generated photo (err: its making's) and closes it.
func readPhoto(t *testing.T, l *Learner, s *Session, frame gocv.Mat, err error) Batch {
	t.Helper()
	defer frame.Close()
	if err != nil {
		t.Fatal(err)
	}
	b, err := l.Read(context.Background(), frame, s)
	if err != nil {
		t.Fatal(err)
	}
	return b
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
	allNames := [2]int{} // matched, asked
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
			b := readPhoto(t, l, s, frame, err)
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
		allNames[0], allNames[1] = allNames[0]+names[0], allNames[1]+names[1]
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
	// Names matched without a question on at least 80 % (issue 30): the
	// numbers and the table around the card whited out before the name
	// was read once left 25 of 84 matched.
	if pct := 100 * float64(allNames[0]) / float64(max(allNames[0]+allNames[1], 1)); pct < 80 {
		t.Errorf("%.1f%% of the names matched without a question (%d of %d), want at least 80%%", pct, allNames[0], allNames[0]+allNames[1])
	}
	if out := os.Getenv("TABLEREF_LEARN_TABLE"); out != "" {
		table := "| photos | numbers | right | asked | wrong | names |\n| --- | --- | --- | --- | --- | --- |\n" + strings.Join(rows, "\n") + "\n"
		if err := os.WriteFile(out, []byte(table), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// boxLight is a light the boxed cards are photographed in.
type boxLight struct {
	name   string
	lit    synth.Light
	uneven float64 // how dark the darkest corner gets
}

// boxLights are daylight, a warm light and a lamp at one side.
var boxLights = []boxLight{
	{"daylight", synth.Light{Cast: synth.Daylight}, 0.2},
	{"warm light", synth.Light{Cast: synth.Warm}, 0.3},
	{"a lamp at one side", synth.Light{Lamp: &synth.Lamp{At: [3]float64{-700, -300, 500}, Colour: [3]float64{1, 0.8, 0.55}, Power: 1.5}}, 0.35},
}

// boxShot is a boxed-card photo from height mm in light l.
func boxShot(height float64, l boxLight) learntest.Shot {
	return learntest.Shot{HeightMM: height, TiltDeg: 3, Blur: 0.8, Noise: 2.5, JPEG: 86, Light: l.uneven, Lit: l.lit}
}

// boxRow is one line of the boxed-card learn table: the numbers as a
// user who types what the card says ends with them (right, asked,
// wrong), the proposals a user who accepts every one would take wrong,
// and the names.
type boxRow struct {
	tally
	acceptWrong    int
	names, nameAsk int
	sideMin        float64
	sideMax        float64
}

func (r boxRow) String() string {
	return fmt.Sprintf("%d | %d (%.1f%%) | %d | %d | %d | %d matched, %d asked",
		r.total(), r.right, 100*float64(r.right)/float64(max(r.total(), 1)), r.asked, r.wrong, r.acceptWrong, r.names, r.nameAsk)
}

// The learn accuracy on boxed cards: the South America deck's cards as a
// publisher might print them, in six bold typefaces with figures 5 to 12
// mm tall, a sticker in the middle of each (its caption naming the card),
// photographed from 1 m and 70 cm under three lights. Every number is
// taken without a question only when it is surely right: none wrong, for
// a user who types what the card says and for one who presses Enter on
// every proposal; at least 90 % taken without a question; names matched
// on at least 80 %. One card a photo carries another card's sticker: its
// name is asked, never matched from the sticker's own caption. The test
// prints the learn table (TABLEREF_LEARN_TABLE=FILE writes it).
func TestLearnBoxedCards(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads 6 photos of 12 MP")
	}
	full := os.Getenv("TABLEREF_LEARN_FULL") != ""
	faces, err := learntest.Typefaces()
	if err != nil {
		t.Fatal(err)
	}
	want, err := learntest.Truth()
	if err != nil {
		t.Fatal(err)
	}
	l := newLearner(t)
	g, err := StickerGeometry(geo.GameWIT, 0)
	if err != nil {
		t.Fatal(err)
	}
	heights := []float64{5, 7, 9.5, 12}
	batches := learntest.SABatches()
	var all []rules.CardID
	for _, b := range batches {
		all = append(all, b...)
	}
	rows := map[string]*boxRow{}
	row := func(key string) *boxRow {
		if rows[key] == nil {
			rows[key] = &boxRow{sideMin: 99}
		}
		return rows[key]
	}
	var total boxRow
	caught, stickered := 0, 0
	shot := 0
	for _, height := range []float64{1000, 700} {
		for _, light := range boxLights {
			sh := boxShot(height, light)
			s, err := Open(filepath.Join(t.TempDir(), "session.jsonl"), geo.DeckSA, geo.GameWIT)
			if err != nil {
				t.Fatal(err)
			}
			// make test: one batch a shot, six batches in all; the full
			// run three a shot, every batch twice.
			per := 1
			if full {
				per = 3
			}
			for k := 0; k < per; k++ {
				bi := (shot + 3*k) % len(batches)
				sh.Seed = uint64(1000 + 10*shot + k)
				var cards []learntest.BoxCard
				for j, id := range batches[bi] {
					i := 12*bi + j
					c, _ := want.Card(id)
					bc := learntest.BoxCard{ID: id, Name: c.Name, NS: c.NS, WE: c.WE, Face: faces[(i/4)%len(faces)], DigitMM: heights[i%4]}
					if j == 5 { // another batch's sticker on this card
						o := all[(i+54)%len(all)]
						oc, _ := want.Card(o)
						bc.Sticker, bc.StickerName = o, oc.Name
					}
					bc.Glare = j == 9 // a sleeve's glare over its code
					cards = append(cards, bc)
				}
				frame, side, err := learntest.BoxPhoto(cards, sh, g)
				b := readPhoto(t, l, s, frame, err)
				byID := map[rules.CardID]int{}
				for j, c := range cards {
					id := c.ID
					if c.Sticker != (rules.CardID{}) {
						id = c.Sticker
					}
					byID[id] = j
				}
				// The card under glare is said by its place: the bottom
				// row's second.
				lostSaid := false
				for _, n := range b.Notes {
					lostSaid = lostSaid || strings.Contains(n, "in the bottom row, 2nd from the left has no readable code")
				}
				if !lostSaid {
					t.Errorf("%s: the card whose code is under glare (bottom row, 2nd from the left) is not said; notes: %q", sh, b.Notes)
				}
				seen := map[int]bool{9: true}
				for _, r := range b.Cards {
					j, ok := byID[r.ID]
					if !ok {
						t.Errorf("%s: read %s, not in the photo", sh, r.ID)
						continue
					}
					seen[j] = true
					c := cards[j]
					if c.Sticker != (rules.CardID{}) {
						stickered++
						if r.Name.Sure {
							t.Errorf("%s: %s's sticker on %s: its name passed as %q (read %q)", sh, c.Sticker, c.Name, r.Name.Text, r.Name.Read)
						} else {
							caught++
						}
						continue
					}
					key := fmt.Sprintf("%s | %g mm", c.Face.Name, c.DigitMM)
					rw := row(key)
					rw.sideMin, rw.sideMax = math.Min(rw.sideMin, side[j]), math.Max(rw.sideMax, side[j])
					for _, ax := range []struct {
						n     NumberRead
						truth int
						what  string
					}{{r.NS, c.NS, "north–south"}, {r.WE, c.WE, "west–east"}} {
						var o boxRow
						switch {
						case r.Problem != "" || !ax.n.Sure:
							o.asked++
							if r.Problem == "" && ax.n.Value != 0 && ax.n.Value != ax.truth {
								o.acceptWrong++
								t.Errorf("%s %s (%s, %s %g mm): %s asked, proposing %d; the card prints %d (%s)", sh, r.ID, c.Name, c.Face.Name, c.DigitMM, ax.what, ax.n.Value, ax.truth, ax.n.Why)
							}
						case ax.n.Value == ax.truth:
							o.right++
						default:
							o.wrong++
							o.acceptWrong++
							t.Errorf("%s %s (%s, %s %g mm): %s read surely as %d, the card prints %d", sh, r.ID, c.Name, c.Face.Name, c.DigitMM, ax.what, ax.n.Value, ax.truth)
						}
						if !ax.n.Sure && testing.Verbose() {
							t.Logf("%s %s %s %g mm %s asked: %s", sh, r.ID, c.Face.Name, c.DigitMM, ax.what, ax.n.Why)
						}
						rw.add(o.tally)
						rw.acceptWrong += o.acceptWrong
					}
					if r.Name.Sure {
						rw.names++
					} else {
						rw.nameAsk++
						if testing.Verbose() {
							t.Logf("%s %s name asked: %s", sh, r.ID, r.Name.Why)
						}
					}
					if err := s.Confirm(Card{Num: r.ID.Num, Name: c.Name, NS: c.NS, WE: c.WE}); err != nil {
						t.Fatal(err)
					}
				}
				for j, c := range cards {
					if !seen[j] {
						t.Errorf("%s: %s (%s) not read at all", sh, c.ID, c.Name)
						rw := row(fmt.Sprintf("%s | %g mm", c.Face.Name, c.DigitMM))
						rw.asked += 2
						rw.nameAsk++
					}
				}
			}
			s.Close()
			shot++
		}
	}
	keys := make([]string, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	table := "| typeface | digits (west–east) | numbers | taken, right | asked | wrong | wrong if every proposal is accepted | names |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n"
	for _, k := range keys {
		r := rows[k]
		face, h, _ := strings.Cut(k, " | ")
		table += fmt.Sprintf("| %s | %s (%.1f–%.1f mm) | %s |\n", face, h, r.sideMin, r.sideMax, r)
		total.add(r.tally)
		total.acceptWrong += r.acceptWrong
		total.names += r.names
		total.nameAsk += r.nameAsk
	}
	table += fmt.Sprintf("| all | 5–12 mm | %s |\n", total)
	t.Logf("Where is That? boxed cards, %d photos (1 m and 70 cm, three lights):\n%s\nstickers on the wrong card: %d of %d caught", shot*map[bool]int{false: 1, true: 3}[full], table, caught, stickered)
	if total.wrong > 0 || total.acceptWrong > 0 {
		t.Errorf("numbers wrong: %d taken, %d for a user accepting every proposal: want none", total.wrong, total.acceptWrong)
	}
	if pct := 100 * float64(total.right) / float64(max(total.total(), 1)); pct < 90 {
		t.Errorf("%.1f%% of the numbers taken without a question, want at least 90%%", pct)
	}
	if pct := 100 * float64(total.names) / float64(max(total.names+total.nameAsk, 1)); pct < 80 {
		t.Errorf("%.1f%% of the names matched without a question, want at least 80%%", pct)
	}
	if out := os.Getenv("TABLEREF_LEARN_TABLE"); out != "" {
		if err := os.WriteFile(out, []byte(table), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
