package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tableref/tableref/cmd/tableref/internal/decks"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

func TestDecksList(t *testing.T) {
	code, out, errOut := run(t, "decks")
	if code != 0 {
		t.Fatalf("decks: status %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(rules.Decks())+1 || !strings.HasPrefix(lines[0], "DECK") {
		t.Fatalf("decks printed %d lines, want a header and %d decks:\n%s", len(lines), len(rules.Decks()), out)
	}
	for _, d := range []string{geo.DeckSA, geo.DeckWorld, geo.DeckEurope} {
		want := fmt.Sprint(len(geo.Cards(d)))
		found := false
		for _, l := range lines[1:] {
			f := strings.Fields(l)
			if f[0] == d && f[len(f)-1] == want {
				found = true
			}
		}
		if !found {
			t.Errorf("no line for deck %s with %s cards:\n%s", d, want, out)
		}
	}

	code, out, _ = run(t, "decks", "--json")
	var list []decks.Summary
	if code != 0 || json.Unmarshal([]byte(out), &list) != nil || len(list) != len(rules.Decks()) {
		t.Errorf("decks --json: status %d, output %q", code, out)
	}
}

// The table's columns line up: every line of "decks show" starts its LAT
// column at the same character, accented names included.
func TestDecksShowTable(t *testing.T) {
	code, out, errOut := run(t, "decks", "show", "sa")
	if code != 0 {
		t.Fatalf("decks show sa: status %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	cards := geo.Cards(geo.DeckSA)
	if len(lines) != len(cards)+2 || lines[0] != "SA: Where is That? South America, 108 cards, tableref's own deck" {
		t.Fatalf("%d lines, want the deck's line, a header and %d cards:\n%s", len(lines), len(cards), out)
	}
	lines = lines[1:]
	col := runeIndex(lines[0], "LAT")
	for i, c := range cards {
		l := lines[i+1]
		if !strings.HasPrefix(l, c.ID.String()+" ") || !strings.Contains(l, c.Name) || !strings.Contains(l, c.Country) {
			t.Errorf("line %d = %q, want %s %s %s", i+1, l, c.ID, c.Name, c.Country)
		}
		if got := runeIndex(l, fmt.Sprintf("%.4f", c.Lat)); got != col {
			t.Errorf("line %q: latitude at column %d, header at %d", l, got, col)
		}
		if strings.HasSuffix(l, " ") {
			t.Errorf("line %q ends in spaces", l)
		}
	}
}

func runeIndex(s, sub string) int {
	i := strings.Index(s, sub)
	if i < 0 {
		return -1
	}
	return utf8.RuneCountInString(s[:i])
}

func TestDecksShowJSON(t *testing.T) {
	for _, args := range [][]string{{"decks", "show", "EU", "--json"}, {"decks", "--json", "show", "EU"}} {
		code, out, errOut := run(t, args...)
		if code != 0 {
			t.Fatalf("%v: status %d, stderr %q", args, code, errOut)
		}
		var rows []decks.CardRow
		if err := json.Unmarshal([]byte(out), &rows); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		cards := geo.Cards(geo.DeckEurope)
		if len(rows) != len(cards) {
			t.Fatalf("%v: %d rows, want %d", args, len(rows), len(cards))
		}
		for i, c := range cards {
			r := rows[i]
			if r.ID != c.ID.String() || r.Name != c.Name || r.Lat == nil || *r.Lat != c.Lat ||
				r.PrintedLat == nil || *r.PrintedLat != c.PrintedLat || *r.PrintedLon != c.PrintedLon {
				t.Errorf("%v: row %d = %+v, want %+v", args, i, r, c)
			}
		}
	}
}

func TestDecksErrors(t *testing.T) {
	code, _, errOut := run(t, "decks", "show", "XX")
	if code != 2 || !strings.Contains(errOut, `unknown deck "XX"`) || !strings.Contains(errOut, "SA") {
		t.Errorf("unknown deck: status %d, stderr %q", code, errOut)
	}
	for _, args := range [][]string{{"decks", "show"}, {"decks", "frob"}, {"decks", "show", "SA", "WLD"}, {"decks", "--bogus"}} {
		if code, _, _ := run(t, args...); code != 2 {
			t.Errorf("%v: status %d, want 2", args, code)
		}
	}
}
