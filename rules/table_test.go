package rules

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestTableJSONRoundTrip(t *testing.T) {
	var z Zone
	z.Set(Pos{-1, 2}, Cell{Card: CardRef{ID: CardID{"SA", 3}}})
	z.Set(Pos{0, 0}, Cell{Card: CardRef{ID: CardID{"SA", 7}, Side: Back}})
	z.Set(Pos{1, 1}, Cell{Card: CardRef{ID: CardID{Deck: "SW"}, Side: Back}})
	z.Items = []Item{{Card: CardRef{ID: CardID{"SW", 60}}, Row: 0, Col: 0.5}}
	var colours Zone
	colours.Set(Pos{0, 0}, Cell{Colour: Red})
	colours.Set(Pos{2, 2}, Cell{Colour: Grey})
	tab := Table{Zones: map[string]*Zone{"map": &z, "shaker": &colours}}

	b, err := json.Marshal(tab)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"map":{"origin":[-1,0],"rows":[["","","SA-003"],["SA-007/B","",""],["","SW-BACK",""]],"items":[{"at":[0,0.5],"card":"SW-060"}]},` +
		`"shaker":{"origin":[0,0],"rows":[["red","",""],["","",""],["","","grey"]]}}`
	if string(b) != want {
		t.Errorf("table JSON\n got  %s\n want %s", b, want)
	}
	var back Table
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !back.Equal(tab) {
		t.Errorf("round trip changed the table: %s", b)
	}
	back.Zones["map"].Set(Pos{5, 5}, Cell{Colour: Blue})
	if back.Equal(tab) {
		t.Error("Equal does not see an added cell")
	}
}

func TestDecodeTableColourLetters(t *testing.T) {
	tab, err := DecodeTable([]byte(`{"board:p1":{"origin":[0,0],"rows":["RB.K","..GY","W..."]}}`), Resolver{})
	if err != nil {
		t.Fatal(err)
	}
	z := tab.Zone("board:p1")
	for p, want := range map[Pos]Colour{{0, 0}: Red, {0, 1}: Blue, {0, 3}: Black, {1, 2}: Green, {1, 3}: Grey, {2, 0}: White} {
		if got := z.At(p).Colour; got != want {
			t.Errorf("cell %v = %q, want %q", p, got, want)
		}
	}
	if n := len(z.Cells); n != 6 {
		t.Errorf("%d cells, want 6", n)
	}
}

func TestDecodeTableErrorsSayWhere(t *testing.T) {
	cases := map[string]string{
		`{"map":{"origin":[0,0],"rows":[["SA-001","SA-001"]]}}`: `zone "map": cell (0,1): card SA-001 is already at (0,0)`,
		`{"map":{"origin":[2,3],"rows":[[""],["Atlantis"]]}}`:   `zone "map": cell (3,3)`,
		`{"map":{"rows":["RX"]}}`:                               `colour letter "X"`,
		`{"map":{"rows":[["SA-001"]],"extra":1}}`:               `unknown field "extra"`,
		`{"map":{"rows":[3]}}`:                                  `row 0`,
		`[1,2]`:                                                 `table:`,
		`{"map":{"items":[{"at":[0,1e300],"card":"SW-001"}]}}`:  `not a number of cells`,
	}
	for in, want := range cases {
		_, err := DecodeTable([]byte(in), Resolver{})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("DecodeTable(%s) = %v, want an error containing %q", in, err, want)
		}
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"Bogotá":          "bogota",
		"  SÃO-PAULO ":    "sao paulo",
		"Washington D.C.": "washington dc",
		"Łódź":            "lodz",
		"Encarnación":     "encarnacion",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestResolver(t *testing.T) {
	t.Cleanup(ScratchRegistries())
	RegisterDeck(&Deck{Code: "ZZT", Name: "test", Cards: []CardInfo{
		{ID: CardID{"ZZT", 1}, Name: "Bogotá", Aliases: []string{"Santa Fe de Bogota"}},
		{ID: CardID{"ZZT", 2}, Name: "Córdoba"},
		{ID: CardID{"ZZT", 3}, Name: "Cordoba"}, // same folded name: ambiguous
	}})
	r := Resolver{Decks: []string{"ZZT"}}
	for in, want := range map[string]CardRef{
		"bogota":             {ID: CardID{"ZZT", 1}},
		"BOGOTÁ/B":           {ID: CardID{"ZZT", 1}, Side: Back},
		"santa fe de bogotá": {ID: CardID{"ZZT", 1}},
		"ZZT-002":            {ID: CardID{"ZZT", 2}},
	} {
		if got, err := r.Resolve(in); err != nil || got != want {
			t.Errorf("Resolve(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for in, want := range map[string]string{
		"cordoba":  "ambiguous: ZZT-002 Córdoba, ZZT-003 Cordoba",
		"Atlantis": `unknown card "Atlantis"`,
		"":         "empty",
	} {
		if _, err := r.Resolve(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Resolve(%q) = %v, want an error containing %q", in, err, want)
		}
	}
	if got := CardName(CardID{"ZZT", 2}); got != "Córdoba" {
		t.Errorf("CardName = %q", got)
	}
	if got := CardName(CardID{"QQ", 2}); got != "QQ-002" {
		t.Errorf("CardName of an unknown deck = %q, want the ID", got)
	}
}

func TestWinners(t *testing.T) {
	s := func(p, total int, tb ...int) Score { return Score{Player: p, Total: total, TieBreak: tb} }
	cases := []struct {
		in   []Score
		want []int
	}{
		{[]Score{s(1, 12), s(2, 9)}, []int{1}},                     // WIT-5
		{[]Score{s(1, 5), s(2, 5)}, []int{1, 2}},                   // shared
		{[]Score{s(1, 5, -1), s(2, 5, -2)}, []int{1}},              // WIT-10: diff 1 beats diff 2
		{[]Score{s(1, 5), s(2, 5, -9)}, []int{2}},                  // a tie-break value beats none
		{[]Score{s(1, 5, 3, 1), s(2, 5, 3, 2), s(3, 4)}, []int{2}}, // second tie-break decides
		{nil, []int{}},
		{[]Score{{Player: 1, Total: 3, LowerWins: true}, {Player: 2, Total: 1, LowerWins: true}}, []int{2}}, // fewest cards
	}
	for _, c := range cases {
		got := Winners(c.in)
		if len(got) != len(c.want) {
			t.Errorf("Winners(%v) = %v, want %v", c.in, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("Winners(%v) = %v, want %v", c.in, got, c.want)
			}
		}
	}
}

func TestSayFitsTheDisplay(t *testing.T) {
	got := Say("Punta del Este: RIGHT", " Ana +3 ")
	if got[0] != "Punta del Este:…" {
		t.Errorf("line 1 = %q", got[0])
	}
	if got[1] != "Ana +3" {
		t.Errorf("line 2 = %q", got[1])
	}
	if n := len([]rune(Say("Encarnación Encarnación", "")[0])); n != ShortWidth-1+len([]rune(Cut)) {
		t.Errorf("accented line cut to %d runes, want %d", n, ShortWidth)
	}
	// One abbreviation per name, whatever the room (the issue saw "Buenos
	// Ai." and "Buenos A." in one game); the full name where it fits.
	for _, n := range []int{9, 10, 11, 13, 16} {
		if got := ShortName("Buenos Aires", n); (n < 12 && got != "Buenos A.") || (n >= 12 && got != "Buenos Aires") {
			t.Errorf("ShortName(Buenos Aires, %d) = %q", n, got)
		}
	}
	if got := ShortName("Punta del Este", 10); got != "Punta de." {
		t.Errorf("ShortName = %q", got)
	}
}
