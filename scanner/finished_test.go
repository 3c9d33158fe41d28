package scanner

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/modes"
	"github.com/tableref/tableref/vision/qr"
)

// A city board's square seen empty is read; one of unknown colour, or of a
// board the photo does not show, is a gap: no score unless accepted, and
// the unknown colour is then no reason for doubt.
func TestScoreFinishedRefusesUnreadSquares(t *testing.T) {
	m, _ := rules.LookupMode("shakecity")
	s, err := m.Check(rules.Setup{Mode: "shakecity", Players: []string{"Ana"}})
	if err != nil {
		t.Fatal(err)
	}
	build := func(unknown bool) *Scan {
		sc := &Scan{Table: rules.Table{Zones: map[string]*rules.Zone{"board:p1": {}}}}
		for r := 0; r < 6; r++ {
			for c := 0; c < 6; c++ {
				p := rules.Pos{Row: r, Col: c}
				cc := ColourCell{Zone: "board:p1", Pos: p}
				if r == 0 {
					cc.Colour = rules.Grey
					sc.Table.Zones["board:p1"].Set(p, rules.Cell{Colour: rules.Grey})
				}
				if unknown && p == (rules.Pos{Row: 2, Col: 3}) {
					cc.Unknown = true
				}
				sc.Colours = append(sc.Colours, cc)
			}
		}
		if unknown {
			sc.Problems = append(sc.Problems, Problem{Kind: ProblemUnknown, Zone: "board:p1", Cells: []rules.Pos{{Row: 2, Col: 3}}, Text: "unknown colour"})
		}
		return sc
	}
	f, err := ScoreFinished(m, s, build(false), false)
	if err != nil || f.Status != StatusOK || len(f.Gaps) != 0 || len(f.Scores) != 1 {
		t.Fatalf("every square read: %v %+v", err, f)
	}
	f, _ = ScoreFinished(m, s, build(true), false)
	if f.Status != StatusMissing || f.Scores != nil || f.Winners != nil || len(f.Gaps) != 1 || f.Gaps[0].Cells[0] != (rules.Pos{Row: 2, Col: 3}) {
		t.Errorf("unknown square: %+v", f)
	}
	for _, e := range f.Events {
		if e.Kind == rules.EventEnd {
			t.Errorf("an end event from a partial read: %+v", e)
		}
	}
	f, _ = ScoreFinished(m, s, build(true), true)
	if f.Status != StatusOK || !f.Accepted || len(f.Scores) != 1 {
		t.Errorf("accepted: %+v", f)
	}
	sc := build(false)
	sc.Colours = nil // the board was not found in the photo
	if f, _ := ScoreFinished(m, s, sc, false); f.Status != StatusMissing || len(f.Gaps) != 1 || len(f.Gaps[0].Cells) != 30 {
		t.Errorf("board not found: %+v", f.Gaps)
	}
}

// boardScan is a photo's read of city boards given as colour letters,
// every square read.
func boardScan(rows ...[]string) *Scan {
	sc := &Scan{Table: rules.Table{Zones: map[string]*rules.Zone{}}}
	for b, board := range rows {
		zone := "board:p" + string(rune('1'+b))
		z := &rules.Zone{}
		for r, row := range board {
			for c, ch := range row {
				p := rules.Pos{Row: r, Col: c}
				col, _ := rules.ParseColour(string(ch))
				z.Set(p, rules.Cell{Colour: col})
				sc.Colours = append(sc.Colours, ColourCell{Zone: zone, Pos: p, Colour: col})
			}
		}
		sc.Table.Zones[zone] = z
	}
	return sc
}

// Issue 18 item 4: scan says when a tie-break decided the winner. Two
// boards worth 34 points each, one with 4 scoring tiles and one with 3
// (REFERENCE STC-10 and the same board with a home moved off column 3).
func TestScoreFinishedSaysTheTieBreak(t *testing.T) {
	m, _ := rules.LookupMode("shakecity")
	s, err := m.Check(rules.Setup{Mode: "shakecity", Players: []string{"Ana", "Ben"},
		Options: map[string]string{"tiles": "roads,homes,different,parks,factories,shops"}})
	if err != nil {
		t.Fatal(err)
	}
	// R road=grey Y, P park=green G, F factory=black K, S shop=blue B, H home=red R.
	stc10 := []string{"YYBR.G", "KY.RGK", "K.BBY.", "RGYYYB", "RK.B.R", "Y.RRGY"}
	moved := []string{"YYB.RG", "KY.RGK", "K.BBY.", "RGYYYB", "RK.B.R", "Y.RRGY"}
	f, err := ScoreFinished(m, s, boardScan(moved, stc10), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Scores) != 2 || f.Scores[0].Total != f.Scores[1].Total || len(f.Winners) != 1 || f.Winners[0] != 2 {
		t.Fatalf("scores %+v winners %v", f.Scores, f.Winners)
	}
	if f.TieBreak != "tie-break: more scoring tiles" {
		t.Errorf("tie-break %q", f.TieBreak)
	}
	if f, _ := ScoreFinished(m, s, boardScan(stc10, stc10), false); f.TieBreak != "tie-breaks equal too" || len(f.Winners) != 2 {
		t.Errorf("shared: %q %v", f.TieBreak, f.Winners)
	}
}

// mapsScan is a photo's read of Cartographer's Corner maps: each zone's
// cards in one row, every card read.
func mapsScan(maps map[string][]rules.CardID) *Scan {
	sc := &Scan{Table: rules.Table{Zones: map[string]*rules.Zone{}}}
	for zone, ids := range maps {
		z := &rules.Zone{}
		for i, id := range ids {
			ref := rules.CardRef{ID: id, Side: rules.Back}
			z.Set(rules.Pos{Row: 0, Col: i}, rules.Cell{Card: ref})
			sc.Cards = append(sc.Cards, Card{Ref: ref, Zone: zone, Pos: rules.Pos{Row: 0, Col: i}})
			sc.Codes = append(sc.Codes, Code{})
		}
		sc.Table.Zones[zone] = z
	}
	return sc
}

func deckCards(deck string, from, n int) []rules.CardID {
	out := make([]rules.CardID, n)
	for i := range out {
		out[i] = rules.CardID{Deck: deck, Num: from + i}
	}
	return out
}

// A photo of another game's table is never scored, and a card of another
// box lying in a map fills no place of it. On the old code every case but
// the last scored: the Strange World photo as two whole maps with a shared
// win on 0 points, the map holding a Strange World card as whole.
func TestScoreFinishedRefusesAnotherGame(t *testing.T) {
	m, _ := rules.LookupMode("wit-cartographer")
	s, err := m.Check(rules.Setup{Mode: m.ID, Players: []string{"Ana", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("another game", func(t *testing.T) {
		sw := mapsScan(map[string][]rules.CardID{"p1": deckCards("SW", 101, 13), "p2": deckCards("SW", 201, 13)})
		f, err := ScoreFinished(m, s, sw, false)
		if err == nil {
			t.Fatalf("a Strange World photo scored as Cartographer's Corner: status %s, scores %+v, winners %v", f.Status, f.Scores, f.Winners)
		}
		for _, want := range []string{"none of the 26 cards read", "deck SA", "Strange World above the clouds cards (SW-101, SW-102, SW-103 and 23 more)", "--game strangeworld or strangeworld-solo"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("the error does not say %q: %v", want, err)
			}
		}
	})
	t.Run("a stray card", func(t *testing.T) {
		// The right game, one card of another box in Ana's map: no score
		// (the map misses a card), the stray card named.
		ana := append(deckCards("SA", 1, 12), rules.CardID{Deck: "SW", Num: 101})
		mixed := mapsScan(map[string][]rules.CardID{"p1": ana, "p2": deckCards("SA", 21, 13)})
		f, err := ScoreFinished(m, s, mixed, false)
		if err != nil {
			t.Fatal(err)
		}
		if f.Status != StatusMissing || f.Scores != nil || f.Winners != nil {
			t.Errorf("a map holding another game's card: status %s, scores %+v, winners %v", f.Status, f.Scores, f.Winners)
		}
		said := strings.Join(f.Problems, "\n")
		if !strings.Contains(said, "1 card not of Where is That? South America — Cartographer's Corner (deck SA): Strange World above the clouds cards (SW-101)") {
			t.Errorf("the stray card is not named: %q", said)
		}
		if !f.Table.Zone("p1").At(rules.Pos{Row: 0, Col: 12}).Empty() {
			t.Error("the stray card is still in the table")
		}
		if f.Cards != 25 {
			t.Errorf("%d cards read counted, want the game's 25", f.Cards)
		}
		// Accepting the gap still leaves the stray card out and the
		// result unsure, never a plain ok.
		mixed = mapsScan(map[string][]rules.CardID{"p1": ana, "p2": deckCards("SA", 21, 13)})
		if f, err := ScoreFinished(m, s, mixed, true); err != nil || f.Status != StatusUnsure {
			t.Errorf("--allow-missing with a stray card: %v, status %s", err, f.Status)
		}
	})
	t.Run("own cards in conflict", func(t *testing.T) {
		// The game's cards were read but none found a cell (two in one
		// cell, say); a stray card did: that is not a photo of another
		// game, and nothing is scored from it.
		sc := mapsScan(map[string][]rules.CardID{"p1": {{Deck: "SW", Num: 101}}})
		for _, id := range deckCards("SA", 1, 3) {
			sc.Cards = append(sc.Cards, Card{Ref: rules.CardRef{ID: id, Side: rules.Back}})
		}
		f, err := ScoreFinished(m, s, sc, false)
		if err != nil || f.Status == StatusOK || f.Scores != nil {
			t.Errorf("own cards unplaced, a stray card placed: %v, status %s, scores %+v", err, f.Status, f.Scores)
		}
	})
	t.Run("nothing of ours", func(t *testing.T) {
		empty := &Scan{Table: rules.Table{Zones: map[string]*rules.Zone{}}, Foreign: make([]qr.Code, 4)}
		if _, err := ScoreFinished(m, s, empty, false); err == nil || !strings.Contains(err.Error(), "no tableref code read in the photo, only 4 QR codes of other kinds") {
			t.Errorf("a photo without our codes: %v", err)
		}
	})
	t.Run("the right game", func(t *testing.T) {
		f, err := ScoreFinished(m, s, mapsScan(map[string][]rules.CardID{"p1": deckCards("SA", 1, 13), "p2": deckCards("SA", 21, 13)}), false)
		if err != nil || f.Status != StatusOK || len(f.Scores) != 2 || f.Cards != 26 {
			t.Errorf("two whole maps: %v, status %s, cards %d, scores %+v", err, f.Status, f.Cards, f.Scores)
		}
	})
}

// A card of the game left out for a problem makes the read partial even
// when the shape looks whole: no score, no winner, no end, unless the user
// accepts it. A card of another box left out does not. On the old code the
// scores and the winner were printed beside the problem (exit 4).
func TestScoreFinishedWithholdsScoresOfAPartialRead(t *testing.T) {
	m, _ := rules.LookupMode("shakecity")
	s, err := m.Check(rules.Setup{Mode: "shakecity", Players: []string{"Ana", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	board := []string{"YYBR.G", "KY.RGK", "K.BBY.", "RGYYYB", "RK.B.R", "Y.RRGY"}
	withProblem := func(kind ProblemKind) *Scan {
		sc := boardScan(board, board)
		sc.Problems = append(sc.Problems, Problem{Kind: kind, Cards: []rules.CardRef{{ID: rules.CardID{Deck: "SW", Num: 101}}}, Text: string(kind)})
		return sc
	}
	for _, kind := range []ProblemKind{ProblemTwice, ProblemSameCell, ProblemBetween, ProblemCovered} {
		f, err := ScoreFinished(m, s, withProblem(kind), false)
		if err != nil {
			t.Fatal(err)
		}
		if f.Status != StatusUnsure || f.Scores != nil || f.Winners != nil {
			t.Errorf("%s: status %s, scores %v, winners %v: want unsure and nothing scored", kind, f.Status, f.Scores, f.Winners)
		}
		for _, e := range f.Events {
			if e.Kind == rules.EventEnd {
				t.Errorf("%s: an end event from a partial read: %+v", kind, e)
			}
		}
		if f, _ := ScoreFinished(m, s, withProblem(kind), true); !f.Accepted || len(f.Scores) != 2 {
			t.Errorf("%s accepted: accepted %v, %d scores", kind, f.Accepted, len(f.Scores))
		}
	}
	f, _ := ScoreFinished(m, s, withProblem(ProblemOtherGame), false)
	if f.Status != StatusUnsure || len(f.Scores) != 2 {
		t.Errorf("a card of another box left out: status %s, scores %v: want unsure and scored", f.Status, f.Scores)
	}
	// A cube of the shaker in doubt: the finished boards alone are scored.
	sc := boardScan(board, board)
	sc.Problems = append(sc.Problems, Problem{Kind: ProblemUnknown, Zone: "shaker", Cells: []rules.Pos{{Row: 1, Col: 1}}, Text: "shaker: 1 cell(s) of no calibrated colour"})
	if f, _ := ScoreFinished(m, s, sc, false); f.Status != StatusUnsure || len(f.Scores) != 2 {
		t.Errorf("a shaker cube in doubt: status %s, scores %v: want unsure and scored", f.Status, f.Scores)
	}
	if f, _ := ScoreFinished(m, s, withProblem(ProblemMarker), false); f.Status != StatusOK || len(f.Scores) != 2 {
		t.Errorf("a marker placed oddly: status %s, scores %v: want ok and scored", f.Status, f.Scores)
	}
}
