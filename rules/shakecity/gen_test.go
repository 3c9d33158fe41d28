package shakecity

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// The golden replays in testdata/ were written with this generator, then
// read line by line: it plays a plausible game (a fixed-seed shaker, each
// player taking the colour and spot that score most right now, as people
// at the table roughly do) and writes what the camera would see, with
// realistic incidents: a bad shake, players placing at different speeds,
// a turned pattern put right, cubes collected, a pass with "next".
// Run: go test ./rules/shakecity -run TestGenerateReplays -genreplays
var genReplays = flag.Bool("genreplays", false, "rewrite testdata/*.jsonl from the game plans")

type plan struct {
	file    string
	players []string
	options map[string]string
	seed    uint64
}

var plans = []plan{
	{"standard-2p.jsonl", []string{"Ana", "Ben"}, map[string]string{"side": "standard", "tiles": "roads,homes,different,parks,factories,shops"}, 7},
	{"sea-2p.jsonl", []string{"Carla", "Dirk"}, map[string]string{"side": "sea", "constructionSites": "true", "tiles": "shops,parks,roads,different,homes,factories", "sites": "YR,GK,BY,RG"}, 11},
	{"solo.jsonl", []string{"Eva"}, map[string]string{"side": "standard", "sites": "YR,GK,BY,RG"}, 23},
}

func TestGenerateReplays(t *testing.T) {
	if !*genReplays {
		t.Skip("run with -genreplays to rewrite the replays")
	}
	for _, p := range plans {
		if err := os.WriteFile("testdata/"+p.file, []byte(generate(t, p)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// shakeGrid draws 9 of the 32 cubes.
func shakeGrid(r *rand.Rand) Grid {
	var bag []rules.Colour
	for _, c := range TileColours {
		for i := 0; i < Supply[c]; i++ {
			bag = append(bag, c)
		}
	}
	r.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
	var g Grid
	for i := 0; i < 9; i++ {
		g[i/3][i%3] = bag[i]
	}
	return g
}

type move struct {
	colour rules.Colour
	at     []rules.Pos
}

// bestMove picks the allowed colour and spot giving the best score now
// (a removed construction site counts 6, an emptied line is avoided by
// nothing cleverer than that); ties go to the first found.
func bestMove(g *Game, p int, grid *Grid, mc rules.Colour) (move, bool) {
	pl := g.Players[p-1]
	rt := g.rights(p, mc)
	best, bestScore, found := move{}, -1, false
	blocked := g.blocked(p)
	for _, c := range allowedColours(grid, rt) {
		pat := normalise(turnTableToBoard(grid.Pattern(c), g.cfg.profile.Rotation))
		for dr := 0; dr < Size; dr++ {
			for dc := 0; dc < Size; dc++ {
				at := shift(pat, dr, dc)
				b, ok := pl.Board, true
				for _, q := range at {
					if !in(q) || b.At(q) != "" || blocked(q) {
						ok = false
						break
					}
					b[q.Row][q.Col] = c
				}
				if !ok {
					continue
				}
				score := ScoreBoard(g.cfg.profile, b, g.scoreOptions(p)).Total
				for i, s := range g.Sites {
					if !pl.Removed[i] && s.Met(&b) {
						score += 6
					}
				}
				if score > bestScore {
					best, bestScore, found = move{c, at}, score, true
				}
			}
		}
	}
	return best, found
}

func rowsJSON(rows []string) string {
	return `{"origin":[0,0],"rows":["` + strings.Join(rows, `","`) + `"]}`
}

func generate(t *testing.T, p plan) string {
	m, _ := rules.LookupMode(ModeID)
	s, err := m.Check(rules.Setup{Mode: ModeID, Players: p.players, Options: p.options})
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(p.seed, p.seed*31+1))
	var out strings.Builder
	opts := []string{}
	for _, k := range []string{"side", "constructionSites", "tiles", "sites"} {
		if v, ok := p.options[k]; ok {
			opts = append(opts, fmt.Sprintf("%q:%q", k, v))
		}
	}
	fmt.Fprintf(&out, `{"kind":"header","format":1,"mode":"shakecity","players":["%s"],"options":{%s}}`+"\n",
		strings.Join(p.players, `","`), strings.Join(opts, ","))
	tm, mistaken := 0.0, false
	shown := make([]Board, len(p.players)) // what each board shows
	emit := func(shaker []string) {
		tm += 4
		var zones []string
		if shaker == nil {
			zones = append(zones, `"shaker":{"origin":[0,0],"rows":[]}`)
		} else {
			zones = append(zones, `"shaker":`+rowsJSON(shaker))
		}
		for i := range shown {
			zones = append(zones, fmt.Sprintf(`"board:p%d":%s`, i+1, rowsJSON(shown[i].Rows())))
		}
		fmt.Fprintf(&out, `{"kind":"snapshot","t":%g,"table":{%s}}`+"\n", tm, strings.Join(zones, ","))
		g.Observe(tableFromShown(shaker, shown))
	}
	for round := 1; round <= Rounds; round++ {
		grid := shakeGrid(r)
		rows := grid.Rows()
		fmt.Fprintf(&out, "# round %d: %s manages; the grid is %s\n", round, g.name(g.Manager), strings.Join(rows, " "))
		if round == 2 { // a bad shake: one cube rolled out of the grid
			bad := append([]string(nil), rows...)
			bad[2] = bad[2][:2] + "."
			emit(bad)
			emit(nil)
		}
		emit(rows)
		// The manager moves first; then the others in seat order.
		order := []int{g.Manager}
		for i := 1; i < len(p.players); i++ {
			order = append(order, (g.Manager+i-1)%len(p.players)+1)
		}
		mc := rules.Colour("")
		var passed []int
		for k, pi := range order {
			mv, ok := bestMove(g, pi, &grid, mc)
			if k == 0 && ok {
				mc = mv.colour
			}
			if !ok {
				passed = append(passed, pi)
				continue
			}
			fmt.Fprintf(&out, "# %s lays %d %s\n", g.name(pi), len(mv.at), Buildings(mv.colour))
			if !mistaken && round >= 4 && k == len(order)-1 && len(mv.at) > 1 { // turned first, then put right
				wrongAt := shift(normalise(turnTableToBoard(mv.at, 1)), mv.at[0].Row, mv.at[0].Col)
				if !sameShape(wrongAt, mv.at) && fitsAll(g, pi, wrongAt) {
					fmt.Fprintf(&out, "# … first turned by mistake\n")
					mistaken = true
					saved := shown[pi-1]
					for _, q := range wrongAt {
						shown[pi-1][q.Row][q.Col] = mv.colour
					}
					emit(rows)
					shown[pi-1] = saved
				}
			}
			half := (len(mv.at) + 1) / 2
			for i, q := range mv.at {
				shown[pi-1][q.Row][q.Col] = mv.colour
				if i == half-1 && len(mv.at) > 1 {
					emit(rows) // a slower player: half the tiles down so far
				}
			}
			emit(rows)
		}
		if len(passed) > 0 {
			fmt.Fprintf(&out, "# nothing fits for player(s) %v: next\n", passed)
			tm += 2
			fmt.Fprintf(&out, `{"kind":"input","t":%g,"type":"next","player":%d}`+"\n", tm, order[0])
			g.Input(rules.Input{Type: rules.InputNext, Player: order[0]})
		}
		if round < Rounds {
			half := append([]string(nil), rows...)
			half[0] = "..."
			emit(half) // cubes being collected
			emit(nil)
		}
	}
	if !mistaken {
		t.Fatalf("%s: no round had room for the turned-pattern incident", p.file)
	}
	if !g.Finished() {
		t.Fatalf("%s: the generated game did not finish (round %d, phase %s)", p.file, g.Round, g.Phase)
	}
	return out.String()
}

func fitsAll(g *Game, p int, at []rules.Pos) bool {
	b, blocked := g.Players[p-1].Board, g.blocked(p)
	for _, q := range at {
		if !in(q) || b.At(q) != "" || blocked(q) {
			return false
		}
	}
	return true
}

func tableFromShown(shaker []string, shown []Board) rules.Table {
	tab := rules.Table{Zones: map[string]*rules.Zone{ShakerZone: {}}}
	for r, row := range shaker {
		for c, ch := range row {
			if col, ok := rules.ParseColour(string(ch)); ok {
				tab.Zones[ShakerZone].Set(rules.Pos{Row: r, Col: c}, rules.Cell{Colour: col})
			}
		}
	}
	for i, b := range shown {
		z := &rules.Zone{}
		for r := range b {
			for c := range b[r] {
				if b[r][c] != "" {
					z.Set(rules.Pos{Row: r, Col: c}, rules.Cell{Colour: b[r][c]})
				}
			}
		}
		tab.Zones[BoardZone(i+1)] = z
	}
	return tab
}
