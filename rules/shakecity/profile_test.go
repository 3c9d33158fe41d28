package shakecity

import (
	"encoding/json"
	"strings"
	"testing"
)

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestEmbeddedProfilesAreValid(t *testing.T) {
	for _, side := range []string{SideStandard, SideSea} {
		p := profile(t, side)
		if p.Side != side || len(p.ConstructionCells) != 4 {
			t.Errorf("%s: %+v", side, p)
		}
	}
	if _, err := DefaultProfile("moon"); err == nil {
		t.Error("unknown side accepted")
	}
}

func TestProfileErrorsNameTheField(t *testing.T) {
	for _, tc := range []struct {
		name, json, want string
	}{
		{"not json", `{"side":`, "not valid JSON"},
		{"misspelt key", `{"side":"standard","shopValues":[]}`, "shopValues"},
		{"wrong side", `{"side":"sea"}`, "for the sea side"},
		{"short row", `{"shopValue":[[1,1,1,1,1,1],[1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1]],"asphaltEdges":["N"],"northTileColumns":[1,3,5],"westTileRows":[1,3,5],"constructionCells":[[1,1],[2,2],[3,3],[4,4]]}`, "shopValue row 1 has 5 values"},
		{"bad value", `{"shopValue":[[4,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1],[1,1,1,1,1,1]],"asphaltEdges":["N"],"northTileColumns":[1,3,5],"westTileRows":[1,3,5],"constructionCells":[[1,1],[2,2],[3,3],[4,4]]}`, "row 0 col 0 is 4"},
		{"bad edge", `{"asphaltEdges":["Q"]}`, `"Q" is not an edge`},
		{"sea on standard", `{"asphaltEdges":["N"],"seaEdges":["S"]}`, "standard side has no sea"},
		{"lines", `{"northTileColumns":[1,1,6]}`, "northTileColumns: 1 is listed twice"},
		{"sites", `{"constructionCells":[[0,0],[9,9]]}`, "constructionCells has 2 squares, want 4"},
		{"rotation", `{"rotation":5}`, "rotation 5"},
	} {
		_, err := ParseProfile([]byte(tc.json), SideStandard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to say %q", tc.name, err, tc.want)
		}
	}
}

func TestUserProfileReplacesDefault(t *testing.T) {
	p := profile(t, SideSea)
	p.Name = "measured"
	p.ShopValue[0][0] = 3
	g := newGame(t, []string{"Ana", "Ben"}, map[string]string{"side": "sea", "profile.sea": mustJSON(t, p)})
	if g.cfg.profile.Name != "measured" || g.cfg.profile.ShopValue[0][0] != 3 {
		t.Errorf("the sea profile option was not used: %+v", g.cfg.profile)
	}
	b := mustBoard(t, "B.....", "......", "......", "......", "......", "......")
	if s := ScoreBoard(g.cfg.profile, b, ScoreOptions{}); s.Total != 3 {
		t.Errorf("shop on the measured grey corner: %d, want 3", s.Total)
	}
}
