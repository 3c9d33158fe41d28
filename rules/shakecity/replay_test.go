package shakecity

import (
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

// The golden replays: a full 15-round game on each side and a solo game,
// refereed from the snapshots alone. Beyond the golden text, each checks
// that the game finished and that the final boards score as the engine
// reported, through ScoreBoard alone (the `scan` path).
func TestGoldenReplays(t *testing.T) {
	for _, name := range []string{"standard-2p", "sea-2p", "solo"} {
		t.Run(name, func(t *testing.T) {
			g := rulestest.Golden(t, "testdata/"+name+".jsonl").(*Game)
			if !g.Finished() || g.Round != Rounds {
				t.Fatalf("game not over: round %d phase %s", g.Round, g.Phase)
			}
			for i, s := range g.Scores() {
				alone := ScoreBoard(g.cfg.profile, g.Players[i].Board, g.scoreOptions(i+1))
				if alone.Total != s.Total || alone.Total < 15 {
					t.Errorf("%s: engine total %d, ScoreBoard %d", s.Name, s.Total, alone.Total)
				}
			}
			// Each replay holds exactly one deliberate mistake (a turned
			// pattern, put right): everything else is legal play.
			wrong := 0
			for _, pl := range g.Players {
				wrong += pl.Wrong
			}
			if wrong != 1 {
				t.Errorf("%d wrong verdicts, want the one deliberate mistake", wrong)
			}
			rulestest.RoundTrip(t, ModeID, g)
			if w := g.Winners(); w == nil {
				t.Error("a finished game must have a winners list (empty when nobody wins)")
			}
			var _ rules.Game = g
		})
	}
}
