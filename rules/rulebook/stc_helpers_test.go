package rulebook

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// Shake That City as the camera sees it: the shaker's 3×3 grid (zone
// "shaker", colour letters Y grey road, G green park, K black factory,
// B blue shop, R red home) and each player's 6×6 board (zone "board:pN").

// stcSupply is the cubes of each colour in the shaker (§6.1).
var stcSupply = map[byte]int{'R': 8, 'B': 7, 'K': 6, 'G': 6, 'Y': 5}

// stcLetters is the order fillers are taken in: the biggest supplies
// first, so that a filler colour outnumbers a pattern (solo's rule).
var stcLetters = []byte{'R', 'B', 'K', 'G', 'Y'}

// move is what one player lays in a round: tiles of one colour at board
// cells. The cube pattern in the grid is the same cells, translated.
type move struct {
	colour byte
	cells  [][2]int
}

func (mv move) String() string { return fmt.Sprintf("%c%v", mv.colour, mv.cells) }

// pattern is the move's cells moved so that the smallest row and column
// are 0.
func (mv move) pattern() [][2]int {
	r0, c0 := 9, 9
	for _, q := range mv.cells {
		r0, c0 = min(r0, q[0]), min(c0, q[1])
	}
	var out [][2]int
	for _, q := range mv.cells {
		out = append(out, [2]int{q[0] - r0, q[1] - c0})
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0]*3+out[i][1] < out[j][0]*3+out[j][1] })
	return out
}

// city is a game of Shake That City driven through the replay path.
type city struct {
	*match
	boards []*[6][6]byte
	round  int
}

func shakeCity(t testing.TB, players []string, opts map[string]string) *city {
	t.Helper()
	c := &city{match: play(t, "shakecity", players, opts), round: 1}
	for range players {
		b := &[6][6]byte{}
		for r := range b {
			for k := range b[r] {
				b[r][k] = '.'
			}
		}
		c.boards = append(c.boards, b)
	}
	return c
}

func (c *city) boardZones() []zone {
	var zs []zone
	for p, b := range c.boards {
		var rows []string
		for _, r := range b {
			rows = append(rows, string(r[:]))
		}
		zs = append(zs, colours(fmt.Sprintf("board:p%d", p+1), rows...))
	}
	return zs
}

// shake shows the grid (rows of colour letters) and the boards as they are.
func (c *city) shake(grid ...string) []rules.Event {
	return c.see(append(c.boardZones(), colours("shaker", grid...))...)
}

// lay puts player p's tiles on its board (1-based) without showing them.
func (c *city) lay(p int, mv move) {
	for _, q := range mv.cells {
		c.boards[p-1][q[0]][q[1]] = mv.colour
	}
}

// showBoards shows the boards with the grid still on the table.
func (c *city) showBoards(grid ...string) []rules.Event {
	return c.see(append(c.boardZones(), colours("shaker", grid...))...)
}

// collect shows the cubes back in the shaker (an empty shaker zone).
func (c *city) collect() []rules.Event {
	return c.see(append(c.boardZones(), zone{name: "shaker"})...)
}

// gridFor makes a 3×3 grid holding exactly each move's pattern in its
// colour (moves of one colour must share the pattern) and fills the rest
// with other colours, the biggest supplies first. It fails the test when
// the patterns cannot share one grid.
func gridFor(t testing.TB, moves []move) []string {
	t.Helper()
	var g [3][3]byte
	used := map[byte][][2]int{}
	for _, mv := range moves {
		if mv.colour == 0 {
			continue
		}
		pat := mv.pattern()
		if old, ok := used[mv.colour]; ok {
			if fmt.Sprint(old) != fmt.Sprint(pat) {
				t.Fatalf("two moves of colour %c with different patterns: %v and %v", mv.colour, old, pat)
			}
			continue
		}
		used[mv.colour] = pat
	}
	var colours []byte
	for col := range used {
		colours = append(colours, col)
	}
	sort.Slice(colours, func(i, j int) bool { return len(used[colours[i]]) > len(used[colours[j]]) })
	var placeAll func(i int) bool
	placeAll = func(i int) bool {
		if i == len(colours) {
			return true
		}
		pat := used[colours[i]]
		for dr := 0; dr < 3; dr++ {
			for dc := 0; dc < 3; dc++ {
				ok := true
				for _, q := range pat {
					r, k := q[0]+dr, q[1]+dc
					if r > 2 || k > 2 || g[r][k] != 0 {
						ok = false
						break
					}
				}
				if !ok {
					continue
				}
				for _, q := range pat {
					g[q[0]+dr][q[1]+dc] = colours[i]
				}
				if placeAll(i + 1) {
					return true
				}
				for _, q := range pat {
					g[q[0]+dr][q[1]+dc] = 0
				}
			}
		}
		return false
	}
	if !placeAll(0) {
		t.Fatalf("moves %v do not fit one 3×3 grid", moves)
	}
	left := map[byte]int{}
	for _, l := range stcLetters {
		if _, taken := used[l]; !taken {
			left[l] = stcSupply[l]
		}
	}
	for r := 0; r < 3; r++ {
		for k := 0; k < 3; k++ {
			if g[r][k] != 0 {
				continue
			}
			for _, l := range stcLetters {
				if left[l] > 0 {
					g[r][k] = l
					left[l]--
					break
				}
			}
			if g[r][k] == 0 {
				t.Fatalf("no filler cube left for moves %v", moves)
			}
		}
	}
	out := make([]string, 3)
	for r := range g {
		out[r] = string(g[r][:])
	}
	return out
}

// playRound plays one round: the grid made for the moves (one per player,
// a zero move for a player who lays nothing), every move laid at once,
// then the cubes back in the shaker. It returns all the round's events and
// fails unless every laid move is judged right.
func (c *city) playRound(t testing.TB, moves []move) []rules.Event {
	t.Helper()
	grid := gridFor(t, moves)
	evs := c.shake(grid...)
	if len(only(evs, rules.EventRound)) == 0 {
		t.Fatalf("round %d: grid %v not taken:%s", c.round, grid, dump(evs))
	}
	for p, mv := range moves {
		if mv.colour != 0 {
			c.lay(p+1, mv)
		}
	}
	evs = append(evs, c.showBoards(grid...)...)
	evs = append(evs, c.collect()...)
	for _, v := range only(evs, rules.EventVerdict) {
		if v.Verdict != rules.Right {
			t.Fatalf("round %d, moves %v, grid %v: %s %s", c.round, moves, grid, v.Short, v.Long)
		}
	}
	if c.round < 15 && !hasShort(evs, rules.EventRound, fmt.Sprintf("Round %d next", c.round+1)) {
		t.Fatalf("round %d did not end:%s", c.round, dump(evs))
	}
	c.round++
	return evs
}

// splitBoard cuts a target board (6 rows of letters, '.' empty) into
// exactly n moves of one colour each whose cells fit a 3×3 grid and stay
// within the supply: single tiles, then pairs merged where there are more
// tiles than moves. The moves are in reading order of their first cell.
func splitBoard(t testing.TB, rows []string, n int) []move {
	t.Helper()
	var singles []move
	for r, row := range rows {
		for k := 0; k < len(row); k++ {
			if row[k] != '.' {
				singles = append(singles, move{row[k], [][2]int{{r, k}}})
			}
		}
	}
	if len(singles) < n {
		t.Fatalf("%d tiles cannot make %d moves", len(singles), n)
	}
	moves := singles
	for len(moves) > n {
		merged := false
		for i := 0; i < len(moves) && !merged; i++ {
			for j := i + 1; j < len(moves) && !merged; j++ {
				a, b := moves[i], moves[j]
				if a.colour != b.colour || len(a.cells)+len(b.cells) > min(4, stcSupply[a.colour]) {
					continue
				}
				all := append(append([][2]int(nil), a.cells...), b.cells...)
				r0, r1, c0, c1 := 9, -1, 9, -1
				for _, q := range all {
					r0, r1, c0, c1 = min(r0, q[0]), max(r1, q[0]), min(c0, q[1]), max(c1, q[1])
				}
				if r1-r0 > 2 || c1-c0 > 2 {
					continue
				}
				moves[i] = move{a.colour, all}
				moves = append(moves[:j], moves[j+1:]...)
				merged = true
			}
		}
		if !merged {
			t.Fatalf("cannot cut the board into %d moves (stuck at %d)", n, len(moves))
		}
	}
	return moves
}

func boardRows(b *[6][6]byte) string {
	var rows []string
	for _, r := range b {
		rows = append(rows, string(r[:]))
	}
	return strings.Join(rows, "/")
}

// compatible reports whether two moves can share a round's grid: colours
// differ (in rounds 1–12 the manager's colour is locked for the other),
// or, in rounds 13–15, the same colour with the same pattern; and the
// cubes fit the grid.
func compatible(a, b move, round int) bool {
	if a.colour == b.colour {
		if round <= 12 || fmt.Sprint(a.pattern()) != fmt.Sprint(b.pattern()) {
			return false
		}
		return true
	}
	return len(a.cells)+len(b.cells) <= 9
}

// pairPlans orders b's moves so that each round's pair is compatible with
// a's move of that round (backtracking); ok is false when no order works.
func pairPlans(a, b []move) ([]move, bool) {
	out := make([]move, len(b))
	used := make([]bool, len(b))
	var try func(r int) bool
	try = func(r int) bool {
		if r == len(a) {
			return true
		}
		for i, mv := range b {
			if used[i] || !compatible(a[r], mv, r+1) {
				continue
			}
			used[i], out[r] = true, mv
			if try(r + 1) {
				return true
			}
			used[i] = false
		}
		return false
	}
	return out, try(0)
}

// buildTwo plays a 2-player game of 15 rounds in which each player builds
// a target board.
func buildTwo(t testing.TB, a, b []string, opts map[string]string) *city {
	t.Helper()
	pa, pb := splitBoard(t, a, 15), splitBoard(t, b, 15)
	pb, ok := pairPlans(pa, pb)
	if !ok {
		t.Fatalf("the two boards cannot be played in the same 15 rounds")
	}
	c := shakeCity(t, []string{"A", "B"}, opts)
	for r := range pa {
		c.playRound(t, []move{pa[r], pb[r]})
	}
	for p, want := range [][]string{a, b} {
		if got := boardRows(c.boards[p]); got != strings.Join(want, "/") {
			t.Fatalf("board %d: %s, want %s", p+1, got, strings.Join(want, "/"))
		}
	}
	return c
}
