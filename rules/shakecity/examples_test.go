package shakecity

import (
	"slices"
	"testing"

	"github.com/tableref/tableref/rules"
)

// The test examples of REFERENCE.md §6.13 (STC-10 is in score_test.go).

// stcGrid: blue at (0,0),(1,0),(1,1) as in the rulebook's example; grey
// (0,1),(1,2); green (0,2),(2,2); red (2,0); black (2,1).
var stcGrid = []string{"BYG", "BBY", "RKG"}

func TestSTC1ManagerAndOthersChoose(t *testing.T) {
	g := newGame(t, []string{"Josefine", "Jakob", "Matea", "Marta"}, nil)
	evs := observe(t, &g, snap(t, stcGrid, empty6, empty6, empty6, empty6))
	if len(find(evs, rules.EventRound, 0)) != 1 || g.Phase != phasePlace {
		t.Fatalf("a valid grid must start the placement step: %s", dump(evs))
	}
	josefine := []string{"......", "......", "...B..", "...BB.", "......", "......"} // blue, offset (+2,+3)
	jakob := []string{".Y....", "..Y...", "......", "......", "......", "......"}    // grey, offset (0,0)
	matea := []string{"......", "......", "......", "....Y.", ".....Y", "......"}    // grey, offset (+3,+3)
	marta := []string{"......", "...G..", "......", "...G..", "......", "......"}    // green, offset (+1,+1)
	evs = observe(t, &g, snap(t, stcGrid, josefine, jakob, matea, marta))
	for p := 1; p <= 4; p++ {
		if v := verdict(t, evs, p); v.Verdict != rules.Right {
			t.Errorf("player %d: %s %s, want right", p, v.Short, v.Long)
		}
	}
	if g.Round != 2 || g.Manager != 2 {
		t.Errorf("after everyone placed right: round %d manager %d, want round 2 with Jakob (left of Josefine) managing", g.Round, g.Manager)
	}
}

func TestSTC2LockedColour(t *testing.T) {
	for _, tc := range []struct {
		round int
		want  rules.Verdict
	}{{1, rules.Wrong}, {12, rules.Wrong}, {13, rules.Right}, {15, rules.Right}} {
		g := newGame(t, []string{"Josefine", "Jakob"}, nil)
		g.Round = tc.round
		observe(t, &g, snap(t, stcGrid, empty6, empty6))
		josefine := []string{"......", "......", "...B..", "...BB.", "......", "......"}
		jakob := []string{"B.....", "BB....", "......", "......", "......", "......"}
		evs := observe(t, &g, snap(t, stcGrid, josefine, jakob))
		v := verdict(t, evs, 2)
		if v.Verdict != tc.want {
			t.Errorf("round %d: Jakob takes the manager's blue: %s (%s), want %s", tc.round, v.Verdict, v.Long, tc.want)
		}
		if tc.want == rules.Wrong && v.Short[1] != "blue is locked" {
			t.Errorf("round %d: reason %q, want \"blue is locked\"", tc.round, v.Short[1])
		}
	}
}

func TestSTC2WaitsForTheManager(t *testing.T) {
	// Jakob is quicker than the manager: his blue cannot be judged until
	// Josefine's colour shows.
	g := newGame(t, []string{"Josefine", "Jakob"}, nil)
	observe(t, &g, snap(t, stcGrid, empty6, empty6))
	jakob := []string{"B.....", "BB....", "......", "......", "......", "......"}
	evs := observe(t, &g, snap(t, stcGrid, empty6, jakob))
	if v := find(evs, rules.EventVerdict, 2); len(v) != 0 {
		t.Fatalf("Jakob judged before the manager chose: %s", dump(evs))
	}
	josefine := []string{"......", "......", "...B..", "...BB.", "......", "......"}
	evs = observe(t, &g, snap(t, stcGrid, josefine, jakob))
	if v := verdict(t, evs, 2); v.Verdict != rules.Wrong {
		t.Errorf("Jakob's blue after the manager took blue: %s", v.Verdict)
	}
	// He fixes it: takes the blue back and lays grey.
	jakob = []string{".Y....", "..Y...", "......", "......", "......", "......"}
	evs = observe(t, &g, snap(t, stcGrid, josefine, jakob))
	if v := verdict(t, evs, 2); v.Verdict != rules.Right {
		t.Errorf("Jakob's grey: %s %s", v.Verdict, v.Long)
	}
}

func TestSTC3TranslationIsLegal(t *testing.T) {
	g := newGame(t, []string{"Josefine", "Jakob"}, nil)
	observe(t, &g, snap(t, stcGrid, empty6, empty6))
	b := []string{"......", "......", "...B..", "...BB.", "......", "......"}
	if v := verdict(t, observe(t, &g, snap(t, stcGrid, b, empty6)), 1); v.Verdict != rules.Right {
		t.Errorf("blue at (2,3),(3,3),(3,4): %s %s, want right (offset +2,+3)", v.Verdict, v.Long)
	}
}

func TestSTC4RotatedAndRearrangedAreIllegal(t *testing.T) {
	for _, tc := range []struct {
		name, why string
		board     []string
	}{
		{"rotated", shapeRotated, []string{"......", "......", "...BB.", "...B..", "......", "......"}},
		{"rearranged", shapeOther, []string{"......", "......", "...B..", "...B..", "...B..", "......"}},
	} {
		g := newGame(t, []string{"Josefine", "Jakob"}, nil)
		observe(t, &g, snap(t, stcGrid, empty6, empty6))
		v := verdict(t, observe(t, &g, snap(t, stcGrid, tc.board, empty6)), 1)
		if v.Verdict != rules.Wrong || v.Short[1] != tc.why {
			t.Errorf("%s: %s %q, want wrong %q", tc.name, v.Verdict, v.Short[1], tc.why)
		}
	}
}

func TestSTC5SoloMostColourForbidden(t *testing.T) {
	grid := Grid{{Home, Home, Shop}, {Home, Park, Shop}, {Home, Park, Road}} // red 4, blue 2, green 2, grey 1
	rt := rights{Round: 5, Solo: true, IsManager: true}
	if s, _ := colourProblem(&grid, Home, rt); s == "" {
		t.Error("solo round 5: red (4 cubes, the most) must be forbidden")
	}
	if got := allowedColours(&grid, rt); !slices.Equal(got, []rules.Colour{Road, Park, Shop}) {
		t.Errorf("allowed %v, want grey, green, blue", got)
	}
	rt.Round = 13
	if s, _ := colourProblem(&grid, Home, rt); s != "" {
		t.Errorf("solo round 13: red must be allowed, got %q", s)
	}
	// Through the engine: the solo player lays the red cubes' pattern.
	g := newGame(t, []string{"Solo"}, nil)
	z := []string{"RRB", "RGB", "RGY"}
	observe(t, &g, snap(t, z, empty6))
	b := []string{"RR....", "R.....", "R.....", "......", "......", "......"}
	if v := verdict(t, observe(t, &g, snap(t, z, b)), 1); v.Verdict != rules.Wrong || v.Short[1] != "red is most" {
		t.Errorf("solo red: %s %q, want wrong \"red is most\"", v.Verdict, v.Short[1])
	}
}

func TestSTC6SoloTieAllowsEveryColour(t *testing.T) {
	grid := Grid{{Home, Home, Home}, {Shop, Shop, Shop}, {Park, Park, Factory}} // red 3, blue 3, green 2, black 1
	got := allowedColours(&grid, rights{Round: 3, Solo: true, IsManager: true})
	if !slices.Equal(got, []rules.Colour{Park, Factory, Shop, Home}) {
		t.Errorf("allowed %v, want every present colour", got)
	}
}

func TestSTC7SiteRemovedImmediately(t *testing.T) {
	g := newGame(t, []string{"Ana", "Ben"}, map[string]string{"constructionSites": "true", "sites": "YR,GK,BB,KY"})
	// Ana already has a home at (4,0) from an earlier round.
	g.Players[0].Board[4][0] = Home
	g.Players[0].Seen[4][0] = Home
	grid := []string{"YRR", "BGG", "KKB"}
	ana := []string{"......", "......", "......", "......", "R.....", "......"}
	observe(t, &g, snap(t, grid, ana, empty6))
	ana = []string{"......", "......", "......", "......", "RY....", "......"} // road next to the home
	evs := observe(t, &g, snap(t, grid, ana, empty6))
	do := find(evs, rules.EventDo, 1)
	if len(do) != 1 || do[0].Action != "remove" || do[0].Short[1] != "site 1 (YR)" {
		t.Fatalf("want Ana told to remove site 1 (grey-red) at once: %s", dump(evs))
	}
	if g.Players[0].Removed[0] {
		t.Error("the site is taken off the state at the end of the round, not before")
	}
	ben := []string{"......", "......", "......", "B.....", "..B...", "......"} // blue (1,0),(2,2) moved by (+2,0)
	observe(t, &g, snap(t, grid, ana, ben))
	if !g.Players[0].Removed[0] || g.Players[1].Removed[0] || g.Round != 2 {
		t.Errorf("after the round: Ana's site 1 removed %v (want true), Ben's %v (want false), round %d", g.Players[0].Removed[0], g.Players[1].Removed[0], g.Round)
	}
}

func TestSTC8SoloWinNeedsSitesAndTarget(t *testing.T) {
	for _, tc := range []struct {
		total, left int
		win         bool
	}{{55, 0, true}, {54, 0, false}, {60, 1, false}} {
		got := pickWinners([]rules.Score{{Player: 1, Total: tc.total}}, []int{tc.left}, 55)
		if (len(got) == 1) != tc.win {
			t.Errorf("solo %d points, %d sites left: winners %v, want win=%v", tc.total, tc.left, got, tc.win)
		}
	}
}

func TestSTC9TieBreaks(t *testing.T) {
	score := func(p, tiles, empty int) rules.Score {
		return rules.Score{Player: p, Total: 40, TieBreak: []int{tiles, -empty}}
	}
	none := []int{0, 0}
	if w := pickWinners([]rules.Score{score(1, 4, 9), score(2, 3, 0)}, none, 0); !slices.Equal(w, []int{1}) {
		t.Errorf("more scoring tiles must win: %v", w)
	}
	if w := pickWinners([]rules.Score{score(1, 4, 2), score(2, 4, 5)}, none, 0); !slices.Equal(w, []int{1}) {
		t.Errorf("fewer empty squares must win: %v", w)
	}
	if w := pickWinners([]rules.Score{score(1, 4, 2), score(2, 4, 2)}, none, 0); !slices.Equal(w, []int{1, 2}) {
		t.Errorf("all equal must be shared: %v", w)
	}
	// Module: a player with a site left cannot win; nobody without → nobody wins.
	if w := pickWinners([]rules.Score{{Player: 1, Total: 50}, {Player: 2, Total: 30}}, []int{1, 0}, 0); !slices.Equal(w, []int{2}) {
		t.Errorf("site left: winners %v, want [2]", w)
	}
	if w := pickWinners([]rules.Score{{Player: 1, Total: 50}, {Player: 2, Total: 30}}, []int{1, 2}, 0); w == nil || len(w) != 0 {
		t.Errorf("nobody removed all sites: winners %v, want an empty list", w)
	}
}
