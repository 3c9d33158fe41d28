package shakecity

import (
	"sort"

	"github.com/tableref/tableref/rules"
)

// A placement must copy the cubes' pattern by translation only (L2). The
// pattern is seen in the table frame; a board turned by its profile's
// rotation gets the pattern turned the same way.

// turnTableToBoard maps table-frame offsets into the frame of a board
// lying rot quarter turns clockwise: each turn takes (r, c) to (-c, r).
func turnTableToBoard(ps []rules.Pos, rot int) []rules.Pos {
	out := append([]rules.Pos(nil), ps...)
	for k := 0; k < ((rot%4)+4)%4; k++ {
		for i, p := range out {
			out[i] = rules.Pos{Row: -p.Col, Col: p.Row}
		}
	}
	return normalise(out)
}

// normalise sorts the squares in reading order and moves them so the
// smallest row and column are 0: two shapes equal up to translation
// normalise to the same list.
func normalise(ps []rules.Pos) []rules.Pos {
	out := append([]rules.Pos(nil), ps...)
	if len(out) == 0 {
		return out
	}
	minR, minC := out[0].Row, out[0].Col
	for _, p := range out {
		minR, minC = min(minR, p.Row), min(minC, p.Col)
	}
	for i := range out {
		out[i] = rules.Pos{Row: out[i].Row - minR, Col: out[i].Col - minC}
	}
	sortPos(out)
	return out
}

func sortPos(ps []rules.Pos) {
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].Row != ps[j].Row {
			return ps[i].Row < ps[j].Row
		}
		return ps[i].Col < ps[j].Col
	})
}

func sameShape(a, b []rules.Pos) bool {
	a, b = normalise(a), normalise(b)
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Shape mismatch reasons, for telling a player what is wrong.
const (
	shapeOK       = ""
	shapeRotated  = "rotated"
	shapeMirrored = "mirrored"
	shapeOther    = "wrong shape"
)

// matchShape compares placed squares (board frame) with a pattern already
// in the board frame. It names a rotation or a mirror image, the two
// mistakes the rulebook shows, so the player knows what to fix.
func matchShape(pattern, placed []rules.Pos) string {
	if sameShape(pattern, placed) {
		return shapeOK
	}
	if len(pattern) != len(placed) {
		return shapeOther
	}
	for turn := 1; turn < 4; turn++ {
		if sameShape(turnTableToBoard(pattern, turn), placed) {
			return shapeRotated
		}
	}
	mirror := make([]rules.Pos, len(pattern))
	for i, p := range pattern {
		mirror[i] = rules.Pos{Row: p.Row, Col: -p.Col}
	}
	for turn := 0; turn < 4; turn++ {
		if sameShape(turnTableToBoard(mirror, turn), placed) {
			return shapeMirrored
		}
	}
	return shapeOther
}

// fitsSomewhere reports whether the pattern (board frame) can be laid by
// translation on empty, buildable squares of b.
func fitsSomewhere(pattern []rules.Pos, b *Board, blocked func(rules.Pos) bool) bool {
	pattern = normalise(pattern)
	for dr := 0; dr < Size; dr++ {
		for dc := 0; dc < Size; dc++ {
			ok := true
			for _, p := range pattern {
				q := rules.Pos{Row: p.Row + dr, Col: p.Col + dc}
				if !in(q) || b.At(q) != "" || blocked(q) {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
		}
	}
	return false
}
