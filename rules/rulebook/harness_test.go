package rulebook

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/internal/enginetest"
	_ "github.com/tableref/tableref/rules/modes" // every game mode, as the binary links them
	"github.com/tableref/tableref/rules/replay"
	"github.com/tableref/tableref/rules/rulestest"
)

// match is one game refereed the way `tableref replay` and the daemon do
// it: each line is written in the replay format, parsed by package
// replay (names resolved with the mode's decks) and fed to the engine
// started by rules.NewGame. Every event is checked to fit the display.
type match struct {
	t      testing.TB
	header string   // the replay's header line
	lines  []string // every line after the header, in order
	now    float64
	g      rules.Game
	all    []rules.Event
}

// play starts a game of mode with players and options (values as a replay
// header writes them) and returns it with the start events read.
func play(t testing.TB, mode string, players []string, opts map[string]string) *match {
	t.Helper()
	h := map[string]any{"kind": "header", "format": replay.FormatVersion, "mode": mode, "players": players}
	if len(opts) > 0 {
		h["options"] = opts
	}
	b, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	m := &match{t: t, header: string(b)}
	r := replay.NewReader(strings.NewReader(m.header+"\n"), "header")
	line, err := r.Next()
	if err != nil {
		t.Fatalf("header %s: %v", m.header, err)
	}
	if m.g, err = rules.NewGame(line.Setup); err != nil {
		t.Fatalf("%s: %v", mode, err)
	}
	m.take(m.g.Start())
	return m
}

func (m *match) take(evs []rules.Event) []rules.Event {
	m.t.Helper()
	rulestest.CheckEvents(m.t, evs)
	m.all = append(m.all, evs...)
	return evs
}

// feed parses one body line through package replay and gives it to the
// engine.
func (m *match) feed(body map[string]any) []rules.Event {
	m.t.Helper()
	m.now++
	body["t"] = m.now
	b, err := json.Marshal(body)
	if err != nil {
		m.t.Fatal(err)
	}
	r := replay.NewReader(strings.NewReader(m.header+"\n"+string(b)+"\n"), "case")
	if _, err := r.Next(); err != nil {
		m.t.Fatal(err)
	}
	line, err := r.Next()
	if err != nil {
		m.t.Fatalf("line %s: %v", b, err)
	}
	m.lines = append(m.lines, string(b))
	switch line.Kind {
	case replay.KindSnapshot:
		return m.take(m.g.Observe(line.Table))
	case replay.KindInput:
		return m.take(m.g.Input(line.Input))
	}
	m.t.Fatalf("line %s: kind %s", b, line.Kind)
	return nil
}

// see shows the referee a table made of zones.
func (m *match) see(zones ...zone) []rules.Event {
	m.t.Helper()
	tab := map[string]any{}
	for _, z := range zones {
		tab[z.name] = z.json()
	}
	return m.feed(map[string]any{"kind": "snapshot", "table": tab})
}

// input tells the referee something: fields as a replay's input line
// ("type", "player", "card", "other", "number", "choice").
func (m *match) input(typ string, fields ...any) []rules.Event {
	m.t.Helper()
	body := map[string]any{"kind": "input", "type": typ}
	for i := 0; i+1 < len(fields); i += 2 {
		body[fields[i].(string)] = fields[i+1]
	}
	return m.feed(body)
}

// replayed runs the whole game again from its replay text through
// replay.Run, saves the live game's state and reads it back with the
// mode's Restore; both must give the live game's scores and winners (a
// recorded game replays to the same verdicts, and a power cut loses
// nothing).
func (m *match) replayed() {
	m.t.Helper()
	text := m.header + "\n" + strings.Join(m.lines, "\n") + "\n"
	g, err := replay.Run(replay.NewReader(strings.NewReader(text), "case"), func(replay.Stamped) {})
	if err != nil {
		m.t.Fatalf("replay: %v", err)
	}
	want := describeGame(m.g)
	if got := describeGame(g); got != want {
		m.t.Errorf("replayed game differs:\n got %s\nwant %s", got, want)
	}
	state, err := json.Marshal(m.g)
	if err != nil {
		m.t.Fatalf("saving the state: %v", err)
	}
	var h struct{ Mode string }
	if err := json.Unmarshal([]byte(m.header), &h); err != nil {
		m.t.Fatal(err)
	}
	mode, _ := rules.LookupMode(h.Mode)
	r, err := mode.Restore(state)
	if err != nil {
		m.t.Fatalf("restoring the state: %v", err)
	}
	if got := describeGame(r); got != want {
		m.t.Errorf("restored game differs:\n got %s\nwant %s", got, want)
	}
}

func describeGame(g rules.Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "finished=%v winners=%v", g.Finished(), g.Winners())
	for _, s := range g.Scores() {
		fmt.Fprintf(&b, " %s=%d%v", s.Name, s.Total, s.TieBreak)
	}
	return b.String()
}

// score returns player p's score (1-based).
func (m *match) score(p int) rules.Score {
	m.t.Helper()
	for _, s := range m.g.Scores() {
		if s.Player == p {
			return s
		}
	}
	m.t.Fatalf("no score for player %d in %v", p, m.g.Scores())
	return rules.Score{}
}

// part returns the points of a score's category, failing if absent.
func part(t testing.TB, s rules.Score, category string) int {
	t.Helper()
	for _, p := range s.Parts {
		if p.Category == category {
			return p.Points
		}
	}
	t.Fatalf("%s's score has no part %q: %+v", s.Name, category, s.Parts)
	return 0
}

// zone is a grid of cell tokens as a replay writes it.
type zone struct {
	name   string
	r0, c0 int
	rows   []any
	items  []map[string]any
}

// cards is a zone of card tokens: rows of tokens separated by "|", "."
// for an empty cell, the first row at r0 and the first column at c0.
func cards(name string, r0, c0 int, rows ...string) zone {
	z := zone{name: name, r0: r0, c0: c0}
	for _, row := range rows {
		var toks []string
		for _, tok := range strings.Split(row, "|") {
			tok = strings.TrimSpace(tok)
			if tok == "." {
				tok = ""
			}
			toks = append(toks, tok)
		}
		z.rows = append(z.rows, toks)
	}
	return z
}

// colours is a zone of colour letters ("RB.KGY"), its first cell at (0,0).
func colours(name string, rows ...string) zone {
	z := zone{name: name}
	for _, r := range rows {
		z.rows = append(z.rows, r)
	}
	return z
}

// item adds an off-grid card at a fractional cell position.
func (z zone) item(row, col float64, card string) zone {
	z.items = append(append([]map[string]any(nil), z.items...), map[string]any{"at": []float64{row, col}, "card": card})
	return z
}

func (z zone) json() map[string]any {
	out := map[string]any{"origin": []int{z.r0, z.c0}, "rows": z.rows}
	if len(z.items) > 0 {
		out["items"] = z.items
	}
	return out
}

// Event helpers: the engines' own test helpers.
var (
	only = enginetest.Only
	dump = enginetest.Describe
)

// verdict returns the one verdict among evs, failing unless there is
// exactly one.
func verdict(t testing.TB, evs []rules.Event) rules.Event {
	t.Helper()
	vs := only(evs, rules.EventVerdict)
	if len(vs) != 1 {
		t.Fatalf("want 1 verdict, got %d:%s", len(vs), dump(evs))
	}
	return vs[0]
}

// noVerdict fails if evs judge anything.
func noVerdict(t testing.TB, evs []rules.Event) {
	t.Helper()
	if vs := only(evs, rules.EventVerdict); len(vs) > 0 {
		t.Fatalf("want no verdict, got:%s", dump(evs))
	}
}

// hasShort reports whether an event of kind k says text on its first
// display line, or on its second with a "/" before text ("/Dark City +9").
func hasShort(evs []rules.Event, k rules.EventKind, text string) bool {
	line := 0
	if t, ok := strings.CutPrefix(text, "/"); ok {
		text, line = t, 1
	}
	for _, e := range evs {
		if e.Kind == k && strings.Contains(e.Short[line], text) {
			return true
		}
	}
	return false
}

func wantWinners(t testing.TB, g rules.Game, want ...int) {
	t.Helper()
	if !g.Finished() {
		t.Fatalf("game not finished; scores %v", g.Scores())
	}
	got := append([]int(nil), g.Winners()...)
	sort.Ints(got)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("winners %v, want %v; scores %+v", got, want, g.Scores())
	}
}

// cell is a card token at a grid cell.
type cell struct {
	r, c int
	tok  string
}

// laid is a zone of card tokens at any cells.
func laid(name string, cs ...cell) zone {
	if len(cs) == 0 {
		return zone{name: name}
	}
	r0, c0, r1, c1 := cs[0].r, cs[0].c, cs[0].r, cs[0].c
	for _, x := range cs {
		r0, c0, r1, c1 = min(r0, x.r), min(c0, x.c), max(r1, x.r), max(c1, x.c)
	}
	rows := make([][]string, r1-r0+1)
	for i := range rows {
		rows[i] = make([]string, c1-c0+1)
	}
	for _, x := range cs {
		rows[x.r-r0][x.c-c0] = x.tok
	}
	z := zone{name: name, r0: r0, c0: c0}
	for _, r := range rows {
		z.rows = append(z.rows, r)
	}
	return z
}

// board is a growing set of cells for one zone: a test lays, moves and
// takes cards and shows the result.
type board map[[2]int]string

func (b board) zone(name string) zone {
	var cs []cell
	for p, tok := range b {
		cs = append(cs, cell{p[0], p[1], tok})
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].r != cs[j].r {
			return cs[i].r < cs[j].r
		}
		return cs[i].c < cs[j].c
	})
	return laid(name, cs...)
}

func (b board) clone() board {
	out := board{}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// push moves the run of cards starting at (r, c) one cell in direction
// (dr, dc), up to the first empty cell, and lays tok in the freed cell.
func (b board) push(r, c, dr, dc int, tok string) {
	var run [][2]int
	for p := [2]int{r, c}; b[p] != ""; p = [2]int{p[0] + dr, p[1] + dc} {
		run = append(run, p)
	}
	for i := len(run) - 1; i >= 0; i-- {
		p := run[i]
		b[[2]int{p[0] + dr, p[1] + dc}] = b[p]
		delete(b, p)
	}
	b[[2]int{r, c}] = tok
}

// find returns where a card token lies (by its name without a side).
func (b board) find(name string) ([2]int, bool) {
	for p, tok := range b {
		if strings.TrimSuffix(tok, "/B") == name {
			return p, true
		}
	}
	return [2]int{}, false
}

// flip turns a card map side up ("/B").
func (b board) flip(name string) {
	if p, ok := b.find(name); ok {
		b[p] = strings.TrimSuffix(b[p], "/B") + "/B"
	}
}
