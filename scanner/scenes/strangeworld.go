package scenes

import (
	"fmt"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

// swCards are the Strange World cards of one kind ("land", "start",
// "fumarole", "dark city", "traveller", "sun") in card-number order.
func swCards(kind string) []rules.CardID {
	d, ok := rules.LookupDeck("SW")
	if !ok {
		return nil
	}
	var out []rules.CardID
	for _, c := range d.Cards {
		if c.Kind == kind {
			out = append(out, c.ID)
		}
	}
	return out
}

// StrangeWorld is the end of a Strange World game: each player's 4×4
// world with a face-down Tzimime or two, Fumaroles lying on the cards they
// cover, a Dark City on the junction of two of them, a Traveller beside two
// rows, the player markers, and the Sun card.
func StrangeWorld(o Options, players int) (Game, error) {
	b := newBuilder(o)
	lands := swCards("land")
	starts := swCards("start")
	fums := swCards("fumarole")
	cities := swCards("dark city")
	travs := swCards("traveller")
	if len(lands) < 15*players || len(starts) < players || len(fums) < 3*players {
		return Game{}, fmt.Errorf("scenes: the Strange World deck is not registered (import rules/modes)")
	}
	b.rng.Shuffle(len(lands), func(i, j int) { lands[i], lands[j] = lands[j], lands[i] })
	b.rng.Shuffle(len(travs), func(i, j int) { travs[i], travs[j] = travs[j], travs[i] })
	nf, nc := 0, 0
	for p := 1; p <= players; p++ {
		seat := seatOf(p, players)
		zone := fmt.Sprintf("p%d", p)
		l := b.newLattice("SW", geom.Pt{}, seat.angle+b.jitter(3))
		l.origin = seat.at.Sub(l.at(1.5, 1.5))
		start := rules.Pos{Row: b.rng.IntN(4), Col: b.rng.IntN(4)}
		mine := lands[(p-1)*15 : p*15]
		k := 0
		for r := 0; r < 4; r++ {
			for c := 0; c < 4; c++ {
				ref := rules.CardRef{ID: starts[p-1]}
				if (rules.Pos{Row: r, Col: c}) != start {
					ref = rules.CardRef{ID: mine[k]}
					k++
					if b.rng.Float64() < 0.12 {
						ref = rules.CardRef{ID: rules.CardID{Deck: "SW"}, Side: rules.Back} // a Tzimime
					}
				}
				b.lay(zone, l, ref, float64(r), float64(c), false)
			}
		}
		// Two Fumaroles side by side (or one above the other) with a Dark
		// City on their junction, and sometimes one more alone.
		r, c := b.rng.IntN(3), b.rng.IntN(3)
		across := b.rng.IntN(2) == 0
		pair := [2]rules.Pos{{Row: r, Col: c}, {Row: r, Col: c + 1}}
		if !across {
			pair[1] = rules.Pos{Row: r + 1, Col: c}
		}
		for _, q := range pair {
			b.lay(zone, l, rules.CardRef{ID: fums[nf]}, float64(q.Row), float64(q.Col), false)
			nf++
		}
		if nc < len(cities) {
			side := rules.Front // the face with two Fumaroles side by side
			jr, jc := float64(r), float64(c)+0.5
			if !across {
				side, jr, jc = rules.Back, float64(r)+0.5, float64(c)
			}
			b.lay(zone, l, rules.CardRef{ID: cities[nc], Side: side}, jr, jc, true)
			nc++
		}
		if b.rng.IntN(2) == 0 {
			q := rules.Pos{Row: 3, Col: 3 - c}
			if q != pair[0] && q != pair[1] {
				b.lay(zone, l, rules.CardRef{ID: fums[nf]}, 3, float64(3-c), false)
				nf++
			}
		}
		// A Traveller beside rows 1–2, west of the world.
		if p <= len(travs) && b.rng.IntN(3) > 0 {
			b.lay(zone, l, rules.CardRef{ID: travs[p-1]}, 1.5, -1, true)
		}
		b.playerMarker(p, besideMap(l, []rules.Pos{{Row: 3, Col: 1}, {Row: 3, Col: 2}}))
	}
	// The Sun lies between the worlds (east of a solo world), on nothing.
	sun := rules.CardRef{ID: swCards("sun")[0], Side: rules.Side(b.rng.IntN(2))}
	at := geom.Pt{}
	if players == 1 {
		at = geom.Pt{X: 330}
	}
	b.lay("sun", lattice{origin: at, angle: b.o.Turn, pitch: geom.Pt{X: 1, Y: 1}}, sun, 0, 0, false)
	mode := "strangeworld"
	if players == 1 {
		mode = "strangeworld-solo"
	}
	return b.finish(fmt.Sprintf("%s %dp", mode, players), setup(mode, players))
}
