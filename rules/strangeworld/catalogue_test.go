package strangeworld

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

func TestCatalogueCounts(t *testing.T) {
	kinds := map[Kind]int{}
	volcanoes := 0
	for _, c := range std.Cards {
		kinds[c.Kind]++
		if c.Kind == KindLand && c.Type.Icons.Has(Volcano) {
			volcanoes++
		}
	}
	want := map[Kind]int{KindStart: 4, KindLand: 60, KindFumarole: 11, KindCity: 5, KindTraveller: 8, KindSun: 1}
	for k, n := range want {
		if kinds[k] != n {
			t.Errorf("%d %s cards, want %d", kinds[k], k, n)
		}
	}
	if volcanoes != numFumaroles {
		t.Errorf("%d volcano cards for %d Fumaroles", volcanoes, numFumaroles)
	}
	for players, size := range map[int]int{1: 21, 2: 38, 3: 45, 4: 60} {
		if got := std.DeckSize(players); got != size {
			t.Errorf("deck for %d players: %d cards, want %d", players, got, size)
		}
	}
	var values []int
	for i := range cityValues {
		values = append(values, std.Cards[firstCityNum+i].Value)
	}
	if len(values) != 5 || values[0] != 9 || values[1] != 7 || values[2] != 5 || values[3] != 4 || values[4] != 4 {
		t.Errorf("dark cities %v, want 9 7 5 4 4", values)
	}
}

func TestLandTypesMatchReference(t *testing.T) {
	cases := map[string]struct {
		icons   string
		portal  bool
		animals string
	}{
		"grey-grey":     {"mountain×2", false, ""},
		"green-green-1": {"plant×2", false, "Deer Goat"},
		"red-portal":    {"volcano", true, ""},
		"green-portal":  {"plant", true, "Rat"},
		"red-grey-grey": {"mountain×2 volcano", false, ""},
		"moon":          {"moon", false, ""},
		"yellow-green":  {"plant swamp", false, "Snake"},
	}
	for _, ty := range std.Types {
		c, ok := cases[ty.Key]
		if !ok {
			continue
		}
		delete(cases, ty.Key)
		if ty.Icons.String() != c.icons || ty.Portal != c.portal || strings.Join(ty.Animals, " ") != c.animals {
			t.Errorf("%s: %s portal=%v %v, want %s %v %s", ty.Key, ty.Icons, ty.Portal, ty.Animals, c.icons, c.portal, c.animals)
		}
	}
	if len(cases) > 0 {
		t.Errorf("types missing: %v", cases)
	}
}

func TestDeckNamesResolve(t *testing.T) {
	d, ok := rules.LookupDeck(DeckCode)
	if !ok {
		t.Fatal("deck SW not registered")
	}
	if err := d.Validate(); err != nil {
		t.Fatal(err)
	}
	res := rules.Resolver{Decks: []string{DeckCode}}
	for name, num := range map[string]int{
		"Grey-Green (Goat) #2": 282, "grey-green#2": 282, "start-grey": 2, "Starting Green": 3,
		"F3": 13, "Fumarole 11": 21, "DC9": 31, "DC4b": 35, "Dark City 5": 33, "Koro": 47, "Roro": 47, "Sun": 50,
		"moon#8": 468, "Blue (portal) #1": 101,
	} {
		r, err := res.Resolve(name)
		if err != nil || r.ID.Num != num {
			t.Errorf("%q → %v %v, want SW-%03d", name, r, err, num)
		}
	}
	if got := rules.CardName(rules.CardID{Deck: DeckCode, Num: 468}); got != "Moon #8" {
		t.Errorf("card 468 named %q", got)
	}
}

func TestStickersCoverEveryFace(t *testing.T) {
	st := Stickers()
	backs, fronts := 0, map[rules.CardID]bool{}
	for _, s := range st {
		if s.Label == "" {
			t.Errorf("sticker %v has no label", s.Card)
		}
		if s.Card == tzimime {
			backs++
		} else if s.Card.Side == rules.Front {
			fronts[s.Card.ID] = true
		}
	}
	if backs != 60 {
		t.Errorf("%d Tzimime back stickers, want one per Land card (60)", backs)
	}
	if len(fronts) != len(std.Cards) {
		t.Errorf("%d front stickers for %d cards", len(fronts), len(std.Cards))
	}
	if len(st) != len(std.Cards)+60+5+1 {
		t.Errorf("%d stickers, want fronts + 60 backs + 5 Dark City faces + the Sun's back", len(st))
	}
	sunBack := rules.CardRef{ID: rules.CardID{Deck: DeckCode, Num: sunNum}, Side: rules.Back}
	found := false
	for _, s := range st {
		found = found || (s.Card == sunBack && strings.Contains(s.Label, "arrow right"))
	}
	if !found {
		t.Error("no sticker for the Sun's arrow-right face")
	}
}

func TestDeckListErrors(t *testing.T) {
	head := "key,name,short,icons,portal,animals,first,m1,m2,m3,m4\n"
	cases := map[string]string{
		"bad header":  "key,name\nx,y\n",
		"icon":        head + "a,A,A,lava,no,,101,1,0,0,0\n",
		"animal":      head + "a,A,A,water,no,Cat,101,1,0,0,0\n",
		"portal":      head + "a,A,A,water,maybe,,101,1,0,0,0\n",
		"count":       head + "a,A,A,water,no,,101,x,0,0,0\n",
		"overlap":     head + "a,A,A,water,no,,101,2,0,0,0\nb,B,B,water,no,,102,1,0,0,0\n",
		"low number":  head + "a,A,A,water,no,,50,1,0,0,0\n",
		"short name":  head + "a,A,Twelve chars,water,no,,101,1,0,0,0\n",
		"empty":       head,
		"too many":    head + "a,A,A,water,no,,101,21,0,0,0\n",
		"dup key":     head + "a,A,A,water,no,,101,1,0,0,0\na,B,B,water,no,,121,1,0,0,0\n",
		"short field": head + "a,A,A,water,no,,101,1,0,0\n",
	}
	for name, text := range cases {
		if _, err := ParseDeckList(strings.NewReader(text)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	types, err := ParseDeckList(bytes.NewReader(defaultDeckList))
	if err != nil || len(types) != 19 {
		t.Fatalf("embedded list: %d types, %v", len(types), err)
	}
}

func TestModesRegistered(t *testing.T) {
	for _, id := range []string{ModeMulti, ModeSolo} {
		m, ok := rules.LookupMode(id)
		if !ok {
			t.Fatalf("mode %s not registered", id)
		}
		if _, err := m.Check(rules.Setup{Mode: id, Players: []string{"A", "B", "C", "D", "E"}}); err == nil {
			t.Errorf("%s accepts 5 players", id)
		}
	}
	if _, err := rules.NewGame(rules.Setup{Mode: ModeMulti, Players: []string{"A", "B"},
		Options: map[string]string{"waterCountsFumarole": "false"}}); err != nil {
		t.Errorf("option: %v", err)
	}
}
