package scenes

import (
	"fmt"
	"math"
	"sort"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/vision/geom"
)

// pick draws n distinct cards of a deck whose kind is one of kinds (any
// kind when none is given).
func (b *builder) pick(deck string, n int, kinds ...geo.Kind) []geo.Card {
	var pool []geo.Card
	for _, c := range geo.Cards(deck) {
		ok := len(kinds) == 0
		for _, k := range kinds {
			ok = ok || c.Kind == k
		}
		if ok {
			pool = append(pool, c)
		}
	}
	b.rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	return pool[:min(n, len(pool))]
}

// polyomino grows a connected shape of n cells from (0,0), each new cell
// beside one already taken, preferring compact shapes as real maps are.
func (b *builder) polyomino(n int) []rules.Pos {
	taken := map[rules.Pos]bool{{}: true}
	out := []rules.Pos{{}}
	for len(out) < n {
		var cand []rules.Pos
		for _, p := range out {
			for _, s := range rules.Steps {
				q := p.Add(s)
				if taken[q] {
					continue
				}
				// Weight cells with more taken neighbours: compact maps.
				k := 0
				for _, s2 := range rules.Steps {
					if taken[q.Add(s2)] {
						k++
					}
				}
				for i := 0; i < k*k; i++ {
					cand = append(cand, q)
				}
			}
		}
		q := cand[b.rng.IntN(len(cand))]
		taken[q] = true
		out = append(out, q)
	}
	return normalise(out)
}

func normalise(ps []rules.Pos) []rules.Pos {
	minR, minC := math.MaxInt, math.MaxInt
	for _, p := range ps {
		minR, minC = min(minR, p.Row), min(minC, p.Col)
	}
	out := make([]rules.Pos, len(ps))
	for i, p := range ps {
		out[i] = rules.Pos{Row: p.Row - minR, Col: p.Col - minC}
	}
	return out
}

// geographic assigns cards to cells the way a good player would: rows by
// latitude (north first), each row by longitude (west first); then swaps
// a few neighbours, the mistakes a real map has.
func (b *builder) geographic(cards []geo.Card, cells []rules.Pos, mistakes int) map[rules.Pos]geo.Card {
	cs := append([]rules.Pos(nil), cells...)
	sort.Slice(cs, func(i, j int) bool { return lessPos(cs[i], cs[j]) })
	byLat := append([]geo.Card(nil), cards...)
	sort.Slice(byLat, func(i, j int) bool { return byLat[i].Lat > byLat[j].Lat })
	out := map[rules.Pos]geo.Card{}
	for i := 0; i < len(cs); {
		j := i
		for j < len(cs) && cs[j].Row == cs[i].Row {
			j++
		}
		row := append([]geo.Card(nil), byLat[i:j]...)
		sort.Slice(row, func(a, c int) bool { return row[a].Lon < row[c].Lon })
		for k := range row {
			out[cs[i+k]] = row[k]
		}
		i = j
	}
	for m := 0; m < mistakes; m++ {
		p := cs[b.rng.IntN(len(cs))]
		for _, s := range rules.Steps {
			if _, ok := out[p.Add(s)]; ok {
				out[p], out[p.Add(s)] = out[p.Add(s)], out[p]
				break
			}
		}
	}
	return out
}

func lessPos(a, b rules.Pos) bool {
	if a.Row != b.Row {
		return a.Row < b.Row
	}
	return a.Col < b.Col
}

// layMap lays a map of cards, all with the given side up.
func (b *builder) layMap(zone string, l lattice, m map[rules.Pos]geo.Card, side rules.Side) {
	ps := make([]rules.Pos, 0, len(m))
	for p := range m {
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool { return lessPos(ps[i], ps[j]) })
	for _, p := range ps {
		b.lay(zone, l, rules.CardRef{ID: m[p].ID, Side: side}, float64(p.Row), float64(p.Col), false)
	}
}

// WitContinental is a Continental Shake Up map at the end of a game: the
// four starting cities and every player's five cards, map side up (a few
// circles wrong), and nothing else on the table.
func WitContinental(o Options, players int) (Game, error) {
	b := newBuilder(o)
	n := 4 + 5*players
	cards := append(b.pick(geo.DeckSA, 4, geo.KindStart), b.pick(geo.DeckSA, n-4, geo.KindCity, geo.KindMonument)...)
	cells := b.polyomino(n)
	l := b.newLattice(geo.DeckSA, geom.Pt{}, b.jitter(4))
	b.layMap("map", l, b.geographic(cards, cells, 2), rules.Back)
	return b.finish(fmt.Sprintf("wit-continental %dp", players), setup("wit-continental", players))
}

// WitCartographer is the end of a Cartographer's Corner game: each
// player's 13-card map turned map side up in front of them, with their
// player marker beside it. Player 1 sits south, 2 north (their map faces
// them, upside down to the camera), 3 west, 4 east, 5 and 6 south and
// north again.
func WitCartographer(o Options, players int) (Game, error) {
	b := newBuilder(o)
	pool := b.pick(geo.DeckSA, 13*players, geo.KindCity, geo.KindMonument)
	starts := b.pick(geo.DeckSA, players, geo.KindStart)
	for p := 1; p <= players; p++ {
		seat := seatOf(p, players)
		cards := append([]geo.Card{starts[p-1]}, pool[(p-1)*12:p*12]...)
		cells := b.polyomino(13)
		l := b.newLattice(geo.DeckSA, geom.Pt{}, seat.angle+b.jitter(4))
		l.origin = seat.at.Sub(l.at(1.5, 1.5)) // centre the map on the seat's spot
		b.layMap(fmt.Sprintf("p%d", p), l, b.geographic(cards, cells, 1+b.rng.IntN(3)), rules.Back)
		b.playerMarker(p, besideMap(l, cells))
	}
	return b.finish(fmt.Sprintf("wit-cartographer %dp", players), setup("wit-cartographer", players))
}

// seat is where a player's area lies (its centre, mm), which way their
// cards face, and where their marker goes: beside the area, on the
// player's side.
type seat struct {
	at    geom.Pt
	angle float64
}

// besideMap is where a player's marker goes: a cell's length south of
// their map, in the map's own frame (on the player's side).
func besideMap(l lattice, cells []rules.Pos) geom.Pt {
	maxR, sumC := 0, 0
	for _, p := range cells {
		maxR, sumC = max(maxR, p.Row), sumC+p.Col
	}
	return l.at(float64(maxR)+1.1, float64(sumC)/float64(len(cells)))
}

// seatOf places player p of n: two players side by side facing each other
// (one sits south, one north); more in two rows, south row facing south.
func seatOf(p, n int) seat {
	if n <= 2 {
		if n == 1 {
			return seat{}
		}
		if p == 1 {
			return seat{at: geom.Pt{X: -290}}
		}
		return seat{at: geom.Pt{X: 290}, angle: 180}
	}
	cols := (n + 1) / 2
	c, top := (p-1)/2, (p-1)%2 == 1
	x := (float64(c) - float64(cols-1)/2) * 600
	if top {
		return seat{at: geom.Pt{X: x, Y: -330}, angle: 180}
	}
	return seat{at: geom.Pt{X: x, Y: 330}}
}

func setup(mode string, players int) rules.Setup {
	s := rules.Setup{Mode: mode}
	names := []string{"Ana", "Ben", "Caro", "Dev", "Eli", "Fay"}
	s.Players = append(s.Players, names[:players]...)
	return s
}

// MapIt is the cross at the end of a Map It! round: the centre card and
// 14 cards on the four arms, name side up, most of them right.
func MapIt(o Options) (Game, error) {
	b := newBuilder(o)
	cards := b.pick(geo.DeckWorld, 15)
	centre, rest := cards[0], cards[1:]
	l := b.newLattice(geo.DeckWorld, geom.Pt{}, b.jitter(4))
	b.lay("map", l, rules.CardRef{ID: centre.ID}, 0, 0, false)
	arms := map[string][]geo.Card{}
	for _, c := range rest {
		// Each card goes on the arm its place suits best, as players do.
		dLat, dLon := c.Lat-centre.Lat, c.Lon-centre.Lon
		arm := "east"
		switch {
		case math.Abs(dLat)*2 > math.Abs(dLon) && dLat > 0:
			arm = "north"
		case math.Abs(dLat)*2 > math.Abs(dLon):
			arm = "south"
		case dLon < 0:
			arm = "west"
		}
		arms[arm] = append(arms[arm], c)
	}
	step := map[string]rules.Pos{"north": rules.North, "south": rules.South, "east": rules.East, "west": rules.West}
	for _, arm := range []string{"north", "east", "south", "west"} {
		cs := arms[arm]
		sort.Slice(cs, func(i, j int) bool {
			switch arm {
			case "north":
				return cs[i].Lat < cs[j].Lat
			case "south":
				return cs[i].Lat > cs[j].Lat
			case "east":
				return cs[i].Lon < cs[j].Lon
			}
			return cs[i].Lon > cs[j].Lon
		})
		if len(cs) > 2 && b.rng.IntN(2) == 0 {
			cs[0], cs[1] = cs[1], cs[0] // a mistake
		}
		for k, c := range cs {
			d := step[arm]
			b.lay("map", l, rules.CardRef{ID: c.ID}, float64(d.Row*(k+1)), float64(d.Col*(k+1)), false)
		}
	}
	return b.finish("mapit", setup("mapit", 3))
}

// NSOE is a Nord Sud Ovest Est GPS board late in a game: the reference
// city in the central slot and a dozen cities placed coordinates up, each
// on the square its latitude and longitude suggest, with its board grid
// calibrated (zones.grids).
func NSOE(o Options) (Game, error) {
	b := newBuilder(o)
	const rows, cols = 9, 9
	l := b.newLattice(geo.DeckEurope, geom.Pt{}, b.jitter(3))
	l.pitch = geom.Pt{X: 68, Y: 94} // the board's squares: a card and a margin
	cards := b.pick(geo.DeckEurope, 14)
	ref := cards[0]
	// Board square by rank of latitude and longitude around the reference.
	taken := map[rules.Pos]bool{}
	place := func(c geo.Card) rules.Pos {
		r := 4 - int(math.Round(float64(c.PrintedLat-ref.PrintedLat)/3.5))
		k := 4 + int(math.Round(float64(c.PrintedLon-ref.PrintedLon)/5))
		r, k = max(0, min(rows-1, r)), max(0, min(cols-1, k))
		for d := 0; taken[rules.Pos{Row: r, Col: k}] && d < 20; d++ {
			k = (k + 1) % cols
		}
		taken[rules.Pos{Row: r, Col: k}] = true
		return rules.Pos{Row: r, Col: k}
	}
	board := lattice{origin: l.origin, angle: l.angle, pitch: l.pitch}
	// The GPS board: a pale board with its squares.
	b.shapes = append(b.shapes, boxAt(board, -0.5-0.15, -0.5-0.15, rows-0.5+0.15, cols-0.5+0.15, [3]uint8{205, 215, 190}))
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			b.shapes = append(b.shapes, boxAt(board, float64(r)-0.47, float64(c)-0.47, float64(r)+0.47, float64(c)+0.47, [3]uint8{225, 232, 212}))
		}
	}
	taken[rules.Pos{Row: 4, Col: 4}] = true
	b.lay("board", board, rules.CardRef{ID: ref.ID, Side: rules.Back}, 4, 4, false)
	for _, c := range cards[1:] {
		p := place(c)
		b.lay("board", board, rules.CardRef{ID: c.ID, Side: rules.Back}, float64(p.Row), float64(p.Col), false)
	}
	g, err := b.finish("nsoe", setup("nsoe", 3))
	if err != nil {
		return g, err
	}
	// The board's grid as `tableref calibrate zones` stores it, in the
	// (re-centred) table frame: where the scene's board now lies.
	corners := [4]geom.Pt{board.at(-0.5, -0.5), board.at(-0.5, cols-0.5), board.at(rows-0.5, cols-0.5), board.at(rows-0.5, -0.5)}
	grid := gridOf("board", corners, rows, cols, b.shift)
	g.Cal.Zones = &grid
	return g, nil
}

// boxAt is the shape covering lattice cells from (r0,c0) to (r1,c1) (cell
// units, centres at whole numbers).
func boxAt(l lattice, r0, c0, r1, c1 float64, rgb [3]uint8) synthShape {
	return shapeOf(geom.Quad{l.at(r0, c0), l.at(r0, c1), l.at(r1, c1), l.at(r1, c0)}, rgb)
}
