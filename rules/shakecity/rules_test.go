package shakecity

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// Scoring corner cases on hand-built boards (default standard profile
// unless said; colour letters: Y road, G park, K factory, B shop, R home).

func TestRoadsReachAsphaltThroughChain(t *testing.T) {
	b := mustBoard(t,
		"......",
		".YYY..", // (1,1)-(1,3) inner, joined to the edge only through (2,3)…(5,3)
		"...Y..",
		"...Y..",
		"...Y..",
		"...Y..",
	)
	res := Evaluate(profile(t, SideStandard), b, ScoreOptions{})
	if res.Roads != 7 {
		t.Errorf("roads %d, want 7: the whole chain touches the south edge at (5,3)", res.Roads)
	}
	b[5][3] = "" // cut the chain off the edge
	if res := Evaluate(profile(t, SideStandard), b, ScoreOptions{}); res.Roads != 0 {
		t.Errorf("roads %d, want 0 once the chain no longer reaches the asphalt", res.Roads)
	}
	// Corner contact is no connection.
	b2 := mustBoard(t, "Y.....", ".Y....", "......", "......", "......", "......")
	if res := Evaluate(profile(t, SideStandard), b2, ScoreOptions{}); res.Roads != 1 {
		t.Errorf("roads %d, want 1: (1,1) touches (0,0) only at a corner", res.Roads)
	}
}

func TestSeaSideRoadsOnlyTwoAsphaltEdges(t *testing.T) {
	b := mustBoard(t, "......", ".....Y", ".....Y", "......", "......", "Y.....")
	if res := Evaluate(profile(t, SideSea), b, ScoreOptions{}); res.Roads != 1 {
		t.Errorf("sea roads %d, want 1: only (5,0) is on the west asphalt edge; the east edge is sea", res.Roads)
	}
	if res := Evaluate(profile(t, SideStandard), b, ScoreOptions{}); res.Roads != 3 {
		t.Errorf("standard roads %d, want 3", res.Roads)
	}
}

func TestHomeGroupTouchingFactoryScoresZero(t *testing.T) {
	b := mustBoard(t,
		"......",
		".RR...",
		"..R...",
		"..RK..", // the factory touches one member of the group
		"......",
		"....R.",
	)
	res := Evaluate(profile(t, SideStandard), b, ScoreOptions{})
	if res.Homes != 2 {
		t.Errorf("homes %d, want 2: the 4-home group is spoilt (0), the lone home scores 2", res.Homes)
	}
	b[3][3] = ""
	if res := Evaluate(profile(t, SideStandard), b, ScoreOptions{}); res.Homes != 4 {
		t.Errorf("homes %d, want 4: a group is worth 2 as a whole, plus the lone home", res.Homes)
	}
}

func TestParkNextToHomeAndFactory(t *testing.T) {
	b := mustBoard(t,
		"......",
		".RG...", // (1,2) park: home west, factory south → 2
		"..K...",
		"......",
		"....GR", // (4,4): home east → 1
		"G.....", // (5,0): nothing → 0
	)
	res := Evaluate(profile(t, SideStandard), b, ScoreOptions{})
	if res.Parks != 3 {
		t.Errorf("standard parks %d, want 3 (2 + 1 + 0)", res.Parks)
	}
	// Two homes next to one park still give 1: the maximum is per kind.
	b2 := mustBoard(t, "......", ".RGR..", "......", "......", "......", "......")
	if res := Evaluate(profile(t, SideStandard), b2, ScoreOptions{}); res.Parks != 1 {
		t.Errorf("parks %d, want 1 for two homes and no factory", res.Parks)
	}
	// Sea side: factories do not count for parks; the sea does.
	res = Evaluate(profile(t, SideSea), b, ScoreOptions{})
	if res.Parks != 3 {
		t.Errorf("sea parks %d, want 3: (1,2) home only 1, (4,4) home 1, (5,0) on the south sea edge 1", res.Parks)
	}
}

func TestFactories(t *testing.T) {
	b := mustBoard(t,
		"KK....", // (0,0) next to a factory: 1; (0,1) factory + road: 2
		".Y....",
		"......",
		"...K..", // alone: 0
		"......",
		"......",
	)
	if res := Evaluate(profile(t, SideStandard), b, ScoreOptions{}); res.Factories != 3 {
		t.Errorf("factories %d, want 3", res.Factories)
	}
}

func TestShopsOffTheRoadNetwork(t *testing.T) {
	b := mustBoard(t,
		"B.....", // on the asphalt edge: value 1
		"......",
		"..BY..", // (2,2) value 3 next to a road cut off from the edge: 0
		"......",
		".BY...", // (4,1)=2 next to (4,2) which reaches the edge? no: (4,2) is inner and alone → 0
		"..Y...", // (5,2) is on the edge but not next to (4,1)
	)
	res := Evaluate(profile(t, SideStandard), b, ScoreOptions{})
	// (4,2) is adjacent to (5,2) on the south edge, so it is on the network
	// and the shop at (4,1) scores its value 2.
	if res.Shops != 1+2 {
		t.Errorf("shops %d, want 3: edge shop 1 + (4,1) via the network 2; (2,2) is off the network", res.Shops)
	}
	if !strings.Contains(res.Details["shops"], "r2c2") {
		t.Errorf("shops detail %q should name r2c2", res.Details["shops"])
	}
}

func TestSeaHomeBonusCappedAtThree(t *testing.T) {
	b := mustBoard(t,
		"......",
		"......",
		"......",
		".....R", // a group along the east (sea) edge and the south edge
		".....R",
		"...RRR",
	)
	res := Evaluate(profile(t, SideSea), b, ScoreOptions{})
	if res.Homes != 3 {
		t.Errorf("sea homes %d, want 3: a group gets the sea bonus once, max 3", res.Homes)
	}
	if res := Evaluate(profile(t, SideStandard), b, ScoreOptions{}); res.Homes != 2 {
		t.Errorf("standard homes %d, want 2", res.Homes)
	}
	b[4][4] = Factory
	if res := Evaluate(profile(t, SideSea), b, ScoreOptions{}); res.Homes != 0 {
		t.Errorf("sea homes next to a factory %d, want 0 even by the sea", res.Homes)
	}
}

func TestSeaCellsFromProfile(t *testing.T) {
	p := profile(t, SideSea)
	p.SeaCells = [][2]int{{2, 2}}
	if err := p.Validate(); err == nil {
		t.Fatal("a sea cell on construction site 2 (2,2) must be rejected")
	}
	p.SeaCells = [][2]int{{2, 3}}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	b := mustBoard(t, "......", "...R..", "......", "......", "......", "......")
	if res := Evaluate(p, b, ScoreOptions{}); res.Homes != 3 || res.Empty != 34 {
		t.Errorf("home next to a sea square: homes %d (want 3), empty %d (want 34: the sea square is not empty)", res.Homes, res.Empty)
	}
}

func TestScoringTileHalves(t *testing.T) {
	p := profile(t, SideStandard)
	l := Layout{North: [3]TileKind{TileRoads, TileDifferent, TileShops}, West: [3]TileKind{TileParks, TileHomes, TileFactories}}
	b := mustBoard(t,
		".Y.G.B",
		"GYGG.B", // row 1 parks: 3 only → not yet
		".Y...B",
		".Y.K.B", // col 1: 4 roads → N1; col 5: 4 shops → N3
		"......",
		"KRKBGY", // row 5: full → W3
	)
	res := Evaluate(p, b, ScoreOptions{Tiles: l})
	if got := strings.Join(res.Fulfilled, " "); got != "N1 N3 W3" {
		t.Errorf("fulfilled %q, want N1 N3 W3", got)
	}
	b[1][4] = Park // 4 parks in row 1 → W1
	b[0][3] = Shop // col 3: G? (0,3) shop, (1,3) park, (3,3) factory, (5,3) shop → 3 kinds: not yet
	b[4][3] = Home // 4 kinds in col 3 → N2
	res = Evaluate(p, b, ScoreOptions{Tiles: l})
	if got := strings.Join(res.Fulfilled, " "); got != "N1 N2 N3 W1 W3 corner" {
		t.Errorf("fulfilled %q, want N1 N2 N3 W1 W3 corner (homes (5,1),(4,3) make 2 of every colour)", got)
	}
	// Corner: 2 of each of the 5 colours; one home short is not enough.
	corner := Slot{Kind: TileCorner}
	b[4][3] = ""
	if corner.Fulfilled(&b) {
		t.Error("corner fulfilled with a single home")
	}
}

func TestConstructionSiteKeepsLineFromFull(t *testing.T) {
	p := profile(t, SideStandard)
	l := Layout{West: [3]TileKind{TileParks, "", ""}}
	b := mustBoard(t, "......", "Y.GYKB", "......", "......", "......", "......") // (1,1) is site 1
	if res := Evaluate(p, b, ScoreOptions{Tiles: l, SitesLeft: []rules.Pos{{Row: 1, Col: 1}}}); len(res.Fulfilled) != 0 || res.Empty != 36-5-1 {
		t.Errorf("row 1 with a site: fulfilled %v (want none), empty %d (want 30: 5 tiles and the site are not empty)", res.Fulfilled, res.Empty)
	}
}
