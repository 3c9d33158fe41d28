package mapit

import (
	"slices"
	"testing"

	"github.com/tableref/tableref/rules"
)

// MI-3: Rio de Janeiro (22.9 S) placed south of São Paulo (23.5 S) and
// challenged: placed wrongly, the placer gives the challenger 1 token and
// Rio is removed; the referee waits for it to leave the cross.
func TestMI3RioBelowSaoPauloChallenged(t *testing.T) {
	g := newTest(t, nil, "Ana", "Ben", "Caro")
	see(t, g, table(t, "Washington D.C."))
	see(t, g, table(t, "Washington D.C.", "S:São Paulo"))                // Ana
	see(t, g, table(t, "Washington D.C.", "S:São Paulo,Rio de Janeiro")) // Ben
	evs := tell(t, g, ruleInput("challenge", 3, "Rio de Janeiro", "São Paulo"))
	wantKinds(t, evs, rules.EventVerdict, rules.EventPoints, rules.EventDo)
	if evs[0].Verdict != rules.Wrong || evs[0].Player != 2 || evs[0].Short[0] != "Rio de J.: WRONG" {
		t.Errorf("verdict: %s", describe(evs[:1]))
	}
	if evs[1].Player != 3 || evs[1].Short[0] != "Caro +1 token" || evs[1].Short[1] != "from Ben" {
		t.Errorf("token: %s", describe(evs[1:2]))
	}
	if evs[2].Action != "remove" || evs[2].Card != id(t, "Rio de Janeiro") || evs[2].Short[0] != "Remove Rio de J." {
		t.Errorf("removal: %s", describe(evs[2:]))
	}
	if want := []int{4, 3, 5}; !slices.Equal(g.Tokens, want) {
		t.Errorf("tokens %v, want %v", g.Tokens, want)
	}
	// The same table again: still waiting, nothing said.
	if evs := see(t, g, table(t, "Washington D.C.", "S:São Paulo,Rio de Janeiro")); len(evs) != 0 {
		t.Errorf("unchanged table while waiting:%s", describe(evs))
	}
	// Caro lays her card before Rio is gone: refused, state kept.
	evs = see(t, g, table(t, "Washington D.C.", "S:São Paulo,Rio de Janeiro", "E:Tokyo"))
	wantKinds(t, evs, rules.EventWarning)
	if evs[0].Short[0] != "Remove first:" || g.Placed != 2 {
		t.Errorf("placing before the removal:%s placed=%d", describe(evs), g.Placed)
	}
	evs = see(t, g, table(t, "Washington D.C.", "S:São Paulo"))
	wantKinds(t, evs, rules.EventDone)
	if g.Pending != nil || len(g.Cross.Arms[South]) != 1 {
		t.Errorf("after removal: pending %v, south %v", g.Pending, g.Cross.Arms[South])
	}
	// Rio was played: it cannot come back.
	evs = see(t, g, table(t, "Washington D.C.", "S:São Paulo", "E:Rio de Janeiro"))
	wantKinds(t, evs, rules.EventWarning)
}

func TestRemovalAndNextCardInOneSnapshot(t *testing.T) {
	g := newTest(t, nil, "Ana", "Ben")
	see(t, g, table(t, "Washington D.C."))
	see(t, g, table(t, "Washington D.C.", "E:Honolulu")) // Ana, wrong
	tell(t, g, ruleInput("challenge", 2, "", ""))
	evs := see(t, g, table(t, "Washington D.C.", "E:Tokyo")) // Honolulu gone, Ben's Tokyo in
	wantKinds(t, evs, rules.EventDone, rules.EventInfo, rules.EventTurn)
	if g.Last.Card != id(t, "Tokyo") || g.Last.Player != 2 || g.Turn != 1 {
		t.Errorf("last %+v, turn %d", g.Last, g.Turn)
	}
}

func TestRightPlacementChallengerPays(t *testing.T) {
	g := newTest(t, nil, "Ana", "Ben")
	see(t, g, table(t, "Washington D.C."))
	see(t, g, table(t, "Washington D.C.", "E:Tokyo"))
	evs := tell(t, g, ruleInput("challenge", 2, "", ""))
	wantKinds(t, evs, rules.EventVerdict, rules.EventPoints)
	if evs[0].Verdict != rules.Right || evs[1].Player != 1 || !slices.Equal(g.Tokens, []int{5, 3}) {
		t.Errorf("tokens %v:%s", g.Tokens, describe(evs))
	}
	if g.Pending != nil {
		t.Error("a right card is not removed")
	}
}

func TestChallengeJudgesTheChosenNeighbourOnly(t *testing.T) {
	// Athens between Washington and Honolulu: right against Washington,
	// wrong against Honolulu (which is itself misplaced).
	build := func() *Game {
		g := newTest(t, nil, "Ana", "Ben")
		see(t, g, table(t, "Washington D.C."))
		see(t, g, table(t, "Washington D.C.", "E:Honolulu"))
		see(t, g, table(t, "Washington D.C.", "E:Athens,Honolulu"))
		return g
	}
	g := build()
	evs := tell(t, g, ruleInput("challenge", 1, "Athens", "Washington D.C."))
	if v := only(evs, rules.EventVerdict); len(v) != 1 || v[0].Verdict != rules.Right {
		t.Errorf("against Washington:%s", describe(evs))
	}
	g = build()
	evs = tell(t, g, ruleInput("challenge", 1, "Athens", "Honolulu"))
	if v := only(evs, rules.EventVerdict); len(v) != 1 || v[0].Verdict != rules.Wrong {
		t.Errorf("against Honolulu:%s", describe(evs))
	}
	g = build()
	evs = tell(t, g, ruleInput("challenge", 1, "", ""))
	if v := only(evs, rules.EventVerdict); len(v) != 1 || v[0].Verdict != rules.Wrong {
		t.Errorf("no neighbour named, wrong against one of them:%s", describe(evs))
	}
	g = build()
	evs = tell(t, g, ruleInput("challenge", 1, "Athens", "Oslo"))
	wantKinds(t, evs, rules.EventWarning)
	if g.Last.Challenged {
		t.Error("a refused challenge used up the challenge")
	}
}

func TestChallengeRefusals(t *testing.T) {
	g := newTest(t, nil, "Ana", "Ben", "Caro")
	if evs := tell(t, g, ruleInput("challenge", 2, "", "")); len(evs) != 1 || evs[0].Kind != rules.EventWarning {
		t.Fatalf("challenge before any card:%s", describe(evs))
	}
	see(t, g, table(t, "Washington D.C."))
	see(t, g, table(t, "Washington D.C.", "E:Tokyo")) // Ana
	for name, in := range map[string]rules.Input{
		"the placer":       ruleInput("challenge", 1, "", ""),
		"no challenger":    ruleInput("challenge", 0, "", ""),
		"not the last one": ruleInput("challenge", 2, "Washington D.C.", ""),
	} {
		if evs := tell(t, g, in); len(evs) != 1 || evs[0].Kind != rules.EventWarning {
			t.Errorf("%s:%s", name, describe(evs))
		}
	}
	tell(t, g, ruleInput("challenge", 2, "", ""))
	if evs := tell(t, g, ruleInput("challenge", 3, "", "")); len(evs) != 1 || evs[0].Kind != rules.EventWarning {
		t.Errorf("a second challenge:%s", describe(evs))
	}
	if !slices.Equal(g.Tokens, []int{5, 3, 4}) {
		t.Errorf("tokens %v", g.Tokens)
	}
}

func TestAPlayerWithoutTokensPaysNothing(t *testing.T) {
	g := newTest(t, map[string]string{"startTokens": "0"}, "Ana", "Ben")
	see(t, g, table(t, "Washington D.C."))
	see(t, g, table(t, "Washington D.C.", "E:Honolulu"))
	evs := tell(t, g, ruleInput("challenge", 2, "", ""))
	wantKinds(t, evs, rules.EventVerdict, rules.EventInfo, rules.EventDo)
	if !slices.Equal(g.Tokens, []int{0, 0}) {
		t.Errorf("tokens %v", g.Tokens)
	}
}

func TestOnWrongChallengeSwap(t *testing.T) {
	g := newTest(t, map[string]string{"onWrongChallenge": "swap"}, "Ana", "Ben")
	see(t, g, table(t, "Washington D.C."))
	see(t, g, table(t, "Washington D.C.", "E:Tokyo"))
	see(t, g, table(t, "Washington D.C.", "E:Tokyo,Athens")) // Ben: Athens is west of Tokyo
	evs := tell(t, g, ruleInput("challenge", 1, "", ""))
	wantKinds(t, evs, rules.EventVerdict, rules.EventPoints, rules.EventDo)
	if evs[2].Action != "swap" {
		t.Fatalf("want a swap:%s", describe(evs))
	}
	if evs := see(t, g, table(t, "Washington D.C.", "E:Tokyo")); evs[0].Kind != rules.EventWarning {
		t.Errorf("removing instead of swapping:%s", describe(evs))
	}
	evs = see(t, g, table(t, "Washington D.C.", "E:Athens,Tokyo"))
	wantKinds(t, evs, rules.EventDone)
	if !slices.Equal(g.Cross.Arms[East], []rules.CardID{id(t, "Athens"), id(t, "Tokyo")}) {
		t.Errorf("east arm %v", g.Cross.Arms[East])
	}
}

// A wrong card stays where it is with onWrongChallenge=keep, and with
// swap when its neighbour is the centre card, which never moves.
func TestWrongCardStays(t *testing.T) {
	for _, opt := range []string{"swap", "keep"} {
		g := newTest(t, map[string]string{"onWrongChallenge": opt}, "Ana", "Ben")
		see(t, g, table(t, "Washington D.C."))
		see(t, g, table(t, "Washington D.C.", "W:Tokyo"))
		evs := tell(t, g, ruleInput("challenge", 2, "", ""))
		wantKinds(t, evs, rules.EventVerdict, rules.EventPoints, rules.EventInfo)
		if g.Pending != nil || len(g.Cross.Arms[West]) != 1 || evs[2].Short[0] != "Tokyo stays" {
			t.Errorf("%s: pending %+v, west %v:%s", opt, g.Pending, g.Cross.Arms[West], describe(evs))
		}
	}
}
