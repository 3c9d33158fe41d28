package calibration

import (
	"fmt"
	"math"
	"slices"
)

// PrintedColour names the colour a Shake That City board prints on a
// square of each shop value (REFERENCE.md §6.2: grey 3, brown 2, green 1).
var PrintedColour = map[int]string{3: "grey", 2: "brown", 1: "green"}

// Mismatch is a square whose captured empty look disagrees with what a
// board profile says the board prints there.
type Mismatch struct {
	Row, Col int    // 0-based, board frame
	Profile  int    // the profile's shop value there
	Looks    int    // the shop value whose squares it looks like
	Text     string // says both, for the user
}

// CheckPrinted compares the board's captured empty look (calibrate board)
// with the printed squares a board profile describes: shopValue[r][c] is
// the shop value the profile gives each square (3 grey, 2 brown, 1 green),
// skip lists squares not to judge (sea). The squares the profile gives one
// value must look alike and unlike those of the other values: a square
// nearer the look of another value's squares than of its own (the
// median of the others, so a few wrong squares do not drag it) is a
// mismatch. The profile's colours themselves are checked too: the squares
// it calls grey must be the least coloured and those it calls green the
// greenest. It judges the board against itself, under whatever light the
// photo had; the board must have been captured (Empty set).
func (b *Board) CheckPrinted(shopValue [][]int, skip [][2]int) ([]Mismatch, []string, error) {
	rows, cols := b.Layout.Rows, b.Layout.Cols
	if len(b.Empty) != rows*cols {
		return nil, nil, fmt.Errorf("%s: its empty look is not captured (tableref calibrate board)", b.Zone)
	}
	if len(shopValue) != rows {
		return nil, nil, fmt.Errorf("%s: the profile has %d rows of shop values, the board %d", b.Zone, len(shopValue), rows)
	}
	groups := map[int][]int{} // shop value → cells (row-major index)
	for r, row := range shopValue {
		if len(row) != cols {
			return nil, nil, fmt.Errorf("%s: the profile's row %d has %d shop values, the board %d columns", b.Zone, r+1, len(row), cols)
		}
		for c, v := range row {
			if _, ok := PrintedColour[v]; !ok {
				return nil, nil, fmt.Errorf("%s: the profile's shop value %d at row %d col %d: want 1, 2 or 3", b.Zone, v, r+1, c+1)
			}
			if !slices.Contains(skip, [2]int{r, c}) {
				groups[v] = append(groups[v], r*cols+c)
			}
		}
	}
	median := func(cells []int, except int) (Lab, bool) {
		var ch [3][]float64
		for _, i := range cells {
			if i != except {
				for k := range ch {
					ch[k] = append(ch[k], b.Empty[i][k])
				}
			}
		}
		if len(ch[0]) == 0 {
			return Lab{}, false
		}
		var m Lab
		for k := range ch {
			slices.Sort(ch[k])
			n := len(ch[k])
			m[k] = (ch[k][(n-1)/2] + ch[k][n/2]) / 2
		}
		return m, true
	}
	looks := map[int]Lab{}
	values := make([]int, 0, len(groups))
	for v, cells := range groups {
		looks[v], _ = median(cells, -1)
		values = append(values, v)
	}
	slices.Sort(values)

	var out []Mismatch
	for _, v := range values {
		for _, i := range groups[v] {
			own, ok := median(groups[v], i)
			if !ok {
				continue // the only square of its value: nothing to compare it with
			}
			dOwn := b.Empty[i].Dist(own)
			// Within the noise of an empty square it is its own value's,
			// whatever else is near.
			if dOwn <= b.spreadAt(i) {
				continue
			}
			best, bestD := 0, math.Inf(1)
			for _, w := range values {
				if d := b.Empty[i].Dist(looks[w]); w != v && d < bestD {
					best, bestD = w, d
				}
			}
			if best == 0 || bestD >= dOwn {
				continue
			}
			r, c := i/cols, i%cols
			out = append(out, Mismatch{Row: r, Col: c, Profile: v, Looks: best, Text: fmt.Sprintf(
				"%s row %d col %d: the profile says %s (shop %d), the photo shows it like the %s squares (%.0f from them, %.0f from the %s ones)",
				b.Zone, r+1, c+1, PrintedColour[v], v, PrintedColour[best], bestD, dOwn, PrintedColour[v])})
		}
	}

	slices.SortFunc(out, func(a, b Mismatch) int { return (a.Row*cols + a.Col) - (b.Row*cols + b.Col) })

	// The colours as named: grey the least coloured, green the greenest.
	var named []string
	if len(values) == 3 {
		chroma := func(l Lab) float64 { return math.Hypot(l[1], l[2]) }
		greyest, greenest := values[0], values[0]
		for _, v := range values {
			if chroma(looks[v]) < chroma(looks[greyest]) {
				greyest = v
			}
			if looks[v][1] < looks[greenest][1] {
				greenest = v
			}
		}
		if greyest != 3 {
			named = append(named, fmt.Sprintf("%s: the squares the profile calls grey (shop 3) are not the least coloured: its %s squares (shop %d) are", b.Zone, PrintedColour[greyest], greyest))
		}
		if greenest != 1 {
			named = append(named, fmt.Sprintf("%s: the squares the profile calls green (shop 1) are not the greenest: its %s squares (shop %d) are", b.Zone, PrintedColour[greenest], greenest))
		}
	}
	return out, named, nil
}

// spreadAt is how far an empty square's look may wander (noise, print):
// its captured spread, at least half MinSpread.
func (b *Board) spreadAt(i int) float64 {
	s := MinSpread / 2
	if i < len(b.Spread) && b.Spread[i] > s {
		s = b.Spread[i]
	}
	return s
}
