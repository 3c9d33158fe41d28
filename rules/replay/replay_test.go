package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// countGame is a tiny engine for testing the replay machinery: every new
// card on the "map" zone is a point for the player whose turn it is; the
// game ends after "cards" cards.
type countGame struct {
	Setup  rules.Setup `json:"setup"`
	Seen   int         `json:"seen"`
	Points []int       `json:"points"`
	Limit  int         `json:"limit"`
}

func (g *countGame) Start() []rules.Event {
	return []rules.Event{{Kind: rules.EventSetup, Short: rules.Say("Count game", ""), Long: "Lay out cards."}}
}

func (g *countGame) Observe(t rules.Table) []rules.Event {
	n := len(t.Zone("map").Positions())
	var out []rules.Event
	for ; g.Seen < n && !g.Finished(); g.Seen++ {
		p := g.Seen%len(g.Points) + 1
		g.Points[p-1]++
		out = append(out, rules.Event{Kind: rules.EventPoints, Player: p, Points: 1,
			Short: rules.Say(g.Setup.PlayerName(p)+" +1", ""), Long: g.Setup.PlayerName(p) + " scores 1."})
	}
	if g.Finished() {
		out = append(out, rules.Event{Kind: rules.EventEnd, Short: rules.Say("Game over", ""), Long: "Game over.",
			Scores: g.Scores(), Winners: g.Winners()})
	}
	return out
}

func (g *countGame) Input(in rules.Input) []rules.Event {
	return []rules.Event{{Kind: rules.EventInfo, Player: in.Player, Card: in.Card,
		Short: rules.Say(string(in.Type), in.Card.String()), Long: fmt.Sprintf("%s by %d on %s", in.Type, in.Player, in.Card)}}
}

func (g *countGame) Scores() []rules.Score {
	out := make([]rules.Score, len(g.Points))
	for i, p := range g.Points {
		out[i] = rules.Score{Player: i + 1, Name: g.Setup.PlayerName(i + 1), Total: p}
	}
	return out
}

func (g *countGame) Finished() bool { return g.Seen >= g.Limit }

func (g *countGame) Winners() []int {
	if !g.Finished() {
		return nil
	}
	return rules.Winners(g.Scores())
}

// TestMain registers the test game and its deck in a copy of the
// registries (rules.ScratchRegistries), for every test and fuzz target of
// this package, and puts the originals back at the end.
func TestMain(m *testing.M) {
	restore := rules.ScratchRegistries()
	registerCount()
	code := m.Run()
	restore()
	os.Exit(code)
}

func registerCount() {
	rules.RegisterDeck(&rules.Deck{Code: "ZZR", Name: "replay test deck", Cards: []rules.CardInfo{
		{ID: rules.CardID{Deck: "ZZR", Num: 1}, Name: "Bogotá"},
		{ID: rules.CardID{Deck: "ZZR", Num: 2}, Name: "Lima"},
	}})
	rules.RegisterMode(&rules.Mode{
		ID: "test-count", Name: "count", MinPlayers: 2, MaxPlayers: 3, Decks: []string{"ZZR"},
		Options: []rules.Option{{Key: "cards", Default: "3"}, {Key: "style", Default: "a", Values: []string{"a", "b"}}},
		New: func(s rules.Setup) (rules.Game, error) {
			n, err := s.IntOption("cards")
			if err != nil {
				return nil, err
			}
			return &countGame{Setup: s, Points: make([]int, len(s.Players)), Limit: n}, nil
		},
	})
}

const good = `# a comment
{"kind":"header","format":1,"mode":"test-count","players":["Ana","Ben"],"options":{"cards":2}}

{"kind":"snapshot","t":1,"table":{"map":{"origin":[0,0],"rows":[["bogota"]]}}}
{"kind":"input","t":1.5,"type":"challenge","player":2,"card":"Lima"}
{"kind":"snapshot","t":3,"table":{"map":{"origin":[0,0],"rows":[["ZZR-001/B","lima"]]}}}
`

func runAll(t *testing.T, text string) ([]Stamped, rules.Game, error) {
	t.Helper()
	var evs []Stamped
	g, err := Run(NewReader(strings.NewReader(text), "game.jsonl"), func(s Stamped) { evs = append(evs, s) })
	return evs, g, err
}

func TestRunReferees(t *testing.T) {
	evs, g, err := runAll(t, good)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, e := range evs {
		kinds = append(kinds, fmt.Sprintf("%d:%s", e.Line, e.Kind))
	}
	if got, want := strings.Join(kinds, " "), "2:setup 4:points 5:info 6:points 6:end"; got != want {
		t.Errorf("events %s, want %s", got, want)
	}
	if evs[2].Card != (rules.CardID{Deck: "ZZR", Num: 2}) || evs[2].T != 1.5 {
		t.Errorf("input event %+v: card name not resolved or time lost", evs[2])
	}
	if !g.Finished() || len(g.Winners()) != 2 {
		t.Errorf("finished=%v winners=%v, want a shared win", g.Finished(), g.Winners())
	}
}

// A malformed line stops the run with FILE:LINE, after every event
// before it has been emitted.
func TestRunStopsAtMalformedLine(t *testing.T) {
	lines := strings.Split(strings.TrimSpace(good), "\n")
	for _, c := range []struct {
		bad, want string
	}{
		{`{"kind":"snapshot","t":2,"table":{"map":{"rows":[["Atlantis"]]}}}`, `game.jsonl:5: zone "map": cell (0,0): unknown card "Atlantis"`},
		{`{"kind":"snapshot","t":0.5,"table":{}}`, "game.jsonl:5: time 0.5 goes backwards"},
		{`{"kind":"snapshot","table":{}}`, `game.jsonl:5: snapshot line without "t"`},
		{`{"kind":"input","t":2,"type":"guess","player":3}`, "game.jsonl:5: player 3: this game has players 1 to 2"},
		{`{"kind":"input","t":2,"player":1}`, `game.jsonl:5: input line without "type"`},
		{`{"kind":"move","t":2}`, `game.jsonl:5: unknown line kind "move"`},
		{`{"kind":"snapshot","t":2,"table":{},"colour":"red"}`, `game.jsonl:5: json: unknown field "colour"`},
		{`{"kind":"snapshot","t":2,`, "game.jsonl:5: not a JSON object"},
		{`{"kind":"header","format":1,"mode":"test-count","players":["A","B"]}`, "game.jsonl:5: a second header"},
	} {
		text := strings.Join(append(append([]string{}, lines[:4]...), c.bad, lines[5]), "\n") + "\n"
		evs, _, err := runAll(t, text)
		if err == nil || err.Error() != c.want && !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("bad line %s: error %v, want %q", c.bad, err, c.want)
		}
		var le *LineError
		if !errors.As(err, &le) || le.Line != 5 {
			t.Errorf("bad line %s: error %v is not a LineError for line 5", c.bad, err)
		}
		if len(evs) != 2 { // setup and points: everything before the bad line
			t.Errorf("bad line %s: %d events before the error, want 2", c.bad, len(evs))
		}
	}
}

func TestHeaderErrors(t *testing.T) {
	for head, want := range map[string]string{
		`{"kind":"header","format":1,"mode":"nope","players":["A","B"]}`:                               `unknown game mode "nope"`,
		`{"kind":"header","format":2,"mode":"test-count","players":["A","B"]}`:                         "format 2",
		`{"kind":"header","format":1,"mode":"test-count","players":["A"]}`:                             "1 players, this mode takes 2 to 3",
		`{"kind":"header","format":1,"mode":"test-count","players":["A","B"],"options":{"x":1}}`:       `unknown option "x"`,
		`{"kind":"header","format":1,"mode":"test-count","players":["A","B"],"options":{"style":"c"}}`: `want one of a, b`,
		`{"kind":"header","format":1,"mode":"test-count","players":["A","B"],"options":{"cards":"x"}}`: "want a whole number",
		`{"kind":"snapshot","t":1,"table":{}}`:                                                         "first line must be the header",
		``:                                                                                             "the file holds no game: it is empty",
	} {
		_, _, err := runAll(t, head+"\n")
		if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "game.jsonl:1:") {
			t.Errorf("header %s: error %v, want game.jsonl:1: …%s", head, err, want)
		}
	}
}

func TestTornTail(t *testing.T) {
	torn := good + `{"kind":"snapshot","t":4,"table":{"map":`
	if _, _, err := runAll(t, torn); err == nil || !strings.Contains(err.Error(), "game.jsonl:7:") {
		t.Errorf("a torn last line in a replay: %v, want an error at line 7", err)
	}
	r := NewReader(strings.NewReader(torn), "journal")
	r.AllowTornTail = true
	var n int
	if _, err := Run(r, func(Stamped) { n++ }); err != nil {
		t.Fatalf("journal with a torn tail: %v", err)
	}
	if !r.TornTail() || n != 5 {
		t.Errorf("TornTail=%v events=%d, want true and 5", r.TornTail(), n)
	}
	// A journal whose header line was cut short holds no game: an error
	// that says so (it used to end quietly, as if the game were empty).
	for _, text := range []string{`{"kind":"header","format":1,"mo`, "# a comment\n" + `{"kind":"hea`, "", "# only a comment\n"} {
		r = NewReader(strings.NewReader(text), "journal")
		r.AllowTornTail = true
		if _, err := Run(r, func(Stamped) {}); !errors.Is(err, ErrNoGame) || !strings.Contains(err.Error(), "holds no game") {
			t.Errorf("journal %q: %v, want ErrNoGame", text, err)
		}
	}
	// A complete last line without a newline is not torn.
	r = NewReader(strings.NewReader(strings.TrimSuffix(good, "\n")), "journal")
	r.AllowTornTail = true
	if _, err := Run(r, func(Stamped) {}); err != nil || r.TornTail() {
		t.Errorf("complete last line: err=%v torn=%v", err, r.TornTail())
	}
}

func TestWriterRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	s := rules.Setup{Mode: "test-count", Players: []string{"Ana", "Ben"}, Options: map[string]string{"cards": "2"}}
	w, err := NewWriter(&buf, s)
	if err != nil {
		t.Fatal(err)
	}
	var z rules.Zone
	z.Set(rules.Pos{Row: 0, Col: 0}, rules.Cell{Card: rules.CardRef{ID: rules.CardID{Deck: "ZZR", Num: 1}}})
	tab := rules.Table{Zones: map[string]*rules.Zone{"map": &z}}
	in := rules.Input{Type: rules.InputGuess, Player: 2, Number: 3, Card: rules.CardID{Deck: "ZZR", Num: 2}}
	if err := w.Snapshot(1.25, tab); err != nil {
		t.Fatal(err)
	}
	if err := w.Input(2, in); err != nil {
		t.Fatal(err)
	}
	r := NewReader(&buf, "written")
	var lines []Line
	for {
		l, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, l)
	}
	if len(lines) != 3 || lines[0].Setup.Options["cards"] != "2" || lines[0].Setup.Options["style"] != "a" {
		t.Fatalf("read back %+v", lines)
	}
	if !lines[1].Table.Equal(tab) || lines[1].T != 1.25 {
		t.Errorf("snapshot read back as %+v", lines[1])
	}
	if lines[2].Input != in {
		t.Errorf("input read back as %+v, want %+v", lines[2].Input, in)
	}
	b, _ := json.Marshal(Stamped{Line: 3, T: 2, Event: rules.Event{Kind: rules.EventInfo}})
	if !strings.Contains(string(b), `"line":3`) || !strings.Contains(string(b), `"kind":"info"`) {
		t.Errorf("stamped event JSON %s lacks its line or kind", b)
	}
}

// An option's value is a string, a number or true/false: an object, an
// array or null in the header is an error (fuzzing found an object taken
// as the option's text, raw bytes and all).
func TestHeaderOptionValues(t *testing.T) {
	for _, v := range []string{`{"a":1}`, `[1]`, `null`} {
		_, _, err := runAll(t, `{"kind":"header","format":1,"mode":"test-count","players":["A","B"],"options":{"cards":`+v+`}}`+"\n")
		if err == nil || !strings.Contains(err.Error(), `option "cards"`) {
			t.Errorf("option value %s: %v", v, err)
		}
	}
	for v, want := range map[string]string{`"2"`: "2", `2`: "2", `2.50`: "2.50", `true`: "true"} {
		r := NewReader(strings.NewReader(`{"kind":"header","format":1,"mode":"test-count","players":["A","B"],"options":{"style":"a","cards":`+v+`}}`+"\n"), "h")
		l, err := r.Next()
		if err != nil || l.Setup.Options["cards"] != want {
			t.Errorf("option value %s: %q, %v; want %q", v, l.Setup.Options["cards"], err, want)
		}
	}
}
