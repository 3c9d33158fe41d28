package scanner

import (
	"math"
	"sort"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

// How a mode's cards are sorted into zones: what the mode declares
// (rules.Layout); the scanner never names a mode.
type layoutKind = rules.LayoutKind

const (
	generic    = rules.LayoutGeneric    // every card in "map"
	sharedMap  = rules.LayoutSharedMap  // one shared map, loose cards in "offer"
	playerMaps = rules.LayoutPlayerMaps // one map or world per player, by player marker
	cross      = rules.LayoutCross      // the cross, centre card at (0,0)
	board      = rules.LayoutBoard      // a board of slots with a central one
	colourOnly = rules.LayoutColours    // no cards, colour zones only
)

// Zone names the scanner produces.
const (
	zoneMap   = "map"
	zoneOffer = "offer"
	zoneBoard = "board"
	zoneSun   = "sun"
)

// layout is what the scanner knows of a mode: which zones, which card
// kinds may lie off the grid, and the board and site geometry from the
// setup.
type layout struct {
	mode    string
	kind    layoutKind
	players int
	// offGrid are the deck kinds that lie off the grid as items.
	offGrid map[string]bool
	// ownZone puts cards of a kind in a zone of their own.
	ownZone map[string]string
	// supply are the deck kinds that lie in a supply beside the worlds
	// (Strange World's Fumaroles): never the start of a player's area.
	supply map[string]bool
	// apart: a card laid apart from a player's world (within a card's
	// gap of it) belongs to that world, so the engine refuses it; set
	// where nothing else of the game lies that close to a world.
	apart bool
	// nsoe board size and central slot.
	rows, cols int
	centre     rules.Pos
	// sites are Shake That City's construction-site squares.
	sites []rules.Pos
}

// layoutFor returns the layout the mode with that ID declares for the
// setup (rules.Mode.Layout); "" and a mode that declares none: every card
// in one zone "map".
func layoutFor(mode string, s rules.Setup) (*layout, error) {
	d, err := rules.LayoutOf(mode, s)
	if err != nil {
		return nil, err
	}
	l := &layout{mode: mode, kind: d.Kind, players: len(s.Players), ownZone: d.OwnZone, apart: d.Apart,
		rows: d.Rows, cols: d.Cols, centre: d.Centre, sites: d.Sites,
		offGrid: set(d.OffGrid), supply: set(d.Supply)}
	if d.Players > 0 {
		l.players = d.Players
	}
	if l.players == 0 {
		l.players = 1
		if l.kind == playerMaps {
			l.players = 0 // as many as there are markers
		}
	}
	return l, nil
}

func set(keys []string) map[string]bool {
	m := map[string]bool{}
	for _, k := range keys {
		m[k] = true
	}
	return m
}

// group is a set of cards lying together.
type group []*placed

func (g group) centre() geom.Pt {
	var c geom.Pt
	for _, p := range g {
		c = c.Add(p.at)
	}
	return c.Scale(1 / float64(len(g)))
}

func (g group) hasBack() bool {
	for _, p := range g {
		if p.ref.Side == rules.Back && !p.ref.ID.Anonymous() {
			return true
		}
	}
	return false
}

// neighbours reports whether two cards lie together: their centres are
// within a card and a half along the first card's axes, so their edges
// are within half a card.
func neighbours(a, b *placed) bool {
	d := geom.Rotate(-a.angle).Apply(b.at.Sub(a.at))
	return math.Abs(d.X) <= 1.5*a.size.X && math.Abs(d.Y) <= 1.5*a.size.Y
}

// groups splits cards into connected groups, largest first (ties: the
// one further north-west first), each group's cards in input order.
func groups(cards []*placed) []group {
	parent := make([]int, len(cards))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if parent[i] != i {
			parent[i] = find(parent[i])
		}
		return parent[i]
	}
	for i := range cards {
		for j := i + 1; j < len(cards); j++ {
			if neighbours(cards[i], cards[j]) || neighbours(cards[j], cards[i]) {
				parent[find(i)] = find(j)
			}
		}
	}
	by := map[int]group{}
	var roots []int
	for i, c := range cards {
		r := find(i)
		if _, ok := by[r]; !ok {
			roots = append(roots, r)
		}
		by[r] = append(by[r], c)
	}
	out := make([]group, 0, len(roots))
	for _, r := range roots {
		out = append(out, by[r])
	}
	sort.SliceStable(out, func(i, j int) bool {
		if len(out[i]) != len(out[j]) {
			return len(out[i]) > len(out[j])
		}
		a, b := out[i].centre(), out[j].centre()
		return a.X+a.Y < b.X+b.Y
	})
	return out
}

// assignment is the cards of each zone before the grid fit, plus cards
// left out with a problem.
type assignment struct {
	zones map[string][]*placed
	// apart are cards laid apart from a zone's world, placed in its
	// lattice once it is fitted (placeApart).
	apart map[string][]*placed
	probs []Problem
}

func (a *assignment) add(zone string, cs ...*placed) {
	if a.zones == nil {
		a.zones = map[string][]*placed{}
	}
	a.zones[zone] = append(a.zones[zone], cs...)
}

// assign sorts the free cards (those no polygon or fixed grid took) into
// the mode's zones.
func (l *layout) assign(cards []*placed, cl clues) assignment {
	var a assignment
	var rest []*placed
	for _, c := range cards {
		if z, ok := l.ownZone[c.kind]; ok {
			a.add(z, c)
			continue
		}
		rest = append(rest, c)
	}
	gs := groups(rest)
	switch l.kind {
	case generic:
		a.add(zoneMap, rest...)
	case sharedMap:
		for i, g := range gs {
			if i == 0 || g.hasBack() {
				a.add(zoneMap, g...)
			} else {
				a.add(zoneOffer, g...)
			}
		}
	case cross:
		// The cross is the largest group; cards off its lines are sorted
		// out after the grid fit (crossLines).
		for _, g := range gs {
			a.add(zoneMap, g...)
		}
	case board:
		l.assignBoard(&a, rest)
	case playerMaps:
		l.assignPlayers(&a, gs, cl)
	}
	return a
}

// assignBoard takes the map-side cards and every card among them: the
// board's cards are not necessarily touching, but lie on one lattice.
func (l *layout) assignBoard(a *assignment, cards []*placed) {
	var backs []*placed
	for _, c := range cards {
		if c.ref.Side == rules.Back {
			backs = append(backs, c)
		}
	}
	if len(backs) == 0 {
		a.add(zoneOffer, cards...)
		return
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range backs {
		minX, minY = math.Min(minX, c.at.X), math.Min(minY, c.at.Y)
		maxX, maxY = math.Max(maxX, c.at.X), math.Max(maxY, c.at.Y)
	}
	s := backs[0].size
	for _, c := range cards {
		if c.ref.Side == rules.Back || (c.at.X > minX-s.X && c.at.X < maxX+s.X && c.at.Y > minY-s.Y && c.at.Y < maxY+s.Y) {
			a.add(zoneBoard, c)
		} else {
			a.add(zoneOffer, c)
		}
	}
}

// isMap reports whether a group is big enough to be a player's map: at
// least half the largest.
func isMap(g, largest group) bool { return 2*len(g) >= len(largest) }

// crossLines keeps on the cross the cards on row 0 or column 0 of the
// centre card, and moves the others to the offer. It runs after the
// cells are numbered with the centre at (0, 0).
func crossLines(cells []cell) (on, off []cell) {
	for _, c := range cells {
		if c.pos.Row == 0 || c.pos.Col == 0 {
			on = append(on, c)
		} else {
			off = append(off, c)
		}
	}
	return on, off
}

// crossCentre picks the cell where the arms meet: the occupied cell with
// the most cards in its row and column together; ties go to the cell
// nearest the middle of the cards.
func crossCentre(cells []cell) (rules.Pos, bool) {
	if len(cells) == 0 {
		return rules.Pos{}, false
	}
	rows, cols := map[int]int{}, map[int]int{}
	var mr, mc float64
	for _, c := range cells {
		rows[c.pos.Row]++
		cols[c.pos.Col]++
		mr, mc = mr+float64(c.pos.Row), mc+float64(c.pos.Col)
	}
	mr, mc = mr/float64(len(cells)), mc/float64(len(cells))
	best, bestN, bestD := rules.Pos{}, -1, math.Inf(1)
	for _, c := range cells {
		n := rows[c.pos.Row] + cols[c.pos.Col]
		d := math.Hypot(float64(c.pos.Row)-mr, float64(c.pos.Col)-mc)
		if n > bestN || (n == bestN && d < bestD) {
			best, bestN, bestD = c.pos, n, d
		}
	}
	return best, true
}
