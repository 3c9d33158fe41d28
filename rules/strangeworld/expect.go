package strangeworld

import (
	"fmt"

	"github.com/tableref/tableref/rules"
)

// expectWorlds is the shape of a finished table (rules.Mode.Expect): every
// world is a full 4×4 square (§7.5), 16 cards. Where the cards read span the full 4×4, its empty cells are named; where they span less
// (a whole row or column unread), the count says so and names the holes
// inside what was read. A cell under a Dark City's junction may look empty
// (the Dark City hides its Fumarole) and is not expected to show a card.
func expectWorlds(s rules.Setup, t rules.Table) []rules.Expect {
	var out []rules.Expect
	for p := 1; p <= len(s.Players); p++ {
		e := rules.Expect{Zone: zoneName(p), What: fmt.Sprintf("%s's world", s.PlayerName(p)), Cards: worldSize * worldSize}
		z := t.Zone(e.Zone)
		nw, se, ok := z.Bounds()
		if !ok {
			e.Why = "no card of this world was read"
			out = append(out, e)
			continue
		}
		hidden := map[rules.Pos]bool{}
		for _, it := range z.Items {
			if c, ok := std.Lookup(it.Card.ID); ok && c.Kind == KindCity {
				if a, b, ok := junctionCells(it.Row, it.Col); ok {
					hidden[a], hidden[b] = true, true
				}
			}
		}
		rows, cols := se.Row-nw.Row+1, se.Col-nw.Col+1
		if rows <= worldSize && cols <= worldSize {
			for _, q := range rules.GridCells(nw, se) {
				if !hidden[q] {
					e.Filled = append(e.Filled, q)
				}
			}
		}
		e.Origin = nw
		e.Cards -= countEmpty(z, hidden) // a Fumarole under a Dark City shows no code
		if rows < worldSize || cols < worldSize {
			e.Why = fmt.Sprintf("the cards read span %s and %s of 4: which cells beyond them are missing cannot be told", rules.Count(rows, "row"), rules.Count(cols, "column"))
		}
		out = append(out, e)
	}
	return out
}

// countEmpty counts the cells of set that hold nothing in z.
func countEmpty(z *rules.Zone, set map[rules.Pos]bool) int {
	n := 0
	for q := range set {
		if z.At(q).Empty() {
			n++
		}
	}
	return n
}
