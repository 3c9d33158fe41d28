package shakecity

import (
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
)

// Scoring the city boards from one photo at the end of the game
// (rules.Mode.ScoreTable, set in mode.go).

// scoreCityTable scores every player's board zone (board:p1…) as the end
// of round 15 does, with one event per scored square for the picture and
// an end event naming the winners (construction sites and the solo target
// decide who may win, which the scores alone do not say).
//
// A photo cannot tell an empty construction square from one still holding
// its site (the scanner reads both as empty): with construction sites on,
// an empty site square is taken to hold its site still, and a note says so.
func scoreCityTable(s rules.Setup, t rules.Table) ([]rules.Score, []rules.Event, error) {
	g, err := New(s)
	if err != nil {
		return nil, nil, err
	}
	var evs []rules.Event
	for i, pl := range g.Players {
		p := i + 1
		z, ok := t.Zones[BoardZone(p)]
		if !ok {
			evs = append(evs, rules.Event{Kind: rules.EventWarning, Player: p,
				Short: rules.Say(fmt.Sprintf("No board %d", p), "in the photo"),
				Long:  fmt.Sprintf("%s's city board (zone %s) is not in the photo: nothing on it can score.", g.name(p), BoardZone(p))})
		}
		b, probs := BoardFromZone(z)
		for _, pr := range probs {
			evs = append(evs, rules.Event{Kind: rules.EventWarning, Player: p,
				Short: rules.Say(fmt.Sprintf("Board %d:", p), "not a tile"), Long: fmt.Sprintf("%s's board: %s.", g.name(p), pr)})
		}
		pl.Board = b
		var left []string
		for k := range g.Sites {
			site := g.cfg.profile.Site(k)
			pl.Removed[k] = b.At(site) != ""
			if !pl.Removed[k] {
				left = append(left, cellName(site))
			}
		}
		if len(left) > 0 {
			evs = append(evs, rules.Event{Kind: rules.EventInfo, Player: p,
				Short: rules.Say(fmt.Sprintf("%s: sites?", rules.ShortName(g.name(p), 9)), fmt.Sprintf("%d empty", len(left))),
				Long:  fmt.Sprintf("%s's construction squares %s are empty in the photo: taken as still holding their sites (which keeps %s from winning).", g.name(p), strings.Join(left, " "), g.name(p))})
		}
		evs = append(evs, squareEvents(g.cfg.profile, b, p, g.cfg.family)...)
	}
	g.Phase = phaseOver
	scores := g.Scores()
	winners := g.Winners()
	end := g.endEvent()
	end.Scores, end.Winners = scores, winners
	return scores, append(evs, end), nil
}

// squareEvents gives each tile its points, for the picture: roads,
// parks, factories and shops square by square; a group of homes on its
// first square (a group scores as a whole).
func squareEvents(p *Profile, b Board, player int, family bool) []rules.Event {
	if family {
		return nil // the family variant scores only the scoring tiles
	}
	reached := roadNetwork(p, &b)
	sea := p.Side == SideSea
	points := map[rules.Pos]int{}
	why := map[rules.Pos]string{}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			q := rules.Pos{Row: r, Col: c}
			switch b.At(q) {
			case Road:
				if reached[q] {
					points[q], why[q] = 1, "road on the network"
				} else {
					points[q], why[q] = 0, "road cut off from the asphalt"
				}
			case Park:
				points[q], why[q] = parkPoints(p, &b, q, sea), "park"
			case Factory:
				points[q], why[q] = factoryPoints(&b, q), "factory"
			case Shop:
				if shopConnected(p, &b, q, reached) {
					points[q], why[q] = p.ShopValueAt(q), fmt.Sprintf("shop on a %d square", p.ShopValueAt(q))
				} else {
					points[q], why[q] = 0, "shop off the road network"
				}
			}
		}
	}
	for _, grp := range homeGroups(&b) {
		pts := homeGroupPoints(p, &b, grp, sea)
		for i, q := range grp {
			points[q], why[q] = 0, fmt.Sprintf("home in the group of %s", cellName(grp[0]))
			if i == 0 {
				points[q], why[q] = pts, fmt.Sprintf("group of %d home(s): %d", len(grp), pts)
			}
		}
	}
	var evs []rules.Event
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			q := rules.Pos{Row: r, Col: c}
			if b.At(q) == "" {
				continue
			}
			evs = append(evs, rules.Event{Kind: rules.EventPoints, Player: player, Points: points[q],
				Action: fmt.Sprintf("cell %s %d,%d", BoardZone(player), r, c),
				Short:  rules.Say(fmt.Sprintf("P%d %s", player, cellName(q)), fmt.Sprintf("%s %d", Building(b.At(q)), points[q])),
				Long:   fmt.Sprintf("%s at %s: %s, %d point(s).", Building(b.At(q)), cellName(q), why[q], points[q])})
		}
	}
	return evs
}
