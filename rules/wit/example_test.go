package wit_test

import (
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/wit"
)

// mapOf lays cards out as the camera would report them: rows of names,
// "/B" for map side up, "." for an empty cell.
func mapOf(rows ...string) rules.Table {
	z := &rules.Zone{}
	for r, row := range rows {
		for c, name := range strings.Split(row, "|") {
			if ref, err := rules.FindCard(name, "SA"); err == nil {
				z.Set(rules.Pos{Row: r, Col: c}, rules.Cell{Card: ref})
			}
		}
	}
	return rules.Table{Zones: map[string]*rules.Zone{"map": z}}
}

// A Continental Shake Up game is fed snapshots of the shared map; the
// engine works out what was played from the difference and answers with
// the 16×2 screens the referee shows.
func Example_continental() {
	g, err := rules.NewGame(rules.Setup{Mode: wit.ModeContinental, Players: []string{"Ana", "Ben"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	show := func(evs []rules.Event) {
		for _, e := range evs {
			fmt.Printf("%s: %q\n", e.Kind, e.Short)
		}
	}
	show(g.Start())
	show(g.Observe(mapOf("Bogotá/B|Caracas/B", "Lima/B|Sucre/B")))
	show(g.Observe(mapOf("Bogotá/B|Caracas/B|.", "Lima/B|Sucre/B|Punta del Este")))
	for _, s := range g.Scores() {
		fmt.Printf("%s %d\n", s.Name, s.Total)
	}
	// Output:
	// setup: ["Lay 4 start" "cities map up"]
	// done: ["Start map OK" "Let's play!"]
	// round: ["Round 1 of 5" "Ana draws 2"]
	// turn: ["Ana's turn" "Place a card"]
	// verdict: ["Punta de.: RIGHT" "Ana +1"]
	// points: ["Ana +1" "Total 1"]
	// do: ["Flip Punta de." "map side up"]
	// turn: ["Ben's turn" "Place a card"]
	// Ana 1
	// Ben 0
}
