package rulebook

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// REFERENCE.md §6: Shake That City.

// stc10 is REFERENCE.md's STC-10 fixture board (R road, P park, F factory,
// S shop, H home) in colour letters: Y road, G park, K factory, B shop,
// R home.
var stc10 = []string{
	"YYBR.G", // R R S H . P
	"KY.RGK", // F R . H P F
	"K.BBY.", // F . S S R .
	"RGYYYB", // H P R R R S
	"RK.B.R", // H F . S . H
	"Y.RRGY", // R . H H P R
}

const stc10Tiles = "roads,homes,different,parks,factories,shops"

// TestSTC10OracleAgreesWithTheReference checks the test's own scorer on
// the fixture's hand-computed numbers first.
func TestSTC10OracleAgreesWithTheReference(t *testing.T) {
	b := boardOf(stc10...)
	l := parseLayout(stc10Tiles)
	std := oracleScore(stcSide{}, b, l, false, nil)
	if got := fmt.Sprint(std.roads, std.parks, std.factories, std.shops, std.homes, std.tiles, std.total, std.empty); got != "5 6 3 2 6 4 34 7" {
		t.Errorf("standard: roads parks factories shops homes tiles total empty = %s, want 5 6 3 2 6 4 34 7", got)
	}
	if fam := oracleScore(stcSide{}, b, l, true, nil); fam.total != 12 {
		t.Errorf("family: %d, want 12", fam.total)
	}
	sea := oracleScore(stcSide{sea: true}, b, l, false, nil)
	if got := fmt.Sprint(sea.roads, sea.parks, sea.factories, sea.shops, sea.homes, sea.total); got != "4 5 3 1 8 33" {
		t.Errorf("sea: roads parks factories shops homes total = %s, want 4 5 3 1 8 33", got)
	}
}

// buildCity plays a 2-player game of 15 rounds in which player 1 builds
// the target board (cut into 15 moves) and player 2 lays one tile a round
// of another colour, row by row; it returns the finished game.
func buildCity(t *testing.T, target []string, opts map[string]string) *city {
	t.Helper()
	c := shakeCity(t, []string{"Ana", "Ben"}, opts)
	plan := splitBoard(t, target, 15)
	for r, mv := range plan {
		other := byte('R')
		for _, l := range stcLetters {
			if l != mv.colour {
				other = l
				break
			}
		}
		second := move{other, [][2]int{{r / 6, r % 6}}}
		c.playRound(t, []move{mv, second})
	}
	if !c.g.Finished() {
		t.Fatalf("not finished after 15 rounds:%s", dump(c.all[len(c.all)-5:]))
	}
	if got := boardRows(c.boards[0]); got != strings.Join(target, "/") {
		t.Fatalf("board %s, want %s", got, strings.Join(target, "/"))
	}
	return c
}

// STC-10 played: the fixture board built over 15 rounds, then scored by
// the referee at the end of the game: standard side 34 (city 22 + 4
// tiles), family variant 12, sea side 33 (city 21 + 4 tiles).
func TestSTC10PlayedToTheEnd(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts map[string]string
		want int
		city map[string]int
	}{
		{"standard", map[string]string{"tiles": stc10Tiles}, 34, map[string]int{"roads": 5, "parks": 6, "factories": 3, "shops": 2, "homes": 6, "scoring tiles": 12}},
		{"family", map[string]string{"tiles": stc10Tiles, "family": "true"}, 12, map[string]int{"scoring tiles": 12}},
		{"sea", map[string]string{"tiles": stc10Tiles, "side": "sea"}, 33, map[string]int{"roads": 4, "parks": 5, "factories": 3, "shops": 1, "homes": 8, "scoring tiles": 12}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := buildCity(t, stc10, tc.opts)
			s := c.score(1)
			if s.Total != tc.want {
				t.Errorf("Ana: %d, want %d: %+v", s.Total, tc.want, s.Parts)
			}
			for cat, want := range tc.city {
				if got := part(t, s, cat); got != want {
					t.Errorf("Ana's %s: %d, want %d", cat, got, want)
				}
			}
			if len(s.TieBreak) != 2 || s.TieBreak[0] != 4 || s.TieBreak[1] != -7 {
				t.Errorf("tie-break values %v, want [4 -7] (4 tiles, 7 empty squares)", s.TieBreak)
			}
			c.replayed()
		})
	}
}

// verdictsOf returns player p's verdicts among evs.
func verdictsOf(evs []rules.Event, p int) []rules.Event {
	var out []rules.Event
	for _, e := range only(evs, rules.EventVerdict) {
		if e.Player == p {
			out = append(out, e)
		}
	}
	return out
}

// fillerRounds plays rounds until the game's next round is round n: in
// the round of index i every player lays one tile of its own colour on
// square i (row by row).
func (c *city) fillerRounds(t *testing.T, n int) {
	t.Helper()
	for c.round < n {
		i := c.round - 1
		var moves []move
		for p := range c.boards {
			moves = append(moves, move{stcLetters[p], [][2]int{{i / 6, i % 6}}})
		}
		c.playRound(t, moves)
	}
}

// STC-1: round ≤ 12, Josefine (manager) takes blue, Jakob and Matea grey,
// Marta green: all legal.
func TestSTC1ManagerAndOthersChoose(t *testing.T) {
	c := shakeCity(t, []string{"Josefine", "Jakob", "Matea", "Marta"}, nil)
	evs := c.playRound(t, []move{
		{'B', [][2]int{{0, 0}, {0, 1}}},
		{'Y', [][2]int{{2, 2}}},
		{'Y', [][2]int{{5, 5}}},
		{'G', [][2]int{{3, 3}, {4, 3}}},
	})
	for p := 1; p <= 4; p++ {
		if vs := verdictsOf(evs, p); len(vs) != 1 || vs[0].Verdict != rules.Right {
			t.Errorf("player %d: %s", p, dump(vs))
		}
	}
}

// STC-2: the same round, Jakob takes blue: locked for him in rounds 1–12,
// legal in rounds 13–15.
func TestSTC2ManagersColourLocked(t *testing.T) {
	c := shakeCity(t, []string{"Josefine", "Jakob", "Matea", "Marta"}, nil)
	moves := []move{{'B', [][2]int{{0, 0}, {0, 1}}}, {'B', [][2]int{{3, 3}, {3, 4}}}, {'Y', [][2]int{{5, 5}}}, {'G', [][2]int{{3, 3}}}}
	grid := gridFor(t, moves)
	c.shake(grid...)
	for p, mv := range moves {
		c.lay(p+1, mv)
	}
	evs := c.showBoards(grid...)
	vs := verdictsOf(evs, 2)
	if len(vs) != 1 || vs[0].Verdict != rules.Wrong || !strings.Contains(vs[0].Short[1], "blue is locked") {
		t.Fatalf("Jakob's blue in round 1:%s", dump(evs))
	}
	// Rounds 13–15: the same choice is legal. Josefine manages round 13.
	c = shakeCity(t, []string{"Josefine", "Jakob", "Matea", "Marta"}, nil)
	c.fillerRounds(t, 13)
	evs = c.playRound(t, []move{{'B', [][2]int{{4, 0}, {4, 1}}}, {'B', [][2]int{{4, 3}, {4, 4}}}, {'Y', [][2]int{{5, 5}}}, {'G', [][2]int{{5, 0}}}})
	if vs := verdictsOf(evs, 2); len(vs) != 1 || vs[0].Verdict != rules.Right {
		t.Fatalf("Jakob's blue in round 13:%s", dump(evs))
	}
}

// STC-3 and STC-4: blue cubes at grid (0,0), (1,0), (1,1). Tiles at (2,3),
// (3,3), (3,4) are the pattern moved by (+2,+3): legal. Turned
// ((2,3),(2,4),(3,3)) or rearranged ((2,3),(3,3),(4,3)): illegal.
func TestSTC3And4PatternTranslationOnly(t *testing.T) {
	grid := []string{"BYY", "BBY", "RRK"}
	for _, tc := range []struct {
		name  string
		cells [][2]int
		right bool
	}{
		{"STC-3 moved by (+2,+3)", [][2]int{{2, 3}, {3, 3}, {3, 4}}, true},
		{"STC-4 turned", [][2]int{{2, 3}, {2, 4}, {3, 3}}, false},
		{"STC-4 rearranged", [][2]int{{2, 3}, {3, 3}, {4, 3}}, false},
		{"mirrored", [][2]int{{2, 4}, {3, 3}, {3, 4}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := shakeCity(t, []string{"Ana", "Ben"}, nil)
			c.shake(grid...)
			c.lay(1, move{'B', tc.cells})
			vs := verdictsOf(c.showBoards(grid...), 1)
			if len(vs) != 1 || (vs[0].Verdict == rules.Right) != tc.right {
				t.Fatalf("want right=%v:%s", tc.right, dump(vs))
			}
		})
	}
}

// STC-5: solo, round ≤ 12, grid red 4, blue 2, green 2, grey 1: red (the
// most) may not be chosen. STC-6: red 3, blue 3, green 2, black 1: the
// most is tied, every colour may be chosen.
func TestSTC5And6SoloMostCubes(t *testing.T) {
	c := shakeCity(t, []string{"Eva"}, nil)
	grid := []string{"RRB", "RRB", "GGY"}
	c.shake(grid...)
	if evs := c.input("choose", "player", 1, "choice", "red"); len(verdictsOf(evs, 1)) != 1 || verdictsOf(evs, 1)[0].Verdict != rules.Wrong {
		t.Errorf("STC-5: choosing red:%s", dump(evs))
	}
	c.lay(1, move{'R', [][2]int{{0, 2}, {0, 3}, {1, 2}, {1, 3}}})
	vs := verdictsOf(c.showBoards(grid...), 1)
	if len(vs) != 1 || vs[0].Verdict != rules.Wrong || !strings.Contains(vs[0].Long, "most") {
		t.Fatalf("STC-5: red laid:%s", dump(vs))
	}

	c = shakeCity(t, []string{"Eva"}, nil)
	grid = []string{"RRR", "BBB", "GGK"}
	c.shake(grid...)
	c.lay(1, move{'R', [][2]int{{0, 2}, {0, 3}, {0, 4}}})
	if vs := verdictsOf(c.showBoards(grid...), 1); len(vs) != 1 || vs[0].Verdict != rules.Right {
		t.Fatalf("STC-6: red laid with the most tied:%s", dump(vs))
	}
}

// STC-7: construction sites; site 1 is grey-red (road-home, at (1,1)). A
// road next to a home anywhere on the board: the site goes at once, and its
// square takes a tile from then on; before, a tile on it is wrong.
func TestSTC7SiteRemovedWhenItsPairTouches(t *testing.T) {
	c := shakeCity(t, []string{"Ana", "Ben"}, map[string]string{"constructionSites": "true", "sites": "YR,GK,BY,RG"})
	// Round 1: a tile on the site square is wrong.
	moves := []move{{'K', [][2]int{{1, 1}}}, {'G', [][2]int{{0, 0}}}}
	grid := gridFor(t, moves)
	c.shake(grid...)
	c.lay(1, moves[0])
	if vs := verdictsOf(c.showBoards(grid...), 1); len(vs) != 1 || vs[0].Verdict != rules.Wrong || !strings.Contains(vs[0].Short[1], "site 1") {
		t.Fatalf("a tile on site 1:%s", dump(vs))
	}
	c.boards[0][1][1] = '.'
	c.lay(1, move{'K', [][2]int{{5, 0}}})
	c.lay(2, moves[1])
	c.showBoards(grid...)
	c.collect()
	c.round++
	// Round 2: a road; round 3: a home beside it, far from the site.
	c.playRound(t, []move{{'Y', [][2]int{{5, 3}}}, {'G', [][2]int{{0, 1}}}})
	evs := c.playRound(t, []move{{'R', [][2]int{{5, 4}}}, {'G', [][2]int{{0, 2}}}})
	if !hasShort(evs, rules.EventDo, "Ana: remove") {
		t.Fatalf("site 1 not removed:%s", dump(evs))
	}
	// Round 4: the square is free.
	c.boards[0][1][1] = '.'
	c.playRound(t, []move{{'K', [][2]int{{1, 1}}}, {'G', [][2]int{{0, 3}}}})
}

// soloPlan is a solo game's 15 moves. Its first row (road, home, park,
// factory, shop, road) touches the pairs of all four default sites
// (YR, GK, BY, RG) by round 6, so each site's square takes a tile later.
var soloPlan = []move{
	{'Y', [][2]int{{0, 0}}},
	{'R', [][2]int{{0, 1}}},
	{'G', [][2]int{{0, 2}}},
	{'K', [][2]int{{0, 3}}},
	{'B', [][2]int{{0, 4}}},
	{'Y', [][2]int{{0, 5}}},
	{'R', [][2]int{{1, 0}, {2, 0}}},
	{'G', [][2]int{{1, 1}}},
	{'K', [][2]int{{2, 2}, {2, 3}}},
	{'B', [][2]int{{3, 3}}},
	{'Y', [][2]int{{1, 5}, {2, 5}}},
	{'R', [][2]int{{4, 4}}},
	{'G', [][2]int{{5, 0}, {5, 1}}},
	{'K', [][2]int{{4, 0}}},
	{'B', [][2]int{{5, 5}}},
}

// soloGame plays plan solo with options and returns the finished game.
func soloGame(t *testing.T, plan []move, opts map[string]string) *city {
	t.Helper()
	c := shakeCity(t, []string{"Eva"}, opts)
	for _, mv := range plan {
		c.playRound(t, []move{mv})
	}
	if !c.g.Finished() {
		t.Fatal("solo game not finished")
	}
	return c
}

// STC-8: solo ends in a win only with every site removed and at least the
// target. The plan's board scores T (by the rules, here computed by the
// test's own scorer): target T wins, T+1 loses (at least, not more than);
// a plan that never lays a shop by a road keeps site 3 (BY) and loses
// even far above the target.
func TestSTC8SoloWinNeedsSitesAndTarget(t *testing.T) {
	c := soloGame(t, soloPlan, nil)
	want := oracleScore(stcSide{}, c.boards[0], parseLayout(stc10DefaultTiles), false, nil).total
	if got := c.score(1).Total; got != want {
		t.Fatalf("solo total %d, the rules give %d (board %s)", got, want, boardRows(c.boards[0]))
	}
	for _, tc := range []struct {
		target int
		win    bool
	}{{want, true}, {want + 1, false}, {want - 1, true}} {
		c := soloGame(t, soloPlan, map[string]string{"solo.target": fmt.Sprint(tc.target)})
		if won := len(c.g.Winners()) == 1; won != tc.win {
			t.Errorf("total %d, target %d: win %v, want %v", want, tc.target, won, tc.win)
		}
		end := only(c.all, rules.EventEnd)
		if len(end) != 1 || strings.HasPrefix(end[0].Short[0], "Solo win") != tc.win {
			t.Errorf("target %d: end screen:%s", tc.target, dump(end))
		}
	}
	// Site 3 (shop–road) never met: lost, however low the target.
	plan := append([]move(nil), soloPlan...)
	plan[4] = move{'B', [][2]int{{5, 3}}} // no road beside it
	plan[9] = move{'B', [][2]int{{3, 2}}} // off site 3's square (3,3)
	plan[14] = move{'B', [][2]int{{4, 2}}}
	c = soloGame(t, plan, map[string]string{"solo.target": "1"})
	if w := c.g.Winners(); len(w) != 0 {
		t.Errorf("a site left: winners %v, want none", w)
	}
	if end := only(c.all, rules.EventEnd); len(end) != 1 || end[0].Short != [2]string{fmt.Sprintf("Solo lost: %d", c.score(1).Total), "1 site left"} {
		t.Errorf("want Solo lost / 1 site left:%s", dump(end))
	}
}

const stc10DefaultTiles = "roads,parks,factories,shops,homes,different"

// STC-9's boards. tb1A fulfils 4 scoring tiles, tb1B 3, and both score 33
// (default tiles). tb2B is tb1A; tb2A is tb1A with three roads cut off from
// the asphalt (worth nothing, next to no factory, in no scored line): the
// same total and tiles, three empty squares fewer.
var (
	tb1A = []string{"YR.B..", "BBKGRB", "...BG.", "YB.KR.", "...B.R", "K.GYR."}
	tb1B = []string{"GRRY.B", "YYGRGR", ".RG..G", "YBR...", ".K....", "RK...."}
	tb2A = []string{"YR.B..", "BBKGRB", ".Y.BG.", "YB.KR.", ".YYB.R", "K.GYR."}
)

// STC-9: equal points: more fulfilled scoring tiles win; equal tiles too:
// fewer empty squares win; all equal: a shared victory.
func TestSTC9TieBreaks(t *testing.T) {
	l := parseLayout(stc10DefaultTiles)
	a, b := oracleScore(stcSide{}, boardOf(tb1A...), l, false, nil), oracleScore(stcSide{}, boardOf(tb1B...), l, false, nil)
	if a.total != b.total || a.tiles != 4 || b.tiles != 3 {
		t.Fatalf("fixture: A %+v, B %+v: want equal totals, 4 and 3 tiles", a, b)
	}
	c := buildTwo(t, tb1A, tb1B, nil)
	wantWinners(t, c.g, 1)
	if end := only(c.all, rules.EventEnd); len(end) != 1 || !strings.Contains(end[0].Long, "more fulfilled scoring tiles") {
		t.Errorf("tie-break 1 not said:%s", dump(end))
	}

	a, b = oracleScore(stcSide{}, boardOf(tb2A...), l, false, nil), oracleScore(stcSide{}, boardOf(tb1A...), l, false, nil)
	if a.total != b.total || a.tiles != b.tiles || a.empty != b.empty-3 {
		t.Fatalf("fixture: A %+v, B %+v: want equal totals and tiles, A 3 empty squares fewer", a, b)
	}
	c = buildTwo(t, tb2A, tb1A, nil)
	wantWinners(t, c.g, 1)
	if end := only(c.all, rules.EventEnd); len(end) != 1 || !strings.Contains(end[0].Long, "fewer empty squares") {
		t.Errorf("tie-break 2 not said:%s", dump(end))
	}

	c = buildTwo(t, tb1A, tb1A, nil)
	wantWinners(t, c.g, 1, 2)
	c.replayed()
}
