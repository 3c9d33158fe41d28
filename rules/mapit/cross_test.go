package mapit

import (
	"slices"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

func fxName(id rules.CardID) string { return fixture[id].Name }

func readTest(t *testing.T, tab rules.Table) Cross {
	t.Helper()
	c, err := ReadCross(tab.Zone(Zone), fxName)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestReadCrossOrdersArmsFromTheCentre(t *testing.T) {
	c := readTest(t, table(t, "Washington D.C.", "E:Athens,Tokyo", "N:Oslo", "S:Lima,Rio de Janeiro", "W:Honolulu"))
	want := map[Arm][]string{North: {"Oslo"}, East: {"Athens", "Tokyo"}, South: {"Lima", "Rio de Janeiro"}, West: {"Honolulu"}}
	for a, names := range want {
		var got []string
		for _, id := range c.Arms[a] {
			got = append(got, fxName(id))
		}
		if !slices.Equal(got, names) {
			t.Errorf("%s arm = %v, want %v", a, got, names)
		}
	}
	if c.Centre != id(t, "Washington D.C.") || c.Len() != 6 {
		t.Errorf("centre %v, %d arm cards", c.Centre, c.Len())
	}
}

func TestReadCrossToleratesAGapAndAFlippedCard(t *testing.T) {
	tab := table(t, "Washington D.C.", "E:Athens")
	z := tab.Zone(Zone)
	z.Set(rules.Pos{Row: 0, Col: 3}, rules.Cell{Card: rules.CardRef{ID: id(t, "Tokyo"), Side: rules.Back}})
	c := readTest(t, tab)
	if !slices.Equal(c.Arms[East], []rules.CardID{id(t, "Athens"), id(t, "Tokyo")}) {
		t.Errorf("east arm = %v", c.Arms[East])
	}
}

func TestReadCrossRefusesACardOffTheCross(t *testing.T) {
	tab := table(t, "Washington D.C.", "E:Athens")
	tab.Zone(Zone).Set(rules.Pos{Row: 1, Col: 1}, rules.Cell{Card: rules.CardRef{ID: id(t, "Tokyo")}})
	_, err := ReadCross(tab.Zone(Zone), fxName)
	if err == nil || !strings.Contains(err.Error(), "Tokyo at (1,1)") {
		t.Fatalf("err = %v, want Tokyo off the cross", err)
	}
}

func TestReadCrossWantsTheCentreCard(t *testing.T) {
	tab := table(t, "", "E:Athens")
	if _, err := ReadCross(tab.Zone(Zone), fxName); err == nil {
		t.Fatal("an arm without a centre card was accepted")
	}
	if c, err := ReadCross(nil, fxName); err != nil || !c.Empty() {
		t.Fatalf("empty zone: %v, %v", c, err)
	}
}

func TestAddedAtTheEndOfAnArm(t *testing.T) {
	from := readTest(t, table(t, "Washington D.C.", "E:Tokyo"))
	to := readTest(t, table(t, "Washington D.C.", "E:Tokyo", "N:Oslo"))
	add, ok, err := Added(from, to, fxName)
	if err != nil || !ok || add.Card != id(t, "Oslo") || add.Arm != North || add.Index != 0 {
		t.Fatalf("Added = %+v, %v, %v", add, ok, err)
	}
}

func TestAddedInsertShiftsOuterCardsOut(t *testing.T) {
	from := readTest(t, table(t, "Washington D.C.", "E:Tokyo,Sydney"))
	to := readTest(t, table(t, "Washington D.C.", "E:Athens,Tokyo,Sydney"))
	add, ok, err := Added(from, to, fxName)
	if err != nil || !ok || add.Card != id(t, "Athens") || add.Arm != East || add.Index != 0 {
		t.Fatalf("Added = %+v, %v, %v", add, ok, err)
	}
	to = readTest(t, table(t, "Washington D.C.", "E:Tokyo,Beijing,Sydney"))
	if add, ok, err = Added(from, to, fxName); err != nil || !ok || add.Index != 1 {
		t.Fatalf("insert between Tokyo and Sydney: %+v, %v, %v", add, ok, err)
	}
}

func TestAddedRefusesWhatTheRulesDoNotAllow(t *testing.T) {
	from := readTest(t, table(t, "Washington D.C.", "E:Tokyo,Sydney", "N:Oslo"))
	cases := map[string]struct {
		to   rules.Table
		want string
	}{
		"two new cards":   {table(t, "Washington D.C.", "E:Tokyo,Sydney", "N:Oslo,Reykjavik", "S:Lima"), "2 new cards"},
		"a card taken":    {table(t, "Washington D.C.", "E:Tokyo,Sydney"), "Oslo left the cross"},
		"cards moved":     {table(t, "Washington D.C.", "E:Sydney,Tokyo", "N:Oslo"), "changed places"},
		"moved and added": {table(t, "Washington D.C.", "E:Sydney,Tokyo", "N:Oslo", "S:Lima"), "changed places"},
		"new centre":      {table(t, "Athens", "E:Tokyo,Sydney", "N:Oslo"), "centre card changed"},
	}
	for name, c := range cases {
		_, ok, err := Added(from, readTest(t, c.to), fxName)
		if ok || err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: ok=%v err=%v, want %q", name, ok, err, c.want)
		}
	}
	if _, ok, err := Added(from, from, fxName); ok || err != nil {
		t.Errorf("no change: ok=%v err=%v", ok, err)
	}
}
