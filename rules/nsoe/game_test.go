package nsoe

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/tableref/tableref/rules"
)

// started is a two-player game with Roma in the central slot (4,4).
func started(t *testing.T, opts map[string]string, players ...string) *Game {
	if len(players) == 0 {
		players = []string{"Ana", "Ben"}
	}
	g := newTest(t, opts, players...)
	evs := see(t, g, board(t, "Roma@4,4"))
	wantKinds(t, evs, rules.EventInfo, rules.EventTurn)
	if evs[0].Short != [2]string{"Ref: Roma", "41N 12E"} {
		t.Fatalf("reference: %q", evs[0].Short)
	}
	return g
}

func TestRightPlacementStaysAndPassesTheTurn(t *testing.T) {
	g := started(t, nil)
	evs := see(t, g, board(t, "Roma@4,4", "Oslo@1,3"))
	wantKinds(t, evs, rules.EventVerdict, rules.EventTurn)
	if evs[0].Verdict != rules.Right || evs[0].Short != [2]string{"Oslo: RIGHT", "59N 10E"} || evs[1].Player != 2 {
		t.Errorf("%s", describe(evs))
	}
	if !slices.Equal(g.Hands, []int{2, 3}) || g.Piles != 14 || len(g.Board) != 2 {
		t.Errorf("hands %v piles %d board %d", g.Hands, g.Piles, len(g.Board))
	}
}

// NSOE-7: a wrong card goes to the discards and its player draws 2 (hand
// +1 net); the referee waits for the card to leave the board.
func TestNSOE7WrongCardDiscardedAndDrawTwo(t *testing.T) {
	g := started(t, nil)
	evs := see(t, g, board(t, "Roma@4,4", "Madrid@3,3")) // 40N is not north of 41N
	wantKinds(t, evs, rules.EventVerdict, rules.EventDo, rules.EventDo)
	if evs[0].Verdict != rules.Wrong || evs[1].Action != "remove" || evs[2].Action != "draw" || evs[2].Points != 2 {
		t.Fatalf("%s", describe(evs))
	}
	if evs[1].Short[0] != "Remove Madrid" || evs[2].Short != [2]string{"Ana: draw 2", "4 cards now"} {
		t.Errorf("short: %q %q", evs[1].Short, evs[2].Short)
	}
	if !slices.Equal(g.Hands, []int{4, 3}) || g.Piles != 12 || !slices.Equal(g.Discards, []rules.CardID{cid(t, "Madrid")}) {
		t.Errorf("hands %v piles %d discards %v", g.Hands, g.Piles, g.Discards)
	}
	if evs := see(t, g, board(t, "Roma@4,4", "Madrid@3,3")); len(evs) != 0 {
		t.Errorf("unchanged board while waiting:%s", describe(evs))
	}
	if evs := see(t, g, board(t, "Roma@4,4", "Madrid@3,3", "Oslo@1,3")); len(evs) != 1 || evs[0].Kind != rules.EventWarning {
		t.Errorf("placing before the removal:%s", describe(evs))
	}
	if evs := tell(t, g, rules.Input{Type: rules.InputSwap}); evs[0].Kind != rules.EventWarning {
		t.Errorf("swap before the removal:%s", describe(evs))
	}
	evs = see(t, g, board(t, "Roma@4,4"))
	wantKinds(t, evs, rules.EventDone, rules.EventTurn)
	if evs[1].Player != 2 {
		t.Errorf("turn: %s", describe(evs))
	}
	// Madrid is discarded: it cannot be placed again.
	if evs := see(t, g, board(t, "Roma@4,4", "Madrid@5,3")); evs[0].Kind != rules.EventWarning {
		t.Errorf("a discarded card placed again:%s", describe(evs))
	}
}

func TestRemovalAndNextPlacementInOneSnapshot(t *testing.T) {
	g := started(t, nil)
	see(t, g, board(t, "Roma@4,4", "Madrid@3,3"))
	evs := see(t, g, board(t, "Roma@4,4", "Atene@6,6"))
	wantKinds(t, evs, rules.EventDone, rules.EventTurn, rules.EventVerdict, rules.EventTurn)
	if evs[2].Player != 2 || evs[2].Verdict != rules.Right || g.Turn != 1 {
		t.Errorf("%s", describe(evs))
	}
}

func TestSwapPassesTheTurn(t *testing.T) {
	g := started(t, nil)
	evs := tell(t, g, rules.Input{Type: rules.InputSwap, Player: 1, Card: cid(t, "Oslo"), Other: cid(t, "Praga")})
	wantKinds(t, evs, rules.EventInfo, rules.EventTurn)
	if g.Turn != 2 || !slices.Equal(g.Hands, []int{3, 3}) || g.Piles != 14 || g.Stats[0].Swaps != 1 {
		t.Errorf("turn %d hands %v piles %d", g.Turn, g.Hands, g.Piles)
	}
	for name, in := range map[string]rules.Input{
		"not on turn":   {Type: rules.InputSwap, Player: 1},
		"card in play":  {Type: rules.InputSwap, Player: 2, Other: cid(t, "Roma")},
		"another input": {Type: rules.InputChallenge, Player: 1},
	} {
		if evs := tell(t, g, in); len(evs) != 1 || evs[0].Kind != rules.EventWarning || g.Turn != 2 {
			t.Errorf("%s:%s", name, describe(evs))
		}
	}
}

// A player who places their last card starts the last round: with
// completeRound the players after them up to the first player play once.
func TestLastCardCompletesTheRound(t *testing.T) {
	g := started(t, nil, "Ana", "Ben", "Caro")
	tell(t, g, rules.Input{Type: rules.InputSwap}) // Ana
	tab := []string{"Roma@4,4"}
	lay := func(card string) []rules.Event {
		tab = append(tab, card)
		return see(t, g, board(t, tab...))
	}
	// Ben places his three cards right, Ana and Caro swap in between.
	for i, c := range []string{"Oslo@0,3", "Stoccolma@0,6", "Atene@7,7"} {
		evs := lay(c)
		if i < 2 {
			tell(t, g, rules.Input{Type: rules.InputSwap}) // Caro
			tell(t, g, rules.Input{Type: rules.InputSwap}) // Ana
			continue
		}
		if r := evs[1]; r.Kind != rules.EventRound || r.Player != 2 || r.Short[1] != "Last round" {
			t.Fatalf("Ben's last card:%s", describe(evs))
		}
	}
	if g.Finished() || g.FinalLeft != 1 {
		t.Fatalf("final turns left %d", g.FinalLeft)
	}
	evs := lay("Helsinki@0,8") // Caro, right: 2 cards left
	if !g.Finished() || evs[len(evs)-1].Kind != rules.EventEnd {
		t.Fatalf("Caro's turn ends the game:%s", describe(evs))
	}
	if !slices.Equal(g.Winners(), []int{2}) || !slices.Equal(g.Hands, []int{3, 0, 2}) {
		t.Errorf("winners %v hands %v", g.Winners(), g.Hands)
	}
	if evs := tell(t, g, rules.Input{Type: rules.InputSwap}); evs[0].Kind != rules.EventWarning {
		t.Errorf("input after the end:%s", describe(evs))
	}
}

// With oneMoreEach every other player plays once more, and two players
// out of cards share the win.
func TestOneMoreEachAndASharedWin(t *testing.T) {
	g := started(t, map[string]string{"finalRound": FinalOneMoreEach})
	tab := []string{"Roma@4,4"}
	for _, c := range []string{"Oslo@0,3", "Atene@7,7", "Stoccolma@0,6", "Lisbona@6,0", "Helsinki@0,8"} {
		tab = append(tab, c)
		see(t, g, board(t, tab...)) // Ana, Ben, Ana, Ben, Ana (her last)
	}
	if g.Finisher != 1 || g.FinalLeft != 1 || g.Finished() {
		t.Fatalf("finisher %d left %d", g.Finisher, g.FinalLeft)
	}
	evs := see(t, g, board(t, append(tab, "Dublino@1,1")...)) // Ben's last
	end := evs[len(evs)-1]
	// Issue 18: a tie names the winners (the old screen said "Game over /
	// 2 share the win").
	if !g.Finished() || end.Kind != rules.EventEnd || !slices.Equal(end.Winners, []int{1, 2}) || end.Short != [2]string{"Ana & Ben win", "no cards left"} {
		t.Fatalf("shared win:%s", describe(evs))
	}
}

// completeRound when the last seat finishes: nobody plays after them.
func TestLastSeatFinishingEndsAtOnce(t *testing.T) {
	g := started(t, nil)
	tab := []string{"Roma@4,4"}
	for _, c := range []string{"Oslo@0,3", "Atene@7,7", "Stoccolma@0,6", "Lisbona@6,0", "Madrid@8,0", "Dublino@1,1"} {
		tab = append(tab, c)
		see(t, g, board(t, tab...)) // Ana right, Ben right, Ana right, Ben right, Ana wrong, Ben last
		if c == "Madrid@8,0" {
			tab = tab[:len(tab)-1]
			see(t, g, board(t, tab...))
		}
	}
	if !g.Finished() || !slices.Equal(g.Winners(), []int{2}) {
		t.Fatalf("finished %v winners %v hands %v", g.Finished(), g.Winners(), g.Hands)
	}
}

// When the piles run out the game ends and the fewest cards win; a player
// who must draw 2 from 1 card draws 1.
func TestEmptyPilesEndTheGame(t *testing.T) {
	g := started(t, map[string]string{"deckSize": "10"}) // 10 − 6 dealt − Roma = 3 in the piles
	if g.Piles != 3 {
		t.Fatalf("piles %d", g.Piles)
	}
	see(t, g, board(t, "Roma@4,4", "Madrid@3,3")) // Ana wrong: draws 2, 1 left
	see(t, g, board(t, "Roma@4,4"))
	evs := see(t, g, board(t, "Roma@4,4", "Lisbona@2,2")) // Ben wrong: draws the last 1
	if evs[2].Points != 1 || !g.Finished() || g.Piles != 0 {
		t.Fatalf("piles %d:%s", g.Piles, describe(evs))
	}
	if !slices.Equal(g.Hands, []int{4, 3}) || !slices.Equal(g.Winners(), []int{2}) || g.Reason != "the piles are empty" {
		t.Errorf("hands %v winners %v reason %q", g.Hands, g.Winners(), g.Reason)
	}
	sc := g.Scores()
	if sc[1].Total != 3 || !sc[1].LowerWins || sc[1].Parts[2].Points != 1 || sc[1].Parts[3].Points != 1 || sc[1].Parts[1].Points != 0 {
		t.Errorf("scores %+v", sc)
	}
}

func TestBadSnapshotsKeepTheState(t *testing.T) {
	g := newTest(t, nil, "Ana", "Ben")
	if evs := see(t, g, board(t, "Roma@3,3")); evs[0].Kind != rules.EventWarning || g.Phase != PhaseReference {
		t.Fatalf("reference off the central slot:%s", describe(evs))
	}
	see(t, g, board(t, "Roma@4,4"))
	see(t, g, board(t, "Roma@4,4", "Oslo@1,3"))
	unknown := board(t, "Roma@4,4", "Oslo@1,3")
	unknown.Zone(Zone).Set(rules.Pos{Row: 7, Col: 7}, rules.Cell{Card: rules.CardRef{ID: rules.CardID{Deck: "NX", Num: 99}, Side: rules.Back}})
	for name, tab := range map[string]rules.Table{
		"off the board":   board(t, "Roma@4,4", "Oslo@1,3", "Atene@9,9"),
		"occupied square": board(t, "Roma@4,4", "Atene@1,3"),
		"moved card":      board(t, "Roma@4,4", "Oslo@0,3"),
		"two cards":       board(t, "Roma@4,4", "Oslo@1,3", "Atene@7,7", "Vienna@5,5"),
		"unknown card":    unknown,
		"card taken away": board(t, "Roma@4,4"),
	} {
		evs := see(t, g, tab)
		if len(evs) != 1 || evs[0].Kind != rules.EventWarning || len(g.Board) != 2 || g.Turn != 2 || !slices.Equal(g.Hands, []int{2, 3}) {
			t.Errorf("%s:%s", name, describe(evs))
		}
	}
}

func TestBoardGeometryOption(t *testing.T) {
	g := newTest(t, map[string]string{"boardRows": "5", "boardCols": "7", "centreRow": "2", "centreCol": "3"}, "Ana", "Ben")
	see(t, g, board(t, "Roma@2,3"))
	if g.Phase != PhasePlay {
		t.Fatal("reference in the configured central slot refused")
	}
	if evs := see(t, g, board(t, "Roma@2,3", "Oslo@5,1")); evs[0].Kind != rules.EventWarning {
		t.Errorf("row 5 of a 5-row board:%s", describe(evs))
	}
	for _, bad := range []map[string]string{{"centreRow": "9"}, {"boardCols": "0"}, {"deckSize": "6"}, {"deckSize": "many"}} {
		if _, err := NewWithCatalogue(rules.Setup{Mode: ModeID, Players: []string{"A", "B"}, Options: bad}, fixture); err == nil {
			t.Errorf("options %v accepted", bad)
		}
	}
}

func TestSaveAndRestoreWhileWaiting(t *testing.T) {
	g := started(t, nil)
	see(t, g, board(t, "Roma@4,4", "Madrid@3,3"))
	b, _ := json.Marshal(g)
	g2, err := restore(b, fixture)
	if err != nil {
		t.Fatal(err)
	}
	if b2, _ := json.Marshal(g2); string(b) != string(b2) {
		t.Fatalf("state changed:\n%s\n%s", b, b2)
	}
	if evs := see(t, g2, board(t, "Roma@4,4")); len(evs) != 2 || evs[0].Kind != rules.EventDone {
		t.Errorf("restored game lost the pending removal:%s", describe(evs))
	}
}
