package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// tableref modes lists every mode with its players, decks and each
// option's default; a family name lists the family's modes.
func TestModesList(t *testing.T) {
	code, out, errOut := run(t, "modes")
	if code != 0 {
		t.Fatalf("status %d: %s", code, errOut)
	}
	for _, m := range rules.Modes() {
		if !strings.Contains(out, m.ID+" — "+m.Name+"\n") {
			t.Errorf("no heading for %s:\n%s", m.ID, out)
		}
		for _, o := range m.Options {
			if !strings.Contains(out, "    "+o.Key+"="+o.Default+" ") {
				t.Errorf("%s: option %s with default %q missing", m.ID, o.Key, o.Default)
			}
		}
	}
	for _, want := range []string{"2–6 players, deck SA; also called continental", "1–4 players, no cards", "1 player, deck SW"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	code, out, _ = run(t, "modes", "wit", "--json")
	var got []modeSummary
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || len(got) != 2 || got[0].ID != "wit-cartographer" || got[1].ID != "wit-continental" {
		t.Errorf("modes wit --json: status %d, %s", code, out)
	}
	code, _, errOut = run(t, "modes", "chess")
	if code != 2 || !strings.Contains(errOut, `unknown game mode "chess"`) || !strings.Contains(errOut, "wit-continental (") {
		t.Errorf("modes chess: status %d, %q", code, errOut)
	}
}

// Every name of a deck shows the same deck; every name of a mode scans
// as the mode; a card's name with its deck previews the card.
func TestNamesOnEveryCommand(t *testing.T) {
	_, want, _ := run(t, "decks", "show", "SA")
	for _, name := range []string{"sa", "wit-sa", "wit", "Where is That? South America", "south america"} {
		if code, out, errOut := run(t, "decks", "show", name); code != 0 || out != want {
			t.Errorf("decks show %q: status %d, %s, same as SA: %v", name, code, errOut, out == want)
		}
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		say  string
	}{
		{[]string{"print", "preview", "Bogotá", "--deck", "wit", "-o", dir + "/b.png"}, "SA-001 front (Bogotá)"},
		{[]string{"print", "preview", "bogota/B", "--deck", "Map It!", "-o", dir + "/w.svg"}, "WLD-024 back (Bogotá)"},
		{[]string{"print", "preview", "SW-021", "-o", dir + "/s.png"}, "SW-021 front ("},
		{[]string{"print", "stickers", "strangeworld", "-o", dir + "/s.pdf"}, "Strange World above the clouds: "},
		{[]string{"print", "deck", "Strange World", "-o", dir + "/s2.pdf"}, "Strange World above the clouds: "},
	} {
		code, out, errOut := run(t, tc.args...)
		if code != 0 || !strings.Contains(out, tc.say) {
			t.Errorf("%v: status %d, %q %q; want %q", tc.args, code, out, errOut, tc.say)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"print", "preview", "Bogotá", "-o", dir + "/x.png"}, "SA-001 Bogotá in Where is That? South America, WLD-024 Bogotá in Map It! World Edition; type its ID, or name the deck"},
		{[]string{"print", "preview", "SW-010", "-o", dir + "/x.png"}, "has no card 10"},
		{[]string{"scan", "--game", "wit", dir + "/x.png"}, `game mode "wit" is ambiguous: it names wit-cartographer`},
		{[]string{"print", "stickers", "Monopoly", "-o", dir + "/x.pdf"}, `unknown deck "Monopoly"`},
		{[]string{"print", "stickers", "SA", "--sheet", "5160", "--paper", "letter", "-o", dir + "/x.pdf"}, "or --force to print it anyway"},
	} {
		code, _, errOut := run(t, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: status %d, %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}
