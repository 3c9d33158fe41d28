package wit

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/tableref/tableref/rules"
)

// randomZone lays up to n cards of the fixture (and now and then a card
// outside it, or one card twice) on random cells near the origin.
func randomZone(r *rand.Rand, n int) *rules.Zone {
	z := &rules.Zone{}
	for i := 0; i < n; i++ {
		id := fixtureCards[r.IntN(len(fixtureCards))].ID
		if r.IntN(20) == 0 {
			id = rules.CardID{Deck: "SA", Num: 999}
		}
		side := rules.Side(r.IntN(2))
		z.Set(rules.Pos{Row: r.IntN(5) - 2, Col: r.IntN(5) - 2}, rules.Cell{Card: rules.CardRef{ID: id, Side: side}})
	}
	return z
}

// Whatever the camera reports, the engines never panic, every event fits
// the display, and the saved state always restores.
func TestEnginesSurviveRandomSnapshots(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for game := 0; game < 40; game++ {
		players := []string{"Ana", "Ben", "Caro"}[:2+game%2]
		opts := map[string]string{OptCardsPerPlayer: "3", OptMonuments: []string{"false", "true"}[game%2]}
		c := newCSU(t, players, opts)
		cc := newCC(t, players, opts)
		for step := 0; step < 60; step++ {
			c.add(c.g.Observe(mapTable(randomZone(r, r.IntN(9)))))
			maps := make([]*rules.Zone, len(players))
			for i := range maps {
				maps[i] = randomZone(r, r.IntN(4))
			}
			cc.see(maps...)
		}
		for _, g := range []rules.Game{c.g, cc.g} {
			b, err := json.Marshal(g)
			if err != nil {
				t.Fatal(err)
			}
			restore := restoreContinental
			if _, ok := g.(*cartographer); ok {
				restore = restoreCartographer
			}
			if _, err := restore(b); err != nil {
				t.Fatalf("game %d: %v\n%s", game, err, b)
			}
		}
	}
}

func TestCartographerMonumentVariant(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := map[string]string{OptCardsPerPlayer: "1", OptMonuments: map[bool]string{false: "false", true: "true"}[on]}
		c := newCC(t, []string{"Marco", "Erica"}, opts)
		c.see(grid(t, "Brasília"), grid(t, "Sucre"))
		evs := c.see(grid(t, "Brasília", "Cristo Redentor"), grid(t, "Sucre"))
		if accepted := has(evs, rules.EventInfo); accepted != on {
			t.Errorf("monuments=%v: a monument card gives %s", on, dump(evs))
		}
	}
}
