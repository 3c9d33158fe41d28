package rulebook

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// Edge cases of Shake That City. Each test names the section of
// REFERENCE.md (§6) whose rule it encodes; every expected number is
// worked out by hand from that rule in the comment above it (default
// board profile §6.2: shop values 1 on the rim, 2 in the next ring, 3 in
// the middle 2×2; standard asphalt N E S W; sea side asphalt N W, sea S
// E; scoring tiles north on columns 1, 3, 5 and west on rows 1, 3, 5;
// construction sites on (1,1) (2,2) (3,3) (4,4)). Boards are written in
// colour letters: Y road, G park, K factory, B shop, R home, '.' empty.

// photo scores one snapshot of a finished table the way `tableref scan`
// does (the mode's ScoreTable), after package replay has read the header
// and the snapshot line.
func photo(t *testing.T, mode string, players []string, opts map[string]string, zones ...zone) ([]rules.Score, []rules.Event) {
	t.Helper()
	h := map[string]any{"kind": "header", "format": replay.FormatVersion, "mode": mode, "players": players}
	if len(opts) > 0 {
		h["options"] = opts
	}
	tab := map[string]any{}
	for _, z := range zones {
		tab[z.name] = z.json()
	}
	hb, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	sb, err := json.Marshal(map[string]any{"kind": "snapshot", "t": 1, "table": tab})
	if err != nil {
		t.Fatal(err)
	}
	r := replay.NewReader(strings.NewReader(string(hb)+"\n"+string(sb)+"\n"), "photo")
	head, err := r.Next()
	if err != nil {
		t.Fatalf("header %s: %v", hb, err)
	}
	snap, err := r.Next()
	if err != nil {
		t.Fatalf("snapshot %s: %v", sb, err)
	}
	m, _ := rules.LookupMode(head.Setup.Mode)
	scores, evs, err := m.ScoreTable(head.Setup, snap.Table)
	if err != nil {
		t.Fatalf("ScoreTable: %v", err)
	}
	rulestestCheck(t, evs)
	return scores, evs
}

// rulestestCheck keeps every event of a photo within the display's limits,
// as the harness does for a played game.
func rulestestCheck(t *testing.T, evs []rules.Event) {
	t.Helper()
	m := &match{t: t}
	m.take(evs)
}

// cityPhoto scores boards (one per player) from a photo.
func cityPhoto(t *testing.T, opts map[string]string, boards ...[]string) []rules.Score {
	t.Helper()
	scores, _ := cityPhotoEvents(t, opts, boards...)
	return scores
}

func cityPhotoEvents(t *testing.T, opts map[string]string, boards ...[]string) ([]rules.Score, []rules.Event) {
	t.Helper()
	var players []string
	var zs []zone
	for i, b := range boards {
		players = append(players, fmt.Sprintf("P%d", i+1))
		zs = append(zs, colours(fmt.Sprintf("board:p%d", i+1), b...))
	}
	return photo(t, "shakecity", players, opts, zs...)
}

// wantParts checks a score's total and the named categories.
func wantParts(t *testing.T, what string, s rules.Score, total int, parts map[string]int) {
	t.Helper()
	if s.Total != total {
		t.Errorf("%s: total %d, want %d: %+v", what, s.Total, total, s.Parts)
	}
	for cat, want := range parts {
		if got := part(t, s, cat); got != want {
			t.Errorf("%s: %s %d, want %d (%+v)", what, cat, got, want, s.Parts)
		}
	}
}

// §6.7 roads and shops, §6.8 the sea side's two asphalt edges.
//
//	r0: Y . . . . .   (0,0) road on N/W asphalt: 1
//	r1: Y B . . . .   (1,0) road on W: 1; (1,1) shop next to it: square 2
//	r2: . . Y B . .   (2,2) road touches no road and no edge: 0; (2,3) shop
//	r3: . . . Y . .   next to cut-off roads only: 0; (3,3) road cut off: 0
//	r4: . . B B . .   (4,2) (4,3) shops: a shop never connects a shop: 0
//	r5: . . . . . B   (5,5) shop on the S/E asphalt edge: square 1
//
// Standard: roads 2, shops 2+1 = 3, no scoring tile: 5. Sea side (asphalt
// N and W only): (5,5) lies at the sea, not at asphalt, and no road
// reaches it: roads 2, shops 2: 4.
//
// The snake below reaches the asphalt only at (3,5), on the east edge:
//
//	r1: . Y Y Y Y .
//	r2: . Y . . Y .
//	r3: . Y B . Y Y
//
// Standard: all 9 roads connect (1 each), the shop (3,2) is next to the
// connected road (3,1): square 3; row 1 holds 4 roads, so the west
// "roads" tile on row 1 is fulfilled (+3): 9+3+3 = 15. Sea side: the east
// edge is sea, no road touches N or W: roads 0, shop 0, the tile still
// +3: 3.
func TestSTCEdgeRoadNetworkAndShops(t *testing.T) {
	cut := []string{"Y.....", "YB....", "..YB..", "...Y..", "..BB..", ".....B"}
	std := cityPhoto(t, nil, cut)[0]
	wantParts(t, "standard, cut-off roads", std, 5, map[string]int{"roads": 2, "shops": 3, "scoring tiles": 0})
	sea := cityPhoto(t, map[string]string{"side": "sea"}, cut)[0]
	wantParts(t, "sea, cut-off roads", sea, 4, map[string]int{"roads": 2, "shops": 2})

	snake := []string{"......", ".YYYY.", ".Y..Y.", ".YB.YY", "......", "......"}
	tiles := map[string]string{"tiles": "parks,homes,factories,roads,shops,different"}
	std = cityPhoto(t, tiles, snake)[0]
	wantParts(t, "standard, snake to the east edge", std, 15, map[string]int{"roads": 9, "shops": 3, "scoring tiles": 3})
	seaTiles := map[string]string{"tiles": tiles["tiles"], "side": "sea"}
	sea = cityPhoto(t, seaTiles, snake)[0]
	wantParts(t, "sea, snake to the sea edge", sea, 3, map[string]int{"roads": 0, "shops": 0, "scoring tiles": 3})
}

// §6.7 parks, factories, homes (standard) and §6.8 (sea side):
//
//	r0: R R K . G R
//	r1: . G . . . .
//	r2: K K Y . . .
//	r3: . . . R . .
//	r4: . R G R . .
//	r5: . . . R K Y
//
// Homes: {(0,0),(0,1)} touches the factory (0,2): 0; {(0,5)} alone: 2;
// {(3,3),(4,3),(5,3)} touches the factory (5,4) at its end: 0 for the
// whole group; {(4,1)}: 2. Standard homes 4.
// Parks: (0,4) next to a home: 1; (1,1) next to home (0,1) and factory
// (2,1): 2; (4,2) next to two homes but no factory: 1 (max per kind is
// one point). Standard parks 4.
// Factories: (0,2) next to a home only: 0; (2,0) next to factory (2,1): 1;
// (2,1) next to factory (2,0) and road (2,2): 2; (5,4) next to road
// (5,5): 1. Factories 4.
// Roads: (2,2) cut off: 0; (5,5) on the asphalt corner: 1.
// Scoring tiles (N roads col 1, homes col 3, factories col 5; W parks row
// 1, shops row 3, different row 5): col 3 holds 3 homes (not 4), row 5
// holds 3 kinds (not 4), no line is full, no shop for the corner: none.
// Standard: 4+4+4+1 = 13.
// Sea side: parks count the sea instead of factories: (0,4) 1, (1,1) 1
// (home only), (4,2) 1: 3. Homes: (0,5) borders the east sea: 3; the
// factory groups stay 0 although (5,3) borders the sea; (4,1) 2: 5.
// Factories 4. (5,5) lies at the sea, not the asphalt: roads 0. 12.
func TestSTCEdgeParksFactoriesHomes(t *testing.T) {
	b := []string{"RRK.GR", ".G....", "KKY...", "...R..", ".RGR..", "...RKY"}
	tiles := "roads,homes,factories,parks,shops,different"
	std := cityPhoto(t, map[string]string{"tiles": tiles}, b)[0]
	wantParts(t, "standard", std, 13, map[string]int{"roads": 1, "parks": 4, "factories": 4, "shops": 0, "homes": 4, "scoring tiles": 0})
	sea := cityPhoto(t, map[string]string{"tiles": tiles, "side": "sea"}, b)[0]
	wantParts(t, "sea", sea, 12, map[string]int{"roads": 0, "parks": 3, "factories": 4, "homes": 5, "scoring tiles": 0})
}

// §6.6, every scoring tile, family variant (§6.10: only tiles score, 3
// each). Tiles: N roads col 1, parks col 3, factories col 5; W shops row
// 1, homes row 3, different row 5.
//
//	r0: . Y . G . K    col 1: Y B Y . Y Y   = 4 roads (not full)
//	r1: B B B . B .    col 3: G . G . G G   = 4 parks
//	r2: . Y . G . K    col 5: K . K R K K   = 4 factories
//	r3: R . R . R R    row 1: B B B . B .   = 4 shops
//	r4: . Y . G . K    row 3: R . R . R R   = 4 homes
//	r5: B Y . G . K    row 5: B Y . G . K   = 4 different kinds
//
// corner: Y 4, G 4, K 4, B 5, R 4, all ≥ 2. All 7 fulfilled: 21.
// One short of each (remove (0,1) (0,3) (0,5) (1,4) (3,5) (5,0)): every
// line holds 3 of its kind (row 5: 3 kinds), the colours 3 each: only
// the corner: 3.
// Full lines (N homes col 1, shops col 3, roads col 5; W parks row 1,
// factories row 3, different row 5):
//
//	col 1: Y G K B Y G: full, no home at all: fulfilled (half A)
//	row 5: K G K K K K: full, 2 kinds only: fulfilled (half A)
//
// one shop only: no corner. 6.
func TestSTCEdgeEveryScoringTile(t *testing.T) {
	family := func(tiles string) map[string]string {
		return map[string]string{"family": "true", "tiles": tiles}
	}
	// The family variant is not played solo (§6.10 default): a second,
	// empty board makes the photo a 2-player table.
	empty := []string{"......", "......", "......", "......", "......", "......"}
	cityPhoto := func(t *testing.T, opts map[string]string, b []string) []rules.Score {
		return cityPhoto(t, opts, b, empty)
	}
	all := []string{".Y.G.K", "BBB.B.", ".Y.G.K", "R.R.RR", ".Y.G.K", "BY.G.K"}
	s := cityPhoto(t, family("roads,parks,factories,shops,homes,different"), all)[0]
	wantParts(t, "every tile at its threshold", s, 21, map[string]int{"scoring tiles": 21})
	if len(s.Parts) != 1 {
		t.Errorf("family variant: parts %+v, want only the scoring tiles", s.Parts)
	}

	short := []string{"...G.K", "BBB...", ".Y.G.K", "R.R.R.", ".Y.G.K", ".Y.G.K"}
	short[0] = "......"
	s = cityPhoto(t, family("roads,parks,factories,shops,homes,different"), short)[0]
	wantParts(t, "every line one short", s, 3, map[string]int{"scoring tiles": 3})

	full := []string{".Y....", ".G....", ".K....", ".B....", ".Y....", "KGKKKK"}
	s = cityPhoto(t, family("homes,shops,roads,parks,factories,different"), full)[0]
	wantParts(t, "full lines", s, 6, map[string]int{"scoring tiles": 6})
}

// §6.9 tie-breaks and §6.10: the family variant breaks ties the same
// way. Two full-line boards worth 6 each with the same 2 tiles; the
// second has one more home at (0,4) (in no scored line, and the corner
// still lacks a second shop): fewer empty squares (24 against 25), so
// it wins.
func TestSTCEdgeFamilyTieBreak(t *testing.T) {
	a := []string{".Y....", ".G....", ".K....", ".B....", ".Y....", "KGKKKK"}
	b := []string{".Y..R.", ".G....", ".K....", ".B....", ".Y....", "KGKKKK"}
	scores, evs := cityPhotoEvents(t, map[string]string{"family": "true", "tiles": "homes,shops,roads,parks,factories,different"}, a, b)
	if scores[0].Total != 6 || scores[1].Total != 6 {
		t.Fatalf("totals %d %d, want 6 6", scores[0].Total, scores[1].Total)
	}
	end := only(evs, rules.EventEnd)
	if len(end) != 1 || fmt.Sprint(end[0].Winners) != "[2]" {
		t.Fatalf("want P2 by fewer empty squares:%s", dump(evs))
	}
	if !strings.Contains(end[0].Long, "fewer empty squares") {
		t.Errorf("the end does not say the tie-break:%s", dump(end))
	}
}

// §6.11 End/winning: only players without sites left can win; nobody
// wins when nobody removed all their sites. Sites YR, GK, BY, RG (default
// set). Tiles N roads col 1, parks col 3, factories col 5; W shops row 1,
// homes row 3, different row 5.
//
// rich (no pair of any site ever touches; sites stay):
//
//	r0: B B B B B B   12 shops on the N and S asphalt, squares of 1: 12
//	r2: R . . . . R   3 lone homes, no factory: 6
//	r3: . . R . . .
//	r5: B B B B B B   row 5 full: "different" tile (half A): 3
//
// total 21; 36 − 15 tiles − 4 sites = 17 empty squares.
//
// poor (road–home, home–park, park–factory, shop–road all touch in row 0
// and (1,0): every site goes):
//
//	r0: Y R G K . .   road on asphalt 1; home (no factory by it) 2; park
//	r1: B . . . G .   next to home and factory 2; factory next to a park
//	r2: G . . . . G   only 0; shop on the W edge 1; the other 10 parks
//	r3: G . G . . .   touch no home and no factory: 0
//	r4: . . G . . G
//	r5: G . . G . G
//
// total 6, no tile fulfilled (corner: one road). poor wins with 6 < 21.
// rich against rich2 (factories instead of shops; no pair touches
// either): nobody wins.
func TestSTCEdgeSitesDecideTheWinner(t *testing.T) {
	opts := map[string]string{"constructionSites": "true", "sites": "YR,GK,BY,RG", "tiles": "roads,parks,factories,shops,homes,different"}
	rich := []string{"BBBBBB", "......", "R....R", "..R...", "......", "BBBBBB"}
	poor := []string{"YRGK..", "B...G.", "G....G", "G.G...", "..G..G", "G..G.G"}
	c := buildTwo(t, rich, poor, opts)
	if s := c.score(1); s.Total != 21 || fmt.Sprint(s.TieBreak) != "[1 -17]" {
		t.Errorf("rich: %d %v, want 21 [1 -17] (a site square is not empty): %+v", s.Total, s.TieBreak, s.Parts)
	}
	if s := c.score(2); s.Total != 6 {
		t.Errorf("poor: %d, want 6: %+v", s.Total, s.Parts)
	}
	wantWinners(t, c.g, 2)
	c.replayed()

	rich2 := []string{"KKKKKK", "......", "R....R", "..R...", "......", "KKKKKK"}
	c = buildTwo(t, rich, rich2, opts)
	wantWinners(t, c.g)
	if end := only(c.all, rules.EventEnd); len(end) != 1 || !strings.Contains(end[0].Long, "nobody wins") {
		t.Errorf("want nobody wins:%s", dump(end))
	}
}

// oneRound shows grid, lays each player's move (a zero move lays nothing)
// and returns the events of the boards being seen with the grid still out.
func (c *city) oneRound(grid []string, moves ...move) []rules.Event {
	evs := c.shake(grid...)
	for p, mv := range moves {
		if mv.colour != 0 {
			c.lay(p+1, mv)
		}
	}
	return append(evs, c.showBoards(grid...)...)
}

// §6.11 construction sites in play.
//   - L1 first: a home laid on the grey-red site next to a road, which
//     would meet the site's pair, is still wrong: the site is not gone yet.
//   - A site showing one type twice (RR) needs two adjacent homes: one
//     home, or two apart, leave it; a second home beside the first
//     removes it.
//   - Several sites may go in one step: a home laid between a road and a
//     park meets grey-red and red-green at once.
func TestSTCEdgeConstructionSites(t *testing.T) {
	c := shakeCity(t, []string{"Ana", "Ben"}, map[string]string{"constructionSites": "true", "sites": "YR,GK,BY,RG"})
	c.playRound(t, []move{{'Y', [][2]int{{1, 0}}}, {'G', [][2]int{{0, 0}}}})
	grid := gridFor(t, []move{{'R', [][2]int{{0, 0}}}, {'G', [][2]int{{0, 0}}}})
	evs := c.oneRound(grid, move{'R', [][2]int{{1, 1}}})
	if vs := verdictsOf(evs, 1); len(vs) != 1 || vs[0].Verdict != rules.Wrong || !strings.Contains(vs[0].Short[1], "site 1") {
		t.Fatalf("home on site 1 next to a road:%s", dump(evs))
	}
	c.boards[0][1][1] = '.'
	c.lay(1, move{'R', [][2]int{{0, 0}}}) // beside the road (1,0): site 1 goes
	c.lay(2, move{'G', [][2]int{{0, 1}}})
	evs = append(c.showBoards(grid...), c.collect()...)
	if !hasShort(evs, rules.EventDo, "Ana: remove") {
		t.Fatalf("site 1 (road-home) not removed:%s", dump(evs))
	}
	c.round++
	c.playRound(t, []move{{'R', [][2]int{{1, 1}}}, {'G', [][2]int{{0, 2}}}}) // the freed square

	c = shakeCity(t, []string{"Ana", "Ben"}, map[string]string{"constructionSites": "true", "sites": "RR,GK,BY,KK"})
	for i, cell := range [][2]int{{0, 0}, {0, 2}} {
		if evs := c.playRound(t, []move{{'R', [][2]int{cell}}, {'G', [][2]int{{5, i}}}}); hasShort(evs, rules.EventDo, "Ana: remove") {
			t.Fatalf("RR site removed with homes at (0,0) (0,2) apart:%s", dump(evs))
		}
	}
	if evs := c.playRound(t, []move{{'R', [][2]int{{0, 1}}}, {'G', [][2]int{{5, 2}}}}); !hasShort(evs, rules.EventDo, "/site 1") {
		t.Fatalf("RR site kept with three homes in a row:%s", dump(evs))
	}

	c = shakeCity(t, []string{"Ana", "Ben"}, map[string]string{"constructionSites": "true", "sites": "YR,GK,BY,RG"})
	c.playRound(t, []move{{'Y', [][2]int{{5, 0}}}, {'B', [][2]int{{0, 0}}}})
	c.playRound(t, []move{{'G', [][2]int{{5, 2}}}, {'B', [][2]int{{0, 1}}}})
	evs = c.playRound(t, []move{{'R', [][2]int{{5, 1}}}, {'B', [][2]int{{0, 2}}}})
	if !hasShort(evs, rules.EventDo, "/site 1") || !hasShort(evs, rules.EventDo, "/site 4") {
		t.Fatalf("a home between a road and a park: want sites 1 and 4 removed:%s", dump(evs))
	}
}

// §6.5 what the referee must refuse, and what it must let pass. Rounds 1
// and 2 give Ana a road at (0,0) and one at (1,1); in round 3 she manages
// again (judged at once). The grid's shops lie at (0,0) and (0,2), with a
// gap between them.
func TestSTCEdgePlacementRefusals(t *testing.T) {
	grid := []string{"BYB", "RRK", "GGK"}
	for _, tc := range []struct {
		name  string
		grid  []string
		lay   []move
		want  rules.Verdict
		short string
	}{
		// L5: a tile may never be covered.
		{"covers an earlier tile", grid, []move{{'B', [][2]int{{0, 0}, {0, 2}}}}, rules.Wrong, "moved"},
		// L3: tiles of one colour only.
		{"two colours", grid, []move{{'R', [][2]int{{3, 0}, {3, 1}}}, {'K', [][2]int{{4, 5}}}}, rules.Wrong, "mixed"},
		// L6: the colour must be in the grid (no grey cube here).
		{"colour not in the grid", []string{"BBB", "RRK", "RRK"}, []move{{'Y', [][2]int{{4, 4}}}}, rules.Wrong, "no grey"},
		// L2: the gap between the cubes may hold an earlier tile.
		{"gap over an earlier tile", grid, []move{{'B', [][2]int{{1, 0}, {1, 2}}}}, rules.Right, ""},
		// L2: a pure translation with the gap left empty.
		{"gap empty", grid, []move{{'B', [][2]int{{3, 3}, {3, 5}}}}, rules.Right, ""},
		// L2/L3: the gap filled with the colour too: 3 tiles for 2 cubes.
		{"gap filled too", grid, []move{{'B', [][2]int{{3, 3}, {3, 4}, {3, 5}}}}, rules.Wrong, "too many"},
		// L2: the pattern turned a quarter (vertical instead of across).
		{"turned", grid, []move{{'B', [][2]int{{3, 3}, {5, 3}}}}, rules.Wrong, "rotated"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := shakeCity(t, []string{"Ana", "Ben"}, nil)
			c.playRound(t, []move{{'Y', [][2]int{{0, 0}}}, {'G', [][2]int{{0, 0}}}})
			c.playRound(t, []move{{'Y', [][2]int{{1, 1}}}, {'G', [][2]int{{0, 1}}}})
			c.shake(tc.grid...)
			for _, mv := range tc.lay {
				c.lay(1, mv)
			}
			evs := c.showBoards(tc.grid...)
			vs := verdictsOf(evs, 1)
			if len(vs) != 1 || vs[0].Verdict != tc.want || !strings.Contains(vs[0].Short[1], tc.short) {
				t.Fatalf("want %v %q:%s", tc.want, tc.short, dump(evs))
			}
		})
	}
}

// §6.5 L3/L4 at the end of the round: a player who laid only part of the
// pattern, or nothing while a colour fits, is told and the round does not
// end; it ends once the pattern is complete.
func TestSTCEdgeRoundCannotEndIncomplete(t *testing.T) {
	c := shakeCity(t, []string{"Ana", "Ben"}, nil)
	grid := []string{"BBY", "RRK", "GGK"}
	c.oneRound(grid, move{'B', [][2]int{{2, 2}}}) // 1 of 2 shops; Ben lays nothing
	evs := c.input("next")
	if !hasShort(evs, rules.EventWarning, "Ana: 1 of 2") {
		t.Errorf("partial pattern at the round's end not told:%s", dump(evs))
	}
	if !hasShort(evs, rules.EventWarning, "Ben must place") {
		t.Errorf("Ben laid nothing although every colour fits: not told:%s", dump(evs))
	}
	if hasShort(evs, rules.EventRound, "Round 2 next") {
		t.Fatalf("the round ended with an incomplete placement:%s", dump(evs))
	}
	c.lay(1, move{'B', [][2]int{{2, 3}}})
	c.lay(2, move{'G', [][2]int{{4, 0}, {4, 1}}})
	evs = c.showBoards(grid...)
	if !hasShort(evs, rules.EventRound, "Round 2 next") {
		t.Fatalf("complete placements did not end the round:%s", dump(evs))
	}
}

// §6.4 step 1: only exactly 9 cubes in a 3×3 grid start a round; anything
// else means a reshake, and more cubes of a colour than the box holds
// (grey: 5) is a misreading, never a round.
func TestSTCEdgeReshake(t *testing.T) {
	c := shakeCity(t, []string{"Ana", "Ben"}, nil)
	for _, tc := range []struct {
		name string
		grid []string
		say  string
	}{
		{"8 cubes", []string{"RRB", "BBK", "GG."}, "Reshake!"},
		{"10 cubes", []string{"RRB", "BBK", "GGY", "Y.."}, "Reshake!"},
		{"9 cubes, not 3x3", []string{"RRBB", "BKKG", "G..."}, "Reshake!"},
		{"6 grey cubes", []string{"YYY", "YYY", "RRB"}, "Camera: cubes?"},
	} {
		evs := c.see(append(c.boardZones(), colours("shaker", tc.grid...))...)
		if len(only(evs, rules.EventRound)) > 0 {
			t.Errorf("%s: a round started:%s", tc.name, dump(evs))
		}
		if !hasShort(evs, rules.EventDo, tc.say) && !hasShort(evs, rules.EventWarning, tc.say) {
			t.Errorf("%s: want %q:%s", tc.name, tc.say, dump(evs))
		}
	}
	if evs := c.shake("RRB", "BBK", "GGY"); !hasShort(evs, rules.EventRound, "Round 1/15") {
		t.Fatalf("a 3x3 grid of 9 cubes did not start the round:%s", dump(evs))
	}
}

// §6.4 step 4: the shaker passes to the left, so in round 2 the second
// player manages: the second player's colour is locked for the others,
// the first player's is not.
func TestSTCEdgeManagerPassesLeft(t *testing.T) {
	c := shakeCity(t, []string{"Ana", "Ben", "Cleo"}, nil)
	c.playRound(t, []move{{'B', [][2]int{{0, 0}}}, {'Y', [][2]int{{0, 0}}}, {'Y', [][2]int{{0, 1}}}})
	grid := []string{"BBY", "RRK", "GGK"}
	evs := c.oneRound(grid, move{'G', [][2]int{{1, 0}, {1, 1}}}, move{'B', [][2]int{{1, 0}, {1, 1}}}, move{'G', [][2]int{{1, 0}, {1, 1}}})
	for p, want := range map[int]rules.Verdict{1: rules.Right, 2: rules.Right, 3: rules.Right} {
		if vs := verdictsOf(evs, p); len(vs) != 1 || vs[0].Verdict != want {
			t.Errorf("round 2, player %d (Ben manages; Ana and Cleo share green): want %v:%s", p, want, dump(vs))
		}
	}
	c.collect()
	c.round++
	// Round 3: Cleo manages and takes blue; Ana's blue is locked, Ben's
	// red is free.
	grid = []string{"BBY", "RRK", "GGK"}
	evs = c.oneRound(grid, move{'B', [][2]int{{2, 0}, {2, 1}}}, move{'R', [][2]int{{2, 0}, {2, 1}}}, move{'B', [][2]int{{2, 0}, {2, 1}}})
	if vs := verdictsOf(evs, 1); len(vs) != 1 || vs[0].Verdict != rules.Wrong || !strings.Contains(vs[0].Short[1], "locked") {
		t.Errorf("round 3, Ana takes Cleo's blue: want locked:%s", dump(evs))
	}
	if vs := verdictsOf(evs, 2); len(vs) != 1 || vs[0].Verdict != rules.Right {
		t.Errorf("round 3, Ben's red: want right:%s", dump(evs))
	}
}

// §6.12: in rounds 13–15 the solo player may take the colour with the
// most cubes. The solo plan's first 12 rounds, then a grid of 5 homes
// (the most, alone) laid at (4,0)–(5,1).
func TestSTCEdgeSoloMostAllowedFromRound13(t *testing.T) {
	c := shakeCity(t, []string{"Eva"}, nil)
	for _, mv := range soloPlan[:12] {
		c.playRound(t, []move{mv})
	}
	grid := []string{"RRR", "RRK", "GGY"}
	evs := c.oneRound(grid, move{'R', [][2]int{{4, 0}, {4, 1}, {4, 2}, {5, 0}, {5, 1}}})
	if vs := verdictsOf(evs, 1); len(vs) != 1 || vs[0].Verdict != rules.Right {
		t.Fatalf("round 13, 5 homes (the most): want right:%s", dump(evs))
	}
}

// seaCellsProfile is a measured-style sea profile (§6.2) whose sea lies
// inside the grid, at (2,2) and (5,0), with no sea edge.
const seaCellsProfile = `{"side": "sea",
 "shopValue": [[1,1,1,1,1,1],[1,2,2,2,2,1],[1,2,3,3,2,1],[1,2,3,3,2,1],[1,2,2,2,2,1],[1,1,1,1,1,1]],
 "asphaltEdges": ["N", "W"], "seaEdges": [], "seaCells": [[2,2],[5,0]],
 "northTileColumns": [1,3,5], "westTileRows": [1,3,5],
 "constructionCells": [[1,1],[2,2],[3,3],[4,4]], "rotation": 0}`

// §6.2 and §6.8 with in-grid sea squares. The profile must refuse a
// construction site on a sea square; with the sites moved off it:
//
//	r1: . . G R . .   park (1,2): home (1,3), and borders the sea (2,2): 2
//	r2: . . ~ R . .   homes {(1,3),(2,3)}: (2,3) borders the sea: 3
//	r5: ~ K K K K K   5 factories, each next to a factory: 5
//
// Row 5 (west "different" tile) has 5 squares to build and one kind: not
// fulfilled (a sea square keeps a line from being full). Total 10; empty
// squares 36 − 8 tiles − 2 sea = 26. In play, a tile on a sea square is
// refused.
func TestSTCEdgeSeaSquaresInTheGrid(t *testing.T) {
	opts := map[string]string{"side": "sea", "profile.sea": seaCellsProfile}
	if _, err := rules.NewGame(rules.Setup{Mode: "shakecity", Players: []string{"A", "B"}, Options: opts}); err == nil {
		t.Errorf("a construction cell (2,2) on a sea square accepted")
	}
	prof := strings.Replace(seaCellsProfile, "[[1,1],[2,2],[3,3],[4,4]]", "[[1,1],[1,4],[3,3],[4,4]]", 1)
	opts["profile.sea"] = prof
	b := []string{"......", "..GR..", "...R..", "......", "......", ".KKKKK"}
	s := cityPhoto(t, opts, b, []string{"......", "......", "......", "......", "......", "......"})[0]
	wantParts(t, "sea squares", s, 10, map[string]int{"homes": 3, "parks": 2, "factories": 5, "scoring tiles": 0})
	if fmt.Sprint(s.TieBreak) != "[0 -26]" {
		t.Errorf("tie-break %v, want [0 -26] (a sea square is never empty)", s.TieBreak)
	}

	c := shakeCity(t, []string{"Ana", "Ben"}, opts)
	grid := []string{"BBY", "RRK", "GGK"}
	evs := c.oneRound(grid, move{'Y', [][2]int{{2, 2}}})
	if vs := verdictsOf(evs, 1); len(vs) != 1 || vs[0].Verdict != rules.Wrong || !strings.Contains(vs[0].Short[1], "sea") {
		t.Fatalf("a road on the sea square (2,2):%s", dump(evs))
	}
}

// §6.6–§6.10 on many boards: 300 random boards (seeded), each scored
// from a photo on both sides and in the family variant, must agree with
// the test's own scorer (stc_oracle_test.go, written from REFERENCE.md
// alone) in every category, the fulfilled tiles and the empty squares.
func TestSTCEdgeRandomBoardsAgreeWithTheOracle(t *testing.T) {
	rng := uint64(0x5eed)
	next := func(n int) int {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	const tiles = "homes,roads,different,factories,parks,shops"
	letters := "YGKBR......"
	for i := 0; i < 300; i++ {
		rows := make([]string, 6)
		for r := range rows {
			b := make([]byte, 6)
			for c := range b {
				b[c] = letters[next(len(letters)-i%6)]
			}
			rows[r] = string(b)
		}
		for _, side := range []stcSide{{}, {sea: true}} {
			for _, family := range []bool{false, true} {
				opts := map[string]string{"tiles": tiles}
				if side.sea {
					opts["side"] = "sea"
				}
				if family {
					opts["family"] = "true"
				}
				want := oracleScore(side, boardOf(rows...), parseLayout(tiles), family, nil)
				got := cityPhoto(t, opts, rows, rows)[0]
				ok := got.Total == want.total && fmt.Sprint(got.TieBreak) == fmt.Sprint([]int{want.tiles, -want.empty})
				if !family {
					for cat, n := range map[string]int{"roads": want.roads, "parks": want.parks, "factories": want.factories, "shops": want.shops, "homes": want.homes} {
						ok = ok && part(t, got, cat) == n
					}
				}
				if !ok {
					t.Fatalf("board %s (sea %v, family %v): engine %d %v %+v; rules %+v", strings.Join(rows, "/"), side.sea, family, got.Total, got.TieBreak, got.Parts, want)
				}
			}
		}
	}
}

// §6.5 L4: nothing may be placed only when no permitted colour fits. A
// profile whose only buildable squares are the 4 diagonal squares (all
// others sea, §6.2 seaCells) makes it easy to see: three cubes in a row
// fit nowhere, so a grid of three rows of three colours lets everyone
// pass; a grid whose red cubes lie on the diagonal fits (1,1)–(3,3), so
// passing then is refused, until the manager takes red, which locks it
// for the other player (rounds 1–12): then nothing he may choose fits.
func TestSTCEdgeLegalAndIllegalPass(t *testing.T) {
	var sea []string
	for r := 0; r < 6; r++ {
		for c := 0; c < 6; c++ {
			if r != c || r == 0 || r == 5 {
				sea = append(sea, fmt.Sprintf("[%d,%d]", r, c))
			}
		}
	}
	prof := strings.Replace(seaCellsProfile, `[[2,2],[5,0]]`, "["+strings.Join(sea, ",")+"]", 1)
	opts := map[string]string{"side": "sea", "profile.sea": prof}

	c := shakeCity(t, []string{"Ana", "Ben"}, opts)
	c.oneRound([]string{"RRR", "BBB", "KKK"})
	evs := c.input("next")
	for p := 1; p <= 2; p++ {
		if vs := verdictsOf(evs, p); len(vs) != 1 || vs[0].Verdict != rules.Right || !strings.Contains(vs[0].Short[1], "nothing fits") {
			t.Errorf("player %d, no pattern fits: want a right pass:%s", p, dump(evs))
		}
	}
	if !hasShort(evs, rules.EventRound, "Round 2 next") {
		t.Fatalf("both passed rightly, the round did not end:%s", dump(evs))
	}

	c = shakeCity(t, []string{"Ana", "Ben"}, opts)
	c.oneRound([]string{"RBB", "KRB", "KKR"})
	evs = c.input("next")
	if !hasShort(evs, rules.EventWarning, "Ana must place") || hasShort(evs, rules.EventRound, "Round 2 next") {
		t.Fatalf("the red diagonal fits (1,1)-(3,3): Ana may not pass:%s", dump(evs))
	}
	// Ana, the manager, takes red: locked for Ben in rounds 1–12, so no
	// colour Ben may choose fits, and his pass is right.
	c.lay(1, move{'R', [][2]int{{1, 1}, {2, 2}, {3, 3}}})
	evs = c.showBoards("RBB", "KRB", "KKR")
	if vs := verdictsOf(evs, 2); len(vs) != 1 || vs[0].Verdict != rules.Right || !strings.Contains(vs[0].Short[1], "nothing fits") {
		t.Errorf("Ben, with red locked by the manager: want a right pass:%s", dump(evs))
	}
	if !hasShort(evs, rules.EventRound, "Round 2 next") {
		t.Fatalf("the round did not end:%s", dump(evs))
	}
}

// §6.4–§6.5: the round ends when the cubes go back into the shaker, and
// only then is a manager who placed nothing taken to have locked nothing.
// A hand over one cube (8 cubes seen for a moment) is not the end: Ben's
// blue, laid before Ana (the manager) chose, must keep waiting, and when
// Ana then lays blue Ben's blue is wrong, his one and only verdict; no
// "must place" is told to Ana meanwhile.
func TestSTCEdgeHandOverTheShakerIsNotTheEnd(t *testing.T) {
	c := shakeCity(t, []string{"Ana", "Ben"}, nil)
	grid := []string{"BBY", "RRK", "GGK"}
	evs := c.shake(grid...)
	c.lay(2, move{'B', [][2]int{{0, 0}, {0, 1}}})
	evs = append(evs, c.showBoards(grid...)...)
	hand := c.showBoards("BBY", "RRK", "GG.")
	if len(only(hand, rules.EventVerdict)) > 0 || hasShort(hand, rules.EventWarning, "must place") {
		t.Errorf("a hand over one cube judged the round's end:%s", dump(hand))
	}
	evs = append(evs, hand...)
	evs = append(evs, c.showBoards(grid...)...)
	c.lay(1, move{'B', [][2]int{{2, 2}, {2, 3}}})
	evs = append(evs, c.showBoards(grid...)...)
	if vs := verdictsOf(evs, 2); len(vs) != 1 || vs[0].Verdict != rules.Wrong || !strings.Contains(vs[0].Short[1], "locked") {
		t.Fatalf("Ben: want one verdict, wrong (blue locked by Ana):%s", dump(evs))
	}
	// The cubes collected (the shaker zone empty): Ben takes green instead
	// and the round ends.
	c.boards[1][0][0], c.boards[1][0][1] = '.', '.'
	c.lay(2, move{'G', [][2]int{{5, 0}, {5, 1}}})
	if evs := c.collect(); !hasShort(evs, rules.EventRound, "Round 2 next") {
		t.Fatalf("the round did not end with the cubes back in the shaker:%s", dump(evs))
	}
}
