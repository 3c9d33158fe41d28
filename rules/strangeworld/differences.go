package strangeworld

import (
	"fmt"
	"math"

	"github.com/tableref/tableref/rules"
)

// differences lists what the snapshot shows that the referee neither
// holds nor waits for: cards gone or changed, cards played out of turn,
// items out of place, a card in two zones.
func (g *Game) differences(t rules.Table, zs []*rules.Zone) []note {
	var notes []note
	seen := map[rules.CardID]string{}
	for _, name := range t.ZoneNames() {
		z := t.Zones[name]
		for _, p := range z.Positions() {
			id := z.Cells[p].Card.ID
			if id.IsZero() || id.Anonymous() {
				continue
			}
			if other, dup := seen[id]; dup && other != name {
				notes = append(notes, note{key: "twice:" + id.String(), card: id,
					short1: "Seen twice", short2: cardShortID(id),
					long: fmt.Sprintf("%s is seen in zone %s and in zone %s.", rules.CardName(id), other, name)})
			}
			seen[id] = name
		}
	}
	for i, w := range g.Worlds {
		notes = append(notes, g.worldDifferences(i+1, w, zs[i])...)
	}
	notes = append(notes, g.apartFromWorlds(t)...)
	if dir, ok := sunDir(t); ok && g.Locked && dir != g.Dir && g.n() > 2 && g.Phase == phasePlay {
		notes = append(notes, note{key: "sun:" + dir, short1: "Sun turned", short2: "order stays",
			long: fmt.Sprintf("The Sun was turned to %s during the turn; the play order stays %s until the turn ends.", dir, g.Dir)})
	}
	return notes
}

// apartFromWorlds refuses the face-up Land cards lying apart from every
// world. A game of several players lays nothing of its own on the table
// outside the worlds but the supplies (Fumaroles, Dark Cities, Travellers,
// the deck Tzimime side up), so such a card was played where no world is.
// Solo lays its stacks' face-up cards there: they are the offer.
func (g *Game) apartFromWorlds(t rules.Table) []note {
	if g.Solo != nil || g.Phase == phaseOver {
		return nil
	}
	var notes []note
	for _, r := range zoneRefs(t.Zone("offer")) {
		card, ok := std.Lookup(r.ID)
		if !ok || r.Side != rules.Front || (card.Kind != KindLand && card.Kind != KindStart) {
			continue
		}
		n := note{key: "apart:" + r.ID.String(), card: r.ID, short1: "Not in a world:", short2: card.Short(),
			long: fmt.Sprintf("%s lies apart from every world: a card is played touching its player's own world. Take it back.", card.Name)}
		if g.Phase == phasePlay {
			n.player = g.current()
		}
		notes = append(notes, n)
	}
	return notes
}

func cardShortID(id rules.CardID) string {
	if id.Deck == DeckCode {
		return cardShort(id.Num)
	}
	return id.String()
}

func (g *Game) waiting(p int, action string, at rules.Pos) bool {
	for _, pd := range g.Pending {
		if pd.Player != p || pd.Action != action {
			continue
		}
		if pd.At == at {
			return true
		}
		for _, q := range pd.Cells {
			if q == at {
				return true
			}
		}
	}
	return false
}

func (g *Game) worldDifferences(p int, w *World, z *rules.Zone) []note {
	var notes []note
	add := func(key, s1, s2, long string, card rules.CardID) {
		notes = append(notes, note{key: fmt.Sprintf("%s:%d", key, p), player: p, card: card,
			short1: s1, short2: s2, long: g.name(p) + ": " + long})
	}
	for _, c := range w.sorted() {
		got, want := z.At(c.Pos()).Card, c.view()
		if got == want || (c.Down && c.Fumarole == 0 && isBack(got, c.Land)) {
			continue
		}
		if g.waiting(p, actFlip, c.Pos()) && got == (rules.CardRef{ID: rules.CardID{Deck: DeckCode, Num: c.Land}}) {
			continue // not flipped yet: already asked
		}
		key := fmt.Sprintf("cell%d,%d:%s", c.Row, c.Col, got)
		gotCard, _ := std.Lookup(got.ID)
		switch {
		case got.IsZero():
			add(key, "Card missing", cardShort(c.Land), fmt.Sprintf("%s is gone from the world; put it back.", w.cellName(c.Pos())), want.ID)
		case gotCard != nil && gotCard.Kind == KindFumarole && g.waiting(p, actCover, c.Pos()):
			add(key, "One Fumarole", "only", "cover just one card next to the volcano.", got.ID)
		case gotCard != nil && gotCard.Kind == KindFumarole:
			add(key, "No Fumarole", "here", fmt.Sprintf("%s may not go on %s: only on a card next to a volcano just played, when asked.",
				gotCard.Name, w.cellName(c.Pos())), got.ID)
		default:
			add(key, "Card changed", cardShort(c.Land), fmt.Sprintf("the camera sees %s where %s lies; put it back.",
				rules.CardName(got.ID), w.cellName(c.Pos())), got.ID)
		}
	}
	news := newCells(w, z)
	for _, pos := range news {
		ref := z.At(pos).Card
		key := fmt.Sprintf("new%d,%d:%s", pos.Row, pos.Col, ref)
		switch {
		case g.waiting(p, actRemove, pos):
		case g.Phase == phaseStart:
			if _, ok := g.startIn(z); !ok {
				add(key, "Start card only", g.short(p), "lay only your starting card, face up, to begin.", ref.ID)
			}
		case g.Phase == phaseOver || g.Step >= CardsPerTurn*g.n() && g.Turn == Turns:
			add(key, "World complete", "no more cards", "the game is over: no more cards.", ref.ID)
		case p == g.current() && len(g.Pending) == 0 && len(news) > 1:
			add("many", "One card", "at a time", "play one card at a time so the referee can judge each.", ref.ID)
		case len(g.Pending) > 0 && g.Pending[0].Player != p:
			add(key, "Wait", g.short(g.Pending[0].Player)+" acts", fmt.Sprintf("wait: %s first does what the referee asked.", g.name(g.Pending[0].Player)), ref.ID)
		case len(g.Pending) > 0:
			add(key, "Wait", "finish action", "first do what the referee asked.", ref.ID)
		default:
			add(key, "Not your turn", g.short(g.current())+" plays", fmt.Sprintf("not your turn yet: %s plays now.", g.name(g.current())), ref.ID)
		}
	}
	notes = append(notes, g.itemDifferences(p, w, z)...)
	return notes
}

// itemDifferences checks the Dark Cities and Travellers against the
// camera: missing or moved ones, and new ones nobody asked for.
func (g *Game) itemDifferences(p int, w *World, z *rules.Zone) []note {
	var notes []note
	type spot struct {
		card     int
		row, col float64
	}
	var want []spot
	for _, c := range w.Cities {
		r, col := junction(c.A, c.B)
		want = append(want, spot{c.Card, r, col})
	}
	for _, t := range w.Travellers {
		want = append(want, spot{t.Card, float64(t.Row) + 0.5, float64(t.Col)})
	}
	found := map[int]bool{}
	for _, it := range z.Items {
		matched := false
		for _, s := range want {
			if it.Card.ID.Num == s.card && it.Card.ID.Deck == DeckCode {
				found[s.card] = true
				matched = near(it.Row, s.row) && (math.Abs(it.Col-s.col) < 0.5)
				if !matched {
					notes = append(notes, note{key: fmt.Sprintf("moved:%d:%d", p, s.card), player: p, card: it.Card.ID,
						short1: "Moved", short2: cardShort(s.card),
						long: fmt.Sprintf("%s: %s has moved; put it back where it was.", g.name(p), cardName(s.card))})
				}
				matched = true
			}
		}
		if matched {
			continue
		}
		card, ok := std.Lookup(it.Card.ID)
		if ok && ((card.Kind == KindCity && g.waiting(p, actCity, w.lastFumarole(g, p))) ||
			(card.Kind == KindTraveller && g.Offer != nil && g.Offer.Player == p)) {
			continue // judged by checkCity / checkOffer, which say what is wrong
		}
		name := rules.CardName(it.Card.ID)
		notes = append(notes, note{key: fmt.Sprintf("item:%d:%s", p, it.Card.ID), player: p, card: it.Card.ID,
			short1: "Not expected", short2: cardShortID(it.Card.ID),
			long: fmt.Sprintf("%s: %s is not expected here (a Dark City comes with two touching Fumaroles, a Traveller with a new portal).", g.name(p), name)})
	}
	for _, s := range want {
		if !found[s.card] {
			notes = append(notes, note{key: fmt.Sprintf("gone:%d:%d", p, s.card), player: p,
				card:   rules.CardID{Deck: DeckCode, Num: s.card},
				short1: "Missing", short2: cardShort(s.card),
				long: fmt.Sprintf("%s: %s is gone; put it back.", g.name(p), cardName(s.card))})
		}
	}
	return notes
}

// lastFumarole is the cell of the Fumarole a pending Dark City belongs to.
func (w *World) lastFumarole(g *Game, p int) rules.Pos {
	for _, pd := range g.Pending {
		if pd.Player == p && pd.Action == actCity {
			return pd.At
		}
	}
	return rules.Pos{Row: math.MinInt32}
}
