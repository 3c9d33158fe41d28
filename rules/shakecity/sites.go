package shakecity

import (
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
)

// Site is a construction-site tile: the two building types that must lie
// adjacent somewhere on the board before it can be removed (§6.11).
type Site struct {
	A rules.Colour `json:"a"`
	B rules.Colour `json:"b"`
}

// DefaultSites are placeholders in the rulebook's spirit (its example is
// grey-red); the table sets what its tiles show with the "sites" option
// or a choose input.
const DefaultSites = "YR,GK,BY,RG"

// ParseSites reads 4 sites in laying order (site 1 first), each as two
// colour letters: "YR,GK,BY,RG" (Y grey road, G green park, K black
// factory, B blue shop, R red home).
func ParseSites(s string) ([]Site, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 4 {
		return nil, fmt.Errorf("construction sites %q: want 4 sites separated by commas, e.g. %s", s, DefaultSites)
	}
	out := make([]Site, 4)
	for i, part := range parts {
		part = strings.TrimSpace(part)
		if len(part) != 2 {
			return nil, fmt.Errorf("construction site %d %q: want two colour letters, e.g. YR for road-home", i+1, part)
		}
		for j := 0; j < 2; j++ {
			c, ok := rules.ParseColour(part[j : j+1])
			if !ok || !isTileColour(c) {
				return nil, fmt.Errorf("construction site %d %q: %q is not a tile colour (Y R B K G)", i+1, part, part[j])
			}
			if j == 0 {
				out[i].A = c
			} else {
				out[i].B = c
			}
		}
	}
	return out, nil
}

// String writes the site as its two letters ("YR").
func (s Site) String() string { return string([]byte{letter(s.A), letter(s.B)}) }

// Label names the site for people: "road-home".
func (s Site) Label() string { return Building(s.A) + "-" + Building(s.B) }

// Met reports whether a tile of type A lies next to a tile of type B
// anywhere on b (two of the same type when A = B).
func (s Site) Met(b *Board) bool {
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			p := rules.Pos{Row: r, Col: c}
			x := b.At(p)
			if x != s.A && x != s.B {
				continue
			}
			other := s.B
			if x == s.B {
				other = s.A
			}
			if b.hasNeighbour(p, other) {
				return true
			}
		}
	}
	return false
}
