package strangeworld

// rowStats is what a Traveller looks at in its two rows: icons, animals
// and portals of face-up uncovered cards, and the Fumaroles.
type rowStats struct {
	Icons     Icons
	PerRow    [2]Icons // icons of the upper and the lower row apart
	Animals   map[string]bool
	Fumaroles int
	Portals   int
}

// Traveller is one Traveller card: 5 stars, plus Bonus when its condition
// holds in the two rows beside it (REFERENCE.md §7.3).
type Traveller struct {
	Name      string
	Aliases   []string
	Bonus     int
	Condition string // as said to players
	met       func(s rowStats) bool
}

// travellerBase is what every Traveller scores whatever its rows hold.
const travellerBase = 5

// Travellers are the 8 Traveller cards, in card-number order.
var Travellers = []Traveller{
	{Name: "Splash", Bonus: 5, Condition: "at least 3 water icons",
		met: func(s rowStats) bool { return s.Icons[Water] >= 3 }},
	// A row never holds two face-up swamps (desolation D3), so "1 in each
	// row" is "at least 1 in each".
	{Name: "Burk", Bonus: 4, Condition: "a swamp in each of the 2 rows",
		met: func(s rowStats) bool { return s.PerRow[0][Swamp] >= 1 && s.PerRow[1][Swamp] >= 1 }},
	{Name: "Kark", Bonus: 6, Condition: "at least 5 mountain icons",
		met: func(s rowStats) bool { return s.Icons[Mountain] >= 5 }},
	{Name: "Floulou", Bonus: 8, Condition: "at least 2 plant, 2 water, 2 mountain and 2 swamp icons",
		met: func(s rowStats) bool {
			return s.Icons[Plant] >= 2 && s.Icons[Water] >= 2 && s.Icons[Mountain] >= 2 && s.Icons[Swamp] >= 2
		}},
	{Name: "Pshit", Bonus: 5, Condition: "at least 3 Fumaroles",
		met: func(s rowStats) bool { return s.Fumaroles >= 3 }},
	{Name: "Boung", Bonus: 8, Condition: "at least 2 Dimensional Portals",
		met: func(s rowStats) bool { return s.Portals >= 2 }},
	{Name: "Roro", Aliases: []string{"Koro"}, Bonus: 4, Condition: "at least 4 different animals",
		met: func(s rowStats) bool { return len(s.Animals) >= 4 }},
	{Name: "Rumph", Bonus: 6, Condition: "at least 3 volcano icons",
		met: func(s rowStats) bool { return s.Icons[Volcano] >= 3 }},
}
