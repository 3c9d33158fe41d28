package shakecity

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tableref/tableref/rules"
)

// The two board sides. The side decides the park and home rules (§6.7,
// §6.8); the profile says where the asphalt and the sea are.
const (
	SideStandard = "standard"
	SideSea      = "sea"
)

// Profile describes the printed features of one side of a city board, in
// the board frame (row 0 = printed north edge, col 0 = printed west
// edge). It is read from JSON (docs/shake-that-city.md): the defaults of
// REFERENCE.md §6.2 are embedded, a measured board replaces them.
type Profile struct {
	Name string `json:"name,omitempty"`
	// Side is "standard" or "sea".
	Side string `json:"side"`
	// ShopValue is the value of a shop on each square: 3 grey, 2 brown,
	// 1 green.
	ShopValue [][]int `json:"shopValue"`
	// AsphaltEdges and SeaEdges list board edges: "N", "E", "S", "W".
	AsphaltEdges []string `json:"asphaltEdges"`
	SeaEdges     []string `json:"seaEdges"`
	// SeaCells are in-grid sea squares: never buildable; their neighbours
	// border the sea.
	SeaCells [][2]int `json:"seaCells"`
	// NorthTileColumns is the column scored by the 1st/2nd/3rd scoring-tile
	// notch on the north edge (west→east); WestTileRows the row scored by
	// the 1st/2nd/3rd notch on the west edge (north→south).
	NorthTileColumns []int `json:"northTileColumns"`
	WestTileRows     []int `json:"westTileRows"`
	// ConstructionCells are the 4 construction-site squares in the order
	// sites 1–4 are laid (NW→SE by default).
	ConstructionCells [][2]int `json:"constructionCells"`
	// Rotation is how many quarter turns clockwise the printed board lies
	// relative to table north (0 = printed north edge faces table north).
	// The shaker pattern, seen in the table frame, is turned by it before
	// it is compared with the board.
	Rotation int `json:"rotation"`
}

//go:embed profiles/*.json
var embedded embed.FS

// DefaultProfile returns the embedded default profile of a side.
func DefaultProfile(side string) (*Profile, error) {
	if side != SideStandard && side != SideSea {
		return nil, fmt.Errorf("board side %q: want standard or sea", side)
	}
	data, err := embedded.ReadFile("profiles/" + side + ".json")
	if err != nil {
		return nil, fmt.Errorf("embedded %s profile: %w", side, err)
	}
	return ParseProfile(data, side)
}

// ParseProfile reads and validates a profile file for the given side
// ("standard" or "sea"). The file's own "side", if present, must agree.
// Every problem found is reported, each naming its field.
func ParseProfile(data []byte, side string) (*Profile, error) {
	var p Profile
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields() // a misspelt key must not silently keep a default
	if err := d.Decode(&p); err != nil {
		return nil, fmt.Errorf("board profile: not valid JSON of the profile form: %w", err)
	}
	if d.More() {
		return nil, errors.New("board profile: more than one JSON value")
	}
	if p.Side == "" {
		p.Side = side
	}
	if p.Side != side {
		return nil, fmt.Errorf("board profile: it is for the %s side but the game plays the %s side", p.Side, side)
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &p, nil
}

// Validate checks a profile and returns every problem, each naming the
// field it is in.
func (p *Profile) Validate() error {
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("board profile: "+format, args...))
	}
	if p.Side != SideStandard && p.Side != SideSea {
		bad("side %q: want standard or sea", p.Side)
	}
	if len(p.ShopValue) != Size {
		bad("shopValue has %d rows, want %d", len(p.ShopValue), Size)
	}
	for r, row := range p.ShopValue {
		if len(row) != Size {
			bad("shopValue row %d has %d values, want %d", r, len(row), Size)
		}
		for c, v := range row {
			if v < 1 || v > 3 {
				bad("shopValue row %d col %d is %d, want 1 (green), 2 (brown) or 3 (grey)", r, c, v)
			}
		}
	}
	asphalt := checkEdges("asphaltEdges", p.AsphaltEdges, bad)
	sea := checkEdges("seaEdges", p.SeaEdges, bad)
	if len(p.AsphaltEdges) == 0 {
		bad("asphaltEdges is empty: roads and shops could never score")
	}
	for e := range asphalt {
		if sea[e] {
			bad("edge %s is both asphalt and sea", e)
		}
	}
	seaCells := checkCells("seaCells", p.SeaCells, -1, bad)
	if p.Side == SideStandard && (len(p.SeaEdges) > 0 || len(p.SeaCells) > 0) {
		bad("the standard side has no sea: seaEdges and seaCells must be empty")
	}
	if p.Side == SideSea && len(p.SeaEdges) == 0 && len(p.SeaCells) == 0 {
		bad("the sea side needs seaEdges or seaCells")
	}
	checkLines("northTileColumns", p.NorthTileColumns, bad)
	checkLines("westTileRows", p.WestTileRows, bad)
	for pos := range checkCells("constructionCells", p.ConstructionCells, 4, bad) {
		if seaCells[pos] {
			bad("constructionCells %v is a sea square", pos)
		}
	}
	if p.Rotation < 0 || p.Rotation > 3 {
		bad("rotation %d: want 0, 1, 2 or 3 quarter turns clockwise", p.Rotation)
	}
	return errors.Join(errs...)
}

func checkEdges(field string, edges []string, bad func(string, ...any)) map[string]bool {
	seen := map[string]bool{}
	for _, e := range edges {
		switch {
		case e != "N" && e != "E" && e != "S" && e != "W":
			bad("%s: %q is not an edge (want N, E, S or W)", field, e)
		case seen[e]:
			bad("%s: %s is listed twice", field, e)
		}
		seen[e] = true
	}
	return seen
}

// checkCells checks a list of squares; want < 0 means any number.
func checkCells(field string, cells [][2]int, want int, bad func(string, ...any)) map[rules.Pos]bool {
	if want >= 0 && len(cells) != want {
		bad("%s has %d squares, want %d", field, len(cells), want)
	}
	seen := map[rules.Pos]bool{}
	for _, c := range cells {
		p := rules.Pos{Row: c[0], Col: c[1]}
		switch {
		case !in(p):
			bad("%s: %v is off the 6×6 board (rows and columns 0–5)", field, c)
		case seen[p]:
			bad("%s: %v is listed twice", field, c)
		}
		seen[p] = true
	}
	return seen
}

func checkLines(field string, lines []int, bad func(string, ...any)) {
	if len(lines) != 3 {
		bad("%s has %d entries, want 3 (one per scoring-tile notch)", field, len(lines))
	}
	seen := map[int]bool{}
	for _, l := range lines {
		switch {
		case l < 0 || l >= Size:
			bad("%s: %d is off the board (0–5)", field, l)
		case seen[l]:
			bad("%s: %d is listed twice", field, l)
		}
		seen[l] = true
	}
}

func hasEdge(edges []string, e string) bool {
	for _, x := range edges {
		if x == e {
			return true
		}
	}
	return false
}

// onEdges reports whether p lies on one of the listed board edges.
func onEdges(p rules.Pos, edges []string) bool {
	return (p.Row == 0 && hasEdge(edges, "N")) || (p.Row == Size-1 && hasEdge(edges, "S")) ||
		(p.Col == 0 && hasEdge(edges, "W")) || (p.Col == Size-1 && hasEdge(edges, "E"))
}

// OnAsphalt reports whether square p lies directly at an asphalt edge.
func (p *Profile) OnAsphalt(q rules.Pos) bool { return onEdges(q, p.AsphaltEdges) }

// IsSea reports whether square q is an in-grid sea square.
func (p *Profile) IsSea(q rules.Pos) bool {
	for _, c := range p.SeaCells {
		if c[0] == q.Row && c[1] == q.Col {
			return true
		}
	}
	return false
}

// BordersSea reports whether square q is on a sea edge or next to a sea
// square (§6.2).
func (p *Profile) BordersSea(q rules.Pos) bool {
	if onEdges(q, p.SeaEdges) {
		return true
	}
	found := false
	neighbours(q, func(n rules.Pos) { found = found || p.IsSea(n) })
	return found
}

// ShopValueAt returns the value a connected shop on q scores.
func (p *Profile) ShopValueAt(q rules.Pos) int { return p.ShopValue[q.Row][q.Col] }

// Site returns the square of construction site i (0-based).
func (p *Profile) Site(i int) rules.Pos {
	c := p.ConstructionCells[i]
	return rules.Pos{Row: c[0], Col: c[1]}
}
