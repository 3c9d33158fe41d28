package scanner

import (
	"fmt"
	"math"

	"github.com/tableref/tableref/rules"
)

// Nord Sud Ovest Est's board without a calibrated grid: the cards lie on
// the board's squares, but the camera does not see which square is the
// central slot. The board is fitted to the cards instead: the reference
// city is a card that, taken as the central slot, puts every card on the
// rows × cols board; of several such, the one nearest the middle of the
// cards. When none does (the cards span more than the board), that is a
// problem the user must see, never a board shifted until a card falls off.

// ProblemOffBoard: the cards do not fit on the game's board.
const ProblemOffBoard ProblemKind = "off board"

// boardAnchor returns the cell (in the fitted lattice's numbering) to put
// at the board's central slot, and false when no card can be.
func boardAnchor(cells []cell, rows, cols int, centre rules.Pos) (rules.Pos, bool) {
	var mr, mc float64
	n := 0
	for _, c := range cells {
		if !c.item {
			mr, mc, n = mr+c.row, mc+c.col, n+1
		}
	}
	if n == 0 {
		return rules.Pos{}, false
	}
	mr, mc = mr/float64(n), mc/float64(n)
	best, bestD, ok := rules.Pos{}, math.Inf(1), false
	for _, a := range cells {
		if a.item {
			continue
		}
		dr, dc := centre.Row-a.pos.Row, centre.Col-a.pos.Col
		fits := true
		for _, c := range cells {
			r, k := c.pos.Row+dr, c.pos.Col+dc
			if !c.item && (r < 0 || k < 0 || r >= rows || k >= cols) {
				fits = false
				break
			}
		}
		if d := math.Hypot(a.row-mr, a.col-mc); fits && d < bestD {
			best, bestD, ok = a.pos, d, true
		}
	}
	return best, ok
}

// offBoard is the problem of cards that fit no placing on the board.
func offBoard(zone string, cells []cell, rows, cols int) Problem {
	r0, c0, r1, c1 := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	var refs []rules.CardRef
	for _, c := range cells {
		if c.item {
			continue
		}
		r0, c0 = min(r0, c.pos.Row), min(c0, c.pos.Col)
		r1, c1 = max(r1, c.pos.Row), max(c1, c.pos.Col)
		refs = append(refs, c.p.ref)
	}
	return Problem{Kind: ProblemOffBoard, Zone: zone, Cards: refs,
		Text: fmt.Sprintf("the cards span %d rows × %d columns with one in the central slot, which no %d×%d board holds: set the board's size (options boardRows, boardCols, centreRow, centreCol) or calibrate its grid ('tableref calibrate zones --grid board:%dx%d PHOTO')",
			r1-r0+1, c1-c0+1, rows, cols, rows, cols)}
}
