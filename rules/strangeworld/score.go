package strangeworld

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tableref/tableref/rules"
)

// Score categories, in the rulebook's order (p.5).
const (
	CatMountains  = "mountains"
	CatWater      = "water"
	CatAnimals    = "animals"
	CatSwamps     = "swamps"
	CatCities     = "dark cities"
	CatMoons      = "moons"
	CatTravellers = "travellers"
)

// Score returns the world's stars by category (REFERENCE.md §7.10).
func (w *World) Score(o Options) []rules.ScorePart {
	return []rules.ScorePart{
		w.scoreMountains(),
		w.scoreWater(o),
		w.scoreAnimals(),
		w.scoreSwamps(),
		w.scoreCities(),
		w.scoreMoons(),
		w.scoreTravellers(),
	}
}

// Total adds up score parts.
func Total(parts []rules.ScorePart) int {
	n := 0
	for _, p := range parts {
		n += p.Points
	}
	return n
}

// scoreMountains scores the biggest mountain range: the 4-connected group
// of face-up cards with mountains holding the most mountain icons.
func (w *World) scoreMountains() rules.ScorePart {
	seen := map[rules.Pos]bool{}
	best, groups := 0, 0
	for _, c := range w.sorted() {
		start := c.Pos()
		if seen[start] || !w.hasIcon(start, Mountain) {
			continue
		}
		groups++
		sum, stack := 0, []rules.Pos{start}
		seen[start] = true
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			sum += w.active(p).Icons[Mountain]
			for _, d := range rules.Steps {
				q := p.Add(d)
				if !seen[q] && w.hasIcon(q, Mountain) {
					seen[q] = true
					stack = append(stack, q)
				}
			}
		}
		best = max(best, sum)
	}
	return rules.ScorePart{Category: CatMountains, Points: best,
		Detail: fmt.Sprintf("biggest range %s (%s)", rules.Count(best, "mountain"), rules.Count(groups, "range"))}
}

func (w *World) hasIcon(p rules.Pos, i Icon) bool {
	t := w.active(p)
	return t != nil && t.Icons.Has(i)
}

// scoreWater gives each water icon 1 star per adjacent card that counts:
// face-up Land cards and (by default) Fumaroles, never Tzimime cards.
func (w *World) scoreWater(o Options) rules.ScorePart {
	pts, waters := 0, 0
	for _, c := range w.sorted() {
		t := w.active(c.Pos())
		if t == nil || !t.Icons.Has(Water) {
			continue
		}
		sides := 0
		for _, d := range rules.Steps {
			q := c.Pos().Add(d)
			if w.active(q) != nil || (o.WaterCountsFumarole && w.fumarole(q)) {
				sides++
			}
		}
		waters += t.Icons[Water]
		pts += t.Icons[Water] * sides
	}
	return rules.ScorePart{Category: CatWater, Points: pts, Detail: rules.Count(waters, "water") + ", " + rules.Count(pts, "side")}
}

func (w *World) scoreAnimals() rules.ScorePart {
	set := map[string]bool{}
	for _, c := range w.Cards {
		if t := w.active(c.Pos()); t != nil {
			for _, a := range t.Animals {
				set[a] = true
			}
		}
	}
	names := setNames(set)
	return rules.ScorePart{Category: CatAnimals, Points: 2 * len(names),
		Detail: fmt.Sprintf("%d different: %s", len(names), strings.Join(names, ", "))}
}

func setNames(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for a := range set {
		out = append(out, a)
	}
	sort.Strings(out)
	return out
}

func (w *World) scoreSwamps() rules.ScorePart {
	n := 0
	for _, c := range w.Cards {
		if t := w.active(c.Pos()); t != nil {
			n += t.Icons[Swamp]
		}
	}
	return rules.ScorePart{Category: CatSwamps, Points: 3 * n, Detail: rules.Count(n, "swamp")}
}

func (w *World) scoreCities() rules.ScorePart {
	pts := 0
	var vals []string
	for _, c := range w.Cities {
		if card, ok := std.Card(c.Card); ok {
			pts += card.Value
			vals = append(vals, fmt.Sprint(card.Value))
		}
	}
	d := "none"
	if len(vals) > 0 {
		d = strings.Join(vals, "+")
	}
	return rules.ScorePart{Category: CatCities, Points: pts, Detail: d}
}

// scoreMoons: a face-up Moon scores 2 stars per icon, on the face-up cards
// of its column below it, of a type shown on the card directly below. A
// Fumarole, a Tzimime or nothing directly below scores 0.
func (w *World) scoreMoons() rules.ScorePart {
	pts, moons := 0, 0
	var each []string
	for _, c := range w.sorted() {
		t := w.active(c.Pos())
		if t == nil || !t.Icons.Has(Moon) {
			continue
		}
		moons++
		below := w.active(c.Pos().Add(rules.South))
		n := 0
		if below != nil {
			for _, d := range w.Cards {
				if d.Col != c.Col || d.Row <= c.Row {
					continue
				}
				if dt := w.active(d.Pos()); dt != nil {
					for i := Icon(0); i < numIcons; i++ {
						if below.Icons.Has(i) && i != Moon {
							n += dt.Icons[i]
						}
					}
				}
			}
		}
		pts += 2 * n
		each = append(each, fmt.Sprint(2*n))
	}
	// The detail reads on its own in the standings, which print a part
	// scoring nothing as "moons: <detail>".
	d := "no Moon"
	switch {
	case moons > 0 && pts == 0:
		d = rules.Count(moons, "Moon") + ", scoring 0"
	case moons > 0:
		d = rules.Count(moons, "Moon") + ": " + strings.Join(each, "+")
	}
	return rules.ScorePart{Category: CatMoons, Points: pts, Detail: d}
}

func (w *World) scoreTravellers() rules.ScorePart {
	pts := 0
	var each []string
	for _, tr := range w.Travellers {
		card, ok := std.Card(tr.Card)
		if !ok || card.Traveller == nil {
			continue
		}
		bonus := 0
		if card.Traveller.met(w.rowStats(tr.Row)) {
			bonus = card.Traveller.Bonus
		}
		pts += travellerBase + bonus
		each = append(each, fmt.Sprintf("%s %d+%d", card.Name, travellerBase, bonus))
	}
	d := "none"
	if len(each) > 0 {
		d = strings.Join(each, ", ")
	}
	return rules.ScorePart{Category: CatTravellers, Points: pts, Detail: d}
}

// rowStats gathers what lies in rows top and top+1. Rows outside the
// world hold nothing, so they contribute nothing.
func (w *World) rowStats(top int) rowStats {
	s := rowStats{Animals: map[string]bool{}}
	for _, c := range w.Cards {
		k := c.Row - top
		if k != 0 && k != 1 {
			continue
		}
		if c.Fumarole != 0 {
			s.Fumaroles++
		}
		t := w.active(c.Pos())
		if t == nil {
			continue
		}
		for i, n := range t.Icons {
			s.Icons[i] += n
			s.PerRow[k][i] += n
		}
		for _, a := range t.Animals {
			s.Animals[a] = true
		}
	}
	for _, pt := range w.Portals {
		if (pt.W.Row == top || pt.W.Row == top+1) && w.intactPortal(pt) {
			s.Portals++
		}
	}
	return s
}
