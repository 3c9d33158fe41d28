package strangeworld

import (
	"fmt"
	"math"
	"sort"

	"github.com/tableref/tableref/rules"
)

// Observe takes a stable snapshot: it accepts the starting cards, then the
// placements in play order and the actions the referee asked for, as far
// as the snapshot shows them, and warns about anything else.
func (g *Game) Observe(t rules.Table) []rules.Event {
	if g.Phase == phaseOver {
		return nil
	}
	var evs []rules.Event
	g.readOffer(t, false) // the stack tops are those seen before this card
	zs := make([]*rules.Zone, g.n())
	for i, w := range g.Worlds {
		zs[i] = align(w, t.Zone(zoneName(i+1)))
	}
	var notes []note
	for i := 0; i < 200; i++ { // each step accepts one thing; 200 is far above a game's worth
		if !g.step(t, zs, &evs, &notes) {
			break
		}
	}
	g.readOffer(t, true)
	evs = append(evs, g.warn(append(notes, g.differences(t, zs)...))...)
	return evs
}

// note is a warning with a key that says when it is the same warning again.
type note struct {
	key          string
	short1       string
	short2       string
	long         string
	player       int
	card         rules.CardID
	alwaysRepeat bool
}

// warn emits the notes not already said in the last snapshot, and
// remembers them, so that a problem is said once while it lasts.
func (g *Game) warn(notes []note) []rules.Event {
	said := map[string]bool{}
	for _, k := range g.Warned {
		said[k] = true
	}
	var evs []rules.Event
	keys := map[string]bool{}
	for _, n := range notes {
		if keys[n.key] {
			continue
		}
		keys[n.key] = true
		if !said[n.key] {
			evs = append(evs, rules.Event{Kind: rules.EventWarning, Player: n.player, Card: n.card,
				Short: rules.Say(n.short1, n.short2), Long: n.long})
		}
	}
	g.Warned = g.Warned[:0]
	for k := range keys {
		g.Warned = append(g.Warned, k)
	}
	sort.Strings(g.Warned)
	if len(g.Warned) == 0 {
		g.Warned = nil
	}
	return evs
}

// align returns the zone moved into the world's engine frame. The scanner
// may renumber a growing world's cells; every identified card (faces and
// Fumaroles each have their own number) votes for the shift, and the
// world's last shift wins ties.
func align(w *World, z *rules.Zone) *rules.Zone {
	out := &rules.Zone{}
	if z == nil {
		return out
	}
	known := map[int]rules.Pos{}
	for _, c := range w.Cards {
		known[c.Land] = c.Pos()
		if c.Fumarole != 0 {
			known[c.Fumarole] = c.Pos()
		}
	}
	votes := map[rules.Pos]int{}
	for _, p := range z.Positions() {
		id := z.Cells[p].Card.ID
		if id.Deck != DeckCode || id.Num == 0 {
			continue
		}
		if q, ok := known[id.Num]; ok {
			votes[rules.Pos{Row: p.Row - q.Row, Col: p.Col - q.Col}]++
		}
	}
	off, best := w.Offset, votes[w.Offset]
	var shifts []rules.Pos
	for d := range votes {
		shifts = append(shifts, d)
	}
	sort.Slice(shifts, func(i, j int) bool { return lessPos(shifts[i], shifts[j]) })
	for _, d := range shifts {
		if votes[d] > best {
			off, best = d, votes[d]
		}
	}
	w.Offset = off
	for _, p := range z.Positions() {
		out.Set(rules.Pos{Row: p.Row - off.Row, Col: p.Col - off.Col}, z.Cells[p])
	}
	for _, it := range z.Items {
		out.Items = append(out.Items, rules.Item{Card: it.Card, Row: it.Row - float64(off.Row), Col: it.Col - float64(off.Col)})
	}
	return out
}

// step accepts the next thing the snapshot shows, if any.
func (g *Game) step(t rules.Table, zs []*rules.Zone, evs *[]rules.Event, notes *[]note) bool {
	if g.Phase == phaseStart {
		return g.acceptStarts(zs, evs)
	}
	if len(g.Pending) > 0 {
		return g.checkPending(zs, evs, notes)
	}
	if g.Offer != nil && g.checkOffer(zs, evs, notes) {
		return true
	}
	if g.Phase == phaseOver || (g.Offer != nil && g.Offer.Final) {
		return false
	}
	if g.endTurn(evs) {
		return true
	}
	g.readSun(t, evs)
	p := g.current()
	if !g.Told {
		g.Told = true
		*evs = append(*evs, rules.Event{Kind: rules.EventTurn, Player: p, Round: g.Turn,
			Short: rules.Say(fmt.Sprintf("Turn %d/%d", g.Turn, Turns), g.short(p)+" plays"),
			Long:  fmt.Sprintf("Turn %d, card %d of %d: %s plays a Land card.", g.Turn, g.Step/g.n()+1, CardsPerTurn, g.name(p))})
	}
	news := newCells(g.Worlds[p-1], zs[p-1])
	if len(news) != 1 {
		return false
	}
	g.place(p, news[0], zs[p-1].At(news[0]).Card, evs)
	return true
}

// newCells lists the cells the snapshot shows and the world does not hold.
func newCells(w *World, z *rules.Zone) []rules.Pos {
	var out []rules.Pos
	for _, p := range z.Positions() {
		if w.At(p) == nil {
			out = append(out, p)
		}
	}
	return out
}

// acceptStarts takes the starting cards once every world shows exactly
// one starting card face up, all at once: until then whose card is whose
// may still change (a first card laid nearer another player's marker than
// its own player's is sorted out when the others are down).
func (g *Game) acceptStarts(zs []*rules.Zone, evs *[]rules.Event) bool {
	starts := make([]*Card, len(g.Worlds))
	for i := range g.Worlds {
		card, ok := g.startIn(zs[i])
		if !ok {
			return false
		}
		starts[i] = card
	}
	for i, card := range starts {
		pos := zs[i].Positions()[0]
		g.Worlds[i].Cards = append(g.Worlds[i].Cards, &Placed{Row: pos.Row, Col: pos.Col, Land: card.Num})
		*evs = append(*evs, rules.Event{Kind: rules.EventInfo, Player: i + 1, Card: card.ID(),
			Short: rules.Say(g.short(i+1)+" starts", card.Short()),
			Long:  fmt.Sprintf("%s starts with %s.", g.name(i+1), card.Name)})
	}
	g.Phase = phasePlay
	*evs = append(*evs, g.roundEvent())
	return true
}

// startIn returns the starting card a world shows when it shows exactly
// one card, a starting card face up that no other world holds.
func (g *Game) startIn(z *rules.Zone) (*Card, bool) {
	ps := z.Positions()
	if len(ps) != 1 {
		return nil, false
	}
	ref := z.Cells[ps[0]].Card
	card, ok := std.Lookup(ref.ID)
	if !ok || card.Kind != KindStart || ref.Side != rules.Front || g.whereIs(card.Num) != 0 {
		return nil, false
	}
	return card, true
}

func (g *Game) roundEvent() rules.Event {
	e := rules.Event{Kind: rules.EventRound, Round: g.Turn, Player: g.Holder,
		Short: rules.Say(fmt.Sprintf("Turn %d of %d", g.Turn, Turns), "3 cards each")}
	switch {
	case g.Solo != nil:
		e.Long = fmt.Sprintf("Turn %d of %d: take a stack, play its face-up card first, then its other 2 cards.", g.Turn, Turns)
	case g.n() == 2:
		e.Short[1] = rules.Say("", "Sun: "+g.short(g.Holder))[1]
		e.Long = fmt.Sprintf("Turn %d of %d: deal 3 cards each and draft; %s holds the Sun and plays first.", g.Turn, Turns, g.name(g.Holder))
	default:
		e.Short[1] = rules.Say("", fmt.Sprintf("Sun %s %s", rules.ShortName(g.name(g.Holder), 6), g.Dir))[1]
		e.Long = fmt.Sprintf("Turn %d of %d: deal 3 cards each; %s holds the Sun and sets its arrow (now %s): play order %s.",
			g.Turn, Turns, g.name(g.Holder), g.Dir, g.orderNames())
	}
	return e
}

// endTurn moves on once every card of the turn is played and resolved:
// the Sun passes to the left, or the game ends after turn 5.
func (g *Game) endTurn(evs *[]rules.Event) bool {
	if g.Step < CardsPerTurn*g.n() {
		return false
	}
	if g.Turn == Turns {
		if g.Offer != nil {
			g.Offer.Final = true
			return false
		}
		*evs = append(*evs, g.finish())
		return true
	}
	g.Turn++
	g.Holder = g.Holder%g.n() + 1
	g.Step, g.Locked, g.Order, g.Told = 0, false, nil, false
	*evs = append(*evs, g.roundEvent())
	return true
}

// readSun takes the direction from the Sun card in zone "sun" while the
// turn's first card is not played: front = arrow left, back = right.
func (g *Game) readSun(t rules.Table, evs *[]rules.Event) {
	dir, ok := sunDir(t)
	if !ok || g.Locked || g.Solo != nil || dir == g.Dir {
		return
	}
	g.Dir = dir
	if g.n() > 2 {
		*evs = append(*evs, rules.Event{Kind: rules.EventInfo, Player: g.Holder,
			Short: rules.Say("Sun: "+dir, g.short(g.Holder)+" first"),
			Long:  fmt.Sprintf("The Sun points %s: play order %s.", dir, g.orderNames())})
	}
}

func sunDir(t rules.Table) (string, bool) {
	z := t.Zone("sun")
	if z == nil {
		return "", false
	}
	for _, r := range zoneRefs(z) {
		if r.ID == (rules.CardID{Deck: DeckCode, Num: sunNum}) {
			if r.Side == rules.Back {
				return dirRight, true
			}
			return dirLeft, true
		}
	}
	return "", false
}

// readOffer reads the solo "offer" zone: the revealed Travellers and, with
// tops, the stacks' face-up top cards.
func (g *Game) readOffer(t rules.Table, readTops bool) {
	if g.Solo == nil {
		return
	}
	z := t.Zone("offer")
	if z == nil {
		return
	}
	var seen []int
	for _, r := range zoneRefs(z) {
		card, ok := std.Lookup(r.ID)
		if !ok || r.Side != rules.Front {
			continue
		}
		switch card.Kind {
		case KindLand:
			seen = append(seen, card.Num)
		case KindTraveller:
			if !containsInt(g.Solo.Revealed, card.Num) {
				g.Solo.Revealed = append(g.Solo.Revealed, card.Num)
				sort.Ints(g.Solo.Revealed)
			}
		}
	}
	if readTops {
		sort.Ints(seen)
		g.Solo.Tops = seen
	}
}

// zoneRefs lists every card a zone shows, in cells and as items: the Sun
// and the solo offer may lie either way.
func zoneRefs(z *rules.Zone) []rules.CardRef {
	if z == nil {
		return nil
	}
	var refs []rules.CardRef
	for _, p := range z.Positions() {
		refs = append(refs, z.Cells[p].Card)
	}
	for _, it := range z.Items {
		refs = append(refs, it.Card)
	}
	return refs
}

func containsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// whereIs returns the player whose world holds card n (as a Land card, a
// Fumarole, a Dark City or a Traveller), or 0.
func (g *Game) whereIs(n int) int {
	for i, w := range g.Worlds {
		for _, c := range w.Cards {
			if c.Land == n || c.Fumarole == n {
				return i + 1
			}
		}
		for _, c := range w.Cities {
			if c.Card == n {
				return i + 1
			}
		}
		for _, t := range w.Travellers {
			if t.Card == n {
				return i + 1
			}
		}
	}
	return 0
}

// near compares a fractional position read by the camera with a junction.
func near(a, b float64) bool { return math.Abs(a-b) < 0.3 }
