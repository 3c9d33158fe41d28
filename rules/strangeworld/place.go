package strangeworld

import (
	"fmt"
	"math"
	"strings"

	"github.com/tableref/tableref/rules"
)

// Pending actions.
const (
	actFlip   = "flip"
	actRemove = "remove"
	actCover  = "cover"
	actCity   = "city"
)

// place judges the card player p put at pos and applies its effects.
func (g *Game) place(p int, pos rules.Pos, ref rules.CardRef, evs *[]rules.Event) {
	w := g.Worlds[p-1]
	reject := func(why string, long string) {
		g.Pending = append(g.Pending, Pending{Player: p, Action: actRemove, Ref: ref.String(), At: pos, Reason: why})
		*evs = append(*evs, rules.Event{Kind: rules.EventVerdict, Player: p, Card: ref.ID, Verdict: rules.Wrong, Action: actRemove,
			Short: rules.Say("Take it back", why), Long: fmt.Sprintf("%s: %s Take it back.", g.name(p), long)})
	}
	card, known := std.Lookup(ref.ID)
	switch {
	case ref.Side == rules.Back:
		reject("play face up", "a Land card is played face up, never Tzimime side up.")
		return
	case !known:
		reject("unknown card", fmt.Sprintf("%s is not a Strange World card.", ref))
		return
	case card.Kind == KindFumarole:
		reject("no volcano", "a Fumarole only covers a card when a volcano asks for it.")
		return
	case card.Kind != KindLand:
		reject("not a Land card", fmt.Sprintf("%s is not a Land card of the deck.", card.Name))
		return
	}
	if owner := g.whereIs(card.Num); owner != 0 {
		reject("seen twice", fmt.Sprintf("%s is already in %s's world.", card.Name, g.name(owner)))
		return
	}
	if why := w.checkPlacement(pos); why != "" {
		reject(shortWhy(why), fmt.Sprintf("%s cannot go there: %s.", card.Name, why))
		return
	}
	*evs = append(*evs, rules.Event{Kind: rules.EventVerdict, Player: p, Card: card.ID(), Verdict: rules.Right,
		Short: rules.Say(g.short(p)+" OK", card.Short()), Long: fmt.Sprintf("%s plays %s.", g.name(p), card.Name)})
	if g.Step == 0 {
		g.Locked, g.Order = true, g.playOrder()
		if g.Solo != nil {
			g.soloStackCheck(card, evs)
		}
	}
	g.Offer = nil // the chance to welcome a Traveller ends with the next card
	w.Cards = append(w.Cards, &Placed{Row: pos.Row, Col: pos.Col, Land: card.Num})
	g.Step++
	g.Told = false
	if card.Mark > g.maxMark() {
		*evs = append(*evs, rules.Event{Kind: rules.EventWarning, Player: p, Card: card.ID(),
			Short: rules.Say("Not in this deck", "mark "+MarkLabel(card.Mark)),
			Long: fmt.Sprintf("%s carries the mark %s: it is not in a %s deck (deck list %q). Played anyway.",
				card.Name, MarkLabel(card.Mark), g.deckName(), g.Opts.DeckProfile)})
	}
	g.applyResolution(p, pos, w.resolve(pos, g.Opts), evs)
}

func (g *Game) deckName() string {
	if g.Solo != nil {
		return "solo"
	}
	return fmt.Sprintf("%d-player", g.n())
}

func shortWhy(why string) string {
	switch why {
	case "it must touch a card of the world by an edge":
		return "not adjacent"
	case "the world must fit in 4×4":
		return "beyond 4x4"
	case "a Traveller closes that side":
		return "Traveller side"
	}
	return "cell taken"
}

// applyResolution turns the effects of a played card into requests.
func (g *Game) applyResolution(p int, pos rules.Pos, r Resolution, evs *[]rules.Event) {
	w := g.Worlds[p-1]
	if len(r.Flips) > 0 {
		pd := Pending{Player: p, Action: actFlip}
		for _, f := range r.Flips {
			pd.Cells = append(pd.Cells, f.Pos)
			c := w.At(f.Pos)
			s, l := flipText(f.Reason)
			*evs = append(*evs, rules.Event{Kind: rules.EventDo, Player: p, Card: rules.CardID{Deck: DeckCode, Num: c.Land},
				Action: actFlip, Short: rules.Say("Flip "+cardShort(c.Land), s),
				Long: fmt.Sprintf("%s: flip %s Tzimime side up: %s.", g.name(p), cardName(c.Land), l)})
		}
		g.Pending = append(g.Pending, pd)
	}
	if r.Portal != nil {
		g.Offer = &Offer{Player: p, Row: r.Portal.W.Row}
		*evs = append(*evs, rules.Event{Kind: rules.EventInfo, Player: p, Action: rules.ActionOffer,
			Short: rules.Say("Portal!", "Take a Traveller"),
			Long: fmt.Sprintf("%s completes a Dimensional Portal (%s and %s) and may welcome a Traveller at the end of that row%s.",
				g.name(p), w.cellName(r.Portal.W), w.cellName(r.Portal.E), g.sideHint(w))})
	}
	if len(r.Coverable) == 0 {
		return
	}
	if g.fumarolesUsed() >= numFumaroles {
		*evs = append(*evs, rules.Event{Kind: rules.EventWarning, Player: p,
			Short: rules.Say("No Fumarole left", "no eruption"),
			Long:  "The volcano asks for a Fumarole but all 11 are on the table: nothing is covered."})
		return
	}
	g.Pending = append(g.Pending, Pending{Player: p, Action: actCover, Cells: r.Coverable, At: pos})
	*evs = append(*evs, rules.Event{Kind: rules.EventDo, Player: p, Action: actCover,
		Short: rules.Say("Volcano: cover", "a neighbour card"),
		Long:  fmt.Sprintf("%s: the volcano erupts: cover %s%s with a Fumarole.", g.name(p), oneOf(r.Coverable), w.describeCells(r.Coverable))})
}

func oneOf(ps []rules.Pos) string {
	if len(ps) > 1 {
		return "one of "
	}
	return ""
}

// sideHint says where Travellers must go once the first has come.
func (g *Game) sideHint(w *World) string {
	if _, west, ok := w.travellerCol(); ok {
		if west {
			return " (on the left side, like the first)"
		}
		return " (on the right side, like the first)"
	}
	return ", on the left or the right"
}

func (g *Game) fumarolesUsed() int {
	n := 0
	for _, w := range g.Worlds {
		for _, c := range w.Cards {
			if c.Fumarole != 0 {
				n++
			}
		}
	}
	return n
}

// nextCity returns the value of the highest Dark City still in the stack,
// or 0 when none is left.
func (g *Game) nextCity() int {
	used := map[int]bool{}
	for _, w := range g.Worlds {
		for _, c := range w.Cities {
			used[c.Card] = true
		}
	}
	for i, v := range cityValues {
		if !used[firstCityNum+i] {
			return v
		}
	}
	return 0
}

// checkPending sees whether the first requested action is done.
func (g *Game) checkPending(zs []*rules.Zone, evs *[]rules.Event, notes *[]note) bool {
	pd := g.Pending[0]
	w, z := g.Worlds[pd.Player-1], zs[pd.Player-1]
	done := func(short2, long string) bool {
		g.Pending = g.Pending[1:]
		*evs = append(*evs, rules.Event{Kind: rules.EventDone, Player: pd.Player, Action: pd.Action,
			Short: rules.Say("Done", short2), Long: long})
		return true
	}
	switch pd.Action {
	case actRemove:
		if z.At(pd.At).Card.String() != pd.Ref {
			return done("taken back", fmt.Sprintf("%s took the card back.", g.name(pd.Player)))
		}
	case actFlip:
		for _, p := range pd.Cells {
			if !isBack(z.At(p).Card, w.At(p).Land) {
				return false
			}
		}
		var names []string
		for _, p := range pd.Cells {
			names = append(names, cardName(w.At(p).Land))
		}
		return done("flipped", fmt.Sprintf("%s flipped %s.", g.name(pd.Player), strings.Join(names, ", ")))
	case actCover:
		return g.checkCover(pd, w, z, evs, done)
	case actCity:
		return g.checkCity(pd, w, z, notes, done)
	}
	return false
}

// checkCover accepts a Fumarole on exactly one of the volcano's
// neighbours, then asks for a Dark City if it touches a free Fumarole.
func (g *Game) checkCover(pd Pending, w *World, z *rules.Zone, evs *[]rules.Event, done func(string, string) bool) bool {
	var at rules.Pos
	var fum *Card
	for _, p := range pd.Cells {
		card, ok := std.Lookup(z.At(p).Card.ID)
		if ok && card.Kind == KindFumarole && g.whereIs(card.Num) == 0 {
			if fum != nil {
				return false // two new Fumaroles: wait until one goes
			}
			at, fum = p, card
		}
	}
	if fum == nil {
		return false
	}
	covered := w.cellName(at)
	w.At(at).Fumarole = fum.Num
	done("covered", fmt.Sprintf("%s covers %s with %s.", g.name(pd.Player), covered, fum.Name))
	var pair []rules.Pos
	for _, d := range rules.Steps {
		q := at.Add(d)
		if w.fumarole(q) && !w.inCity(q) {
			pair = append(pair, q)
		}
	}
	if len(pair) == 0 {
		return true
	}
	v := g.nextCity()
	if v == 0 {
		*evs = append(*evs, rules.Event{Kind: rules.EventInfo, Player: pd.Player,
			Short: rules.Say("Two Fumaroles", "no Dark City left"), Long: "Two Fumaroles touch, but no Dark City is left."})
		return true
	}
	city := Pending{Player: pd.Player, Action: actCity, Cells: pair, At: at}
	g.Pending = append([]Pending{city}, g.Pending...)
	how := "on the junction of the two Fumaroles"
	if len(pair) > 1 {
		how = "on the junction of the new Fumarole and one of its free neighbours (your choice)"
	}
	*evs = append(*evs, rules.Event{Kind: rules.EventDo, Player: pd.Player, Action: "place",
		Short: rules.Say(fmt.Sprintf("Dark City %d", v), "on the junction"),
		Long:  fmt.Sprintf("%s: place the Dark City %d %s.", g.name(pd.Player), v, how)})
	return true
}

// checkCity accepts the highest Dark City left on the junction of the new
// Fumarole and one of its free Fumarole neighbours.
func (g *Game) checkCity(pd Pending, w *World, z *rules.Zone, notes *[]note, done func(string, string) bool) bool {
	want := g.nextCity()
	for _, it := range z.Items {
		card, ok := std.Lookup(it.Card.ID)
		if !ok || card.Kind != KindCity || g.whereIs(card.Num) != 0 {
			continue
		}
		var other *rules.Pos
		for i, q := range pd.Cells {
			r, c := junction(pd.At, q)
			if near(it.Row, r) && near(it.Col, c) {
				other = &pd.Cells[i]
			}
		}
		key := fmt.Sprintf("city:%d:%d", pd.Player, card.Num)
		switch {
		case other == nil:
			*notes = append(*notes, note{key: key, player: pd.Player, card: card.ID(),
				short1: card.Short(), short2: "not on junction",
				long: fmt.Sprintf("%s: %s must lie on the junction of the new Fumarole and a free Fumarole next to it.", g.name(pd.Player), card.Name)})
			continue
		case card.Value != want:
			*notes = append(*notes, note{key: key, player: pd.Player, card: card.ID(),
				short1: fmt.Sprintf("Take City %d", want), short2: "the highest left",
				long: fmt.Sprintf("%s: take the highest Dark City left, %d, not %s.", g.name(pd.Player), want, card.Name)})
			continue
		}
		w.Cities = append(w.Cities, City{Card: card.Num, A: pd.At, B: *other})
		horizontal := pd.At.Row == other.Row
		if horizontal == (it.Card.Side == rules.Back) {
			face := "side-by-side"
			if !horizontal {
				face = "stacked"
			}
			*notes = append(*notes, note{key: "cityface:" + key, player: pd.Player, card: card.ID(),
				short1: "Turn Dark City", short2: "to " + face,
				long: fmt.Sprintf("%s: %s counts, but turn it to its %s Fumaroles face.", g.name(pd.Player), card.Name, face)})
		}
		return done(fmt.Sprintf("Dark City +%d", card.Value),
			fmt.Sprintf("%s builds %s between %s and %s: %d stars.", g.name(pd.Player), card.Name,
				w.cellName(pd.At), w.cellName(*other), card.Value))
	}
	return false
}

// checkOffer accepts a Traveller welcomed after a portal, where it may go:
// at the end of the portal's row, overlapping the row above or below, in
// the column just outside the world, on the side of the first Traveller.
func (g *Game) checkOffer(zs []*rules.Zone, evs *[]rules.Event, notes *[]note) bool {
	of := g.Offer
	w, z := g.Worlds[of.Player-1], zs[of.Player-1]
	for _, it := range z.Items {
		card, ok := std.Lookup(it.Card.ID)
		if !ok || card.Kind != KindTraveller || g.whereIs(card.Num) != 0 {
			continue
		}
		key := fmt.Sprintf("trav:%d:%d", of.Player, card.Num)
		bad := func(s2, long string) {
			*notes = append(*notes, note{key: key, player: of.Player, card: card.ID(), short1: card.Short(), short2: s2,
				long: fmt.Sprintf("%s: %s %s", g.name(of.Player), card.Name, long)})
		}
		if g.Solo != nil && len(g.Solo.Revealed) > 0 && !containsInt(g.Solo.Revealed, card.Num) {
			bad("not revealed", "is not one of the 3 revealed Travellers.")
			continue
		}
		half := math.Round(it.Row*2) / 2
		top := int(math.Floor(half))
		if half == float64(top) || (top != of.Row && top != of.Row-1) {
			bad("wrong rows", fmt.Sprintf("must overlap the portal's row and the row above or below it (%s).", g.rowHint(w, of.Row)))
			continue
		}
		col := int(math.Round(it.Col))
		nw, se, _ := w.bounds()
		var west bool
		if tc, tw, ok := w.travellerCol(); ok {
			if col != tc {
				bad("same side", "goes on the same side as the first Traveller, just outside the world.")
				continue
			}
			west = tw
		} else if col == nw.Col-1 {
			west = true
		} else if col != se.Col+1 {
			bad("at row end", "goes at the end of the row, just outside the world, left or right.")
			continue
		}
		if other, free, ok := takenSpot(w, top, of.Row); ok {
			name := "another Traveller"
			if c, ok := std.Card(other.Card); ok {
				name = c.Name
			}
			bad("spot taken", fmt.Sprintf("lies on %s's spot while the spot on %s is free: a Traveller shares a spot only when it is the only one left beside the portal.",
				name, g.rowHint(w, free)))
			continue
		}
		w.Travellers = append(w.Travellers, TravellerAt{Card: card.Num, Row: top, Col: col, West: west})
		g.Offer = nil
		side := "right"
		if west {
			side = "left"
		}
		*evs = append(*evs, rules.Event{Kind: rules.EventDone, Player: of.Player, Card: card.ID(), Action: "place",
			Short: rules.Say(card.Short()+" joins", g.short(of.Player)),
			Long: fmt.Sprintf("%s welcomes %s on the %s side (%s: +%d if %s); nothing may be played beyond it.",
				g.name(of.Player), card.Name, side, g.rowHint(w, top), card.Traveller.Bonus, card.Traveller.Condition)})
		return true
	}
	return false
}

// takenSpot checks the rule for a Traveller welcomed at rows top and
// top+1 beside a portal in row portal (§7.9): "if the only spot available
// is already taken by a Traveller, place the new one in the same spot".
// The portal's row gives two spots, with the row above (top = portal-1)
// and with the row below (top = portal). A spot is taken when a Traveller
// already lies on it (the same two rows; Travellers on neighbouring spots
// lie edge to edge, not on each other). A spot that would reach beyond a
// world already 4 rows tall cannot be used, so it is not available. ok is
// true when the new Traveller lies on a taken spot while the other spot
// is free: it names the Traveller there and the free spot's top row.
func takenSpot(w *World, top, portal int) (on TravellerAt, free int, ok bool) {
	at := func(t int) (TravellerAt, bool) {
		for _, tr := range w.Travellers {
			if tr.Row == t {
				return tr, true
			}
		}
		return TravellerAt{}, false
	}
	on, taken := at(top)
	if !taken {
		return on, 0, false
	}
	nw, se, _ := w.bounds()
	for _, t := range []int{portal - 1, portal} {
		if t == top {
			continue
		}
		if _, busy := at(t); busy {
			continue
		}
		if se.Row-nw.Row+1 >= worldSize && (t < nw.Row || t+1 > se.Row) {
			continue // beyond a full-height world
		}
		return on, t, true
	}
	return on, 0, false
}

// rowHint names rows top and top+1 counted from the world's current top
// (row 1); the row above the world is named so, never "row 0".
func (g *Game) rowHint(w *World, top int) string {
	nw, _, _ := w.bounds()
	if top < nw.Row {
		return "the row above the world and row 1"
	}
	return fmt.Sprintf("rows %d-%d from the top", top-nw.Row+1, top-nw.Row+2)
}

// soloStackCheck checks that a solo turn opens with a stack's face-up card.
func (g *Game) soloStackCheck(card *Card, evs *[]rules.Event) {
	g.Solo.Stacks++
	if len(g.Solo.Tops) == 0 || containsInt(g.Solo.Tops, card.Num) {
		return
	}
	*evs = append(*evs, rules.Event{Kind: rules.EventWarning, Player: 1, Card: card.ID(),
		Short: rules.Say("Stack top first", card.Short()),
		Long:  fmt.Sprintf("%s was not a stack's face-up card: each turn starts with the face-up card of the stack you take.", card.Name)})
}
