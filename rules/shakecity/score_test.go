package shakecity

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// typeBoard reads a board written with building letters as REFERENCE.md
// §6.13 does (R road, P park, F factory, S shop, H home, '.' empty), so a
// fixture can be copied from the reference unchanged.
func typeBoard(t testing.TB, rows ...string) Board {
	t.Helper()
	m := map[rune]rules.Colour{'R': Road, 'P': Park, 'F': Factory, 'S': Shop, 'H': Home}
	var b Board
	if len(rows) != Size {
		t.Fatalf("%d rows", len(rows))
	}
	for r, row := range rows {
		row = strings.ReplaceAll(row, " ", "")
		if len(row) != Size {
			t.Fatalf("row %d %q", r, row)
		}
		for c, ch := range row {
			if ch != '.' {
				col, ok := m[ch]
				if !ok {
					t.Fatalf("row %d: letter %q", r, ch)
				}
				b[r][c] = col
			}
		}
	}
	return b
}

func profile(t testing.TB, side string) *Profile {
	t.Helper()
	p, err := DefaultProfile(side)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustBoard(t testing.TB, rows ...string) Board {
	t.Helper()
	b, err := ParseBoard(rows...)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// stc10 is the STC-10 fixture of REFERENCE.md §6.13.
func stc10(t testing.TB) Board {
	return typeBoard(t,
		"R R S H . P",
		"F R . H P F",
		"F . S S R .",
		"H P R R R S",
		"H F . S . H",
		"R . H H P R")
}

// stc10Tiles: north cols 1,3,5 = roads/homes/different; west rows 1,3,5 =
// parks/factories/shops.
var stc10Tiles = Layout{
	North: [3]TileKind{TileRoads, TileHomes, TileDifferent},
	West:  [3]TileKind{TileParks, TileFactories, TileShops},
}

func TestSTC10StandardSide(t *testing.T) {
	res := Evaluate(profile(t, SideStandard), stc10(t), ScoreOptions{Tiles: stc10Tiles})
	want := map[string][2]int{
		"roads": {res.Roads, 5}, "parks": {res.Parks, 6}, "factories": {res.Factories, 3},
		"shops": {res.Shops, 2}, "homes": {res.Homes, 6}, "city": {res.CityPoints, 22},
		"total": {res.Total, 34}, "empty": {res.Empty, 7}, "tiles": {len(res.Fulfilled), 4},
	}
	for k, v := range want {
		if v[0] != v[1] {
			t.Errorf("%s = %d, want %d", k, v[0], v[1])
		}
	}
	if got := strings.Join(res.Fulfilled, " "); got != "N2 N3 W2 corner" {
		t.Errorf("fulfilled %q, want col 3, col 5, row 3 and the corner (N2 N3 W2 corner)", got)
	}
}

func TestSTC10FamilyVariant(t *testing.T) {
	s := ScoreBoard(profile(t, SideStandard), stc10(t), ScoreOptions{Tiles: stc10Tiles, Family: true})
	if s.Total != 12 {
		t.Errorf("family total %d, want 12", s.Total)
	}
	if len(s.Parts) != 1 || s.Parts[0].Category != "scoring tiles" {
		t.Errorf("family parts %+v, want only the scoring tiles", s.Parts)
	}
	if s.TieBreak[0] != 4 || s.TieBreak[1] != -7 {
		t.Errorf("tie-break %v, want [4 -7]", s.TieBreak)
	}
}

func TestSTC10SeaSide(t *testing.T) {
	res := Evaluate(profile(t, SideSea), stc10(t), ScoreOptions{Tiles: stc10Tiles})
	want := map[string][2]int{
		"roads": {res.Roads, 4}, "parks": {res.Parks, 5}, "factories": {res.Factories, 3},
		"shops": {res.Shops, 1}, "homes": {res.Homes, 8}, "city": {res.CityPoints, 21}, "total": {res.Total, 33},
	}
	for k, v := range want {
		if v[0] != v[1] {
			t.Errorf("%s = %d, want %d", k, v[0], v[1])
		}
	}
}

func TestScoreBoardBreakdown(t *testing.T) {
	s := ScoreBoard(profile(t, SideStandard), stc10(t), ScoreOptions{Tiles: stc10Tiles, Player: 2, Name: "Ben"})
	got := map[string]int{}
	sum := 0
	for _, p := range s.Parts {
		got[p.Category] = p.Points
		sum += p.Points
	}
	want := map[string]int{"roads": 5, "parks": 6, "factories": 3, "shops": 2, "homes": 6, "scoring tiles": 12}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %d, want %d", k, got[k], v)
		}
	}
	if sum != s.Total || s.Player != 2 || s.Name != "Ben" {
		t.Errorf("parts sum %d, total %d, player %d %q", sum, s.Total, s.Player, s.Name)
	}
	if !strings.Contains(s.Parts[0].Detail, "r3c2") {
		t.Errorf("roads detail %q should name the cut-off road at r3c2", s.Parts[0].Detail)
	}
}
