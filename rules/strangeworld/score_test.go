package strangeworld

import "testing"

// sw1World is the rulebook's scoring example (page 4), REFERENCE.md §7.13.
func sw1World(t *testing.T) *World {
	w := layout(t,
		[]string{"moon", "moon", "yellow-green", "green-green-1"},
		[]string{"grey-grey", "TZ", "blue-green", "start-grey"},
		[]string{"blue-portal", "red-portal", "red-green", "grey-yellow"},
		[]string{"grey-green", "FUM", "FUM", "blue-portal"},
	)
	w.Cities = []City{{Card: firstCityNum, A: pos(3, 1), B: pos(3, 2)}}
	w.Travellers = []TravellerAt{{Card: travellerNum(t, "Splash"), Row: 1, Col: -1, West: true}}
	return w
}

func TestSW1RulebookScoringExample(t *testing.T) {
	parts := sw1World(t).Score(DefaultOptions())
	want := map[string]int{CatMountains: 2, CatWater: 8, CatSwamps: 6, CatAnimals: 10, CatMoons: 6, CatCities: 9, CatTravellers: 5}
	for cat, v := range want {
		if got := part(t, parts, cat); got != v {
			t.Errorf("%s = %d, want %d (%v)", cat, got, v, parts)
		}
	}
	if got := Total(parts); got != 46 {
		t.Errorf("total %d, want 46", got)
	}
	if len(parts) != 7 {
		t.Errorf("want the 7 categories, got %d", len(parts))
	}
}

func TestSW2MountainRangeOfTwo(t *testing.T) {
	w := layout(t, []string{"grey-blue"}, []string{"start-grey"})
	if got := part(t, w.Score(DefaultOptions()), CatMountains); got != 2 {
		t.Errorf("mountains %d, want 2", got)
	}
}

func TestSW3MoonCountsTheColumn(t *testing.T) {
	w := layout(t, []string{"moon"}, []string{"grey-blue"}, []string{"start-grey"})
	if got := part(t, w.Score(DefaultOptions()), CatMoons); got != 6 {
		t.Errorf("moon %d, want 6 (2 mountains → 4, 1 water → 2)", got)
	}
}

func TestMountainsBiggestRangeNotSum(t *testing.T) {
	// A branched range: Grey-Grey + Grey-Green + Red-Grey-Grey connected
	// (2+1+2 = 5), and a lone Grey portal (1) elsewhere.
	w := layout(t,
		[]string{"grey-grey", "grey-green", "blue-green", "grey-portal"},
		[]string{"", "red-grey-grey", "", ""},
	)
	if got := part(t, w.Score(DefaultOptions()), CatMountains); got != 5 {
		t.Errorf("mountains %d, want 5", got)
	}
	// A face-down card breaks a range.
	w = layout(t, []string{"grey-grey", "TZ", "red-grey-grey"})
	if got := part(t, w.Score(DefaultOptions()), CatMountains); got != 2 {
		t.Errorf("mountains across a Tzimime %d, want 2", got)
	}
}

func TestWaterCountsNeighboursAndFumaroleOption(t *testing.T) {
	// Blue-Green in the middle: face-up above, Tzimime left, Fumarole right,
	// nothing below.
	w := layout(t,
		[]string{"", "grey-grey", ""},
		[]string{"TZ", "blue-green", "FUM"},
	)
	o := DefaultOptions()
	if got := part(t, w.Score(o), CatWater); got != 2 {
		t.Errorf("water %d, want 2 (card above + Fumarole)", got)
	}
	o.WaterCountsFumarole = false
	if got := part(t, w.Score(o), CatWater); got != 1 {
		t.Errorf("water without Fumaroles %d, want 1", got)
	}
	// A covered water card scores nothing itself.
	w = layout(t, []string{"FUM", "grey-grey"})
	if got := part(t, w.Score(DefaultOptions()), CatWater); got != 0 {
		t.Errorf("covered water %d, want 0", got)
	}
}

func TestAnimalsDifferentOnly(t *testing.T) {
	w := layout(t, []string{"green-green-1", "grey-green", "start-green", "green-portal"})
	// Deer, Goat (twice), Bear, Rat = 4 different.
	if got := part(t, w.Score(DefaultOptions()), CatAnimals); got != 8 {
		t.Errorf("animals %d, want 8", got)
	}
	w = layout(t, []string{"TZ", "grey-green"})
	if got := part(t, w.Score(DefaultOptions()), CatAnimals); got != 2 {
		t.Errorf("animals with a Tzimime %d, want 2", got)
	}
}

func TestSwampsThreeEach(t *testing.T) {
	w := layout(t,
		[]string{"yellow-portal", "grey-grey"},
		[]string{"grey-grey", "red-yellow"},
		[]string{"FUM", ""},
	)
	if got := part(t, w.Score(DefaultOptions()), CatSwamps); got != 6 {
		t.Errorf("swamps %d, want 6", got)
	}
}

func TestDarkCitiesAddUp(t *testing.T) {
	w := layout(t, []string{"FUM", "FUM"}, []string{"FUM", "FUM"})
	w.Cities = []City{{Card: firstCityNum + 1, A: pos(0, 0), B: pos(0, 1)}, {Card: firstCityNum + 4, A: pos(1, 0), B: pos(1, 1)}}
	if got := part(t, w.Score(DefaultOptions()), CatCities); got != 11 {
		t.Errorf("dark cities %d, want 7+4 = 11", got)
	}
}

func TestMoonsZeroOverFumaroleTzimimeOrNothing(t *testing.T) {
	w := layout(t,
		[]string{"moon", "moon", "moon", "moon"},
		[]string{"FUM", "TZ", "", "grey-green"},
		[]string{"grey-grey", "grey-grey", "", "green-green-2"},
	)
	// Only the 4th Moon scores: mountain and plant icons of Grey-Green (1+1)
	// and Green-Green 2 (2 plants) → 4 icons → 8.
	if got := part(t, w.Score(DefaultOptions()), CatMoons); got != 8 {
		t.Errorf("moons %d, want 8", got)
	}
	// A flipped Moon scores nothing.
	w = layout(t, []string{"TZ"}, []string{"grey-grey"})
	if got := part(t, w.Score(DefaultOptions()), CatMoons); got != 0 {
		t.Errorf("face-down moon %d, want 0", got)
	}
}

// travellerWorld puts one Traveller beside rows 0-1 of the given rows.
func travellerScore(t *testing.T, name string, rows ...[]string) int {
	t.Helper()
	w := layout(t, rows...)
	w.Travellers = []TravellerAt{{Card: travellerNum(t, name), Row: 0, Col: -1, West: true}}
	return part(t, w.Score(DefaultOptions()), CatTravellers)
}

func TestTravellerConditions(t *testing.T) {
	cases := []struct {
		name      string
		met, fail [][]string
		bonus     int
	}{
		{"Splash", // ≥ 3 water
			[][]string{{"blue-green", "grey-grey", "blue-yellow"}, {"grey-blue", "", ""}},
			[][]string{{"blue-green", "grey-grey", "blue-yellow"}, {"TZ", "", ""}}, 5},
		{"Burk", // a swamp in each row
			[][]string{{"yellow-green"}, {"grey-yellow"}},
			[][]string{{"yellow-green", "grey-yellow"}, {"grey-grey", ""}}, 4},
		{"Kark", // ≥ 5 mountains (SW-4: 11 / 5)
			[][]string{{"grey-grey", "red-grey-grey"}, {"start-grey", ""}},
			[][]string{{"grey-grey", "red-grey-grey"}, {"FUM", ""}}, 6},
		{"Floulou", // ≥ 2 plant, water, mountain, swamp
			[][]string{{"blue-green", "grey-yellow", "grey-grey"}, {"yellow-green", "grey-blue", ""}},
			[][]string{{"blue-green", "grey-yellow", "grey-grey"}, {"yellow-green", "grey-portal", ""}}, 8},
		{"Pshit", // ≥ 3 Fumaroles
			[][]string{{"FUM", "FUM"}, {"FUM", "grey-grey"}},
			[][]string{{"FUM", "FUM"}, {"grey-grey", "grey-grey"}}, 5},
		{"Boung", // ≥ 2 portals still showing
			[][]string{{"blue-portal", "grey-portal"}, {"green-portal", "yellow-portal"}},
			[][]string{{"blue-portal", "grey-portal"}, {"green-portal", "grey-grey"}}, 8},
		{"Roro", // ≥ 4 different animals
			[][]string{{"green-green-1", "blue-green"}, {"red-green", ""}},
			[][]string{{"green-green-1", "grey-green"}, {"red-green", ""}}, 4},
		{"Rumph", // ≥ 3 volcanoes
			[][]string{{"red-blue", "red-green"}, {"red-yellow", ""}},
			[][]string{{"red-blue", "red-green"}, {"TZ", ""}}, 6},
	}
	if len(cases) != len(Travellers) {
		t.Fatalf("%d cases for %d Travellers", len(cases), len(Travellers))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := travellerScore(t, c.name, c.met...); got != travellerBase+c.bonus {
				t.Errorf("condition met: %d, want %d", got, travellerBase+c.bonus)
			}
			if got := travellerScore(t, c.name, c.fail...); got != travellerBase {
				t.Errorf("condition not met: %d, want %d", got, travellerBase)
			}
		})
	}
}

func TestSW4Kark(t *testing.T) {
	if got := travellerScore(t, "Kark", []string{"grey-grey", "red-grey-grey"}, []string{"start-grey", ""}); got != 11 {
		t.Errorf("Kark with 5 mountains: %d, want 11", got)
	}
	if got := travellerScore(t, "Kark", []string{"grey-grey", "red-grey-grey"}, []string{"grey-blue", ""}); got != 11 {
		t.Errorf("Kark with 5 mountains (Grey-Blue): %d, want 11", got)
	}
	if got := travellerScore(t, "Kark", []string{"grey-grey", "grey-green"}, []string{"start-grey", ""}); got != 5 {
		t.Errorf("Kark with 4 mountains: %d, want 5", got)
	}
}

func TestSW15Burk(t *testing.T) {
	if got := travellerScore(t, "Burk", []string{"yellow-green", "grey-grey"}, []string{"grey-grey", "blue-yellow"}); got != 9 {
		t.Errorf("Burk, a swamp in each row: %d, want 9", got)
	}
	if got := travellerScore(t, "Burk", []string{"yellow-green", "grey-grey"}, []string{"grey-grey", "blue-green"}); got != 5 {
		t.Errorf("Burk, one row only: %d, want 5", got)
	}
}

func TestTravellerRowsOutsideTheWorldHoldNothing(t *testing.T) {
	w := layout(t, []string{"yellow-green"}, []string{"grey-yellow"})
	// Burk beside rows -1 and 0: row -1 lies outside the world.
	w.Travellers = []TravellerAt{{Card: travellerNum(t, "Burk"), Row: -1, Col: 1}}
	if got := part(t, w.Score(DefaultOptions()), CatTravellers); got != 5 {
		t.Errorf("Burk half outside: %d, want 5", got)
	}
}

func TestSW13CoveredPortalKeepsTravellerButNotBoung(t *testing.T) {
	w := layout(t,
		[]string{"blue-portal", "grey-portal"},
		[]string{"green-portal", "yellow-portal"},
	)
	w.Travellers = []TravellerAt{{Card: travellerNum(t, "Boung"), Row: 0, Col: -1, West: true}}
	if got := part(t, w.Score(DefaultOptions()), CatTravellers); got != 13 {
		t.Fatalf("Boung with 2 portals: %d, want 13", got)
	}
	w.At(pos(0, 1)).Fumarole = firstFumaroleNum
	if got := part(t, w.Score(DefaultOptions()), CatTravellers); got != 5 {
		t.Errorf("Boung after a portal card is covered: %d, want 5 (Traveller kept, portal gone)", got)
	}
}

func TestScoresFitTheDisplay(t *testing.T) {
	w := sw1World(t)
	for _, p := range w.Score(DefaultOptions()) {
		if p.Detail == "" {
			t.Errorf("%s has no detail", p.Category)
		}
	}
}

// TestScoreWordsReadAlone: the standings print a part scoring nothing as
// "category: detail", so a Moon scoring 0 reads "moons: 1 Moon, scoring
// 0" (the issue saw "moons: 1 moons: 0"); one of anything is singular.
func TestScoreWordsReadAlone(t *testing.T) {
	detail := func(w *World, cat string) string {
		for _, p := range w.Score(DefaultOptions()) {
			if p.Category == cat {
				return p.Detail
			}
		}
		return ""
	}
	zero := layout(t, []string{"moon"}, []string{""}, []string{"start-grey"})
	if got := detail(zero, CatMoons); got != "1 Moon, scoring 0" {
		t.Errorf("a Moon with nothing below: %q", got)
	}
	one := layout(t, []string{"moon"}, []string{"grey-blue"}, []string{"start-grey"})
	for cat, want := range map[string]string{CatMoons: "1 Moon: 6", CatMountains: "biggest range 2 mountains (1 range)", CatWater: "1 water, 2 sides"} {
		if got := detail(one, cat); got != want {
			t.Errorf("%s: %q, want %q", cat, got, want)
		}
	}
	if got := detail(layout(t, []string{"start-grey"}), CatMoons); got != "no Moon" {
		t.Errorf("no Moon: %q", got)
	}
}
