package mapit

import (
	"fmt"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/internal/warn"
)

// A photo of the cross (rules.Mode.ScoreTable): tokens change hands during
// play, so a photo gives no scores; it checks the cross as the end of a
// round does. It is the mode's ScoreTable (mode.go).

// judgeCrossTable checks each arm from the centre outwards, each card
// against the nearest card still standing towards the centre (§4.5), and
// gives a verdict per pair, then says how many cards are wrong.
func judgeCrossTable(s rules.Setup, t rules.Table) ([]rules.Score, []rules.Event, error) {
	cat, _, err := catalogueFor(s)
	if err != nil {
		return nil, nil, err
	}
	g, err := newGame(s, cat)
	if err != nil {
		return nil, nil, err
	}
	g.seePrint(t) // a photo of tableref's own cards: the coordinates they print
	cross, err := ReadCross(t.Zone(Zone), g.name)
	if err != nil {
		return nil, warn.Events(err), nil
	}
	var evs []rules.Event
	for _, id := range cross.Cards() {
		if _, ok := g.cat.Place(id); !ok {
			return nil, warn.Events(warn.New("Unknown card", id.String(), "%s is not a card of this game: take it off the cross", id)), nil
		}
	}
	wrong := 0
	for _, a := range arms {
		inner := cross.Centre
		for _, id := range cross.Arms[a] {
			p := pair{a, inner, id}
			_, right := g.judge([]pair{p})
			v, word := rules.Right, "right"
			if !right {
				v, word = rules.Wrong, "wrong"
				wrong++
			}
			evs = append(evs, rules.Event{Kind: rules.EventVerdict, Card: id, Verdict: v, Action: "pair " + inner.String(),
				Short: rules.Say(rules.ShortName(g.name(id), 16), a.String()+": "+word),
				Long:  warn.Capital(g.explain(p, right)) + "."})
			if right {
				inner = id
			}
		}
	}
	evs = append(evs, rules.Event{Kind: rules.EventInfo, Points: wrong,
		Short: rules.Say(plural(wrong, "card")+" wrong", "tokens: in play"),
		Long: fmt.Sprintf("%s of %d on the cross placed wrong. Map It! pays tokens during play (challenges, guesses), so a photo cannot give the standings.",
			warn.Capital(plural(wrong, "card")), cross.Len())})
	return nil, evs, nil
}
