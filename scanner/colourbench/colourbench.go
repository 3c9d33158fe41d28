// Package colourbench measures how Shake That City tables are read under
// real light: generated tables of every variant (standard, sea side,
// family, construction sites, solo; 1–4 players, white wild cubes) under
// the three lights an independent run photographed — neutral and
// straight down; warm and tilted 8°; a warm lamp on one side, so the cast
// changes across the table, tilted 12° — each calibrated by the steps the
// docs give, then scanned and scored against the truth. It counts board
// cells and shaker cubes read, wrong colours, and the scores and winners
// `tableref scan` would print. Tests and `tableref bench colours` use it.
package colourbench

import (
	"context"
	"fmt"
	"io"
	"reflect"
	"text/tabwriter"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/modes" // Shake That City's ScoreTable
	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/scanner/colourgrid"
	"github.com/tableref/tableref/scanner/scenes"
	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/synth"
)

// Tables are the 20 finished tables: every variant, 1–4 players, cubes
// landing up to the edge of their cells, white wild cubes in some.
func Tables() []scenes.City {
	const edge = 7 // a 16 mm cube 7 mm off a 30 mm cell's centre touches its edge
	var out []scenes.City
	add := func(n int, c scenes.City) {
		c.CubeOffset = edge
		for i := 0; i < n; i++ {
			out = append(out, c)
		}
	}
	add(2, scenes.City{Players: 2})
	add(2, scenes.City{Players: 3})
	add(2, scenes.City{Players: 4})
	add(1, scenes.City{Players: 2, WildCubes: 2})
	add(1, scenes.City{Players: 4, WildCubes: 1})
	add(2, scenes.City{Players: 2, Side: "sea"})
	add(1, scenes.City{Players: 3, Side: "sea", WildCubes: 1})
	add(1, scenes.City{Players: 2, Family: true})
	add(1, scenes.City{Players: 4, Family: true, Side: "sea"})
	add(2, scenes.City{Players: 2, Sites: true})
	add(1, scenes.City{Players: 3, Sites: true})
	add(1, scenes.City{Players: 4, Sites: true, WildCubes: 1})
	add(2, scenes.City{Players: 1})
	add(1, scenes.City{Players: 1, Side: "sea"})
	return out
}

// Calibrate runs a user's calibration of one table into cal (which holds
// the table plane): the photos the docs ask for, taken on t.
type Calibrate func(ctx context.Context, t *scenes.CityTable, cal *calibration.File) error

// Verdict says what `tableref scan` would print for a scan: the scores
// and winner, or nothing (a board not read for sure).
type Verdict func(scan *scanner.Scan, s rules.Setup) (print bool)

// Row is one light's figures.
type Row struct {
	Light string
	// Tables counts the tables; TablesRight those read exactly.
	Tables, TablesRight int
	// Board cells (36 a board) and shaker cubes: right, read as another
	// colour (or a tile where none is, or none where one is), unknown;
	// a cube missed was read as no cube (or between cells), one unsure
	// was reported unknown.
	Cells, CellsRight, CellsWrong, CellsUnknown             int
	Cubes, CubesRight, CubesWrong, CubesMissed, CubesUnsure int
	// Printed counts the tables whose scores and winners scan prints;
	// ScoresWrong and WinnersWrong those printed wrong.
	Printed, ScoresWrong, WinnersWrong int
	// Failed lists calibrations that failed, table by table.
	Failed []string
	// Wrong lists every wrong or unknown cell, for -v.
	Wrong []string
}

// Run reads every table under one light.
func Run(ctx context.Context, l scenes.Light, tables []scenes.City, seed uint64, cal Calibrate, verdict Verdict) (Row, error) {
	row := Row{Light: l.Name}
	for i, c := range tables {
		o := l.Options
		o.Seed = seed + uint64(100*i)
		t := scenes.NewCityTable(o, c)
		g, err := t.Final(o.Seed + 50)
		if err != nil {
			return row, err
		}
		f := &calibration.File{Format: calibration.Format, Plane: g.Cal.Plane}
		if err := cal(ctx, t, f); err != nil {
			row.Failed = append(row.Failed, fmt.Sprintf("table %d (%s): %v", i+1, c.Name(), err))
		}
		if err := row.add(ctx, i+1, g, f, verdict); err != nil {
			return row, fmt.Errorf("table %d (%s): %w", i+1, c.Name(), err)
		}
	}
	return row, nil
}

func (row *Row) add(ctx context.Context, n int, g scenes.Game, cal *calibration.File, verdict Verdict) error {
	frame, _, err := synth.Render(g.Scene)
	if err != nil {
		return err
	}
	defer frame.Close()
	sc, err := scanner.New(cal, scanner.Options{Mode: g.Setup.Mode, Setup: g.Setup})
	if err != nil {
		return err
	}
	scan, err := sc.Photo(ctx, frame)
	if err != nil {
		return err
	}
	row.Tables++
	sure := true
	for _, c := range scan.Colours {
		sure = sure && !c.Unknown && !c.Between
	}
	if sure && scan.Table.Equal(g.Visible) {
		row.TablesRight++
	}
	unknown := map[string]map[rules.Pos]bool{}
	for _, c := range scan.Colours {
		if c.Unknown {
			if unknown[c.Zone] == nil {
				unknown[c.Zone] = map[rules.Pos]bool{}
			}
			unknown[c.Zone][c.Pos] = true
		}
	}
	for zone, want := range g.Visible.Zones {
		got := scan.Table.Zone(zone)
		shaker := zone == calibration.ZoneShaker
		size := 6
		if shaker {
			size = 3
		}
		for r := 0; r < size; r++ {
			for c := 0; c < size; c++ {
				p := rules.Pos{Row: r, Col: c}
				w := want.At(p).Colour
				var gc rules.Colour
				if got != nil {
					gc = got.At(p).Colour
				}
				switch {
				case shaker && gc == w:
					row.Cubes++
					row.CubesRight++
				case shaker && unknown[zone][p]:
					row.Cubes++
					row.CubesUnsure++
					row.Wrong = append(row.Wrong, fmt.Sprintf("table %d %s %v: %s unsure", n, zone, p, nameOr(w)))
				case shaker && gc == "":
					row.Cubes++
					row.CubesMissed++
					row.Wrong = append(row.Wrong, fmt.Sprintf("table %d %s %v: %s missed", n, zone, p, w))
				case shaker:
					row.Cubes++
					row.CubesWrong++
					row.Wrong = append(row.Wrong, fmt.Sprintf("table %d %s %v: %s read as %s", n, zone, p, nameOr(w), nameOr(gc)))
				case unknown[zone][p]:
					row.Cells++
					row.CellsUnknown++
					row.Wrong = append(row.Wrong, fmt.Sprintf("table %d %s %v: %s unknown", n, zone, p, nameOr(w)))
				case gc == w:
					row.Cells++
					row.CellsRight++
				default:
					row.Cells++
					row.CellsWrong++
					row.Wrong = append(row.Wrong, fmt.Sprintf("table %d %s %v: %s read as %s", n, zone, p, nameOr(w), nameOr(gc)))
				}
			}
		}
	}
	if verdict != nil && !verdict(scan, g.Setup) {
		return nil
	}
	mode, _ := rules.LookupMode(g.Setup.Mode)
	setup, err := mode.Check(g.Setup)
	if err != nil {
		return err
	}
	want, wantEvs, err := mode.ScoreTable(setup, g.Full)
	if err != nil {
		return err
	}
	got, gotEvs, err := mode.ScoreTable(setup, scan.Table)
	if err != nil {
		return err
	}
	row.Printed++
	if !reflect.DeepEqual(totals(got), totals(want)) {
		row.ScoresWrong++
	}
	if !reflect.DeepEqual(winners(gotEvs), winners(wantEvs)) {
		row.WinnersWrong++
	}
	return nil
}

func nameOr(c rules.Colour) string {
	if c == "" {
		return "empty"
	}
	return string(c)
}

func totals(ss []rules.Score) []int {
	var out []int
	for _, s := range ss {
		out = append(out, s.Total)
	}
	return out
}

func winners(evs []rules.Event) []int {
	for _, e := range evs {
		if e.Kind == rules.EventEnd {
			return e.Winners
		}
	}
	return nil
}

// Print writes the rows as a table.
func Print(w io.Writer, rows []Row) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "light\ttables right\tboard cells right\twrong\tunknown\tcubes right\twrong\tmissed\tunsure\tprinted\tscores wrong\twinners wrong\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%d/%d\t%s\t%d\t%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t\n", r.Light, r.TablesRight, r.Tables, Ratio(r.CellsRight, r.Cells), r.CellsWrong, r.CellsUnknown,
			Ratio(r.CubesRight, r.Cubes), r.CubesWrong, r.CubesMissed, r.CubesUnsure, r.Printed, r.ScoresWrong, r.WinnersWrong)
	}
	tw.Flush()
}

// Ratio is "a/b p%", or "-" when b is 0: how the benches count.
func Ratio(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d %.1f%%", a, b, 100*float64(a)/float64(b))
}

// DocsSteps calibrates a table as docs/calibration.md says: the empty
// boards (`calibrate board`), the construction sites laid on them when the
// game has the module (`calibrate board --sites`), then two colour photos
// (`calibrate colours`): the first with one cube of each colour on the
// mat and tiles in the first five columns of the first three rows of
// every board, the second with the cubes laid again.
func DocsSteps(ctx context.Context, t *scenes.CityTable, cal *calibration.File) error {
	empty, err := t.Empty()
	if err != nil {
		return err
	}
	if err := withPhoto(ctx, empty, func(p colourgrid.Photo) error {
		_, err := colourgrid.CalibrateBoards(cal, p, nil)
		return err
	}); err != nil {
		return fmt.Errorf("calibrate board: %w", err)
	}
	if t.City.SitesOn() {
		sites, err := t.SitesLaid()
		if err != nil {
			return err
		}
		if err := withPhoto(ctx, sites, func(p colourgrid.Photo) error {
			_, err := colourgrid.CalibrateSites(cal, p, nil)
			return err
		}); err != nil {
			return fmt.Errorf("calibrate board --sites: %w", err)
		}
	}
	var all []int
	for p := 1; p <= t.City.Players; p++ {
		all = append(all, p)
	}
	first, err := t.Colours(scenes.ColourLayout{Boards: all, Rows: 3}, 0)
	if err != nil {
		return err
	}
	second, err := t.Colours(scenes.ColourLayout{}, 1)
	if err != nil {
		return err
	}
	return withPhoto(ctx, first, func(p1 colourgrid.Photo) error {
		return withPhoto(ctx, second, func(p2 colourgrid.Photo) error {
			_, err := colourgrid.CalibrateColours(cal, []colourgrid.Photo{p1, p2}, false)
			if err != nil {
				return fmt.Errorf("calibrate colours: %w", err)
			}
			return nil
		})
	})
}

// withPhoto renders a generated photo, reads its codes as the calibrate
// commands do, and hands it to f.
func withPhoto(ctx context.Context, g scenes.Game, f func(colourgrid.Photo) error) error {
	frame, _, err := synth.Render(g.Scene)
	if err != nil {
		return err
	}
	defer frame.Close()
	res, err := qr.NewReader(qr.Options{}).Read(ctx, frame)
	if err != nil {
		return err
	}
	return f(colourgrid.Photo{Name: g.Name, Frame: frame, Codes: res.Codes})
}

// Printed is the verdict of `tableref scan` (docs/scanner.md), taken
// from the function scan itself calls (scanner.ScoreFinished, no
// --allow-missing): scores and winners only when every square of every
// player's board was read, a tile or seen empty, and no problem leaves the
// read partial.
func Printed(scan *scanner.Scan, s rules.Setup) bool {
	mode, ok := rules.LookupMode(s.Mode)
	if !ok {
		return false
	}
	setup, err := mode.Check(s)
	if err != nil {
		return false
	}
	fin, err := scanner.ScoreFinished(mode, setup, scan, false)
	return err == nil && fin.Scores != nil
}
