package shakecity

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// place returns the rows of an empty board with colour c on the given
// squares.
func place(c rules.Colour, at []rules.Pos) []string {
	var b Board
	for _, p := range at {
		b[p.Row][p.Col] = c
	}
	return b.Rows()
}

func shift(ps []rules.Pos, dr, dc int) []rules.Pos {
	out := make([]rules.Pos, len(ps))
	for i, p := range ps {
		out[i] = rules.Pos{Row: p.Row + dr, Col: p.Col + dc}
	}
	return out
}

// TestPatternEveryColourAndShape lays every colour in shapes of 1 to 5
// cubes, each translated (right), turned and mirrored where that changes
// the shape (wrong), by the manager, so no colour right interferes.
func TestPatternEveryColourAndShape(t *testing.T) {
	shapes := map[string][]rules.Pos{
		"single":   {{Row: 1, Col: 1}},
		"pair":     {{Row: 0, Col: 0}, {Row: 0, Col: 1}},
		"diagonal": {{Row: 0, Col: 0}, {Row: 1, Col: 1}},
		"gap":      {{Row: 0, Col: 0}, {Row: 0, Col: 2}},
		"L":        {{Row: 0, Col: 0}, {Row: 1, Col: 0}, {Row: 1, Col: 1}},
		"corners":  {{Row: 0, Col: 0}, {Row: 0, Col: 2}, {Row: 2, Col: 0}},
		"S":        {{Row: 0, Col: 1}, {Row: 0, Col: 2}, {Row: 1, Col: 0}, {Row: 1, Col: 1}},
		"plus":     {{Row: 0, Col: 1}, {Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: 2}, {Row: 2, Col: 1}},
	}
	for _, c := range TileColours {
		for name, shape := range shapes {
			if len(shape) > Supply[c] {
				continue
			}
			t.Run(fmt.Sprintf("%s/%s", c, name), func(t *testing.T) {
				var grid Grid
				filler := []rules.Colour{Home, Shop, Factory, Park, Road}
				k := 0
				for r := 0; r < 3; r++ {
					for col := 0; col < 3; col++ {
						for filler[k%5] == c {
							k++
						}
						grid[r][col] = filler[k%5]
						k++
					}
				}
				for _, p := range shape {
					grid[p.Row][p.Col] = c
				}
				judgeOnce := func(at []rules.Pos) rules.Event {
					g := newGame(t, []string{"Ana", "Ben"}, nil)
					observe(t, &g, snap(t, grid.Rows(), empty6, empty6))
					return verdict(t, observe(t, &g, snap(t, grid.Rows(), place(c, at), empty6)), 1)
				}
				if v := judgeOnce(shift(shape, 3, 3)); v.Verdict != rules.Right {
					t.Fatalf("translated by (3,3): %s %s", v.Verdict, v.Long)
				}
				turned := turnTableToBoard(shape, 1)
				if !sameShape(turned, shape) {
					if v := judgeOnce(shift(turned, 2, 2)); v.Verdict != rules.Wrong || v.Short[1] != shapeRotated {
						t.Errorf("turned: %s %q, want wrong %q", v.Verdict, v.Short[1], shapeRotated)
					}
				}
				mirrored := make([]rules.Pos, len(shape))
				for i, p := range shape {
					mirrored[i] = rules.Pos{Row: p.Row, Col: 2 - p.Col}
				}
				if !sameShape(mirrored, shape) {
					v := judgeOnce(shift(mirrored, 1, 1))
					if v.Verdict != rules.Wrong || (v.Short[1] != shapeMirrored && v.Short[1] != shapeRotated) {
						t.Errorf("mirrored: %s %q, want wrong", v.Verdict, v.Short[1])
					}
				}
			})
		}
	}
}

func TestPlacementMistakes(t *testing.T) {
	grid := []string{"BYG", "BBY", "RKG"}
	for _, tc := range []struct {
		name, why string
		board     []string
	}{
		{"mixed colours", "mixed colours", []string{"B.....", "BY....", "......", "......", "......", "......"}},
		{"colour not in grid", "no", []string{"......", "......", "......", "......", "......", "...GGG"}},
		{"too many", "1 too many", []string{"B.....", "BB....", "B.....", "......", "......", "......"}},
		{"off the grid's shape", shapeOther, []string{"......", "..KK..", "......", "......", "......", "......"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, []string{"Ana", "Ben"}, nil)
			observe(t, &g, snap(t, grid, empty6, empty6))
			if tc.name == "colour not in grid" {
				grid := []string{"BYR", "BBY", "RKY"}
				g = newGame(t, []string{"Ana", "Ben"}, nil)
				observe(t, &g, snap(t, grid, empty6, empty6))
				v := verdict(t, observe(t, &g, snap(t, grid, tc.board, empty6)), 1)
				if v.Verdict != rules.Wrong || !strings.HasPrefix(v.Short[1], "no green") {
					t.Errorf("%s %q", v.Verdict, v.Short[1])
				}
				return
			}
			if tc.name == "off the grid's shape" {
				tc.board = []string{"......", "..K...", "..K...", "......", "......", "......"} // 2 blacks for 1 cube
				tc.why = "1 too many"
			}
			v := verdict(t, observe(t, &g, snap(t, grid, tc.board, empty6)), 1)
			if v.Verdict != rules.Wrong || v.Short[1] != tc.why {
				t.Errorf("%s %q, want wrong %q (%s)", v.Verdict, v.Short[1], tc.why, v.Long)
			}
		})
	}
}

func TestPartialPlacementAccumulates(t *testing.T) {
	grid := []string{"BYG", "BBY", "RKG"}
	g := newGame(t, []string{"Ana", "Ben"}, nil)
	observe(t, &g, snap(t, grid, empty6, empty6))
	evs := observe(t, &g, snap(t, grid, place(Shop, []rules.Pos{{Row: 0, Col: 0}}), empty6))
	if len(find(evs, rules.EventVerdict, 1)) != 0 {
		t.Fatalf("1 of 3 tiles is not judged yet: %s", dump(evs))
	}
	evs = observe(t, &g, snap(t, grid, place(Shop, []rules.Pos{{Row: 0, Col: 0}, {Row: 1, Col: 0}, {Row: 1, Col: 1}}), empty6))
	if v := verdict(t, evs, 1); v.Verdict != rules.Right || v.Short[1] != "3 shops: OK" {
		t.Errorf("complete: %s %q", v.Verdict, v.Short[1])
	}
	// The cubes go back while Ben has placed only half: he is told.
	evs = observe(t, &g, snap(t, nil, place(Shop, []rules.Pos{{Row: 0, Col: 0}, {Row: 1, Col: 0}, {Row: 1, Col: 1}}), place(Road, []rules.Pos{{Row: 3, Col: 3}})))
	w := find(evs, rules.EventWarning, 2)
	if len(w) != 1 || w[0].Short[0] != "Ben: 1 of 2" || g.Round != 1 {
		t.Errorf("want Ben told to finish, round still 1: %s", dump(evs))
	}
}

func TestEarlierTilesMayNotMove(t *testing.T) {
	grid := []string{"BYG", "BBY", "RKG"}
	g := newGame(t, []string{"Ana", "Ben"}, nil)
	g.Players[0].Board[5][5], g.Players[0].Seen[5][5] = Home, Home
	observe(t, &g, snap(t, grid, place(Home, []rules.Pos{{Row: 5, Col: 5}}), empty6))
	evs := observe(t, &g, snap(t, grid, empty6, empty6))
	if v := verdict(t, evs, 1); v.Verdict != rules.Wrong || v.Short[1] != "moved r5c5" {
		t.Errorf("removing an earlier tile: %s %q, want wrong \"moved r5c5\"", v.Verdict, v.Short[1])
	}
	// Covering it with another colour is the same violation.
	evs = observe(t, &g, snap(t, grid, place(Shop, []rules.Pos{{Row: 5, Col: 5}}), empty6))
	if v := find(evs, rules.EventVerdict, 1); len(v) != 0 {
		t.Errorf("same violation again must not be said twice: %s", dump(evs))
	}
}

func TestForcedChoice(t *testing.T) {
	// Ana's board has room only for single tiles on a checkerboard;
	// the grid offers black 1 (the manager's colour) and pairs otherwise.
	full := []string{
		"R.RYRY",
		"YRYRYR",
		"RYRYRY",
		"YRYRYR",
		"RYRYRY",
		"YRYRYR",
	}
	board, _ := ParseBoard(full...)
	grid := []string{"KBB", "GGY", "YRR"} // black 1; the rest come in pairs
	g := newGame(t, []string{"Ben", "Ana"}, nil)
	g.Players[1].Board, g.Players[1].Seen = board, board
	observe(t, &g, snap(t, grid, empty6, full))
	ben := place(Factory, []rules.Pos{{Row: 3, Col: 3}}) // Ben, the manager, takes black
	evs := observe(t, &g, snap(t, grid, ben, full))
	if v := verdict(t, evs, 1); v.Verdict != rules.Right {
		t.Fatalf("Ben: %s", v.Long)
	}
	// Ana places nothing: only black (locked) would fit, so she passes.
	evs = g.Input(rules.Input{Type: rules.InputNext})
	if v := verdict(t, evs, 2); v.Verdict != rules.Right || v.Short[1] != "nothing fits: OK" {
		t.Errorf("Ana's pass: %s %q", v.Verdict, v.Short[1])
	}
	if g.Round != 2 {
		t.Errorf("round %d, want 2 after everyone settled", g.Round)
	}

	// Same board, but a single blue cube: Ana must place it.
	g = newGame(t, []string{"Ben", "Ana"}, nil)
	g.Players[1].Board, g.Players[1].Seen = board, board
	grid = []string{"KBG", "GYY", "RRY"}
	observe(t, &g, snap(t, grid, empty6, full))
	observe(t, &g, snap(t, grid, ben, full))
	evs = observe(t, &g, snap(t, nil, ben, full)) // cubes back: the round should end
	w := find(evs, rules.EventWarning, 2)
	if len(w) != 1 || w[0].Short[0] != "Ana must place" || w[0].Short[1] != "blue fits" || g.Round != 1 {
		t.Errorf("illegal pass must be refused: round %d %s", g.Round, dump(evs))
	}
	anaBoard := append([]string(nil), full...)
	anaBoard[0] = "RBRYRY"
	evs = observe(t, &g, snap(t, nil, ben, anaBoard))
	if v := verdict(t, evs, 2); v.Verdict != rules.Right || g.Round != 2 {
		t.Errorf("Ana's blue after the refusal: %s, round %d", v.Verdict, g.Round)
	}
}

func TestTileOnConstructionSite(t *testing.T) {
	g := newGame(t, []string{"Ana", "Ben"}, map[string]string{"constructionSites": "true"})
	grid := []string{"KBB", "GGY", "YRR"}
	observe(t, &g, snap(t, grid, empty6, empty6))
	ana := place(Factory, []rules.Pos{{Row: 2, Col: 2}}) // site 2
	v := verdict(t, observe(t, &g, snap(t, grid, ana, empty6)), 1)
	if v.Verdict != rules.Wrong || v.Short[1] != "on site 2" {
		t.Errorf("factory on site 2: %s %q", v.Verdict, v.Short[1])
	}
}

func TestReshakeAndMisread(t *testing.T) {
	g := newGame(t, []string{"Ana", "Ben"}, nil)
	for _, tc := range []struct {
		grid   []string
		action string
		l2     string
	}{
		{[]string{"BYG", "BBY", "RK."}, "reshake", "8 cubes, not 9"},
		{[]string{"BYG.", "BBY.", "RK.G"}, "reshake", "Not a 3x3 grid"},
		{[]string{"YYY", "YYY", "BBB"}, "", "Misread cubes"},
	} {
		evs := observe(t, &g, snap(t, tc.grid, empty6, empty6))
		if len(evs) != 1 || evs[0].Action != tc.action || evs[0].Short[1] != tc.l2 || g.Phase != phaseShake {
			t.Errorf("grid %v: %s", tc.grid, dump(evs))
		}
	}
	if evs := observe(t, &g, snap(t, []string{"YYY", "YYY", "BBB"}, empty6, empty6)); len(evs) != 0 {
		t.Errorf("the same problem is said once: %s", dump(evs))
	}
	if evs := observe(t, &g, snap(t, stcGrid, empty6, empty6)); g.Phase != phasePlace || len(evs) != 1 {
		t.Errorf("a good grid after a reshake starts the round: %s", dump(evs))
	}
}

func TestOldGridIsNotANewRound(t *testing.T) {
	g := newGame(t, []string{"Ana", "Ben"}, nil)
	observe(t, &g, snap(t, stcGrid, empty6, empty6))
	ana := place(Shop, []rules.Pos{{Row: 0, Col: 0}, {Row: 1, Col: 0}, {Row: 1, Col: 1}})
	ben := place(Road, []rules.Pos{{Row: 0, Col: 1}, {Row: 1, Col: 2}})
	observe(t, &g, snap(t, stcGrid, ana, ben))
	if g.Round != 2 || g.Phase != phaseShake {
		t.Fatalf("round %d phase %s", g.Round, g.Phase)
	}
	// The cubes still lie there, then are partly collected: no new round,
	// no reshake.
	if evs := observe(t, &g, snap(t, stcGrid, ana, ben)); len(evs) != 0 || g.Phase != phaseShake {
		t.Errorf("the old grid again: %s", dump(evs))
	}
	if evs := observe(t, &g, snap(t, []string{"BY.", "B..", "..."}, ana, ben)); len(evs) != 0 {
		t.Errorf("cubes being collected: %s", dump(evs))
	}
	observe(t, &g, snap(t, nil, ana, ben))
	if evs := observe(t, &g, snap(t, stcGrid, ana, ben)); g.Phase != phasePlace || len(find(evs, rules.EventRound, 0)) != 1 {
		t.Errorf("the same grid shaken again after the shaker was emptied is a new round: %s", dump(evs))
	}
}

func TestTilesBeforeTheShake(t *testing.T) {
	g := newGame(t, []string{"Ana", "Ben"}, nil)
	evs := observe(t, &g, snap(t, nil, place(Home, []rules.Pos{{Row: 0, Col: 0}}), empty6))
	if w := find(evs, rules.EventWarning, 1); len(w) != 1 || w[0].Short[1] != "for the shake" {
		t.Errorf("%s", dump(evs))
	}
}

func TestWildCubes(t *testing.T) {
	g := newGame(t, []string{"Ana", "Ben"}, map[string]string{"wildCubes": "2"})
	grid := []string{"BWG", "BBY", "RKG"} // white at (0,1) joins any colour
	observe(t, &g, snap(t, grid, empty6, empty6))
	ana := place(Shop, []rules.Pos{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 1, Col: 0}, {Row: 1, Col: 1}})
	ben := place(Park, []rules.Pos{{Row: 0, Col: 1}, {Row: 0, Col: 2}, {Row: 2, Col: 2}})
	evs := observe(t, &g, snap(t, grid, ana, ben))
	if v := verdict(t, evs, 1); v.Verdict != rules.Right || v.Short[1] != "4 shops: OK" {
		t.Errorf("Ana blue + wild: %s %s", v.Verdict, v.Long)
	}
	if v := verdict(t, evs, 2); v.Verdict != rules.Right {
		t.Errorf("Ben green + wild: %s %s", v.Verdict, v.Long)
	}
	// Without the option a white cube is a misread.
	g = newGame(t, []string{"Ana", "Ben"}, nil)
	if evs := observe(t, &g, snap(t, grid, empty6, empty6)); len(evs) != 1 || evs[0].Kind != rules.EventWarning {
		t.Errorf("white without wild cubes: %s", dump(evs))
	}
}

func TestRotatedBoardProfile(t *testing.T) {
	p := profile(t, SideStandard)
	p.Rotation = 1 // printed north faces table east
	data := mustJSON(t, p)
	g := newGame(t, []string{"Ana", "Ben"}, map[string]string{"profile.standard": data})
	observe(t, &g, snap(t, stcGrid, empty6, empty6))
	// The table's L {(0,0),(1,0),(1,1)} seen on a board whose printed north
	// faces table east: upright, that board shows the picture turned a
	// quarter counter-clockwise, {(0,1),(1,0),(1,1)}.
	turned := place(Shop, []rules.Pos{{Row: 2, Col: 4}, {Row: 3, Col: 3}, {Row: 3, Col: 4}})
	if v := verdict(t, observe(t, &g, snap(t, stcGrid, turned, empty6)), 1); v.Verdict != rules.Right {
		t.Errorf("pattern turned with the board: %s %s", v.Verdict, v.Long)
	}
	g = newGame(t, []string{"Ana", "Ben"}, map[string]string{"profile.standard": data})
	observe(t, &g, snap(t, stcGrid, empty6, empty6))
	unturned := place(Shop, []rules.Pos{{Row: 2, Col: 3}, {Row: 3, Col: 3}, {Row: 3, Col: 4}})
	if v := verdict(t, observe(t, &g, snap(t, stcGrid, unturned, empty6)), 1); v.Verdict != rules.Wrong {
		t.Errorf("the table-frame shape on a turned board: %s, want wrong", v.Verdict)
	}
}

func TestInputs(t *testing.T) {
	g := newGame(t, []string{"Ana", "Ben"}, map[string]string{"constructionSites": "true"})
	if evs := g.Input(rules.Input{Type: rules.InputChoose, Choice: "tiles=homes,roads,parks,shops,factories,different"}); len(evs) != 1 || evs[0].Kind != rules.EventInfo || g.Layout.North[0] != TileHomes {
		t.Errorf("set tiles: %s", dump(evs))
	}
	if evs := g.Input(rules.Input{Type: rules.InputChoose, Choice: "sites=KK,RY,BG,GY"}); len(evs) != 1 || g.Sites[0] != (Site{Factory, Factory}) {
		t.Errorf("set sites: %s", dump(evs))
	}
	if evs := g.Input(rules.Input{Type: rules.InputChoose, Choice: "tiles=homes,homes,parks,shops,factories,different"}); len(evs) != 1 || evs[0].Kind != rules.EventWarning {
		t.Errorf("a tile twice must be refused: %s", dump(evs))
	}
	if evs := g.Input(rules.Input{Type: rules.InputNext}); len(evs) != 1 || evs[0].Short[0] != "Shake first" {
		t.Errorf("next before the shake: %s", dump(evs))
	}
	if evs := g.Input(rules.Input{Type: rules.InputChallenge, Player: 1}); len(evs) != 1 || evs[0].Kind != rules.EventWarning {
		t.Errorf("unused input: %s", dump(evs))
	}
	observe(t, &g, snap(t, stcGrid, empty6, empty6))
	// The manager declares blue before placing: Ben's blue is judged at once.
	if evs := g.Input(rules.Input{Type: rules.InputChoose, Player: 1, Choice: "blue"}); len(evs) != 1 || evs[0].Kind != rules.EventInfo {
		t.Errorf("Ana takes blue: %s", dump(evs))
	}
	if evs := g.Input(rules.Input{Type: rules.InputChoose, Player: 2, Choice: "blue"}); len(evs) != 1 || evs[0].Verdict != rules.Wrong {
		t.Errorf("Ben may not take blue: %s", dump(evs))
	}
	if evs := g.Input(rules.Input{Type: rules.InputChoose, Choice: "sites=KK,RY,BG,GY"}); evs[0].Short[0] != "Too late" {
		t.Errorf("setup after the shake: %s", dump(evs))
	}
}

func TestOptionsAreChecked(t *testing.T) {
	m, _ := rules.LookupMode(ModeID)
	for _, opts := range []map[string]string{
		{"tiles": "roads,parks"},
		{"sites": "YR,GK"},
		{"wildCubes": "many"},
		{"firstManager": "3"},
		{"profile.standard": `{"side":"standard"}`},
	} {
		s, err := m.Check(rules.Setup{Mode: ModeID, Players: []string{"Ana", "Ben"}, Options: opts})
		if err != nil {
			continue
		}
		if _, err := New(s); err == nil {
			t.Errorf("options %v accepted", opts)
		}
	}
	s, _ := m.Check(rules.Setup{Mode: ModeID, Players: []string{"Solo"}, Options: map[string]string{"family": "true"}})
	if _, err := New(s); err == nil || !strings.Contains(err.Error(), "family") {
		t.Errorf("family solo: %v", err)
	}
}
