package geo

import (
	"regexp"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

func mustRead(t *testing.T, in string, opt ParseOptions) *DeckFile {
	t.Helper()
	d, err := read(t, in, opt)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestInstallAndRemove(t *testing.T) {
	d := mustRead(t, witBox, ParseOptions{})
	if err := Install(d); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = Remove("WB") })
	c, ok := Lookup(rules.CardID{Deck: "WB", Num: 2})
	if !ok || c.Printed == nil || c.Printed.NS != 81 {
		t.Fatalf("installed card = %+v, %v", c, ok)
	}
	in, ok := Info("WB")
	if !ok || !in.Installed || !in.Printed || in.Beside || in.Game != GameWIT || in.Cards != 4 {
		t.Errorf("info = %+v", in)
	}
	reg, ok := rules.LookupDeck("WB")
	if !ok || len(reg.Named("bogota")) != 1 {
		t.Errorf("names of the installed deck do not resolve: %+v", reg)
	}
	if err := Remove("WB"); err != nil {
		t.Fatal(err)
	}
	if _, ok := rules.LookupDeck("WB"); ok {
		t.Error("removed deck still known to rules")
	}
	if _, ok := Lookup(rules.CardID{Deck: "WB", Num: 2}); ok {
		t.Error("removed deck still in the catalogue")
	}
	if err := Remove("SA"); err == nil {
		t.Error("removed a built-in deck")
	}
}

// An installed deck may take a built-in deck's code (the stickers of the
// built-in deck are on the box's cards) only if every number they share
// names the same card; it borrows coordinates for its cards that have none.
// It is installed beside tableref's deck, as CODE-BOX: tableref's deck of
// that code stays whole (issue 30).
func TestInstallBesideBuiltin(t *testing.T) {
	sa := Cards(DeckSA)
	encarnacion := sa[16] // SA-017
	good := mustRead(t, "number,name,ns,we\n17,"+encarnacion.Name+",70,60\n200,Puerto Nuevo del Test,71,61\n", ParseOptions{Code: "SA", Game: GameWIT})
	good.Source = "/decks/SA.csv"
	if KeyFor(good) != "SA-BOX" {
		t.Fatalf("a box of tableref's code SA is keyed %q, want SA-BOX", KeyFor(good))
	}
	if err := Install(good); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = Remove("SA-BOX") })
	c, _ := LookupIn("SA-BOX", rules.CardID{Deck: "SA", Num: 17})
	if !c.HasCoords || c.Lat != encarnacion.Lat || c.Printed == nil || c.Printed.NS != 70 {
		t.Errorf("SA-BOX's SA-017 after install = %+v", c)
	}
	if c, _ := LookupIn("SA", rules.CardID{Deck: "SA", Num: 17}); c.Printed != nil {
		t.Errorf("tableref's SA-017 took the box's numbers: %+v", c.Printed)
	}
	if in, _ := Info("SA-BOX"); !in.Beside || in.Cards != 2 || in.Code != "SA" || in.Label() != "SA-BOX (installed from /decks/SA.csv)" {
		t.Errorf("info = %+v", in)
	}
	if in, _ := Info("SA"); in.Installed || in.Cards != len(sa) {
		t.Errorf("tableref's SA with a box beside it: %+v", in)
	}
	if reg, _ := rules.LookupDeck("SA"); len(reg.Cards) != len(sa) {
		t.Errorf("rules' SA with a box beside it: %d cards", len(reg.Cards))
	}
	if err := Remove("SA"); err == nil || !strings.Contains(err.Error(), "SA-BOX (from /decks/SA.csv)") {
		t.Errorf("Remove(SA) with a box beside it: %v", err)
	}
	if err := Remove("SA-BOX"); err != nil {
		t.Fatal(err)
	}
	if _, ok := rules.LookupDeck("SA-BOX"); ok {
		t.Error("rules still knows SA-BOX after remove")
	}

	// A deck over tableref's code that renumbers its cards is refused when
	// read, at the line and column of the name, with the other problems of
	// the file in the same pass; and by Install, for a deck from elsewhere.
	refused := func(what, csv, want string) {
		t.Helper()
		_, err := read(t, csv, ParseOptions{Code: "SA", Game: GameWIT})
		if err == nil || !regexp.MustCompile(`box\.csv:2:\d+: `+regexp.QuoteMeta(want)).MatchString(err.Error()) {
			t.Errorf("%s: read %v, want box.csv:2:COLUMN: %s", what, err, want)
		}
		d := mustRead(t, csv, ParseOptions{Code: "MSA", Game: GameWIT})
		d.Code = "SA"
		for i := range d.Cards {
			d.Cards[i].ID.Deck = "SA"
		}
		if err := Install(d); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: Install %v, want %s", what, err, want)
		}
	}
	refused("renumbered", "number,name,ns,we\n17,Asunción,70,60\n", "SA-017 is "+encarnacion.Name+" in tableref's deck, not Asunción")
	// A card may not take another card's name, even as an alias (issue 34:
	// SA-017 "Lima" aliased Encarnación renumbered Lima, and the demo's
	// journal replayed 0 points).
	var lima Card
	for _, c := range sa {
		if c.Name == "Lima" {
			lima = c
		}
	}
	if lima.Name == "" {
		t.Fatal("no Lima in tableref's SA")
	}
	refused("re-aliased", "number,name,aliases,ns,we\n17,Lima,"+encarnacion.Name+",70,60\n", "SA-017 calls itself Lima, which is "+lima.ID.String()+" in tableref's deck")
	refused("a card of tableref's SA under another number", "number,name,ns,we\n200,Ciudad del Este,71,61\n", "SA-200 calls itself Ciudad del Este")
	if err := Install(mustRead(t, "number,name,aliases,ns,we\n17,Lima,"+encarnacion.Name+",70,60\n", ParseOptions{Code: "MSA", Game: GameWIT})); err != nil {
		t.Errorf("the same deck under its own code: %v", err)
	}
	t.Cleanup(func() { _ = Remove("MSA") })
	otherGame := mustRead(t, "number,name,printed_lat,printed_lon\n1,Roma,41,12\n", ParseOptions{Code: "SA", Game: GameNSOE})
	if err := Install(otherGame); err == nil || !strings.Contains(err.Error(), "choose another code") {
		t.Errorf("Nord Sud Ovest Est deck under SA: %v", err)
	}
}

// A mistyped number makes many contradicting pairs; the card in the most
// pairs is named so the user checks it first.
func TestOneTypoNamesItsCard(t *testing.T) {
	in := "number,name,lat,lon,ns,we\n" +
		"1,Caracas,10.49,-66.88,1,60\n" +
		"2,Bogotá,4.61,-74.08,2,30\n" +
		"3,Quito,-0.22,-78.5,99,15\n" + // typed 99 for 3
		"4,Lima,-12.05,-77.04,4,20\n" +
		"5,La Paz,-16.5,-68.15,5,50\n" +
		"6,Santiago,-33.45,-70.66,6,40\n"
	d := mustRead(t, in, ParseOptions{Code: "WB", Game: GameWIT})
	var text string
	for _, w := range d.Warnings {
		text += w.String() + "\n"
	}
	if !strings.Contains(text, "box.csv:4: warning: Quito is in 3 of these pairs") {
		t.Errorf("warnings do not single out Quito:\n%s", text)
	}
	if strings.Count(text, "prints the higher number") != 3 {
		t.Errorf("want exactly Quito's 3 pairs:\n%s", text)
	}
}
