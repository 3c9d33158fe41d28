package mapit

import (
	"regexp"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/rules/rulestest"
)

// coordinate matches a coordinate as the referee writes one ("35.69° N").
var coordinate = regexp.MustCompile(`\d+(\.\d+)?°`)

// With tableref's World deck on the boxed game's cards, whose printed
// coordinates tableref does not know, nothing the referee says shows a
// coordinate; the same game on tableref's own cards does.
func TestNoCoordinateTheCardDoesNotPrint(t *testing.T) {
	path := "testdata/world-three-rounds.jsonl"
	shown := 0
	for _, s := range rulestest.Texts(t, path, geo.OptPrintedBy, geo.PrintedByTableref) {
		if coordinate.MatchString(s) {
			shown++
		}
	}
	if shown == 0 {
		t.Fatalf("%s on tableref's cards shows no coordinate: the check cannot fail", path)
	}
	for _, s := range rulestest.Texts(t, path, geo.OptPrintedBy, geo.PrintedByPublisher) {
		if coordinate.MatchString(s) {
			t.Errorf("%s on the publisher's cards: %q shows a coordinate the cards may not print", path, s)
		}
	}
}

// A deck installed from the box shows its cards' own writing.
func TestInstalledDeckShowsItsPrintedCoordinates(t *testing.T) {
	f, err := geo.ReadDeckFile(strings.NewReader("number,name,printed_lat,printed_lon\n1,Washington D.C.,38°54'N,77°02'W\n2,Tokyo,35°41'N,139°41'E\n"),
		geo.ParseOptions{File: "box.csv", Code: "MB", Game: geo.GameMapIt})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(geo.Scratch())
	if err := geo.Install(f); err != nil {
		t.Fatal(err)
	}
	cat, _, err := catalogueFor(rules.Setup{Mode: ModeID, Players: []string{"A", "B"}, Options: map[string]string{"deck": "MB"}})
	if err != nil {
		t.Fatal(err)
	}
	g := &Game{cat: cat}
	got := g.explain(pair{arm: East, inner: rules.CardID{Deck: "MB", Num: 1}, outer: rules.CardID{Deck: "MB", Num: 2}}, true)
	if want := "Tokyo (139°41'E) is east of Washington D.C. (77°02'W)"; got != want {
		t.Errorf("explain = %q, want %q", got, want)
	}
}
