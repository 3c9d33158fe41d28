package rulebook

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// REFERENCE.md §1–3: Where is That? South America, both modes, played with
// witDeck (the rulebook's printed numbers).

// continental starts a Continental Shake Up on witDeck and lays the
// starting block (WIT-6's recommended 2×2):
//
//	Bogotá   Caracas
//	Lima     Sucre
func continental(t *testing.T, players []string, opts map[string]string) (*match, board) {
	t.Helper()
	install(t, witDeck)
	o := map[string]string{"deck": "RW"}
	for k, v := range opts {
		o[k] = v
	}
	m := play(t, "wit-continental", players, o)
	b := board{{0, 0}: "Bogotá/B", {0, 1}: "Caracas/B", {1, 0}: "Lima/B", {1, 1}: "Sucre/B"}
	evs := m.see(b.zone("map"))
	if !hasShort(evs, rules.EventDone, "Start map OK") || len(only(evs, rules.EventTurn)) != 1 {
		t.Fatalf("starting block refused:%s", dump(evs))
	}
	return m, b
}

func pushRefused(evs []rules.Event) bool { return hasShort(evs, rules.EventWarning, "Push refused") }

// WIT-1: Cobija into Caracas' cell, Caracas pushed left with Bogotá; the
// circle the push forms (Caracas over Lima) reads green 4 vs 37: allowed.
// WIT-4 is the same placement judged: Cobija's left circle (Caracas 54 vs
// Cobija 45) has the higher number in green, so Cobija is discarded for 0
// and the pushed cards stay where the push put them.
func TestWIT1And4PushLeftAllowedCobijaDiscarded(t *testing.T) {
	m, b := continental(t, []string{"Marco", "Jane"}, nil)
	b.push(0, 1, 0, -1, "Cobija")
	evs := m.see(b.zone("map"))
	if pushRefused(evs) {
		t.Fatalf("WIT-1: push refused:%s", dump(evs))
	}
	v := verdict(t, evs)
	if v.Verdict != rules.Wrong || v.Player != 1 || v.Points != 0 {
		t.Fatalf("WIT-4: verdict %+v, want Marco's Cobija wrong for 0", v)
	}
	if !strings.Contains(v.Long, "54") || !strings.Contains(v.Long, "45") {
		t.Errorf("WIT-4: the verdict should name the wrong circle's printed numbers 54 and 45: %s", v.Long)
	}
	if !hasShort(evs, rules.EventDo, "Remove Cobija") {
		t.Fatalf("WIT-4: no removal asked:%s", dump(evs))
	}
	// Cobija leaves; Caracas and Bogotá stay shifted (WIT-4).
	delete(b, [2]int{0, 1})
	evs = m.see(b.zone("map"))
	if !hasShort(evs, rules.EventDone, "Cobija") || len(only(evs, rules.EventTurn)) != 1 || only(evs, rules.EventTurn)[0].Player != 2 {
		t.Fatalf("WIT-4: after the removal want Cobija removed and Jane's turn:%s", dump(evs))
	}
	if got := m.score(1).Total; got != 0 {
		t.Errorf("WIT-4: Marco has %d points, want 0", got)
	}
	// The pushed cards stay: Jane's card right of Caracas' new cell (the
	// hole Cobija left) is judged against the shifted map. F 02 there has
	// Sucre below it: Sucre NS 50 < F 02's 220 would be wrong with F 02
	// above, so lay F 12 right of Sucre instead: 1 circle (58 < 221).
	b[[2]int{1, 2}] = f(1, 2)
	v = verdict(t, m.see(b.zone("map")))
	if v.Verdict != rules.Right || v.Points != 1 || v.Player != 2 {
		t.Fatalf("after WIT-4: F 12 beside the shifted Sucre: %+v, want right for 1 point", v)
	}
}

// WIT-2: Caracas pushed down with Sucre; the circle the push forms (Lima
// left of Caracas) reads green 8 vs 54: allowed.
func TestWIT2PushDownAllowed(t *testing.T) {
	m, b := continental(t, []string{"Marco", "Jane"}, nil)
	b.push(0, 1, 1, 0, "Cobija")
	evs := m.see(b.zone("map"))
	if pushRefused(evs) {
		t.Fatalf("push refused:%s", dump(evs))
	}
	v := verdict(t, evs)
	// Cobija itself: left of it Bogotá 15 < 45 right, above Caracas 30 > 4
	// wrong (the card judged after the push is a separate matter).
	if v.Verdict != rules.Wrong {
		t.Errorf("Cobija above Caracas: %+v, want wrong (green 30 > 4)", v)
	}
}

// WIT-3: Cobija placed into Sucre's cell, Sucre pushed east: 3 full
// circles (Caracas 4 < 30 above, Lima 8 < 45 left, Sucre 45 < 58 right),
// all right: +3 points, 3 counters.
func TestWIT3ThreeCirclesThreePoints(t *testing.T) {
	m, b := continental(t, []string{"Marco", "Jane"}, nil)
	b.push(1, 1, 0, 1, "Cobija")
	evs := m.see(b.zone("map"))
	v := verdict(t, evs)
	if v.Verdict != rules.Right || v.Points != 3 {
		t.Fatalf("verdict %+v, want right for 3", v)
	}
	pts := only(evs, rules.EventPoints)
	if len(pts) != 1 || pts[0].Points != 3 || pts[0].Player != 1 {
		t.Fatalf("points events:%s", dump(pts))
	}
	if m.score(1).Total != 3 {
		t.Errorf("Marco %d, want 3", m.score(1).Total)
	}
}

// wit5Order is a whole 4-player Continental game: 5 rounds, round r
// opened by player r (then clockwise), every card a grid city laid in its
// own cell so that all its circles are right and it scores one point per
// neighbour. The cells were chosen so that the totals are the rulebook's
// Jane 12 and Marco 9 (and Ana 7, Ben 6).
var wit5Order = [][2]int{
	{0, 2}, {1, 2}, {2, 0}, {1, 3}, // round 1: Jane Marco Ana Ben
	{0, 3}, {2, 2}, {1, 4}, {2, 3}, // round 2: Marco Ana Ben Jane
	{3, 0}, {3, 1}, {2, 4}, {2, 5}, // round 3: Ana Ben Jane Marco
	{3, 4}, {2, 1}, {3, 2}, {1, 5}, // round 4: Ben Jane Marco Ana
	{3, 3}, {0, 4}, {3, 5}, {0, 5}, // round 5: Jane Marco Ana Ben
}

// WIT-5: the final scores Jane 12, Marco 9: Jane wins. Every card is
// flipped map side up after its verdict, as the referee asks.
func TestWIT5MostPointsWins(t *testing.T) {
	players := []string{"Jane", "Marco", "Ana", "Ben"}
	m, b := continental(t, players, nil)
	for i, p := range wit5Order {
		round, seat := i/4+1, i%4
		who := (round-1+seat)%4 + 1
		name := f(p[0], p[1])
		b[p] = name
		evs := m.see(b.zone("map"))
		v := verdict(t, evs)
		if v.Player != who || v.Verdict != rules.Right {
			t.Fatalf("placement %d (%s at %v): verdict %+v, want %s's right", i+1, name, p, v, players[who-1])
		}
		if i < len(wit5Order)-1 {
			b.flip(name)
			if evs := m.see(b.zone("map")); !hasShort(evs, rules.EventDone, "Flipped:") {
				t.Fatalf("flip of %s not seen:%s", name, dump(evs))
			}
		}
	}
	want := map[int]int{1: 12, 2: 9, 3: 7, 4: 6}
	for p, w := range want {
		if got := m.score(p).Total; got != w {
			t.Errorf("%s: %d points, want %d", players[p-1], got, w)
		}
	}
	wantWinners(t, m.g, 1)
	end := only(m.all, rules.EventEnd)
	if len(end) != 1 || fmt.Sprint(end[0].Winners) != "[1]" {
		t.Fatalf("end events:%s", dump(end))
	}
	m.replayed()
}

// WIT-6: the recommended block (top row the 2 lowest NS numbers, each row
// in WE order) is accepted for any 4 starting cities of the box.
func TestWIT6StartBlockAlwaysAccepted(t *testing.T) {
	install(t, witDeck)
	type start struct {
		name   string
		ns, we int
	}
	starts := []start{{"Bogotá", 10, 15}, {"Caracas", 4, 54}, {"Sucre", 50, 58}, {"Lima", 37, 8},
		{"Brasília", 52, 91}, {"Chiclayo", 35, 5}, {"Potosí", 63, 57}}
	n := 0
	for a := 0; a < len(starts); a++ {
		for b := a + 1; b < len(starts); b++ {
			for c := b + 1; c < len(starts); c++ {
				for d := c + 1; d < len(starts); d++ {
					four := []start{starts[a], starts[b], starts[c], starts[d]}
					// by NS: top row the two lowest
					for i := range four {
						for j := i + 1; j < len(four); j++ {
							if four[j].ns < four[i].ns {
								four[i], four[j] = four[j], four[i]
							}
						}
					}
					top, bottom := four[:2], four[2:]
					for _, row := range [][]start{top, bottom} {
						if row[1].we < row[0].we {
							row[0], row[1] = row[1], row[0]
						}
					}
					m := play(t, "wit-continental", []string{"Ana", "Ben"}, map[string]string{"deck": "RW"})
					evs := m.see(cards("map", 0, 0, top[0].name+"/B|"+top[1].name+"/B", bottom[0].name+"/B|"+bottom[1].name+"/B"))
					if !hasShort(evs, rules.EventDone, "Start map OK") {
						t.Errorf("block %s %s / %s %s refused:%s", top[0].name, top[1].name, bottom[0].name, bottom[1].name, dump(evs))
					}
					n++
				}
			}
		}
	}
	if n != 35 {
		t.Fatalf("%d blocks tried, want 35", n)
	}
}

// cartographer starts a Cartographer's Corner on witDeck with one
// starting city per player, flag side up.
func cartographer(t *testing.T, players []string, perPlayer int, starts ...string) (*match, []board) {
	t.Helper()
	install(t, witDeck)
	m := play(t, "wit-cartographer", players, map[string]string{"deck": "RW", "cardsPerPlayer": fmt.Sprint(perPlayer)})
	maps := make([]board, len(players))
	for i, s := range starts {
		maps[i] = board{{0, 0}: s}
	}
	evs := m.see(cartoZones(maps)...)
	if !hasShort(evs, rules.EventDone, "Start cities OK") {
		t.Fatalf("starting cities refused:%s", dump(evs))
	}
	return m, maps
}

func cartoZones(maps []board) []zone {
	var zs []zone
	for i, b := range maps {
		zs = append(zs, b.zone(fmt.Sprintf("p%d", i+1)))
	}
	return zs
}

// cartoTurn is whose placement the i-th (0-based) of a Cartographer game
// is: round r opened by the deck holder, who passes it clockwise.
func cartoTurn(i, players int) int {
	round, seat := i/players+1, i%players
	return (round-1+seat)%players + 1
}

// WIT-7 and WIT-7b: Punta del Este played into Brasília's cell by pushing
// Brasília right (Cayena shifts too), Piura below the cell. Its right
// circle (85 vs Brasília 91) is right, its bottom circle (81 vs Piura 42)
// wrong: 1 point from these two circles. The map's third circle
// (Brasília 91 vs Cayena 88) is wrong too: the map scores 1.
func TestWIT7PuntaDelEsteOneOfTwoCircles(t *testing.T) {
	m, maps := cartographer(t, []string{"Erica", "Jane"}, 3, "Brasília", "Chiclayo")
	moves := []func(){
		func() { maps[0][[2]int{0, 1}] = "Cayena" },           // round 1: Erica
		func() { maps[1][[2]int{0, 1}] = f(0, 0) },            //          Jane
		func() { maps[1][[2]int{0, 2}] = f(0, 1) },            // round 2: Jane
		func() { maps[0][[2]int{1, 0}] = "Piura" },            //          Erica
		func() { maps[0].push(0, 0, 0, 1, "Punta del Este") }, // round 3: Erica
		func() { maps[1][[2]int{0, 3}] = f(0, 2) },            //          Jane
	}
	for i, mv := range moves {
		mv()
		evs := m.see(cartoZones(maps)...)
		noVerdict(t, evs[:len(evs)-len(only(evs, rules.EventEnd))])
		if w := only(evs, rules.EventWarning); len(w) > 0 {
			t.Fatalf("move %d: %s", i+1, dump(w))
		}
	}
	// WIT-7b: Brasília now right of Punta del Este, Piura below it.
	if p, _ := maps[0].find("Brasília"); p != [2]int{0, 1} {
		t.Fatalf("Brasília at %v", p)
	}
	e := m.score(1)
	if e.Total != 1 {
		t.Errorf("Erica: %d points, want 1 (Punta–Brasília right; Punta–Piura and Brasília–Cayena wrong): %+v", e.Total, e.Parts)
	}
	var long string
	for _, ev := range only(m.all, rules.EventPoints) {
		if ev.Player == 1 {
			long = ev.Long
		}
	}
	for _, want := range []string{"81", "42"} {
		if !strings.Contains(long, want) {
			t.Errorf("Erica's end points should name the wrong circle 81/42: %q", long)
		}
	}
	if m.score(2).Total != 3 {
		t.Errorf("Jane: %d, want 3 (Chiclayo and three grid cities in a row)", m.score(2).Total)
	}
	wantWinners(t, m.g, 2)
	m.replayed()
}

// WIT-8: in Cartographer's Corner every push from Brasília's cell is
// legal, whatever the circles: right (Cayena shifts too), left, up, and
// down (Piura shifts too).
func TestWIT8EveryPushLegalInCartographer(t *testing.T) {
	for _, d := range []struct {
		name   string
		dr, dc int
		with   string
	}{{"east", 0, 1, "Cayena"}, {"west", 0, -1, ""}, {"north", -1, 0, ""}, {"south", 1, 0, "Piura"}} {
		t.Run(d.name, func(t *testing.T) {
			m, maps := cartographer(t, []string{"Erica", "Jane"}, 3, "Brasília", "Chiclayo")
			maps[0][[2]int{0, 1}] = "Cayena"
			m.see(cartoZones(maps)...)
			maps[1][[2]int{0, 1}] = f(0, 0)
			m.see(cartoZones(maps)...)
			maps[1][[2]int{0, 2}] = f(0, 1)
			m.see(cartoZones(maps)...)
			maps[0][[2]int{1, 0}] = "Piura"
			m.see(cartoZones(maps)...)
			maps[0].push(0, 0, d.dr, d.dc, "Punta del Este")
			evs := m.see(cartoZones(maps)...)
			if w := only(evs, rules.EventWarning); len(w) > 0 {
				t.Fatalf("push %s refused:%s", d.name, dump(w))
			}
			info := only(evs, rules.EventInfo)
			if len(info) == 0 || !strings.Contains(info[0].Long, "pushing Brasília "+d.name) || (d.with != "" && !strings.Contains(info[0].Long, d.with)) {
				t.Fatalf("push %s: want the placement seen as a push of Brasília %s (with %q):%s", d.name, d.name, d.with, dump(evs))
			}
		})
	}
}

// WIT-9: Erica's finished map of 13 cards with 11 right circles scores 11.
// Her map is one row: Bogotá then twelve grid cities west to east, one
// pair swapped (F 07 before F 06), so 11 of its 12 circles are right.
func TestWIT9ElevenRightCircles(t *testing.T) {
	m, maps := cartographer(t, []string{"Erica", "Jane"}, 12, "Bogotá", "Chiclayo")
	erica := []string{f(0, 0), f(0, 1), f(0, 2), f(0, 3), f(0, 4), f(0, 5), f(0, 7), f(0, 6), f(1, 6), f(1, 7), f(2, 7), f(3, 7)}
	// Jane: two rows of grid cities right of Chiclayo, all right: 17.
	var jane [][3]int
	for c := 0; c < 6; c++ {
		jane = append(jane, [3]int{0, c + 1, 0})
	}
	for c := 0; c < 6; c++ {
		jane = append(jane, [3]int{1, c + 1, 0})
	}
	ei, ji := 0, 0
	for i := 0; i < 24; i++ {
		if cartoTurn(i, 2) == 1 {
			maps[0][[2]int{0, ei + 1}] = erica[ei]
			ei++
		} else {
			j := jane[ji]
			maps[1][[2]int{j[0], j[1]}] = f(4+j[0], j[1]-1)
			ji++
		}
		evs := m.see(cartoZones(maps)...)
		if w := only(evs, rules.EventWarning); len(w) > 0 {
			t.Fatalf("placement %d:%s", i+1, dump(w))
		}
	}
	if got := m.score(1); got.Total != 11 || part(t, got, "circles") != 11 {
		t.Errorf("Erica: %+v, want 11 (11 of 12 circles right)", got)
	}
	if got := m.score(2).Total; got != 17 {
		t.Errorf("Jane: %d, want 17", got)
	}
	wantWinners(t, m.g, 2)
	m.replayed()
}

// WIT-10: L and R tie; L's closest scored circle is 63/64 (gap 1), R's
// 3/5 (gap 2): L wins.
func TestWIT10ClosestCircleBreaksTheTie(t *testing.T) {
	m, maps := cartographer(t, []string{"L", "R"}, 1, "Potosí", "Chiclayo")
	maps[0][[2]int{1, 0}] = "Belo Horizonte" // below Potosí: 63 < 64
	m.see(cartoZones(maps)...)
	maps[1][[2]int{0, -1}] = "Piura" // left of Chiclayo: 3 < 5
	evs := m.see(cartoZones(maps)...)
	if m.score(1).Total != 1 || m.score(2).Total != 1 {
		t.Fatalf("scores %v, want 1 each", m.g.Scores())
	}
	wantWinners(t, m.g, 1)
	end := only(evs, rules.EventEnd)
	if len(end) != 1 || !strings.Contains(end[0].Long, "63/64") {
		t.Errorf("the end should say the tie-break circle 63/64:%s", dump(end))
	}
	m.replayed()
}
