package calibration

import (
	"strings"
	"testing"
)

// A 6×6 board whose empty look prints the default shop values, with a
// little noise.
func printedBoard(values [][]int) *Board {
	look := map[int]Lab{3: {80, 0, 2}, 2: {74, 6, 18}, 1: {78, -16, 16}}
	b := &Board{Zone: "board:p1", Layout: DefaultBoardLayout()}
	for r, row := range values {
		for c, v := range row {
			l := look[v]
			l[0] += float64((r*7+c*3)%5) - 2
			l[1] += float64((r*3+c*5)%3) - 1
			b.Empty = append(b.Empty, l)
			b.Spread = append(b.Spread, MinSpread)
		}
	}
	return b
}

var defaultShops = [][]int{
	{1, 1, 1, 1, 1, 1}, {1, 2, 2, 2, 2, 1}, {1, 2, 3, 3, 2, 1},
	{1, 2, 3, 3, 2, 1}, {1, 2, 2, 2, 2, 1}, {1, 1, 1, 1, 1, 1},
}

func TestCheckPrinted(t *testing.T) {
	b := printedBoard(defaultShops)
	mis, named, err := b.CheckPrinted(defaultShops, nil)
	if err != nil || len(mis) != 0 || len(named) != 0 {
		t.Fatalf("the board's own profile: %v %v %v", mis, named, err)
	}

	// One square wrong, and a sea square the profile skips.
	wrong := [][]int{
		{1, 1, 1, 1, 1, 3}, {1, 2, 2, 2, 2, 1}, {1, 2, 3, 3, 2, 1},
		{1, 2, 3, 3, 2, 1}, {1, 2, 2, 2, 2, 1}, {1, 1, 1, 1, 1, 2},
	}
	mis, named, err = b.CheckPrinted(wrong, [][2]int{{5, 5}})
	if err != nil || len(named) != 0 || len(mis) != 1 {
		t.Fatalf("one square wrong: %v %v %v", mis, named, err)
	}
	if m := mis[0]; m.Row != 0 || m.Col != 5 || m.Profile != 3 || m.Looks != 1 {
		t.Errorf("one square wrong: got %+v", m)
	}

	// Grey and green swapped everywhere: each group still looks alike, but
	// the profile's names are wrong.
	swapped := make([][]int, 6)
	for r, row := range defaultShops {
		for _, v := range row {
			swapped[r] = append(swapped[r], map[int]int{1: 3, 2: 2, 3: 1}[v])
		}
	}
	mis, named, err = b.CheckPrinted(swapped, nil)
	if err != nil || len(named) != 2 {
		t.Fatalf("grey and green swapped: %v %v %v", mis, named, err)
	}
	if !strings.Contains(named[0], "calls grey (shop 3) are not the least coloured: its green squares (shop 1) are") {
		t.Errorf("grey and green swapped: %q", named[0])
	}

	// Bad input: not captured, wrong size, a value that is no shop value.
	for _, c := range []struct {
		b    *Board
		v    [][]int
		want string
	}{
		{&Board{Zone: "board:p2", Layout: DefaultBoardLayout()}, defaultShops, "not captured"},
		{b, defaultShops[:5], "5 rows"},
		{b, [][]int{{1, 1, 1, 1, 1, 1}, {1, 2, 2, 2, 2, 1}, {1, 2, 3, 4, 2, 1}, {1, 2, 3, 3, 2, 1}, {1, 2, 2, 2, 2, 1}, {1, 1, 1, 1, 1, 1}}, "shop value 4 at row 3 col 4"},
	} {
		if _, _, err := c.b.CheckPrinted(c.v, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("want an error with %q, got %v", c.want, err)
		}
	}
}
