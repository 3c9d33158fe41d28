package calibration

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

// full is a file with every section filled.
func full() *File {
	board := Board{Zone: "board:p2", Layout: DefaultBoardLayout()}
	for i := 0; i < 36; i++ {
		board.Empty = append(board.Empty, Lab{70, float64(i % 5), -3})
		board.Spread = append(board.Spread, 9)
	}
	return &File{
		Format: Format,
		Plane:  &Plane{Image: [2]int{2304, 1296}, H: geom.ScaleH(0.4, 0.4).Mul(geom.Translate(-1152, -648)), Source: SourceSheet, CodeMM: PrintedCode, Codes: 4, RMSMM: 0.12},
		Zones: &Zones{
			Players:  []PlayerMarker{{Player: 1, At: [2]float64{-300, 200}}, {Player: 2, At: [2]float64{300, -200}}},
			Polygons: []Polygon{{Zone: "offer", Points: [][2]float64{{-50, -50}, {50, -50}, {50, 50}}}},
			Grids:    []Grid{{Zone: "board", Corners: [4][2]float64{{-200, -300}, {200, -300}, {200, 300}, {-200, 300}}, Rows: 9, Cols: 9}},
		},
		Colours: &Colours{
			Cubes: []Profile{{Colour: rules.Red, Lab: Lab{45, 60, 40}, Spread: 12, Samples: 2}},
			Tiles: []Profile{{Colour: rules.Grey, Lab: Lab{55, 0, 2}, Spread: 9, Samples: 1}},
		},
		Boards: []Board{{Zone: "shaker", Layout: DefaultShakerLayout()}, board},
		Decks:  map[string]Deck{"SW": {Card: [2]float64{63, 89}, Code: 28}},
	}
}

func TestRoundTrip(t *testing.T) {
	f := full()
	path := filepath.Join(t.TempDir(), "cal.json")
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	g, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f, g) {
		t.Errorf("round trip changed the file:\n%+v\n%+v", f, g)
	}
	b1, _ := f.Marshal()
	b2, _ := g.Marshal()
	if string(b1) != string(b2) {
		t.Error("marshalling is not stable")
	}
	if _, err := os.Stat(path + ".tmp"); !os.IsNotExist(err) {
		t.Error("the temporary file was left behind")
	}
}

func TestLoadMissing(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "none.json"))
	if !errors.Is(err, ErrMissing) || !strings.Contains(err.Error(), "tableref calibrate table") {
		t.Errorf("missing file: %v", err)
	}
	f, err := LoadOrNew(filepath.Join(t.TempDir(), "none.json"))
	if err != nil || f.Format != Format || f.Plane != nil {
		t.Errorf("LoadOrNew: %+v %v", f, err)
	}
}

// TestMalformedFields breaks one field at a time; each error must name the
// field and say what is wrong.
func TestMalformedFields(t *testing.T) {
	for _, tc := range []struct {
		name   string
		break_ func(f *File)
		want   string
	}{
		{"newer format", func(f *File) { f.Format = 2 }, "format: 2 is newer"},
		{"negative format", func(f *File) { f.Format = -1 }, "format: -1 is not"},
		{"image size", func(f *File) { f.Plane.Image = [2]int{0, 720} }, "table.image"},
		{"singular", func(f *File) { f.Plane.H = geom.H{} }, "table.homography: is singular"},
		{"horizon", func(f *File) { f.Plane.H = geom.H{1, 0, 0, 0, 1, 0, 0.001, 0, -1} }, "beyond the horizon"},
		{"source", func(f *File) { f.Plane.Source = "guess" }, `table.source: "guess"`},
		{"code size", func(f *File) { f.Plane.CodeMM = 0 }, "table.code_mm"},
		{"codes", func(f *File) { f.Plane.Codes = -1 }, "table.codes: -1"},
		{"rms", func(f *File) { f.Plane.RMSMM = -1 }, "table.rms_mm"},
		{"player number", func(f *File) { f.Zones.Players[0].Player = 7 }, "zones.players[0].player: 7"},
		{"player twice", func(f *File) { f.Zones.Players[1].Player = 1 }, "player 1 has two markers"},
		{"marker position", func(f *File) { f.Zones.Players[1].At[0] = 1e9 }, "zones.players[1].at"},
		{"polygon zone", func(f *File) { f.Zones.Polygons[0].Zone = "My Zone" }, `zones.polygons[0].zone: "My Zone"`},
		{"polygon points", func(f *File) { f.Zones.Polygons[0].Points = f.Zones.Polygons[0].Points[:2] }, "2 points"},
		{"flat polygon", func(f *File) { f.Zones.Polygons[0].Points[2] = [2]float64{0, -50} }, "no area"},
		{"grid size", func(f *File) { f.Zones.Grids[0].Rows = 0 }, "zones.grids[0]: 0×9"},
		{"grid corners", func(f *File) { f.Zones.Grids[0].Corners = [4][2]float64{} }, "zones.grids[0].corners"},
		{"grid twice", func(f *File) { f.Zones.Grids = append(f.Zones.Grids, f.Zones.Grids[0]) }, `"board" has two grids`},
		{"colour name", func(f *File) { f.Colours.Cubes[0].Colour = "purple" }, `colours.cubes[0].colour: "purple"`},
		{"colour twice", func(f *File) { f.Colours.Cubes = append(f.Colours.Cubes, f.Colours.Cubes[0]) }, "red has two profiles"},
		{"lightness", func(f *File) { f.Colours.Tiles[0].Lab[0] = 120 }, "colours.tiles[0].lab: L 120"},
		{"chroma", func(f *File) { f.Colours.Tiles[0].Lab[2] = -200 }, "colours.tiles[0].lab: a/b -200"},
		{"spread", func(f *File) { f.Colours.Cubes[0].Spread = 0 }, "colours.cubes[0].spread: 0"},
		{"samples", func(f *File) { f.Colours.Cubes[0].Samples = -2 }, "colours.cubes[0].samples"},
		{"board zone", func(f *File) { f.Boards[0].Zone = "board:p9" }, `boards[0].zone: "board:p9"`},
		{"board twice", func(f *File) { f.Boards[1].Zone = "shaker" }, `"shaker" is calibrated twice`},
		{"board cells", func(f *File) { f.Boards[0].Layout.Rows = 20 }, "boards[0].layout: 20×3"},
		{"board markers", func(f *File) { f.Boards[0].Layout.Markers = [4][2]float64{} }, "boards[0].layout.markers_mm"},
		{"board grid", func(f *File) { f.Boards[0].Layout.Grid = [4]float64{10, 0, 5, 5} }, "boards[0].layout.grid_mm"},
		{"empty count", func(f *File) { f.Boards[1].Empty = f.Boards[1].Empty[:5]; f.Boards[1].Spread = f.Boards[1].Spread[:5] }, "boards[1].empty: 5 cells"},
		{"spread count", func(f *File) { f.Boards[1].Spread = f.Boards[1].Spread[:5] }, "boards[1].spread: 5 values for 36"},
		{"empty colour", func(f *File) { f.Boards[1].Empty[3][0] = -1 }, "boards[1].empty[3]"},
		{"empty spread", func(f *File) { f.Boards[1].Spread[4] = -1 }, "boards[1].spread[4]"},
		{"card size", func(f *File) { f.Decks["SW"] = Deck{Card: [2]float64{5, 89}, Code: 28} }, "decks.SW.card_mm"},
		{"code size", func(f *File) { f.Decks["SW"] = Deck{Card: [2]float64{63, 89}, Code: 70} }, "decks.SW.code_mm"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := full()
			tc.break_(f)
			err := f.Validate()
			if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
			if _, err := f.Marshal(); err == nil && tc.name != "newer format" && tc.name != "negative format" {
				t.Error("Marshal wrote an invalid file")
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"format":1,"tabel":{}}`, `unknown field "tabel"`},
		{"{\"format\":1,\n\"table\":{\"image\":\"big\"}}", "line 2"},
		{`{"format":1} {}`, "unexpected data"},
		{`{"table":null}`, "format: missing"},
		{`{"format":1,"colours":{"cubes":[{"colour":"red","lab":[50,0,0],"spread":-1}]}}`, "colours.cubes[0].spread"},
	} {
		_, err := Parse([]byte(tc.in))
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.in, err, tc.want)
		}
	}
}

// TestAllProblemsListed: two broken fields give one error naming both.
func TestAllProblemsListed(t *testing.T) {
	f := full()
	f.Plane.Source = "x"
	f.Colours.Cubes[0].Spread = -1
	err := f.Validate()
	if err == nil || !strings.Contains(err.Error(), "table.source") || !strings.Contains(err.Error(), "colours.cubes[0].spread") {
		t.Errorf("got %v", err)
	}
}

func TestBoardAccessors(t *testing.T) {
	f := full()
	if b := f.Board("board:p2"); !b.Captured() {
		t.Error("board:p2 should be captured")
	}
	if b := f.Board("shaker"); b == nil || b.Captured() {
		t.Error("shaker: present, not captured")
	}
	if f.Board("board:p4") != nil {
		t.Error("board:p4 is not in the file")
	}
	p, ok := f.Board("board:p2").EmptyAt(0, 3)
	if !ok || p.Lab != (Lab{70, 3, -3}) || p.Spread != 9 {
		t.Errorf("EmptyAt(0,3) = %+v %v", p, ok)
	}
	f.SetBoard(Board{Zone: "shaker", Layout: DefaultBoardLayout()})
	if len(f.Boards) != 2 || f.Board("shaker").Layout.Rows != 6 {
		t.Error("SetBoard did not replace the shaker")
	}
	f.SetBoard(Board{Zone: "board:p1", Layout: DefaultBoardLayout()})
	if len(f.Boards) != 3 {
		t.Error("SetBoard did not add board:p1")
	}
}

// floatLeaves calls visit with every float64 of v and its JSON path.
func floatLeaves(v reflect.Value, path string, visit func(path string, f reflect.Value)) {
	switch v.Kind() {
	case reflect.Float64:
		visit(path, v)
	case reflect.Pointer:
		if !v.IsNil() {
			floatLeaves(v.Elem(), path, visit)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
			floatLeaves(v.Field(i), strings.TrimPrefix(path+"."+name, "."), visit)
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			floatLeaves(v.Index(i), fmt.Sprintf("%s[%d]", path, i), visit)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			// Map values cannot be set in place: copy, break, put back.
			cp := reflect.New(v.Type().Elem()).Elem()
			cp.Set(v.MapIndex(k))
			floatLeaves(cp, fmt.Sprintf("%s.%v", path, k), func(p string, f reflect.Value) {
				visit(p, f)
				v.SetMapIndex(k, cp)
			})
		}
	}
}

// Every number of a calibration must be finite: NaN passes every range
// check (NaN < 0 and NaN > max are both false), so each field of a full
// file in turn is set to NaN, +Inf and -Inf, and Validate must name it.
func TestNonFiniteNumbers(t *testing.T) {
	var paths []string
	floatLeaves(reflect.ValueOf(full()).Elem(), "", func(p string, _ reflect.Value) { paths = append(paths, p) })
	if len(paths) < 100 {
		t.Fatalf("only %d numbers found in a full file: the walk is broken", len(paths))
	}
	for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		for i, want := range paths {
			f := full()
			n := 0
			floatLeaves(reflect.ValueOf(f).Elem(), "", func(p string, v reflect.Value) {
				if n == i {
					v.SetFloat(bad)
				}
				n++
			})
			err := f.Validate()
			if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), want+": "+fmt.Sprint(bad)+" is not a finite number") {
				t.Errorf("%s = %v: Validate says %v", want, bad, err)
			}
		}
	}
}
