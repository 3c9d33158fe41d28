package shakecity

import (
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
)

// ScoreOptions says what else than the tiles on the board counts.
type ScoreOptions struct {
	// Family scores only the scoring tiles (§6.10).
	Family bool
	// Tiles is which scoring tile lies in which notch; a zero Layout
	// scores only the corner tile.
	Tiles Layout
	// SitesLeft are squares still holding a construction site: not empty
	// for the tie-break, and they keep a line from being full.
	SitesLeft []rules.Pos
	// Player and Name label the returned score.
	Player int
	Name   string
}

// Result is a board's full evaluation.
type Result struct {
	Roads, Parks, Factories, Shops, Homes int
	// Details explain each category, by category name.
	Details map[string]string
	// Fulfilled lists the fulfilled scoring tiles (Slot names).
	Fulfilled []string
	// Empty counts empty buildable squares (no tile, no site, no sea).
	Empty int
	// CityPoints is the sum of the five categories (0 in the family
	// variant); Total adds 3 per fulfilled tile.
	CityPoints, Total int
}

// Evaluate scores a finished (or unfinished) board: city tiles by the
// side's rules (§6.7, §6.8), scoring tiles (§6.6), empty squares.
func Evaluate(p *Profile, b Board, o ScoreOptions) Result {
	res := Result{Details: map[string]string{}}
	reached := roadNetwork(p, &b)
	sea := p.Side == SideSea
	var roadsCut, shopsCut, homesSpoilt []string
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			q := rules.Pos{Row: r, Col: c}
			switch b.At(q) {
			case Road:
				if reached[q] {
					res.Roads++
				} else {
					roadsCut = append(roadsCut, cellName(q))
				}
			case Park:
				res.Parks += parkPoints(p, &b, q, sea)
			case Factory:
				res.Factories += factoryPoints(&b, q)
			case Shop:
				if shopConnected(p, &b, q, reached) {
					res.Shops += p.ShopValueAt(q)
				} else {
					shopsCut = append(shopsCut, cellName(q))
				}
			}
		}
	}
	groups := homeGroups(&b)
	for _, g := range groups {
		pts := homeGroupPoints(p, &b, g, sea)
		res.Homes += pts
		if pts == 0 {
			homesSpoilt = append(homesSpoilt, joinCells(g))
		}
	}
	res.Details["roads"] = detail(&b, Road, "cut off from the asphalt", roadsCut)
	res.Details["parks"] = count(b.Count(Park), Park)
	res.Details["factories"] = count(b.Count(Factory), Factory)
	res.Details["shops"] = detail(&b, Shop, "off the road network", shopsCut)
	res.Details["homes"] = count(b.Count(Home), Home)
	if len(groups) != b.Count(Home) {
		res.Details["homes"] += fmt.Sprintf(" in %d groups", len(groups))
	}
	if len(homesSpoilt) > 0 {
		res.Details["homes"] += "; next to a factory: " + strings.Join(homesSpoilt, ", ")
	}

	blocked := map[rules.Pos]bool{}
	for _, q := range o.SitesLeft {
		blocked[q] = true
	}
	for _, s := range Slots(p, o.Tiles) {
		if s.Fulfilled(&b) {
			res.Fulfilled = append(res.Fulfilled, s.Name)
		}
	}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			q := rules.Pos{Row: r, Col: c}
			if b.At(q) == "" && !blocked[q] && !p.IsSea(q) {
				res.Empty++
			}
		}
	}
	if !o.Family {
		res.CityPoints = res.Roads + res.Parks + res.Factories + res.Shops + res.Homes
	}
	res.Total = res.CityPoints + PointsPerTile*len(res.Fulfilled)
	return res
}

func detail(b *Board, c rules.Colour, cut string, cells []string) string {
	s := count(b.Count(c), c)
	if len(cells) > 0 {
		s += fmt.Sprintf("; %d %s: %s", len(cells), cut, strings.Join(cells, " "))
	}
	return s
}

// ScoreBoard scores one board with no game in progress (for `scan` of a
// photo): a rules.Score with one part per category, the scoring tiles,
// and the tie-breaks (more tiles, then fewer empty squares).
func ScoreBoard(p *Profile, b Board, o ScoreOptions) rules.Score {
	res := Evaluate(p, b, o)
	s := rules.Score{Player: o.Player, Name: o.Name, Total: res.Total,
		TieBreak: []int{len(res.Fulfilled), -res.Empty}}
	if !o.Family {
		for _, part := range []struct {
			cat string
			pts int
		}{{"roads", res.Roads}, {"parks", res.Parks}, {"factories", res.Factories}, {"shops", res.Shops}, {"homes", res.Homes}} {
			s.Parts = append(s.Parts, rules.ScorePart{Category: part.cat, Points: part.pts, Detail: res.Details[part.cat]})
		}
	}
	tiles := "none fulfilled"
	if len(res.Fulfilled) > 0 {
		tiles = strings.Join(res.Fulfilled, " ") + " fulfilled"
	}
	s.Parts = append(s.Parts, rules.ScorePart{Category: "scoring tiles", Points: PointsPerTile * len(res.Fulfilled),
		Detail: fmt.Sprintf("%s; %d empty squares", tiles, res.Empty)})
	return s
}

// roadNetwork flood-fills over roads from the roads on asphalt edges: a
// reached road scores 1 and connects shops next to it.
func roadNetwork(p *Profile, b *Board) map[rules.Pos]bool {
	reached := map[rules.Pos]bool{}
	var queue []rules.Pos
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			q := rules.Pos{Row: r, Col: c}
			if b.At(q) == Road && p.OnAsphalt(q) {
				reached[q] = true
				queue = append(queue, q)
			}
		}
	}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		neighbours(q, func(n rules.Pos) {
			if b.At(n) == Road && !reached[n] {
				reached[n] = true
				queue = append(queue, n)
			}
		})
	}
	return reached
}

// shopConnected: on an asphalt edge, or next to a road of the network.
func shopConnected(p *Profile, b *Board, q rules.Pos, reached map[rules.Pos]bool) bool {
	if p.OnAsphalt(q) {
		return true
	}
	ok := false
	neighbours(q, func(n rules.Pos) { ok = ok || reached[n] })
	return ok
}

// parkPoints: standard side, 1 for a home or a factory next to it, 2 for
// both; sea side, the sea takes the factory's place.
func parkPoints(p *Profile, b *Board, q rules.Pos, sea bool) int {
	n := 0
	if b.hasNeighbour(q, Home) {
		n++
	}
	if sea {
		if p.BordersSea(q) {
			n++
		}
	} else if b.hasNeighbour(q, Factory) {
		n++
	}
	return n
}

// factoryPoints: 1 for a factory or a road next to it, 2 for both.
func factoryPoints(b *Board, q rules.Pos) int {
	n := 0
	if b.hasNeighbour(q, Factory) {
		n++
	}
	if b.hasNeighbour(q, Road) {
		n++
	}
	return n
}

// homeGroups returns the 4-connected groups of homes, in reading order.
func homeGroups(b *Board) [][]rules.Pos {
	seen := map[rules.Pos]bool{}
	var groups [][]rules.Pos
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			start := rules.Pos{Row: r, Col: c}
			if b.At(start) != Home || seen[start] {
				continue
			}
			seen[start] = true
			group := []rules.Pos{start}
			for i := 0; i < len(group); i++ {
				neighbours(group[i], func(n rules.Pos) {
					if b.At(n) == Home && !seen[n] {
						seen[n] = true
						group = append(group, n)
					}
				})
			}
			groups = append(groups, group)
		}
	}
	return groups
}

// homeGroupPoints: a group is worth 2 as a whole, 0 with a factory next
// to any member; on the sea side 1 more (so at most 3) when any member
// borders the sea.
func homeGroupPoints(p *Profile, b *Board, g []rules.Pos, sea bool) int {
	bySea := false
	for _, q := range g {
		if b.hasNeighbour(q, Factory) {
			return 0
		}
		bySea = bySea || p.BordersSea(q)
	}
	if sea && bySea {
		return 3
	}
	return 2
}
