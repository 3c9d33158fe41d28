package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
)

// Pos is a grid cell: row 0 is the zone's northern row, rows grow south;
// column 0 is the western column, columns grow east. Zones may use
// negative coordinates (a map grows in every direction).
type Pos struct {
	Row, Col int
}

func (p Pos) String() string { return fmt.Sprintf("(%d,%d)", p.Row, p.Col) }

// Add returns p moved by d.
func (p Pos) Add(d Pos) Pos { return Pos{p.Row + d.Row, p.Col + d.Col} }

// The four orthogonal steps: adjacency is always orthogonal.
var (
	North = Pos{-1, 0}
	South = Pos{1, 0}
	West  = Pos{0, -1}
	East  = Pos{0, 1}
	Steps = [4]Pos{North, East, South, West}
)

// DirName names a step: "north", "east", "south", "west", or "" for
// anything else.
func DirName(d Pos) string {
	switch d {
	case North:
		return "north"
	case East:
		return "east"
	case South:
		return "south"
	case West:
		return "west"
	}
	return ""
}

// Colour is the colour of a cube or tile in a colour zone.
type Colour string

// The colours of Shake That City's cubes and tiles (white: the Wild Nights
// expansion's wild cube).
const (
	Red   Colour = "red"
	Blue  Colour = "blue"
	Black Colour = "black"
	Green Colour = "green"
	Grey  Colour = "grey"
	White Colour = "white"
)

// Colours lists every colour a zone cell may hold, with its one-letter
// code for compact rows ("RBK.GY").
var Colours = []struct {
	C      Colour
	Letter byte
}{{Red, 'R'}, {Blue, 'B'}, {Black, 'K'}, {Green, 'G'}, {Grey, 'Y'}, {White, 'W'}}

// ParseColour reads a colour word ("red", "gray" too) or letter.
func ParseColour(s string) (Colour, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "gray" {
		s = "grey"
	}
	for _, c := range Colours {
		if string(c.C) == s || (len(s) == 1 && s[0] == c.Letter+'a'-'A') {
			return c.C, true
		}
	}
	return "", false
}

// Cell is what one grid cell holds: a card, a colour, or (zero value)
// nothing. Never both.
type Cell struct {
	Card   CardRef
	Colour Colour
}

// Empty reports whether the cell holds nothing.
func (c Cell) Empty() bool { return c.Card.IsZero() && c.Colour == "" }

// String is the cell's token: a card token, a colour word, or "".
func (c Cell) String() string {
	if c.Colour != "" {
		return string(c.Colour)
	}
	return c.Card.String()
}

// Item is a card that lies off the grid, at a fractional position in cell
// units: Strange World's Dark City on the junction of two Fumaroles at
// (1, 1.5), a Traveller beside rows 1 and 2 on the west side at (1.5, -1).
type Item struct {
	Card CardRef
	Row  float64
	Col  float64
}

// Zone is one area of the table read as a grid: the shared map, a
// player's world, a city board, the shaker output.
type Zone struct {
	Cells map[Pos]Cell
	Items []Item
}

// Set puts c at p (or clears p when c is empty), creating the map.
func (z *Zone) Set(p Pos, c Cell) {
	if c.Empty() {
		delete(z.Cells, p)
		return
	}
	if z.Cells == nil {
		z.Cells = map[Pos]Cell{}
	}
	z.Cells[p] = c
}

// At returns the cell at p (empty when nothing is there).
func (z *Zone) At(p Pos) Cell {
	if z == nil {
		return Cell{}
	}
	return z.Cells[p]
}

// Positions returns the occupied cells in reading order (north to south,
// west to east), so that iteration is deterministic.
func (z *Zone) Positions() []Pos {
	if z == nil {
		return nil
	}
	out := make([]Pos, 0, len(z.Cells))
	for p := range z.Cells {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Row != out[j].Row {
			return out[i].Row < out[j].Row
		}
		return out[i].Col < out[j].Col
	})
	return out
}

// Bounds returns the smallest rectangle holding every occupied cell, as
// its north-west and south-east corners; ok is false for an empty zone.
func (z *Zone) Bounds() (nw, se Pos, ok bool) {
	for p := range z.cells() {
		if !ok {
			nw, se, ok = p, p, true
			continue
		}
		nw.Row, nw.Col = min(nw.Row, p.Row), min(nw.Col, p.Col)
		se.Row, se.Col = max(se.Row, p.Row), max(se.Col, p.Col)
	}
	return nw, se, ok
}

// Find returns where a card lies in the zone, whatever its side.
func (z *Zone) Find(id CardID) (Pos, bool) {
	if z == nil {
		return Pos{}, false
	}
	for p, c := range z.Cells {
		if c.Card.ID == id {
			return p, true
		}
	}
	return Pos{}, false
}

// Clone returns a deep copy.
func (z *Zone) Clone() *Zone {
	if z == nil {
		return nil
	}
	out := &Zone{Items: append([]Item(nil), z.Items...)}
	if z.Cells != nil {
		out.Cells = make(map[Pos]Cell, len(z.Cells))
		for p, c := range z.Cells {
			out.Cells[p] = c
		}
	}
	return out
}

// Equal reports whether two zones hold the same cells and items (items in
// any order).
func (z *Zone) Equal(o *Zone) bool {
	if len(z.cells()) != len(o.cells()) || len(z.items()) != len(o.items()) {
		return false
	}
	for p, c := range z.cells() {
		if o.cells()[p] != c {
			return false
		}
	}
	a, b := sortedItems(z.items()), sortedItems(o.items())
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (z *Zone) cells() map[Pos]Cell {
	if z == nil {
		return nil
	}
	return z.Cells
}

func (z *Zone) items() []Item {
	if z == nil {
		return nil
	}
	return z.Items
}

func sortedItems(in []Item) []Item {
	out := append([]Item(nil), in...)
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Row != b.Row {
			return a.Row < b.Row
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return a.Card.String() < b.Card.String()
	})
	return out
}

// Table is a snapshot of everything on the table at one moment, by zone
// name: "map", "p1"…"p6", "board:p2", "shaker", "offer", …
type Table struct {
	Zones map[string]*Zone
	// Tableref holds the cards whose code says tableref printed them
	// (payload kind P: its print-and-play cards, whose printed numbers
	// are tableref's). A card not in it is a sticker on a boxed game's
	// card, or of unknown print (an old code). Equal ignores it: a card's
	// print never changes while it lies on the table.
	Tableref map[CardID]bool
}

// tablerefKey is the key of Table.Tableref in a table's JSON, beside the
// zones (a zone cannot be named so).
const tablerefKey = "printedByTableref"

// MarkTableref records that card id's code says tableref printed it.
func (t *Table) MarkTableref(id CardID) {
	if t.Tableref == nil {
		t.Tableref = map[CardID]bool{}
	}
	t.Tableref[id] = true
}

// Cards returns every identified card on the table (anonymous backs
// left out), in no order.
func (t Table) Cards() []CardID {
	var out []CardID
	for _, z := range t.Zones {
		if z == nil {
			continue
		}
		for _, c := range z.Cells {
			if !c.Card.IsZero() && !c.Card.ID.Anonymous() {
				out = append(out, c.Card.ID)
			}
		}
		for _, it := range z.Items {
			if !it.Card.ID.Anonymous() {
				out = append(out, it.Card.ID)
			}
		}
	}
	return out
}

// Zone returns the named zone, or nil. A nil *Zone reads as empty.
func (t Table) Zone(name string) *Zone { return t.Zones[name] }

// Clone returns a deep copy.
func (t Table) Clone() Table {
	out := Table{Zones: make(map[string]*Zone, len(t.Zones))}
	for n, z := range t.Zones {
		out.Zones[n] = z.Clone()
	}
	for id := range t.Tableref {
		out.MarkTableref(id)
	}
	return out
}

// Equal reports whether both tables hold the same things; an empty zone
// equals an absent one.
func (t Table) Equal(o Table) bool {
	for n, z := range t.Zones {
		if !z.Equal(o.Zones[n]) {
			return false
		}
	}
	for n, z := range o.Zones {
		if _, ok := t.Zones[n]; !ok && !z.Equal(nil) {
			return false
		}
	}
	return true
}

// ZoneNames returns the zone names in sorted order.
func (t Table) ZoneNames() []string {
	out := make([]string, 0, len(t.Zones))
	for n := range t.Zones {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// zoneJSON is a zone's file form: a rectangle of cell tokens whose
// north-west cell is at Origin, plus the off-grid items. A row may be an
// array of tokens or, in colour zones, a string of colour letters.
type zoneJSON struct {
	Origin [2]int            `json:"origin"`
	Rows   []json.RawMessage `json:"rows"`
	Items  []itemJSON        `json:"items,omitempty"`
}

type itemJSON struct {
	At   [2]float64 `json:"at"`
	Card string     `json:"card"`
}

// MarshalJSON writes the zone as {"origin":[r,c],"rows":[[…]],"items":[…]}
// with canonical tokens (card IDs and colour words, "" for empty).
func (z *Zone) MarshalJSON() ([]byte, error) {
	zj := zoneJSON{Rows: []json.RawMessage{}}
	if nw, se, ok := z.Bounds(); ok {
		zj.Origin = [2]int{nw.Row, nw.Col}
		for r := nw.Row; r <= se.Row; r++ {
			row := make([]string, se.Col-nw.Col+1)
			for c := nw.Col; c <= se.Col; c++ {
				row[c-nw.Col] = z.At(Pos{r, c}).String()
			}
			b, err := json.Marshal(row)
			if err != nil {
				return nil, err
			}
			zj.Rows = append(zj.Rows, b)
		}
	}
	for _, it := range sortedItems(z.items()) {
		zj.Items = append(zj.Items, itemJSON{At: [2]float64{it.Row, it.Col}, Card: it.Card.String()})
	}
	return json.Marshal(zj)
}

// UnmarshalJSON reads the zone form with card IDs and payloads only; use
// DecodeTable to resolve card names too.
func (z *Zone) UnmarshalJSON(b []byte) error {
	out, err := decodeZone(b, Resolver{})
	if err != nil {
		return err
	}
	*z = *out
	return nil
}

// MarshalJSON writes the table as an object of zones by name.
func (t Table) MarshalJSON() ([]byte, error) {
	if t.Zones == nil && len(t.Tableref) == 0 {
		return []byte("{}"), nil
	}
	if len(t.Tableref) == 0 {
		return json.Marshal(t.Zones)
	}
	out := make(map[string]any, len(t.Zones)+1)
	for n, z := range t.Zones {
		out[n] = z
	}
	ids := make([]string, 0, len(t.Tableref))
	for id := range t.Tableref {
		ids = append(ids, id.String())
	}
	sort.Strings(ids)
	out[tablerefKey] = ids
	return json.Marshal(out)
}

// UnmarshalJSON reads the object of zones, with card IDs and payloads.
func (t *Table) UnmarshalJSON(b []byte) error {
	out, err := DecodeTable(b, Resolver{})
	if err != nil {
		return err
	}
	*t = out
	return nil
}

// DecodeTable reads a table in its JSON form, resolving card tokens with
// res (so a hand-written replay may name cards). Errors name the zone, the
// cell and the token.
func DecodeTable(b []byte, res Resolver) (Table, error) {
	var raw map[string]json.RawMessage
	if err := strictUnmarshal(b, &raw); err != nil {
		return Table{}, fmt.Errorf("table: %w", err)
	}
	t := Table{Zones: make(map[string]*Zone, len(raw))}
	for name, zb := range raw {
		if strings.TrimSpace(name) == "" {
			return Table{}, fmt.Errorf("table: a zone has an empty name")
		}
		if name == tablerefKey {
			var ids []string
			if err := strictUnmarshal(zb, &ids); err != nil {
				return Table{}, fmt.Errorf("table: %s: want a list of card IDs: %w", tablerefKey, err)
			}
			for _, s := range ids {
				id, err := ParseCardID(s)
				if err != nil {
					return Table{}, fmt.Errorf("table: %s: %w", tablerefKey, err)
				}
				t.MarkTableref(id)
			}
			continue
		}
		z, err := decodeZone(zb, res)
		if err != nil {
			return Table{}, fmt.Errorf("zone %q: %w", name, err)
		}
		t.Zones[name] = z
	}
	return t, nil
}

func decodeZone(b []byte, res Resolver) (*Zone, error) {
	var zj zoneJSON
	if err := strictUnmarshal(b, &zj); err != nil {
		return nil, err
	}
	z := &Zone{}
	seen := map[CardID]Pos{}
	for i, rb := range zj.Rows {
		r := zj.Origin[0] + i
		var toks []string
		var letters string
		if err := json.Unmarshal(rb, &letters); err == nil {
			for _, ch := range letters {
				toks = append(toks, string(ch))
			}
		} else if err := json.Unmarshal(rb, &toks); err != nil {
			return nil, fmt.Errorf("row %d: want an array of cell tokens or a string of colour letters", i)
		}
		for j, tok := range toks {
			p := Pos{r, zj.Origin[1] + j}
			cell, err := parseCellToken(tok, res, letters != "")
			if err != nil {
				return nil, fmt.Errorf("cell %v: %w", p, err)
			}
			if !cell.Card.IsZero() && !cell.Card.ID.Anonymous() {
				if q, dup := seen[cell.Card.ID]; dup {
					return nil, fmt.Errorf("cell %v: card %s is already at %v", p, cell.Card.ID, q)
				}
				seen[cell.Card.ID] = p
			}
			z.Set(p, cell)
		}
	}
	for i, ij := range zj.Items {
		ref, err := res.Resolve(ij.Card)
		if err != nil {
			return nil, fmt.Errorf("item %d: %w", i, err)
		}
		for _, v := range ij.At {
			if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e6 {
				return nil, fmt.Errorf("item %d: position %v is not a number of cells", i, ij.At)
			}
		}
		z.Items = append(z.Items, Item{Card: ref, Row: ij.At[0], Col: ij.At[1]})
	}
	return z, nil
}

func parseCellToken(tok string, res Resolver, letters bool) (Cell, error) {
	tok = strings.TrimSpace(tok)
	if tok == "" || tok == "." {
		return Cell{}, nil
	}
	if c, ok := ParseColour(tok); ok && (letters || len(tok) > 1) {
		return Cell{Colour: c}, nil
	}
	if letters {
		return Cell{}, fmt.Errorf("colour letter %q: want one of R B K G Y W or '.'", tok)
	}
	ref, err := res.Resolve(tok)
	if err != nil {
		return Cell{}, err
	}
	return Cell{Card: ref}, nil
}

// strictUnmarshal decodes JSON rejecting unknown fields, so that a typo in
// a hand-written file is an error and not silently ignored.
func strictUnmarshal(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if d.More() {
		return fmt.Errorf("unexpected data after the JSON value")
	}
	return nil
}
