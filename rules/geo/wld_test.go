package geo

import "testing"

func wldByName() map[string]Card {
	m := map[string]Card{}
	for _, c := range Cards(DeckWorld) {
		m[c.Name] = c
	}
	return m
}

// Map It! has 200 cards per edition, beginner and expert; beginner cards
// (capitals, famous places) are about half.
func TestWLDDeckSizeAndLevels(t *testing.T) {
	cards := Cards(DeckWorld)
	if len(cards) < 200 {
		t.Errorf("WLD has %d cards, want at least 200", len(cards))
	}
	level := map[string]int{}
	kinds := map[Kind]int{}
	for _, c := range cards {
		level[c.Level]++
		kinds[c.Kind]++
		if c.Level != LevelBeginner && c.Level != LevelExpert {
			t.Errorf("%s %s: level %q", c.ID, c.Name, c.Level)
		}
		if c.Kind == KindStart {
			t.Errorf("%s %s: Map It! has no starting cities", c.ID, c.Name)
		}
	}
	if b := level[LevelBeginner]; b < len(cards)*35/100 || b > len(cards)*65/100 {
		t.Errorf("%d of %d cards are beginner cards, want about half", b, len(cards))
	}
	if kinds[KindMonument] == 0 || kinds[KindCity] == 0 {
		t.Errorf("WLD kinds %v: want cities and landmarks", kinds)
	}
}

// The Map It! rulebook's examples (REFERENCE.md §4.7, MI-1 to MI-3) come
// out of the deck's coordinates as the rulebook tells them.
func TestWLDRulebookExamples(t *testing.T) {
	by := wldByName()
	for _, n := range []string{"Washington D.C.", "Tokyo", "Athens", "Rio de Janeiro", "São Paulo"} {
		c, ok := by[n]
		if !ok {
			t.Errorf("WLD lacks %s", n)
			continue
		}
		if c.Level != LevelBeginner {
			t.Errorf("%s is %s, want a beginner card", n, c.Level)
		}
	}
	was, tok, ath := by["Washington D.C."], by["Tokyo"], by["Athens"]
	if !(was.Lon < ath.Lon && ath.Lon < tok.Lon) {
		t.Errorf("MI-1/MI-2: want Washington (%g) < Athens (%g) < Tokyo (%g) west to east", was.Lon, ath.Lon, tok.Lon)
	}
	if rio, sp := by["Rio de Janeiro"], by["São Paulo"]; !(rio.Lat > sp.Lat) {
		t.Errorf("MI-3: Rio de Janeiro (%g) is not north of São Paulo (%g)", rio.Lat, sp.Lat)
	}
}
