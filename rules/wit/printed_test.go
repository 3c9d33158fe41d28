package wit

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// playPrinted referees the box game (no printedBy option) with its cards'
// codes saying who printed them: tableref (payload kind P) for every card
// but the one named sticker.
func playPrinted(t *testing.T, sticker string) (rules.Game, rules.Event) {
	t.Helper()
	f, err := os.Open("testdata/cartographer-box.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := replay.NewReader(f, f.Name())
	var g rules.Game
	var end rules.Event
	for {
		l, err := r.Next()
		if err != nil {
			break
		}
		var evs []rules.Event
		switch l.Kind {
		case replay.KindHeader:
			if g, err = rules.NewGame(l.Setup); err != nil {
				t.Fatal(err)
			}
			evs = g.Start()
		case replay.KindSnapshot:
			for _, id := range l.Table.Cards() {
				if id.String() != sticker {
					l.Table.MarkTableref(id)
				}
			}
			evs = g.Observe(l.Table)
		}
		for _, e := range evs {
			if e.Kind == rules.EventEnd {
				end = e
			}
		}
	}
	return g, end
}

// On tableref's own print-and-play cards (their codes say so) the referee
// knows the numbers printed on them without the printedBy option: the
// closest circle breaks the tie and names Erica (26/30, gap 4, beats
// Jane's 55/64), as with printedBy: tableref.
func TestCartographerKnowsItsOwnPrintedCards(t *testing.T) {
	g, end := playPrinted(t, "")
	if w := g.Winners(); !slices.Equal(w, []int{2}) {
		t.Errorf("winners %v on tableref's printed cards, want [2] (Erica, by the closest circle)", w)
	}
	if end.Undecided != nil || !strings.Contains(end.Long, "Erica wins on the tie-break") {
		t.Errorf("end: %q (undecided %+v), want Erica's tie-break win", end.Long, end.Undecided)
	}
	rt := rulesRoundTrip(t, g)
	if w := rt.Winners(); !slices.Equal(w, []int{2}) {
		t.Errorf("restored game's winners %v, want [2]", w)
	}
}

// A mixed table (one card is a sticker on a boxed game's card, whose
// number tableref does not know) speaks in words and leaves the tie to
// the players' cards.
func TestCartographerMixedTableStaysInWords(t *testing.T) {
	_, last := boxFinal(t)
	g, end := playPrinted(t, last.Cards()[0].String())
	if w := g.Winners(); len(w) != 0 || end.Undecided == nil {
		t.Errorf("mixed table: winners %v, undecided %+v; want undecided", w, end.Undecided)
	}
}

// A photo of the finished maps on tableref's printed cards scores the
// tie-break too.
func TestCartographerPhotoOfPrintedCards(t *testing.T) {
	s, last := boxFinal(t)
	for _, id := range last.Cards() {
		last.MarkTableref(id)
	}
	if w := rules.Winners(scorePhoto(t, s, last)); !slices.Equal(w, []int{2}) {
		t.Errorf("photo winners %v, want [2]", w)
	}
}
