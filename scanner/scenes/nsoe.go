package scenes

import (
	"fmt"
	"strconv"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/vision/geom"
)

// NSOEBoard is a finished Nord Sud Ovest Est board of rows × cols squares
// whose cards lie off to one side: they reach every edge of the board, but
// most of them crowd its north-west, so the card nearest the middle of the
// cards is not the reference city in the central slot. Its setup names the
// board's size, and its calibration has no grid (a one-photo scan must fit
// the board to the cards).
func NSOEBoard(o Options, rows, cols int) (Game, error) {
	if rows < 3 || cols < 3 {
		return Game{}, fmt.Errorf("scenes: nsoe board %d×%d: want 3×3 or more", rows, cols)
	}
	b := newBuilder(o)
	centre := rules.Pos{Row: rows / 2, Col: cols / 2}
	l := b.newLattice(geo.DeckEurope, geom.Pt{}, b.jitter(3))
	l.pitch = geom.Pt{X: 68, Y: 94}
	board := lattice{origin: l.origin, angle: l.angle, pitch: l.pitch}
	b.shapes = append(b.shapes, boxAt(board, -0.5-0.15, -0.5-0.15, float64(rows)-0.5+0.15, float64(cols)-0.5+0.15, [3]uint8{205, 215, 190}))
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			b.shapes = append(b.shapes, boxAt(board, float64(r)-0.47, float64(c)-0.47, float64(r)+0.47, float64(c)+0.47, [3]uint8{225, 232, 212}))
		}
	}
	// The far corners, so the cards span the board, and a crowd in the
	// north-west quarter.
	spots := []rules.Pos{centre, {Row: 0, Col: 0}, {Row: rows - 1, Col: cols - 1}, {Row: 0, Col: cols - 1}}
	taken := map[rules.Pos]bool{}
	for _, p := range spots {
		taken[p] = true
	}
	for len(spots) < 14 {
		p := rules.Pos{Row: b.rng.IntN(rows/2 + 1), Col: b.rng.IntN(cols/2 + 1)}
		if !taken[p] {
			taken[p] = true
			spots = append(spots, p)
		}
	}
	cards := b.pick(geo.DeckEurope, len(spots))
	for i, p := range spots {
		b.lay("board", board, rules.CardRef{ID: cards[i].ID, Side: rules.Back}, float64(p.Row), float64(p.Col), false)
	}
	s := setup("nsoe", 3)
	s.Options = map[string]string{"boardRows": strconv.Itoa(rows), "boardCols": strconv.Itoa(cols),
		"centreRow": strconv.Itoa(centre.Row), "centreCol": strconv.Itoa(centre.Col)}
	return b.finish(fmt.Sprintf("nsoe %d×%d off-centre", rows, cols), s)
}
