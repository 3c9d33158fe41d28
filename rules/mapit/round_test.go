package mapit

import (
	"slices"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

// endOfRound plays a 5-card round (4 placements) for three players that
// leaves exactly two misplaced cards: Honolulu east of Washington and
// Cape Town north of it.
func endOfRound(t *testing.T) *Game {
	g := newTest(t, map[string]string{"pileSize": "5"}, "A", "B", "C")
	see(t, g, table(t, "Washington D.C."))
	see(t, g, table(t, "Washington D.C.", "E:Tokyo"))                                          // A
	see(t, g, table(t, "Washington D.C.", "E:Tokyo,Honolulu"))                                 // B, wrong
	see(t, g, table(t, "Washington D.C.", "E:Tokyo,Honolulu", "N:Cape Town"))                  // C, wrong
	evs := see(t, g, table(t, "Washington D.C.", "E:Tokyo,Honolulu", "N:Cape Town", "S:Lima")) // A
	if g.Phase != PhaseGuess || only(evs, rules.EventRound) == nil {
		t.Fatalf("phase %s after the last card:%s", g.Phase, describe(evs))
	}
	return g
}

func guesses(t *testing.T, g *Game, gs ...int) []rules.Event {
	var evs []rules.Event
	for i, n := range gs {
		evs = append(evs, tell(t, g, rules.Input{Type: rules.InputGuess, Player: i + 1, Number: n})...)
	}
	return evs
}

// MI-4: K = 2, guesses A=2, B=1, C=4: A takes 2 tokens, B and C nothing.
func TestMI4ExactGuessTakesTwo(t *testing.T) {
	g := endOfRound(t)
	evs := guesses(t, g, 2, 1, 4)
	removed := only(evs, rules.EventDo)
	if len(removed) != 2 || removed[0].Card != id(t, "Cape Town") || removed[1].Card != id(t, "Honolulu") {
		t.Fatalf("want Cape Town and Honolulu removed:%s", describe(evs))
	}
	pts := only(evs, rules.EventPoints)
	if len(pts) != 1 || pts[0].Player != 1 || pts[0].Points != 2 {
		t.Fatalf("want A +2:%s", describe(evs))
	}
	if !slices.Equal(g.Tokens, []int{6, 4, 4}) || g.Bank != 33 {
		t.Errorf("tokens %v bank %d", g.Tokens, g.Bank)
	}
}

// MI-5: K = 2, guesses A=1, B=3, C=5: nobody exact; A and B are closest
// (off by 1) and take 1 token each.
func TestMI5ClosestGuessesTakeOne(t *testing.T) {
	g := endOfRound(t)
	evs := guesses(t, g, 1, 3, 5)
	pts := only(evs, rules.EventPoints)
	if len(pts) != 2 || pts[0].Player != 1 || pts[1].Player != 2 || pts[0].Points != 1 || pts[1].Points != 1 {
		t.Fatalf("want A and B +1:%s", describe(evs))
	}
	if !slices.Equal(g.Tokens, []int{5, 5, 4}) {
		t.Errorf("tokens %v", g.Tokens)
	}
}

func TestGuessesStaySecretUntilAllAreIn(t *testing.T) {
	g := endOfRound(t)
	evs := tell(t, g, rules.Input{Type: rules.InputGuess, Player: 2, Number: 3})
	wantKinds(t, evs, rules.EventInfo)
	if evs[0].Short[1] != "1 of 3 in" {
		t.Errorf("short %q", evs[0].Short)
	}
	// A player may change the guess; the last one counts.
	tell(t, g, rules.Input{Type: rules.InputGuess, Player: 2, Number: 2})
	if evs := tell(t, g, rules.Input{Type: rules.InputGuess, Player: 1, Number: -1}); evs[0].Kind != rules.EventWarning {
		t.Errorf("a negative guess:%s", describe(evs))
	}
	tell(t, g, rules.Input{Type: rules.InputGuess, Player: 1, Number: 0})
	evs = tell(t, g, rules.Input{Type: rules.InputGuess, Player: 3, Number: 0})
	if pts := only(evs, rules.EventPoints); len(pts) != 1 || pts[0].Player != 2 || pts[0].Points != 2 {
		t.Errorf("want B +2 for a changed guess of 2:%s", describe(evs))
	}
}

func TestNextClosesTheGuessingWithoutMissingPlayers(t *testing.T) {
	g := endOfRound(t)
	tell(t, g, rules.Input{Type: rules.InputGuess, Player: 3, Number: 1})
	evs := tell(t, g, rules.Input{Type: rules.InputNext})
	if pts := only(evs, rules.EventPoints); len(pts) != 1 || pts[0].Player != 3 || pts[0].Points != 1 {
		t.Errorf("want C +1 as the only (closest) guess:%s", describe(evs))
	}
}

func TestLastCardCanBeChallengedUntilTheFirstGuess(t *testing.T) {
	g := endOfRound(t) // A laid Lima south, which is right
	evs := tell(t, g, ruleInput("challenge", 2, "", ""))
	if v := only(evs, rules.EventVerdict); len(v) != 1 || v[0].Verdict != rules.Right {
		t.Fatalf("challenge of the last card:%s", describe(evs))
	}
	g = endOfRound(t)
	tell(t, g, rules.Input{Type: rules.InputGuess, Player: 2, Number: 1})
	if evs := tell(t, g, ruleInput("challenge", 3, "", "")); evs[0].Kind != rules.EventWarning {
		t.Errorf("challenge after a guess:%s", describe(evs))
	}
	if evs := see(t, g, table(t, "Washington D.C.", "E:Tokyo,Honolulu", "N:Cape Town", "S:Lima", "W:Oslo")); evs[0].Kind != rules.EventWarning {
		t.Errorf("a card beyond the pile:%s", describe(evs))
	}
}

// The check goes outwards comparing each card with the nearest card still
// standing towards the centre (REFERENCE.md §4.5 step 3).
func TestCheckComparesWithTheNearestRemainingCard(t *testing.T) {
	g := newTest(t, nil, "A", "B")
	// North arm from Washington (38.9): Oslo 59.9 right; Athens 38.0 wrong
	// against Oslo; Moscow 55.8 wrong against Oslo (not against Athens);
	// Reykjavik 64.1 right against Oslo.
	g.Cross = readTest(t, table(t, "Washington D.C.", "N:Oslo,Athens,Moscow,Reykjavik", "S:Tokyo,Lima"))
	var got []string
	for _, p := range g.misplaced() {
		got = append(got, fxName(p.outer)+"<"+fxName(p.inner))
	}
	// South arm: Tokyo 35.7 right (south of 38.9); Lima -12.0 right.
	want := []string{"Athens<Oslo", "Moscow<Oslo"}
	if !slices.Equal(got, want) {
		t.Errorf("misplaced %v, want %v", got, want)
	}
}

// A whole game of three short rounds: turn order goes on across rounds,
// the cross must be cleared, and equal token counts share the win.
func TestThreeRoundsAndASharedWin(t *testing.T) {
	g := newTest(t, map[string]string{"pileSize": "4"}, "Ana", "Ben")
	rounds := []struct {
		centre string
		arms   [3]string
	}{
		{"Washington D.C.", [3]string{"E:Tokyo", "W:Mexico City", "N:Reykjavik"}},
		{"Athens", [3]string{"N:Oslo", "S:Nairobi", "E:Sydney"}},
		{"Cairo", [3]string{"E:Mumbai", "W:Lima", "S:Cape Town"}},
	}
	var all []rules.Event
	for r, rd := range rounds {
		if r > 0 {
			all = append(all, see(t, g, table(t, rounds[r-1].centre))...) // clearing
			all = append(all, see(t, g, rules.Table{})...)
		}
		all = append(all, see(t, g, table(t, rd.centre))...)
		if g.Round != r+1 {
			t.Fatalf("round %d not started:%s", r+1, describe(all))
		}
		all = append(all, see(t, g, table(t, rd.centre, rd.arms[0]))...)
		all = append(all, see(t, g, table(t, rd.centre, rd.arms[0], rd.arms[1]))...)
		all = append(all, see(t, g, table(t, rd.centre, rd.arms[0], rd.arms[1], rd.arms[2]))...)
		all = append(all, guesses(t, g, 0, 0)...)
	}
	turns := only(all, rules.EventTurn)
	var who []int
	for _, e := range turns {
		who = append(who, e.Player)
	}
	// Three cards a round: the player after the last placer opens the next.
	if want := []int{1, 2, 1, 2, 1, 2, 1, 2, 1}; !slices.Equal(who, want) {
		t.Errorf("turns %v, want %v", who, want)
	}
	if !g.Finished() || !slices.Equal(g.Winners(), []int{1, 2}) || !slices.Equal(g.Tokens, []int{10, 10}) {
		t.Fatalf("finished %v winners %v tokens %v", g.Finished(), g.Winners(), g.Tokens)
	}
	end := only(all, rules.EventEnd)
	// Issue 18: a tie names the winners on the display (the old screen
	// said "2 share the win").
	if len(end) != 1 || end[0].Short != [2]string{"Ana & Ben win", "10 tokens each"} {
		t.Errorf("end:%s", describe(end))
	}
	if evs := see(t, g, rules.Table{}); len(evs) != 0 {
		t.Errorf("snapshot after the end:%s", describe(evs))
	}
}

func TestANewCentreNeedsAClearCross(t *testing.T) {
	g := newTest(t, map[string]string{"pileSize": "2"}, "Ana", "Ben")
	see(t, g, table(t, "Washington D.C."))
	see(t, g, table(t, "Washington D.C.", "E:Tokyo"))
	guesses(t, g, 0, 1)
	if evs := see(t, g, table(t, "Washington D.C.", "E:Tokyo", "N:Oslo")); evs[0].Kind != rules.EventWarning {
		t.Errorf("a card laid before clearing:%s", describe(evs))
	}
	evs := see(t, g, table(t, "Athens")) // cleared and laid between two snapshots
	if g.Round != 2 || only(evs, rules.EventRound) == nil {
		t.Errorf("round %d:%s", g.Round, describe(evs))
	}
}

func TestBadSnapshotsKeepTheState(t *testing.T) {
	g := newTest(t, map[string]string{"cards": "beginner"}, "Ana", "Ben")
	if evs := see(t, g, table(t, "Washington D.C.", "E:Tokyo")); evs[0].Kind != rules.EventWarning {
		t.Errorf("a round starting with more than the centre:%s", describe(evs))
	}
	see(t, g, table(t, "Washington D.C."))
	before := readTest(t, table(t, "Washington D.C."))
	off := table(t, "Washington D.C.")
	off.Zone(Zone).Set(rules.Pos{Row: 2, Col: 2}, rules.Cell{Card: rules.CardRef{ID: id(t, "Tokyo")}})
	unknown := table(t, "Washington D.C.")
	unknown.Zone(Zone).Set(rules.Pos{Row: 0, Col: 1}, rules.Cell{Card: rules.CardRef{ID: rules.CardID{Deck: "MX", Num: 99}}})
	for name, tab := range map[string]rules.Table{
		"off the cross":  off,
		"unknown card":   unknown,
		"two cards":      table(t, "Washington D.C.", "E:Tokyo", "W:Lima"),
		"centre swapped": table(t, "Athens"),
	} {
		evs := see(t, g, tab)
		if len(evs) != 1 || evs[0].Kind != rules.EventWarning || !g.Cross.Equal(before) || g.Placed != 0 || g.Turn != 1 {
			t.Errorf("%s:%s", name, describe(evs))
		}
	}
	evs := see(t, g, table(t, "Washington D.C.", "E:Beijing"))
	wantKinds(t, evs, rules.EventInfo, rules.EventWarning, rules.EventTurn)
	if evs[1].Short[0] != "Expert card:" || g.Placed != 1 {
		t.Errorf("expert card in a beginner game:%s", describe(evs))
	}
}

func TestOtherInputsAreRefused(t *testing.T) {
	g := newTest(t, nil, "Ana", "Ben")
	for _, typ := range []rules.InputType{rules.InputSwap, rules.InputNext, rules.InputGuess} {
		if evs := tell(t, g, rules.Input{Type: typ, Player: 1}); len(evs) != 1 || evs[0].Kind != rules.EventWarning {
			t.Errorf("%s:%s", typ, describe(evs))
		}
	}
}

func TestBankRunsDry(t *testing.T) {
	g := newTest(t, map[string]string{"pileSize": "2", "tokensTotal": "3"}, "Ana", "Ben")
	see(t, g, table(t, "Washington D.C."))
	see(t, g, table(t, "Washington D.C.", "E:Tokyo"))
	evs := guesses(t, g, 0, 0)
	if !slices.Equal(g.Tokens, []int{6, 5}) || g.Bank != 0 || len(only(evs, rules.EventWarning)) != 1 {
		t.Errorf("tokens %v bank %d:%s", g.Tokens, g.Bank, describe(evs))
	}
}

func TestSaveAndRestoreMidChallenge(t *testing.T) {
	g := newTest(t, nil, "Ana", "Ben")
	see(t, g, table(t, "Washington D.C."))
	see(t, g, table(t, "Washington D.C.", "E:Honolulu"))
	tell(t, g, ruleInput("challenge", 2, "", ""))
	b, err := g.MarshalJSONState()
	if err != nil {
		t.Fatal(err)
	}
	g2, err := restore(b, fixture)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := g2.MarshalJSONState()
	if string(b) != string(b2) {
		t.Fatalf("state changed:\n%s\n%s", b, b2)
	}
	if evs := see(t, g2, table(t, "Washington D.C.")); len(evs) != 1 || evs[0].Kind != rules.EventDone {
		t.Errorf("restored game lost the pending removal:%s", describe(evs))
	}
	rulestest.CheckEvents(t, g2.Start())
}

// TestOneRoundWords: a game of one round says "1 round" and "1 pile",
// never "1 rounds" or "1 piles".
func TestOneRoundWords(t *testing.T) {
	g, err := rules.NewGame(rules.Setup{Mode: ModeID, Players: []string{"Ana", "Ben"}, Options: map[string]string{"rounds": "1"}})
	if err != nil {
		t.Fatal(err)
	}
	e := g.Start()[0]
	if e.Short[0] != "Map It! 1 round" || !strings.Contains(e.Long, "into 1 pile of") || strings.Contains(e.Long, "1 piles") {
		t.Errorf("start: %q / %q", e.Short, e.Long)
	}
}
