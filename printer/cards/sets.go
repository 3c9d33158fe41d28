package cards

import (
	"fmt"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// Ranks gives a Where is That? card's north–south and west–east numbers.
type Ranks func(id rules.CardID) (ns, we int, ok bool)

// WhereIsThat builds the South America set. ranks comes from the Where is
// That? engine, so the printed numbers are exactly what the referee judges
// with.
func WhereIsThat(ranks Ranks, st Style) (*Set, error) {
	set := &Set{Code: geo.DeckSA, Name: "Where is That? South America", Module: st.Module}
	for _, g := range geo.Cards(geo.DeckSA) {
		ns, we, ok := ranks(g.ID)
		if !ok {
			return nil, fmt.Errorf("card %s (%s) has no north–south/west–east numbers", g.ID, g.Name)
		}
		edge := blueEdge
		switch g.Kind {
		case geo.KindStart:
			edge = startEdge
		case geo.KindMonument:
			edge = monEdge
		}
		set.Cards = append(set.Cards, Card{ID: g.ID, Name: g.Name, Front: geoFront(g, frontStyle{edge: edge, country: true, flag: true}, st), Back: witBack(g, ns, we, st)})
	}
	return set, nonEmpty(set)
}

// MapIt builds the Map It! World set.
func MapIt(st Style) (*Set, error) {
	set := &Set{Code: geo.DeckWorld, Name: "Map It! World", Module: st.Module}
	for _, g := range geo.Cards(geo.DeckWorld) {
		set.Cards = append(set.Cards, Card{ID: g.ID, Name: g.Name,
			Front: geoFront(g, frontStyle{edge: mapitEdge, bars: g.Level == geo.LevelBeginner, country: true, flag: true}, st), Back: coordBack(g, mapitEdge, false, st)})
	}
	return set, nonEmpty(set)
}

// NordSudOvestEst builds the Nord Sud Ovest Est set.
func NordSudOvestEst(st Style) (*Set, error) {
	set := &Set{Code: geo.DeckEurope, Name: "Nord Sud Ovest Est", Module: st.Module}
	for _, g := range geo.Cards(geo.DeckEurope) {
		set.Cards = append(set.Cards, Card{ID: g.ID, Name: g.Name, Front: geoFront(g, frontStyle{edge: nsoeEdge, skyline: true}, st), Back: coordBack(g, nsoeEdge, true, st)})
	}
	return set, nonEmpty(set)
}

func nonEmpty(s *Set) error {
	if len(s.Cards) == 0 {
		return fmt.Errorf("deck %s has no cards", s.Code)
	}
	return nil
}
