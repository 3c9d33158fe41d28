package wit

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tableref/tableref/rules"
)

// startCities is how many starting cities Continental Shake Up lays out.
const startCities = 4

// startProblems checks the Continental starting map: 4 starting cities,
// edge to edge, every circle right (REFERENCE §2: any connected
// arrangement is accepted). It returns what is wrong, first problem first.
func startProblems(d *Deck, l layout) []*badMove {
	var out []*badMove
	if len(l) != startCities {
		out = append(out, bad(fmt.Sprintf("Start: %d cards", len(l)), "Need 4 cities",
			"the starting map holds %d card%s: lay exactly %d starting cities", len(l), plural(len(l)), startCities))
	}
	for _, p := range l.positions() {
		if c, _ := d.Card(l[p]); c.Kind != KindStart {
			out = append(out, bad("Not a start card", rules.ShortName(c.Name, rules.ShortWidth),
				"%s is a %s card, not a starting city (white edge)", c.Name, c.Kind))
		}
	}
	if !l.connected() {
		out = append(out, bad("Start cards must", "touch edges",
			"the starting cities must form one group, each sharing an edge with another"))
	}
	if wrong := wrongCircles(allCircles(d, l)); len(wrong) > 0 {
		out = append(out, bad("Start map wrong", "Fix the circles",
			"the starting map has a wrong circle (%s)", describeCircles(d, wrong)))
	}
	return out
}

// startBlock arranges starting cities as the 2×2 block that is always
// right: the 2 northernmost on top, each row sorted west to east. Cards
// beyond the fourth are ignored; with fewer, the block is partial.
func startBlock(d *Deck, ids []rules.CardID) layout {
	cards := make([]Card, 0, len(ids))
	for _, id := range ids {
		if c, ok := d.Card(id); ok {
			cards = append(cards, c)
		}
	}
	sort.Slice(cards, func(i, j int) bool { return cards[i].NS < cards[j].NS })
	cards = cards[:min(len(cards), startCities)]
	out := layout{}
	for row := 0; row*2 < len(cards); row++ {
		pair := cards[row*2 : min(row*2+2, len(cards))]
		sort.Slice(pair, func(i, j int) bool { return pair[i].WE < pair[j].WE })
		for col, c := range pair {
			out[rules.Pos{Row: row, Col: col}] = c.ID
		}
	}
	return out
}

// blockWords describes a 2×2 block: "top Caracas, Bogotá; bottom …".
func blockWords(d *Deck, l layout) string {
	var rows [2][]string
	for _, p := range l.positions() {
		if p.Row >= 0 && p.Row < 2 {
			rows[p.Row] = append(rows[p.Row], d.Name(l[p]))
		}
	}
	return fmt.Sprintf("top row %s; bottom row %s", strings.Join(rows[0], ", "), strings.Join(rows[1], ", "))
}

// observeStart waits for a right starting map; then the game begins.
func (g *continental) observeStart(cur layout, src *rules.Zone) []rules.Event {
	if len(cur) == 0 {
		return nil // nothing laid out yet
	}
	probs := startProblems(g.deck, cur)
	if len(probs) > 0 {
		long := make([]string, len(probs))
		for i, p := range probs {
			long[i] = capital(p.Long)
		}
		var starts []rules.CardID
		for _, id := range cur {
			if c, _ := g.deck.Card(id); c.Kind == KindStart {
				starts = append(starts, id)
			}
		}
		sort.Slice(starts, func(i, j int) bool { return lessID(starts[i], starts[j]) })
		hint := ""
		if len(starts) == startCities {
			hint = " This always works: " + blockWords(g.deck, startBlock(g.deck, starts)) + "."
		}
		return []rules.Event{{Kind: rules.EventWarning, Short: probs[0].Short, Long: strings.Join(long, ". ") + "." + hint}}
	}
	g.Map = zoneOf(cur, src)
	g.Phase = phasePlay
	evs := []rules.Event{{Kind: rules.EventDone, Action: "setup", Short: rules.Say("Start map OK", "Let's play!"),
		Long: fmt.Sprintf("The starting map is right: %s.", describeCircles(g.deck, allCircles(g.deck, cur)))}}
	return append(evs, g.turnEvents("draws", drawWords)...)
}
