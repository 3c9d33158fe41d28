package shakecity

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tableref/tableref/rules"
)

// Grid is the shaker's 3×3 output in the table frame, [row][col], row 0 =
// table north.
type Grid [3][3]rules.Colour

// Supply is how many cubes of each colour the shaker holds (rulebook);
// white wild cubes come from the "wildCubes" option.
var Supply = map[rules.Colour]int{Home: 8, Shop: 7, Factory: 6, Park: 6, Road: 5}

// errShakerEmpty: no cubes on the table (they are in the shaker).
var errShakerEmpty = errors.New("no cubes")

// GridError says why a shaker zone is not a usable grid. Misread is true
// when the cubes cannot exist (more of a colour than the box holds): the
// camera is wrong, shaking again does not help.
type GridError struct {
	Short   string // fits a display line: "8 cubes, not 9"
	Reason  string
	Misread bool
}

func (e *GridError) Error() string { return e.Reason }

// ReadGrid reads the shaker zone. Its cells may sit anywhere: the grid
// is the 3×3 block they fill. wild is how many white cubes are in play.
func ReadGrid(z *rules.Zone, wild int) (Grid, error) {
	var g Grid
	ps := z.Positions()
	if len(ps) == 0 {
		return g, errShakerEmpty
	}
	counts := map[rules.Colour]int{}
	for _, p := range ps {
		c := z.At(p).Colour
		if c == "" {
			return g, &GridError{Short: "Card in shaker", Reason: fmt.Sprintf("a card lies in the shaker zone at %v", p), Misread: true}
		}
		counts[c]++
	}
	if len(ps) != 9 {
		return g, &GridError{Short: fmt.Sprintf("%d cubes, not 9", len(ps)),
			Reason: fmt.Sprintf("%d cubes lie on the table, not exactly 9: put them back and shake again", len(ps))}
	}
	nw, se, _ := z.Bounds()
	if se.Row-nw.Row != 2 || se.Col-nw.Col != 2 {
		return g, &GridError{Short: "Not a 3x3 grid", Reason: "the 9 cubes do not lie in a 3×3 grid: put them back and shake again"}
	}
	for _, c := range append(append([]rules.Colour(nil), TileColours...), rules.White) {
		have := Supply[c]
		if c == rules.White {
			have = wild
		}
		if counts[c] > have {
			return g, &GridError{Short: "Misread cubes", Misread: true,
				Reason: fmt.Sprintf("the camera sees %d %s cubes but only %d are in play: check the light or the colour calibration", counts[c], c, have)}
		}
	}
	for _, p := range ps {
		g[p.Row-nw.Row][p.Col-nw.Col] = z.At(p).Colour
	}
	return g, nil
}

// Count returns how many cubes of colour c the grid holds.
func (g *Grid) Count(c rules.Colour) int {
	n := 0
	for _, row := range g {
		n += countRow(row[:], c)
	}
	return n
}

// Present lists the tile colours with at least one cube, in TileColours
// order: the colours that can be chosen (a white cube alone is not a
// colour: there are no white tiles).
func (g *Grid) Present() []rules.Colour {
	var out []rules.Colour
	for _, c := range TileColours {
		if g.Count(c) > 0 {
			out = append(out, c)
		}
	}
	return out
}

// Pattern returns the squares (table frame) the tiles of colour c must
// copy: the cubes of c and, with wild cubes, every white cube (default:
// a wild cube joins whichever colour a player chooses).
func (g *Grid) Pattern(c rules.Colour) []rules.Pos {
	var out []rules.Pos
	for r := range g {
		for col := range g[r] {
			if x := g[r][col]; x == c || x == rules.White {
				out = append(out, rules.Pos{Row: r, Col: col})
			}
		}
	}
	return out
}

// Most returns the colour with the most cubes (white not counted) and
// whether it is unique; the solo rule forbids it only when it is.
func (g *Grid) Most() (rules.Colour, bool) {
	var best rules.Colour
	n, unique := 0, false
	for _, c := range TileColours {
		switch k := g.Count(c); {
		case k > n:
			best, n, unique = c, k, true
		case k == n && k > 0:
			unique = false
		}
	}
	return best, unique
}

// Rows writes the grid as 3 letter strings.
func (g Grid) Rows() []string {
	out := make([]string, 3)
	for r := range g {
		out[r] = string([]byte{letter(g[r][0]), letter(g[r][1]), letter(g[r][2])})
	}
	return out
}

// Summary lists the colours and counts: "3 red, 2 blue, …".
func (g *Grid) Summary() string {
	s := ""
	for _, c := range append(append([]rules.Colour(nil), TileColours...), rules.White) {
		if n := g.Count(c); n > 0 {
			if s != "" {
				s += ", "
			}
			s += fmt.Sprintf("%d %s", n, c)
		}
	}
	return s
}

// MarshalJSON writes the grid as its letter rows.
func (g Grid) MarshalJSON() ([]byte, error) { return json.Marshal(g.Rows()) }

// UnmarshalJSON reads the letter rows.
func (g *Grid) UnmarshalJSON(data []byte) error {
	var rows []string
	if err := json.Unmarshal(data, &rows); err != nil {
		return err
	}
	if len(rows) != 3 {
		return fmt.Errorf("grid: %d rows, want 3", len(rows))
	}
	for r, row := range rows {
		if len(row) != 3 {
			return fmt.Errorf("grid row %d: %q, want 3 letters", r, row)
		}
		for c := 0; c < 3; c++ {
			col, ok := rules.ParseColour(row[c : c+1])
			if !ok {
				return fmt.Errorf("grid row %d: %q is not a colour letter", r, row[c])
			}
			g[r][c] = col
		}
	}
	return nil
}
