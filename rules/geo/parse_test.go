package geo

import (
	"strings"
	"testing"
)

const okHeader = "id,name,aliases,country,lat,lon,printed_lat,printed_lon,kind,level,source\n"

func TestParseDeck(t *testing.T) {
	in := "# comment\n" + okHeader +
		"EU-001,Roma,Rome|Rom,Italia,41.89193,12.51133,41,12,city,,geonames:3169070\n" +
		"EU-002,Lisbona,Lisbon,Portogallo,38.71667,-9.13333,38,-9,city,,geonames:2267057\n"
	cards, err := parseDeck("EU", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(cards) != 2 {
		t.Fatalf("%d cards, want 2", len(cards))
	}
	c := cards[1]
	if c.Name != "Lisbona" || c.Lon != -9.13333 || c.PrintedLon != -9 || c.Kind != KindCity || len(c.Aliases) != 1 {
		t.Errorf("card 2 = %+v", c)
	}
	if len(cards[0].Aliases) != 2 || cards[0].Aliases[1] != "Rom" {
		t.Errorf("card 1 aliases = %q", cards[0].Aliases)
	}
}

// The loader refuses broken catalogues, so a bad regeneration fails the
// tests instead of shipping.
func TestParseDeckRejects(t *testing.T) {
	row := func(id, lat, kind, level string) string {
		return id + ",X,,Y," + lat + ",1,,," + kind + "," + level + ",geonames:1\n"
	}
	tests := map[string]string{
		"bad header":     "id,name\n" + row("SA-001", "1", "city", ""),
		"gap in numbers": okHeader + row("SA-001", "1", "city", "") + row("SA-003", "1", "city", ""),
		"other deck":     okHeader + row("EU-001", "1", "city", ""),
		"bad latitude":   okHeader + row("SA-001", "north", "city", ""),
		"bad kind":       okHeader + row("SA-001", "1", "village", ""),
		"bad level":      okHeader + row("SA-001", "1", "city", "hard"),
		"short row":      okHeader + "SA-001,X,,Y,1,1\n",
		"bad printed":    okHeader + "SA-001,X,,Y,1,1,one,1,city,,geonames:1\n",
	}
	for name, in := range tests {
		if _, err := parseDeck("SA", strings.NewReader(in)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
