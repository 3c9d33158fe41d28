package shakecity

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
)

// Size is the side of a city board: 6×6 squares.
const Size = 6

// Board is a city board in the board frame: [row][col], row 0 = printed
// north edge, col 0 = printed west edge. A square holds the colour of its
// city tile, or "" when empty.
type Board [Size][Size]rules.Colour

// The colour of a tile is its building type (rulebook: grey road, green
// park, black factory, blue shop, red home).
const (
	Road    = rules.Grey
	Park    = rules.Green
	Factory = rules.Black
	Shop    = rules.Blue
	Home    = rules.Red
)

// TileColours lists the five tile colours in a fixed order (used wherever
// output must be deterministic).
var TileColours = []rules.Colour{Road, Park, Factory, Shop, Home}

// Building names the building type a tile colour stands for.
func Building(c rules.Colour) string {
	switch c {
	case Road:
		return "road"
	case Park:
		return "park"
	case Factory:
		return "factory"
	case Shop:
		return "shop"
	case Home:
		return "home"
	}
	return string(c)
}

// Buildings is the plural of Building ("roads", "factories").
func Buildings(c rules.Colour) string {
	if c == Factory {
		return "factories"
	}
	return Building(c) + "s"
}

// count writes "1 road", "3 roads".
func count(n int, c rules.Colour) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", Building(c))
	}
	return fmt.Sprintf("%d %s", n, Buildings(c))
}

// tileColourNames are the values of a "choose" input: the tile colours.
func tileColourNames() []string {
	out := make([]string, len(TileColours))
	for i, c := range TileColours {
		out[i] = string(c)
	}
	return out
}

func isTileColour(c rules.Colour) bool {
	for _, t := range TileColours {
		if t == c {
			return true
		}
	}
	return false
}

// in reports whether p lies on the board.
func in(p rules.Pos) bool { return p.Row >= 0 && p.Row < Size && p.Col >= 0 && p.Col < Size }

// At returns the tile at p, "" when empty or off the board.
func (b *Board) At(p rules.Pos) rules.Colour {
	if !in(p) {
		return ""
	}
	return b[p.Row][p.Col]
}

// Count returns how many tiles of colour c lie on the board.
func (b *Board) Count(c rules.Colour) int {
	n := 0
	for _, row := range b {
		n += countRow(row[:], c)
	}
	return n
}

// countRow counts colour c in one row of a board or grid.
func countRow(row []rules.Colour, c rules.Colour) int {
	n := 0
	for _, x := range row {
		if x == c {
			n++
		}
	}
	return n
}

// neighbours calls f for each on-board orthogonal neighbour of p.
func neighbours(p rules.Pos, f func(rules.Pos)) {
	for _, d := range rules.Steps {
		if q := p.Add(d); in(q) {
			f(q)
		}
	}
}

// hasNeighbour reports whether a neighbour of p holds colour c.
func (b *Board) hasNeighbour(p rules.Pos, c rules.Colour) bool {
	found := false
	neighbours(p, func(q rules.Pos) { found = found || b.At(q) == c })
	return found
}

// letter returns the colour letter of c ('.' for empty).
func letter(c rules.Colour) byte {
	for _, x := range rules.Colours {
		if x.C == c {
			return x.Letter
		}
	}
	return '.'
}

// Rows writes the board as 6 strings of colour letters (R B K G Y, '.').
func (b Board) Rows() []string {
	out := make([]string, Size)
	for r := range b {
		var s [Size]byte
		for c := range b[r] {
			s[c] = letter(b[r][c])
		}
		out[r] = string(s[:])
	}
	return out
}

// ParseBoard reads a board from 6 rows of 6 colour letters (R red home,
// B blue shop, K black factory, G green park, Y grey road, '.' empty).
func ParseBoard(rows ...string) (Board, error) {
	var b Board
	if len(rows) != Size {
		return b, fmt.Errorf("board: %d rows, want %d", len(rows), Size)
	}
	for r, row := range rows {
		if len(row) != Size {
			return b, fmt.Errorf("board row %d: %q has %d squares, want %d", r, row, len(row), Size)
		}
		for c := 0; c < Size; c++ {
			if row[c] == '.' {
				continue
			}
			col, ok := rules.ParseColour(string(row[c]))
			if !ok || !isTileColour(col) {
				return b, fmt.Errorf("board row %d col %d: %q is not a tile colour (R B K G Y or '.')", r, c, row[c])
			}
			b[r][c] = col
		}
	}
	return b, nil
}

// MarshalJSON writes the board as its letter rows, readable in a saved
// state.
func (b Board) MarshalJSON() ([]byte, error) { return json.Marshal(b.Rows()) }

// UnmarshalJSON reads the letter rows.
func (b *Board) UnmarshalJSON(data []byte) error {
	var rows []string
	if err := json.Unmarshal(data, &rows); err != nil {
		return err
	}
	out, err := ParseBoard(rows...)
	if err != nil {
		return err
	}
	*b = out
	return nil
}

// BoardFromZone reads a city-board zone (board frame, (0,0) = NW). It
// keeps what it can and lists what it had to leave out: squares off the
// 6×6 board, cards, white cubes (there are no white tiles).
func BoardFromZone(z *rules.Zone) (Board, []string) {
	var b Board
	var problems []string
	for _, p := range z.Positions() {
		cell := z.At(p)
		switch {
		case !in(p):
			problems = append(problems, fmt.Sprintf("something at %v is off the 6×6 board", p))
		case cell.Colour == "":
			problems = append(problems, fmt.Sprintf("a card at %v is not a city tile", p))
		case !isTileColour(cell.Colour):
			problems = append(problems, fmt.Sprintf("a %s tile at %v is not a city tile", cell.Colour, p))
		default:
			b[p.Row][p.Col] = cell.Colour
		}
	}
	return b, problems
}

// cellName names a square for people: "r2c4" in board coordinates.
func cellName(p rules.Pos) string { return fmt.Sprintf("r%dc%d", p.Row, p.Col) }

func joinCells(ps []rules.Pos) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = cellName(p)
	}
	return strings.Join(s, " ")
}
