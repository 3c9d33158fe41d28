package scanner

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

// Whose cards are whose.
//
// Continuity lives here, in the scanner's stability memory, and not in the
// game engines: the scanner alone knows where each group of cards lies and
// how it grew, and it already remembers the last snapshot (held codes,
// cell numbers). An engine only sees zone names and integer cells, so it
// could notice a swap but never tell which new card belongs to which
// world; fixing it there would mean the same matching in every engine.
// The stages stay one-directional: the scanner remembers its own last
// snapshot and nothing flows back from the rules. The engines keep their
// own memory as the last line: a card they accepted in one world and now
// see in another is a warning, never a change of owner.

// history is what the scanner remembers of the last snapshot when it
// reads the next frame; nil for a photo.
type history struct {
	grids map[string]Grid // each zone's lattice, so cells keep their numbers
	known []known         // its cards, for owners
}

func (h *history) priors() map[string]Grid {
	if h == nil {
		return nil
	}
	return h.grids
}

// owned is where a card lay in the last snapshot.
type owned struct {
	player int
	at     geom.Pt
	// alone: the card was its world's only card (a starting card not yet
	// played on). Markers still decide such a world: the first card may
	// have been laid before the player beside it laid theirs.
	alone bool
}

// past is the last snapshot's cards in player zones: by identity, and
// the shared backs (a Strange World card turned Tzimime side up) by place.
type past struct {
	byID  map[rules.CardID]owned
	backs []owned
	// players are those who had a world of two cards or more.
	players map[int]bool
}

func (h *history) past() past {
	out := past{byID: map[rules.CardID]owned{}, players: map[int]bool{}}
	if h == nil {
		return out
	}
	count := map[int]int{}
	for _, k := range h.known {
		if p := playerOf(k.card.Zone); p > 0 && !k.card.Item {
			count[p]++
		}
	}
	for _, k := range h.known {
		p := playerOf(k.card.Zone)
		if p == 0 {
			continue
		}
		o := owned{player: p, at: k.card.At, alone: count[p] < 2}
		if !o.alone {
			out.players[p] = true
		}
		if k.card.Ref.ID.Anonymous() {
			out.backs = append(out.backs, o)
		} else {
			out.byID[k.card.Ref.ID] = o
		}
	}
	return out
}

// playerOf reads a player zone's number: "p3" → 3; 0 for other zones.
func playerOf(zone string) int {
	n, ok := strings.CutPrefix(zone, "p")
	if !ok {
		return 0
	}
	p, err := strconv.Atoi(n)
	if err != nil || p < 1 {
		return 0
	}
	return p
}

// clues are what decides whose a group of cards is.
type clues struct {
	markers map[int]geom.Pt // each player's marker: seen in this frame, else stored by calibrate zones
	seen    map[int]bool    // markers read in this frame
	past    past
}

// anchor is the player a card still belongs to from the last snapshot:
// it lay in their world, which had grown past its starting card, and it
// has not been carried further than a push moves a card.
func (cl clues) anchor(c *placed) int {
	limit := 1.6 * math.Max(c.size.X, c.size.Y)
	if c.ref.ID.Anonymous() {
		for _, o := range cl.past.backs {
			if !o.alone && o.at.Dist(c.at) < 0.3*math.Min(c.size.X, c.size.Y) {
				return o.player
			}
		}
		return 0
	}
	if o, ok := cl.past.byID[c.ref.ID]; ok && !o.alone && o.at.Dist(c.at) <= limit {
		return o.player
	}
	return 0
}

// owners splits a group by continuity: every card goes to the player of
// the nearest anchored card (in steps between touching cards); a card as
// near to two players' cards goes to the one whose cards face its way, or
// is left out and said. ok is false for a group with no anchored card.
func (cl clues) owners(g group) (parts map[int]group, probs []Problem, ok bool) {
	owner := make([]int, len(g))
	hops := make([]int, len(g))
	claims := make([]map[int]bool, len(g)) // the players reaching each card first
	var wave []int
	for i, c := range g {
		hops[i] = -1
		if p := cl.anchor(c); p > 0 {
			owner[i], hops[i], claims[i] = p, 0, map[int]bool{p: true}
			wave = append(wave, i)
		}
	}
	if len(wave) == 0 {
		return nil, nil, false
	}
	// Breadth first from every anchored card at once.
	for len(wave) > 0 {
		var next []int
		for _, i := range wave {
			for j := range g {
				if hops[j] >= 0 && hops[j] != hops[i]+1 {
					continue
				}
				if !neighbours(g[i], g[j]) && !neighbours(g[j], g[i]) {
					continue
				}
				if hops[j] < 0 {
					hops[j], claims[j] = hops[i]+1, map[int]bool{}
					next = append(next, j)
				}
				for p := range claims[i] {
					claims[j][p] = true
				}
			}
		}
		for _, j := range next {
			owner[j] = cl.facing(g, owner, hops, g[j], claims[j])
		}
		wave = next
	}
	parts = map[int]group{}
	for i, c := range g {
		if owner[i] > 0 {
			parts[owner[i]] = append(parts[owner[i]], c)
			continue
		}
		var who []string
		for _, p := range sortedPlayers(claims[i]) {
			who = append(who, fmt.Sprintf("P%d", p))
		}
		probs = append(probs, Problem{Kind: ProblemNoZone, Cards: []rules.CardRef{c.ref},
			Text: fmt.Sprintf("%s touches the areas of %s alike, so whose it is cannot be told: leave a finger's width between two players' cards", c.ref, strings.Join(who, " and "))})
	}
	return parts, probs, true
}

// facing settles a card claimed by several players at the same distance:
// the one player whose anchored cards face the way it faces (cards face
// their player), else nobody (0).
func (cl clues) facing(g group, owner, hops []int, c *placed, claim map[int]bool) int {
	if len(claim) == 1 {
		for p := range claim {
			return p
		}
	}
	match := 0
	for _, p := range sortedPlayers(claim) {
		var angles []float64
		for i, d := range g {
			if owner[i] == p && hops[i] == 0 {
				angles = append(angles, d.angle)
			}
		}
		if len(angles) == 0 {
			continue
		}
		if a := math.Abs(calibration.AngleDiff(calibration.DominantAngle(angles), c.angle)); a < turnedDeg {
			if match != 0 {
				return 0
			}
			match = p
		}
	}
	return match
}

func sortedPlayers(set map[int]bool) []int {
	var out []int
	for p := range set {
		out = append(out, p)
	}
	sort.Ints(out)
	return out
}

// mapCard reports whether a card can begin or belong to a player's area:
// a card of the deck's own (not a shared back, an off-grid item or a
// supply card such as a Fumarole).
func (l *layout) mapCard(c *placed) bool {
	return !c.item && !c.ref.ID.Anonymous() && !l.supply[c.kind]
}

// hasMapCard reports whether a group holds a card that can make a map.
func (l *layout) hasMapCard(g group) bool {
	for _, c := range g {
		if l.mapCard(c) {
			return true
		}
	}
	return false
}

func hasStart(g group) bool {
	for _, c := range g {
		if c.kind == "start" && !c.ref.ID.Anonymous() {
			return true
		}
	}
	return false
}

// unclearRatio: a group whose second-nearest marker (of a player still
// without a map) is less than this many times as far as its nearest lies
// between two players' areas.
const unclearRatio = 1.5

// clearCands keeps the candidate groups whose owner the markers can tell
// now. While fewer groups lie than players wait for a map (the starting
// cards are being dealt one by one), a group lying between two of those
// players' markers could be either's: matching it now would file the
// first card laid to whichever marker happens to be nearer (issue 29:
// Ana's starting city filed to Ben, the display saying "Ana: no card").
// It waits, loose, until every player's group lies and the matching
// weighs them all.
func clearCands(cands []group, marked []int, markers map[int]geom.Pt) []group {
	if len(cands) >= len(marked) {
		return cands
	}
	var out []group
	for _, g := range cands {
		at := g.centre()
		d1, d2 := math.Inf(1), math.Inf(1)
		for _, p := range marked {
			switch d := markers[p].Dist(at); {
			case d < d1:
				d1, d2 = d, d1
			case d < d2:
				d2 = d
			}
		}
		if d2 < unclearRatio*d1 {
			continue
		}
		out = append(out, g)
	}
	return out
}

// Costs of the marker matching: a player left without a map weighs more
// than any distance on a table, a map that does not hold a starting card
// more than any distance too, so the starting cards go first.
const (
	costUnmatched = 1e7
	costNoStart   = 1e5
	// matchChoices is how many of the nearest groups each player weighs.
	matchChoices = 5
)

// match gives each player without a map (who has a marker) one of the
// candidate groups, the assignment with the least total distance between
// marker and group (not the greedy nearest, which hands a map lying
// between two markers to the wrong one and leaves the other player's map
// to nobody). It returns the group index per player.
func match(players []int, markers map[int]geom.Pt, cands []group) map[int]int {
	type choice struct {
		g    int
		cost float64
	}
	opts := make([][]choice, len(players))
	for i, p := range players {
		for j, g := range cands {
			c := markers[p].Dist(g.centre())
			if !hasStart(g) {
				c += costNoStart
			}
			opts[i] = append(opts[i], choice{j, c})
		}
		sort.SliceStable(opts[i], func(a, b int) bool { return opts[i][a].cost < opts[i][b].cost })
		if len(opts[i]) > matchChoices {
			opts[i] = opts[i][:matchChoices]
		}
	}
	best, bestCost := map[int]int{}, math.Inf(1)
	cur := map[int]int{}
	used := map[int]bool{}
	var walk func(i int, cost float64)
	walk = func(i int, cost float64) {
		if cost >= bestCost {
			return
		}
		if i == len(players) {
			bestCost = cost
			best = map[int]int{}
			for p, g := range cur {
				best[p] = g
			}
			return
		}
		for _, o := range opts[i] {
			if used[o.g] {
				continue
			}
			used[o.g], cur[players[i]] = true, o.g
			walk(i+1, cost+o.cost)
			used[o.g] = false
			delete(cur, players[i])
		}
		walk(i+1, cost+costUnmatched)
	}
	walk(0, 0)
	return best
}

// assignPlayers sorts the groups of a game where each player has their
// own world or map:
//
//  1. A group holding cards of a world that has grown past its starting
//     card stays with that world's player (continuity), whatever marker
//     it now lies nearest; a group holding cards of several worlds (two
//     worlds that grew together) is split along them.
//  2. The other groups are matched to the players who have no world yet,
//     by their markers (least total distance; groups holding a starting
//     card first). A player without a marker in view and one map-sized
//     group left over: theirs by elimination.
//  3. What is left is loose: laid apart from a world, within a card's
//     gap of it, it belongs to that world (modes with apart set: the
//     engine refuses a card not touching the world); else the offer.
func (l *layout) assignPlayers(a *assignment, gs []group, cl clues) {
	held := map[int]bool{} // players with a world from continuity
	var free []group
	for _, g := range gs {
		parts, probs, ok := cl.owners(g)
		if !ok {
			free = append(free, g)
			continue
		}
		a.probs = append(a.probs, probs...)
		for _, p := range sortedPlayers(keys(parts)) {
			a.add(zoneFor(p), parts[p]...)
			held[p] = true
		}
	}
	for p := range cl.past.players {
		held[p] = true // their world is not in view now, but it is theirs
	}
	n := l.players
	if n == 0 {
		for p := range cl.markers {
			n = max(n, p)
		}
	}
	var largest group
	for _, g := range gs {
		if len(g) > len(largest) {
			largest = g
		}
	}
	// Candidates for a world: groups with a card of the deck's own, a
	// starting card or as big as half the largest group.
	var cands []group
	for _, g := range free {
		if l.hasMapCard(g) && (hasStart(g) || isMap(g, largest)) {
			cands = append(cands, g)
		}
	}
	var marked, unmarked []int
	for p := 1; p <= n; p++ {
		if held[p] {
			continue
		}
		if _, ok := cl.markers[p]; ok {
			marked = append(marked, p)
		} else {
			unmarked = append(unmarked, p)
		}
	}
	taken := map[int]bool{} // candidate index
	mapOf := map[int]group{}
	switch {
	case len(cl.markers) == 0 && n == 1 && len(unmarked) == 1:
		// Solo without a marker: the largest candidate (a starting card
		// first) is the world.
		best := -1
		for i, g := range cands {
			if best < 0 || (hasStart(g) && !hasStart(cands[best])) || (hasStart(g) == hasStart(cands[best]) && len(g) > len(cands[best])) {
				best = i
			}
		}
		if best >= 0 {
			taken[best], mapOf[1] = true, cands[best]
		}
		unmarked = nil
	default:
		cands = clearCands(cands, marked, cl.markers)
		for p, i := range match(marked, cl.markers, cands) {
			taken[i], mapOf[p] = true, cands[i]
			l.checkMarker(a, p, cands[i], cl)
		}
	}
	var left []group
	for i, g := range cands {
		if !taken[i] {
			left = append(left, g)
		}
	}
	// One player's marker unseen and one map-sized group left: by
	// elimination it is that player's map.
	if len(unmarked) == 1 && len(cl.markers) > 0 {
		var maps []int
		for i, g := range left {
			if isMap(g, largest) || hasStart(g) {
				maps = append(maps, i)
			}
		}
		if len(maps) == 1 {
			mapOf[unmarked[0]] = left[maps[0]]
			left = append(left[:maps[0]:maps[0]], left[maps[0]+1:]...)
			unmarked = nil
		}
	}
	for _, p := range sortedPlayers(keys(mapOf)) {
		a.add(zoneFor(p), mapOf[p]...)
		held[p] = true
	}
	inMap := map[*placed]bool{}
	for _, g := range mapOf {
		for _, c := range g {
			inMap[c] = true
		}
	}
	for _, g := range free {
		if len(g) == 0 || inMap[g[0]] {
			continue
		}
		l.loose(a, g, largest, unmarked, cl)
	}
}

// loose files a group that is nobody's world: a card laid apart from one
// player's world, a whole map whose player cannot be told, or the offer.
func (l *layout) loose(a *assignment, g, largest group, unmarked []int, cl clues) {
	if l.apart && l.hasMapCard(g) {
		if p := l.nearWorld(a, g); p > 0 {
			if a.apart == nil {
				a.apart = map[string][]*placed{}
			}
			a.apart[zoneFor(p)] = append(a.apart[zoneFor(p)], g...)
			return
		}
	}
	var refs []rules.CardRef
	for _, c := range g {
		refs = append(refs, c.ref)
	}
	if len(cl.markers) == 0 && len(unmarked) > 0 {
		a.probs = append(a.probs, Problem{Kind: ProblemNoZone, Cards: refs,
			Text: fmt.Sprintf("no player markers in view, so %s belong to nobody: lay each player's marker (tableref print markers players) beside their area, or run 'tableref calibrate zones'", describeCards(refs))})
		return
	}
	if len(unmarked) == 0 || !l.hasMapCard(g) || !(isMap(g, largest) || hasStart(g)) {
		a.add(zoneOffer, g...)
		return
	}
	// A whole map, and players whose marker is not seen: whose it is
	// cannot be told, so it is said, not guessed. Only markers missing
	// from this frame (and not stored by calibrate zones) are named.
	var who []string
	for _, p := range unmarked {
		who = append(who, fmt.Sprintf("P%d", p))
	}
	a.probs = append(a.probs, Problem{Kind: ProblemNoZone, Cards: refs,
		Text: fmt.Sprintf("%s (%s) belongs to nobody: %s not in view (covered, or too small for the camera), so whose it is cannot be told", mapWords(len(g)), describeCards(refs), markersWords(who))})
}

// markersWords names the unseen markers with their verb: "the marker of
// P2 is", "the markers of P1 & P3 are".
func markersWords(who []string) string {
	if len(who) == 1 {
		return "the marker of " + who[0] + " is"
	}
	return "the markers of " + rules.JoinNames(who) + " are"
}

func mapWords(n int) string {
	if n == 1 {
		return "a card on its own"
	}
	return fmt.Sprintf("a map of %d cards", n)
}

// nearWorld returns the one player whose world lies within a card's gap
// of the group (two cells at most between their centres along the
// world's rows and columns), or 0 when none or several do.
func (l *layout) nearWorld(a *assignment, g group) int {
	found := 0
	for _, z := range sortedKeys(a.zones) {
		p := playerOf(z)
		if p == 0 {
			continue
		}
		near := false
		for _, w := range a.zones[z] {
			for _, c := range g {
				d := geom.Rotate(-w.angle).Apply(c.at.Sub(w.at))
				if math.Abs(d.X) <= 2.5*w.size.X && math.Abs(d.Y) <= 2.5*w.size.Y {
					near = true
				}
			}
		}
		if near {
			if found != 0 {
				return 0
			}
			found = p
		}
	}
	return found
}

// checkMarker says, before the game starts, when a world was given to its
// player although it lies nearer another player's marker: the matching
// got it right, but the markers invite a mistake.
func (l *layout) checkMarker(a *assignment, p int, g group, cl clues) {
	at := g.centre()
	q, dq := calibration.Nearest(cl.markers, at)
	if q == p || q == 0 {
		return
	}
	var refs []rules.CardRef
	for _, c := range g {
		refs = append(refs, c.ref)
	}
	a.probs = append(a.probs, Problem{Kind: ProblemMarker, Cards: refs,
		Text: fmt.Sprintf("P%d's cards (%s) lie %.0f mm from P%d's marker and %.0f mm from P%d's own: lay each player's marker at the table's edge in front of that player, beside their own area",
			p, describeCards(refs), dq, q, cl.markers[p].Dist(at), p)})
}

// placeApart puts the cards laid apart from a zone's world into the zone
// at the cells they lie on in its lattice, so the engine judges them (a
// card that does not touch the world is refused). A card so near the
// world that its cell would touch it, or on a card, cannot be told from a
// card pushed against it: it is said and left out.
func (sc *Scan) placeApart(zone string, cards []*placed) {
	if len(cards) == 0 {
		return
	}
	var g *Grid
	for i := range sc.Grids {
		if sc.Grids[i].Zone == zone {
			g = &sc.Grids[i]
		}
	}
	z := sc.Table.Zones[zone]
	if g == nil || z == nil {
		return
	}
	var cells []cell
	for _, c := range cards {
		r, col := g.Cell(c.at)
		pos := rules.Pos{Row: int(math.Round(r)), Col: int(math.Round(col))}
		touches := !z.At(pos).Empty()
		for _, s := range rules.Steps {
			touches = touches || !z.At(pos.Add(s)).Empty()
		}
		if touches {
			sc.Problems = append(sc.Problems, Problem{Kind: ProblemBetween, Zone: zone, Cards: []rules.CardRef{c.ref},
				Text: fmt.Sprintf("%s lies near the cards of %s but not against them: lay it edge to edge with a card, or take it away", c.ref, zone)})
			continue
		}
		cells = append(cells, cell{p: c, pos: pos, row: float64(pos.Row), col: float64(pos.Col)})
	}
	cells, probs := sameCell(zone, cells)
	sc.Problems = append(sc.Problems, probs...)
	sc.addCards(zone, *g, cells, false)
}

func zoneFor(p int) string { return fmt.Sprintf("p%d", p) }

func keys[V any](m map[int]V) map[int]bool {
	out := map[int]bool{}
	for k := range m {
		out[k] = true
	}
	return out
}
