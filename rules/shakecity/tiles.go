package shakecity

import (
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
)

// TileKind is one of the 7 scoring tiles of a set (§6.6).
type TileKind string

// The six line tiles and the curved corner tile.
const (
	TileRoads     TileKind = "roads"
	TileParks     TileKind = "parks"
	TileFactories TileKind = "factories"
	TileShops     TileKind = "shops"
	TileHomes     TileKind = "homes"
	TileDifferent TileKind = "different"
	TileCorner    TileKind = "corner"
)

// LineTiles are the six tiles laid along the north and west edges.
var LineTiles = []TileKind{TileRoads, TileParks, TileFactories, TileShops, TileHomes, TileDifferent}

// PointsPerTile is what a fulfilled scoring tile is worth.
const PointsPerTile = 3

// tileColour is the building a "4 of a type" half asks for.
func tileColour(k TileKind) rules.Colour {
	switch k {
	case TileRoads:
		return Road
	case TileParks:
		return Park
	case TileFactories:
		return Factory
	case TileShops:
		return Shop
	case TileHomes:
		return Home
	}
	return ""
}

// Layout is which line tile lies in which notch: North west→east, West
// north→south. Everyone lays the same order (§6.3); the corner tile is
// always at the north-west corner.
type Layout struct {
	North [3]TileKind `json:"north"`
	West  [3]TileKind `json:"west"`
}

// DefaultLayout is used until the table says which tiles it laid.
var DefaultLayout = Layout{
	North: [3]TileKind{TileRoads, TileParks, TileFactories},
	West:  [3]TileKind{TileShops, TileHomes, TileDifferent},
}

// ParseLayout reads 6 tile names separated by commas: the 3 north tiles
// west→east, then the 3 west tiles north→south, e.g.
// "roads,homes,different,parks,factories,shops". Each line tile once.
func ParseLayout(s string) (Layout, error) {
	var l Layout
	parts := strings.Split(s, ",")
	if len(parts) != 6 {
		return l, fmt.Errorf("scoring tiles %q: want 6 names (3 north west→east, then 3 west north→south), got %d", s, len(parts))
	}
	seen := map[TileKind]bool{}
	for i, part := range parts {
		k := TileKind(strings.ToLower(strings.TrimSpace(part)))
		if tileColour(k) == "" && k != TileDifferent {
			return l, fmt.Errorf("scoring tiles: %q is not a line tile (want roads, parks, factories, shops, homes, different)", part)
		}
		if seen[k] {
			return l, fmt.Errorf("scoring tiles: %s is laid twice (a set has each line tile once)", k)
		}
		seen[k] = true
		if i < 3 {
			l.North[i] = k
		} else {
			l.West[i-3] = k
		}
	}
	return l, nil
}

// String writes the layout in ParseLayout's form.
func (l Layout) String() string {
	var s []string
	for _, k := range append(l.North[:], l.West[:]...) {
		s = append(s, string(k))
	}
	return strings.Join(s, ",")
}

// Slot is one scoring tile on a board: where it lies and what it asks.
type Slot struct {
	Name string   // "N1".."N3", "W1".."W3", "corner"
	Kind TileKind //
	Line []rules.Pos
	What string // "col 3", "row 1", "city"
}

// Slots lists the 7 tiles in a fixed order: N1–N3, W1–W3, corner. A slot
// with no kind (an unset layout) is left out.
func Slots(p *Profile, l Layout) []Slot {
	var out []Slot
	add := func(name string, k TileKind, what string, at func(i int) rules.Pos) {
		if k == "" {
			return
		}
		s := Slot{Name: name, Kind: k, What: what}
		for i := 0; i < Size; i++ {
			s.Line = append(s.Line, at(i))
		}
		out = append(out, s)
	}
	for i, k := range l.North {
		c := p.NorthTileColumns[i]
		add(fmt.Sprintf("N%d", i+1), k, fmt.Sprintf("col %d", c), func(r int) rules.Pos { return rules.Pos{Row: r, Col: c} })
	}
	for i, k := range l.West {
		r := p.WestTileRows[i]
		add(fmt.Sprintf("W%d", i+1), k, fmt.Sprintf("row %d", r), func(c int) rules.Pos { return rules.Pos{Row: r, Col: c} })
	}
	return append(out, Slot{Name: "corner", Kind: TileCorner, What: "city"})
}

// Fulfilled reports whether either half of the slot's tile holds on b.
// A square holding a site or sea holds no tile, so the line is not full.
func (s Slot) Fulfilled(b *Board) bool {
	if s.Kind == TileCorner {
		for _, c := range TileColours {
			if b.Count(c) < 2 {
				return false
			}
		}
		return true
	}
	filled, kinds, want := 0, map[rules.Colour]bool{}, 0
	for _, p := range s.Line {
		c := b.At(p)
		if c == "" {
			continue
		}
		filled++
		kinds[c] = true
		if c == tileColour(s.Kind) {
			want++
		}
	}
	if filled == Size {
		return true // half A: the line is full
	}
	if s.Kind == TileDifferent {
		return len(kinds) >= 4
	}
	return want >= 4
}

// Label names the tile for people: "N2 homes (col 3)".
func (s Slot) Label() string {
	if s.Kind == TileCorner {
		return "corner (2 of each colour)"
	}
	return fmt.Sprintf("%s %s (%s)", s.Name, s.Kind, s.What)
}
