package wit

import (
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
)

// Push scopes (option pushScope): which cards a push moves. The rulebook
// says "all cards in the chosen direction must also shift one space along
// with it" and never mentions a gap in the line, so players honestly push
// either way: ScopeEither, the default, accepts both and says which one it
// saw; the other two force one reading.
const (
	ScopeEither     = "either"     // the touching run or the whole line, whichever the players pushed
	ScopeContiguous = "contiguous" // the run of touching cards from the target cell to the first gap
	ScopeWholeLine  = "wholeLine"  // every card of the row or column beyond the target cell, gaps too
)

// move is one placement inferred from two layouts.
type move struct {
	Card   rules.CardID
	At     rules.Pos
	Dir    rules.Pos      // the push direction; zero for a placement beside the map
	Pushed []rules.CardID // the pushed cards, from the target cell outwards
	// Reading is the push scope the players' push matched when the two
	// readings differ (a gap in the line): ScopeContiguous or
	// ScopeWholeLine; empty when they agree or for no push.
	Reading string
}

func (m move) push() bool { return m.Dir != (rules.Pos{}) }

// after applies the move to prev.
func (m move) after(prev layout) layout {
	out := layout{}
	pushed := map[rules.CardID]bool{}
	for _, id := range m.Pushed {
		pushed[id] = true
	}
	for p, id := range prev {
		if pushed[id] {
			p = p.Add(m.Dir)
		}
		out[p] = id
	}
	out[m.At] = m.Card
	return out
}

// badMove is a snapshot that cannot follow the last accepted layout by one
// legal placement, with what to tell the players.
type badMove struct {
	Short [2]string
	Long  string
}

func bad(l1, l2, long string, args ...any) *badMove {
	return &badMove{Short: rules.Say(l1, l2), Long: fmt.Sprintf(long, args...)}
}

// inferMove finds the one placement that turns prev into cur: a card on an
// empty cell edge to edge with the map, or a push of the cards in line from
// the target cell by one cell, the new card taking the freed cell. It
// returns ok=false and no error when no card was added or moved (flips
// are not moves), and an error saying what is wrong when cur cannot
// follow prev by one legal placement. Both layouts must hold each card
// once. names gives the printed names for messages.
func inferMove(prev, cur layout, scope string, names func(rules.CardID) string) (m move, ok bool, err *badMove) {
	pi, ci := prev.index(), cur.index()
	short := func(id rules.CardID, n int) string { return rules.ShortName(names(id), n) }

	var gone, added []rules.CardID
	for _, p := range prev.positions() {
		if _, ok := ci[prev[p]]; !ok {
			gone = append(gone, prev[p])
		}
	}
	for _, p := range cur.positions() {
		if _, ok := pi[cur[p]]; !ok {
			added = append(added, cur[p])
		}
	}
	if len(gone) > 0 {
		return m, false, bad(short(gone[0], 8)+" missing", "Put it back",
			"%s %s gone from the map: cards stay once placed; put %s back where %s",
			nameList(gone, names), isAre(len(gone)), pronoun(len(gone)), pronounWas(len(gone)))
	}
	if len(added) > 1 {
		return m, false, bad(fmt.Sprintf("%d new cards", len(added)), "Take 1 back",
			"%s appeared at once: place one card at a time", nameList(added, names))
	}

	// Cards that moved, and by how much.
	var moved []rules.CardID
	for _, p := range prev.positions() {
		if ci[prev[p]] != p {
			moved = append(moved, prev[p])
		}
	}
	if len(added) == 0 {
		if len(moved) == 0 {
			return m, false, nil
		}
		return m, false, bad("Moved: "+short(moved[0], 8), "Undo or place",
			"%s moved but no new card was placed: a push puts the new card in the freed cell at once; move %s back or finish the placement",
			nameList(moved, names), pronoun(len(moved)))
	}
	m.Card = added[0]
	m.At = ci[m.Card]
	if len(moved) == 0 {
		return placeBeside(prev, m, short, names)
	}

	// A push: every moved card went one cell the same way, and the new
	// card stands where the first of them was.
	var dir rules.Pos
	for _, id := range moved {
		d := rules.Pos{Row: ci[id].Row - pi[id].Row, Col: ci[id].Col - pi[id].Col}
		if rules.DirName(d) == "" {
			how := fmt.Sprintf("moved %d cells", abs(d.Row)+abs(d.Col))
			if abs(d.Row) == 1 && abs(d.Col) == 1 {
				how = "moved diagonally"
			}
			return m, false, bad(short(id, 8)+" moved", "One cell only",
				"%s %s (from %v to %v): a push moves cards one cell up, down, left or right", names(id), how, pi[id], ci[id])
		}
		if dir != (rules.Pos{}) && d != dir {
			return m, false, bad("Cards moved", "different ways",
				"%s moved %s but %s moved %s: a push moves all cards the same way",
				names(moved[0]), rules.DirName(dir), names(id), rules.DirName(d))
		}
		dir = d
	}
	head, ok := prev[m.At]
	if !ok || ci[head] != m.At.Add(dir) {
		return m, false, bad(short(m.Card, 9)+": cell?", "Use freed cell",
			"%s moved %s, but %s is not in the cell it left: after a push the new card goes in the freed cell",
			nameList(moved, names), rules.DirName(dir), names(m.Card))
	}
	m.Dir = dir
	run, line := pushedLine(prev, m.At, dir, ScopeContiguous), pushedLine(prev, m.At, dir, ScopeWholeLine)
	readings := map[string][]rules.CardID{ScopeContiguous: run, ScopeWholeLine: line}
	if scope != ScopeEither {
		readings = map[string][]rules.CardID{scope: readings[scope]}
	}
	for _, r := range []string{ScopeContiguous, ScopeWholeLine} {
		if pushed, ok := readings[r]; ok && sameCards(pushed, moved) {
			m.Pushed = pushed
			if len(run) != len(line) {
				m.Reading = r
			}
			return m, true, nil
		}
	}
	// Neither reading: say what is wrong against the nearest one (the run,
	// unless only the whole line is allowed).
	want := run
	if scope == ScopeWholeLine {
		want = line
	}
	m.Pushed = want
	in := map[rules.CardID]bool{}
	for _, id := range want {
		in[id] = true
	}
	var stayed, extra []rules.CardID
	for _, id := range want {
		if ci[id] == pi[id] {
			stayed = append(stayed, id)
		}
	}
	for _, id := range moved {
		if !in[id] {
			extra = append(extra, id)
		}
	}
	if len(stayed) > 0 {
		return m, false, bad("Push "+short(stayed[0], 11), "along too",
			"pushing %s %s moves every card in line with it: %s must move one cell %s too",
			names(head), rules.DirName(dir), nameList(stayed, names), rules.DirName(dir))
	}
	return m, false, bad(short(extra[0], 10)+" moved", "Put it back",
		"%s moved but %s not in line behind %s: a push moves only the cards in line %s",
		nameList(extra, names), isAre(len(extra)), names(head), pushScopeSays(scope))
}

// sameCards reports whether two lists hold the same cards, in any order.
func sameCards(a, b []rules.CardID) bool {
	if len(a) != len(b) {
		return false
	}
	in := map[rules.CardID]bool{}
	for _, id := range a {
		in[id] = true
	}
	for _, id := range b {
		if !in[id] {
			return false
		}
	}
	return true
}

// placeBeside checks a placement on an empty cell: it must share an edge
// with a card of the map.
func placeBeside(prev layout, m move, short func(rules.CardID, int) string, names func(rules.CardID) string) (move, bool, *badMove) {
	for _, s := range rules.Steps {
		if _, ok := prev[m.At.Add(s)]; ok {
			return m, true, nil
		}
	}
	for _, d := range []rules.Pos{{Row: -1, Col: -1}, {Row: -1, Col: 1}, {Row: 1, Col: -1}, {Row: 1, Col: 1}} {
		if id, ok := prev[m.At.Add(d)]; ok {
			return m, false, bad(short(m.Card, 6)+": diagonal", "Touch an edge",
				"%s touches %s only at a corner: a card must share an edge with a card of the map", names(m.Card), names(id))
		}
	}
	return m, false, bad(short(m.Card, 10)+": gap", "Touch the map",
		"%s does not touch the map: place it edge to edge with a card", names(m.Card))
}

// pushedLine returns the cards a push from cell at in direction dir moves,
// in order from the target cell outwards.
func pushedLine(prev layout, at, dir rules.Pos, scope string) []rules.CardID {
	var out []rules.CardID
	if scope == ScopeWholeLine {
		nw, se, _ := zoneOf(prev, nil).Bounds()
		for p := at; p.Row >= nw.Row && p.Row <= se.Row && p.Col >= nw.Col && p.Col <= se.Col; p = p.Add(dir) {
			if id, ok := prev[p]; ok {
				out = append(out, id)
			}
		}
		return out
	}
	for p := at; ; p = p.Add(dir) {
		id, ok := prev[p]
		if !ok {
			return out
		}
		out = append(out, id)
	}
}

func pushScopeSays(scope string) string {
	switch scope {
	case ScopeWholeLine:
		return "(the whole line)"
	case ScopeContiguous:
		return "(up to the first gap)"
	}
	return "(the touching cards up to the first gap, or the whole line)"
}

// readingWords says which reading of the rulebook a push followed, for
// the verdict: "" when the line had no gap and both readings agree.
func readingWords(m move) string {
	switch m.Reading {
	case ScopeWholeLine:
		return "the whole line moved, across the gap"
	case ScopeContiguous:
		return "the touching cards moved, up to the gap"
	}
	return ""
}

func nameList(ids []rules.CardID, names func(rules.CardID) string) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = names(id)
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

func pronoun(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

func pronounWas(n int) string {
	if n == 1 {
		return "it was"
	}
	return "they were"
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
