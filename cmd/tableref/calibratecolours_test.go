package main

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner/scenes"
	"github.com/tableref/tableref/vision/synth"
)

// TestShakeThatCitySession walks docs/calibration.md's Shake That City
// steps with the commands, on one table under the lamp on one side (the
// cast changes across the table, tilted 12°), with construction sites and
// a white wild cube, then scans a finished game: every cube and tile read,
// the scores and winner the truth gives, exit 0. Then a tile of a colour
// never calibrated lies on a board: no total, no winner, the square named,
// exit non-zero.
func TestShakeThatCitySession(t *testing.T) {
	dir := t.TempDir()
	lamp := scenes.Lights()[2]
	o := lamp.Options
	o.Seed = 2024
	tab := scenes.NewCityTable(o, scenes.City{Players: 2, Sites: true, WildCubes: 1, CubeOffset: 7})
	final, err := tab.Final(2025)
	if err != nil {
		t.Fatal(err)
	}
	cal := calFile(t, dir, &calibration.File{Format: calibration.Format, Plane: final.Cal.Plane})
	must := func(g scenes.Game, err error) scenes.Game {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	shot := func(name string, g scenes.Game) string {
		t.Helper()
		return photoFile(t, dir, name, g.Scene)
	}
	step := func(want string, args ...string) string {
		t.Helper()
		code, out, errOut := run(t, append(args, "--calibration", cal)...)
		if code != 0 || !strings.Contains(out, want) {
			t.Fatalf("%v: status %d, want %q in\n%s%s", args, code, want, out, errOut)
		}
		return out
	}
	step("board:p2: 6×6 cells captured", "calibrate", "board", shot("empty", must(tab.Empty())))
	step("board:p1: 4 construction site(s) captured", "calibrate", "board", "--sites", shot("sites", must(tab.SitesLaid())))
	out := step("saved to", "calibrate", "colours",
		shot("colours1", must(tab.Colours(scenes.ColourLayout{Boards: []int{1, 2}, Rows: 3}, 0))),
		shot("colours2", must(tab.Colours(scenes.ColourLayout{}, 1))))
	// Each colour with its samples and its nearest neighbour: 3 rows on
	// 2 boards give 6 tiles of each colour; 2 photos give 2 cubes.
	for _, want := range []string{"cubes white", "tiles blue", "6 samples", "2 samples", "nearest"} {
		if !strings.Contains(out, want) {
			t.Errorf("calibrate colours: no %q in\n%s", want, out)
		}
	}
	out = step("the shaker drops them", "calibrate", "shaker", shot("shake1", must(tab.Shake(2026))), shot("shake2", must(tab.Shake(2027))), shot("shake3", must(tab.Shake(2028))))
	if !strings.Contains(out, "3 shake(s), 27 cubes") || !strings.Contains(out, "fit your shaker: kept") {
		t.Errorf("calibrate shaker:\n%s", out)
	}

	scan := func(photo string) (int, scanResult, string) {
		t.Helper()
		code, out, errOut := run(t, "scan", "--game", "shakecity", "--players", strings.Join(final.Setup.Players, ","),
			"--option", "constructionSites=true", "--option", "wildCubes=1", "--calibration", cal, "--json", photo)
		var got scanResult
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%v\n%s%s", err, out, errOut)
		}
		return code, got, errOut
	}
	code, got, errOut := scan(shot("final", final))
	if code != 0 {
		t.Fatalf("scan: status %d: %s %v", code, errOut, got.Problems)
	}
	for _, d := range scenes.Diff(got.Table, final.Visible) {
		t.Errorf("table: %s", d)
	}
	mode, _ := rules.LookupMode("shakecity")
	setup, err := mode.Check(rules.Setup{Mode: "shakecity", Players: final.Setup.Players, Options: map[string]string{"constructionSites": "true", "wildCubes": "1"}})
	if err != nil {
		t.Fatal(err)
	}
	want, wantEvs, err := mode.ScoreTable(setup, final.Full)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Scores, want) || !reflect.DeepEqual(got.Winners, endWinners(wantEvs)) {
		t.Errorf("scores %v winners %v, want %v %v", got.Scores, got.Winners, want, endWinners(wantEvs))
	}

	// A purple tile (no such colour was calibrated) on board 2.
	foreign := final
	foreign.Scene.Shapes = append(append([]scenesShape(nil), final.Scene.Shapes...), purpleTileOver(t, final)...)
	code, got, _ = scan(shot("purple", foreign))
	if code == 0 || len(got.Winners) != 0 || len(got.Scores) != 0 {
		t.Errorf("a board with an unread square: status %d, scores %v, winners %v", code, got.Scores, got.Winners)
	}
	named := false
	texts := got.Problems
	for _, g := range got.Gaps {
		texts = append(texts, g.Text)
	}
	for _, p := range texts {
		if regexp.MustCompile(`board:p2|city board`).MatchString(p) {
			named = true
		}
	}
	if !named {
		t.Errorf("the unread square is not named: %v", got.Problems)
	}
}

// TestZonesGridWithoutMarkers: `calibrate zones --grid … PHOTO` as the docs
// show it for Nord Sud Ovest Est, whose table has no player markers.
func TestZonesGridWithoutMarkers(t *testing.T) {
	dir := t.TempDir()
	g, err := scenes.NSOE(scenes.Options{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	cal := calFile(t, dir, &calibration.File{Format: calibration.Format, Plane: g.Cal.Plane})
	code, out, errOut := run(t, "calibrate", "zones", "--calibration", cal, "--grid", "board:9x9:-300,-420,300,420", photoFile(t, dir, "nsoe", g.Scene))
	if code != 0 || !strings.Contains(out, "grid board: 9×9 cells") || !strings.Contains(out, "no player marker") {
		t.Errorf("status %d\n%s%s", code, out, errOut)
	}
}

type scenesShape = synth.Shape

// purpleTileOver is a purple tile on square (2,3) of board 2.
func purpleTileOver(t *testing.T, g scenes.Game) []synth.Shape {
	t.Helper()
	h, ok := g.Mats[calibration.BoardZone(2)]
	if !ok {
		t.Fatal("no board 2")
	}
	q := h.ApplyQuad(calibration.DefaultBoardLayout().Cell(2, 3))
	c := q.Centre()
	return []synth.Shape{synth.Box(c, 27, 27, 0, [3]uint8{140, 60, 170})}
}

// endWinners are the winners a score's end event names.
func endWinners(evs []rules.Event) []int {
	for _, e := range evs {
		if e.Kind == rules.EventEnd {
			return e.Winners
		}
	}
	return nil
}

// TestPrintSizeSaysWhereTheBoardFits: `print size` says the default
// camera at 1 m does not see a 9×9 Nord Sud Ovest Est board as it lies,
// and at which height or lens it would.
func TestPrintSizeSaysWhereTheBoardFits(t *testing.T) {
	code, out, errOut := run(t, "print", "size")
	if code != 0 || !strings.Contains(out, "9×9 of card squares, 572 × 800 mm: in view only turned a quarter") || !strings.Contains(out, "camera at 118 cm") {
		t.Errorf("status %d\n%s%s", code, out, errOut)
	}
	code, out, _ = run(t, "print", "size", "--height-cm", "120")
	if code != 0 || !strings.Contains(out, "in view as it lies") {
		t.Errorf("at 120 cm: status %d\n%s", code, out)
	}
	if code, _, _ = run(t, "print", "size", "--board", "nine"); code != 2 {
		t.Errorf("--board nine: status %d, want 2", code)
	}
}

// TestCalibrateColoursRefusesAMissingColour: `calibrate colours` on a
// photo without a red tile exits non-zero, names the red tile and where to
// lay it, and saves nothing; `calibrate shaker` afterwards keeps the mat's
// captured empty look (issue 29: the first exited 0 with no red tile
// colour, the second left "layout only").
func TestCalibrateColoursRefusesAMissingColour(t *testing.T) {
	dir := t.TempDir()
	o := scenes.Lights()[0].Options
	o.Seed = 2031
	tab := scenes.NewCityTable(o, scenes.City{Players: 2})
	final, err := tab.Final(2032)
	if err != nil {
		t.Fatal(err)
	}
	cal := calFile(t, dir, &calibration.File{Format: calibration.Format, Plane: final.Cal.Plane})
	must := func(g scenes.Game, err error) scenes.Game {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	shot := func(name string, g scenes.Game) string { return photoFile(t, dir, name, g.Scene) }
	if code, out, errOut := run(t, "calibrate", "board", "--calibration", cal, shot("empty", must(tab.Empty()))); code != 0 {
		t.Fatalf("calibrate board: status %d\n%s%s", code, out, errOut)
	}
	code, out, errOut := run(t, "calibrate", "colours", "--calibration", cal,
		shot("colours", must(tab.Colours(scenes.ColourLayout{Boards: []int{1}, Rows: 2, Without: []rules.Colour{rules.Red}}, 0))))
	if code == 0 || !strings.Contains(errOut, "no red tile: lay a red tile flat in column 1") || strings.Contains(out, "saved to") {
		t.Errorf("calibrate colours without a red tile: status %d, want non-zero naming the red tile and saving nothing\n%s%s", code, out, errOut)
	}
	if code, out, errOut := run(t, "calibrate", "shaker", "--calibration", cal,
		shot("shake1", must(tab.Shake(2033))), shot("shake2", must(tab.Shake(2034))), shot("shake3", must(tab.Shake(2035)))); code != 0 {
		t.Fatalf("calibrate shaker: status %d\n%s%s", code, out, errOut)
	}
	_, out, _ = run(t, "calibrate", "show", "--calibration", cal)
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "shaker") && strings.Contains(l, "layout only") {
			t.Errorf("calibrate show after calibrate shaker: %q, want the empty look kept", l)
		}
	}
	if !strings.Contains(out, "empty look captured") {
		t.Errorf("calibrate show:\n%s\nwant the captured empty looks", out)
	}
}
