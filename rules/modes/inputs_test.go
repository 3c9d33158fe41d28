package modes

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// allInputs are the inputs a player can send from the page or the buttons.
var allInputs = []rules.InputType{rules.InputNext, rules.InputChallenge, rules.InputConfirm, rules.InputGuess,
	rules.InputChoose, rules.InputSwap, rules.InputPass, rules.InputSettle}

// Each mode declares the inputs it takes (the status page shows those
// controls and no others), and the declaration is true to the engine: an
// input a mode does not declare is answered "not used" by its engine
// (which names the input), and a declared one is not.
func TestModesDeclareTheirInputs(t *testing.T) {
	for _, m := range rules.Modes() {
		if m.Inputs == nil {
			t.Errorf("%s declares no Inputs: set the list (empty when the game needs no button)", m.ID)
			continue
		}
		declared := map[rules.InputType]bool{}
		for _, u := range m.Inputs {
			if declared[u.Type] || !slices.Contains(allInputs, u.Type) {
				t.Errorf("%s: input %q listed twice or unknown (undo is every mode's and is not listed)", m.ID, u.Type)
			}
			declared[u.Type] = true
			if u.Label == "" || u.Help == "" {
				t.Errorf("%s: input %q without a label or help", m.ID, u.Type)
			}
		}
		players := []string{"Ana", "Ben", "Caro", "Dora", "Eli", "Finn"}[:max(m.MinPlayers, 2)]
		if m.MaxPlayers < len(players) {
			players = players[:m.MaxPlayers]
		}
		for _, in := range allInputs {
			g, err := rules.NewGame(rules.Setup{Mode: m.ID, Players: players})
			if err != nil {
				t.Fatalf("%s: %v", m.ID, err)
			}
			g.Start()
			evs := g.Input(rules.Input{Type: in, Player: 1, Choice: "left"})
			said := describe(evs)
			refused := false
			for _, e := range evs {
				refused = refused || (strings.Contains(e.Long, fmt.Sprintf("%q", string(in))) &&
					(strings.HasPrefix(e.Short[0], "Not used here") || e.Short[0] == "No button needed"))
			}
			if declared[in] && refused {
				t.Errorf("%s declares %q but its engine refuses it: %s", m.ID, in, said)
			}
			if !declared[in] && !refused && !slices.Contains(alsoTaken[m.Game], in) {
				t.Errorf("%s does not declare %q but its engine does not refuse it: %s", m.ID, in, said)
			}
		}
	}
}

// alsoTaken are inputs an engine takes as another that is declared: the
// device's Next button passes in Strange World, as "pass" does on the page.
var alsoTaken = map[string][]rules.InputType{"strangeworld": {rules.InputNext}}

func describe(evs []rules.Event) string {
	var b strings.Builder
	for _, e := range evs {
		fmt.Fprintf(&b, "[%s %q %q] ", e.Kind, e.Short[0], e.Long)
	}
	return b.String()
}
