package geo

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// readList reads one of the generator's hand-kept CSV files.
func readList(t *testing.T, name string) []map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "scripts", "geo", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comment = '#'
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var out []map[string]string
	for _, rec := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			m[h] = rec[i]
		}
		out = append(out, m)
	}
	return out
}

// The embedded catalogues are generated from scripts/geo: a list edited
// without running scripts/gen-geo-decks.sh fails here.
func TestEmbeddedDecksMatchTheLists(t *testing.T) {
	landmarks := map[string]map[string]string{}
	for _, l := range readList(t, "landmarks.csv") {
		landmarks[l["name"]] = l
	}
	for deck, file := range map[string]string{DeckSA: "sa.csv", DeckWorld: "wld.csv", DeckEurope: "eu.csv"} {
		list := readList(t, file)
		cards := Cards(deck)
		if len(list) != len(cards) {
			t.Errorf("%s lists %d cards, the embedded deck has %d: regenerate", file, len(list), len(cards))
			continue
		}
		for i, want := range list {
			c := cards[i]
			if c.Name != want["name"] || strings.Join(c.Aliases, "|") != want["aliases"] ||
				string(c.Kind) != want["kind"] || c.Level != want["level"] {
				t.Errorf("%s line %d (%s) differs from embedded %s %s: regenerate", file, i+1, want["name"], c.ID, c.Name)
			}
			switch ref := want["ref"]; ref {
			case "landmark":
				l := landmarks[c.Name]
				lat, _ := strconv.ParseFloat(l["lat"], 64)
				lon, _ := strconv.ParseFloat(l["lon"], 64)
				if l == nil || lat != c.Lat || lon != c.Lon || l["source"] != c.Source {
					t.Errorf("%s %s: landmarks.csv says %v, embedded (%g, %g) %s: regenerate", c.ID, c.Name, l, c.Lat, c.Lon, c.Source)
				}
			default:
				if c.Source != "geonames:"+ref {
					t.Errorf("%s %s: list ref %q, embedded source %q: regenerate", c.ID, c.Name, ref, c.Source)
				}
			}
		}
	}
}
