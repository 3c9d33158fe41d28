// Package scanbench is `tableref bench scan`: generated photos of finished
// games of every mode under three conditions, each read by the scanner and
// scored, against the truth the generator knows (tables, cells, scores, and
// what 'tableref scan' would say). It shares colourbench's counting.
package scanbench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/scanner/colourbench"
	"github.com/tableref/tableref/scanner/scenes"
	"github.com/tableref/tableref/vision/synth"
)

// benchGame is one generator of the benchmark set.
type benchGame struct {
	name string
	make func(scenes.Options) (scenes.Game, error)
}

var benchGames = []benchGame{
	{"wit-continental 3p", func(o scenes.Options) (scenes.Game, error) { return scenes.WitContinental(o, 3) }},
	{"wit-cartographer 2p", func(o scenes.Options) (scenes.Game, error) { return scenes.WitCartographer(o, 2) }},
	{"wit-cartographer 4p", func(o scenes.Options) (scenes.Game, error) { return scenes.WitCartographer(o, 4) }},
	{"mapit", scenes.MapIt},
	{"nsoe", scenes.NSOE},
	{"strangeworld 2p", func(o scenes.Options) (scenes.Game, error) { return scenes.StrangeWorld(o, 2) }},
	{"strangeworld-solo", func(o scenes.Options) (scenes.Game, error) { return scenes.StrangeWorld(o, 1) }},
	{"shakecity 2p", func(o scenes.Options) (scenes.Game, error) { return scenes.ShakeCity(o, 2) }},
	{"shakecity 4p", func(o scenes.Options) (scenes.Game, error) { return scenes.ShakeCity(o, 4) }},
}

// benchConditions are how the photos are taken.
var benchConditions = []struct {
	name string
	opt  scenes.Options
}{
	{"clean", scenes.Options{}},
	{"hard", scenes.Options{Tilt: 15, Roll: 4, Blur: 1, Noise: 3, JPEG: 85, Light: 0.4, Hands: 2, Turn: 3}},
	{"slanted", scenes.Options{Tilt: 25, Roll: -6, Blur: 0.7, Noise: 2, Light: 0.25, Turn: -8}},
}

// benchRow is one game × condition of the results.
type benchRow struct {
	game, cond                    string
	photos, tables, scored, score int
	// unsure: photos scan did not score (a gap or a problem said);
	// falseScore: photos scan scored, and not as the truth scores.
	unsure, falseScore          int
	cells, right, wrong, missed int
	ms                          []float64
}

// Progress is told of each photo done; nil tells nobody.
type Progress interface{ Add(n int) }

// ErrNoGame says no game's name contains the text asked for.
var ErrNoGame = errors.New("no game's name contains it")

// Run renders n photos of every game whose name contains only, under each
// condition, reads and scores them, and writes the table of results to
// stdout (and, verbose, each wrong cell). Games counts the games run.
func Run(ctx context.Context, n int, only string, verbose bool, stdout io.Writer, bar Progress) error {
	var rows []*benchRow
	for gi, bg := range benchGames {
		if !strings.Contains(bg.name, only) {
			continue
		}
		for ci, cond := range benchConditions {
			row := &benchRow{game: bg.name, cond: cond.name}
			rows = append(rows, row)
			for k := 0; k < n; k++ {
				o := cond.opt
				o.Seed = uint64(1000*gi + 100*ci + k + 1)
				if err := benchOne(ctx, bg, o, row, verbose, stdout); err != nil {
					return fmt.Errorf("%s, %s, seed %d: %w", bg.name, cond.name, o.Seed, err)
				}
				if bar != nil {
					bar.Add(1)
				}
			}
		}
	}
	if len(rows) == 0 {
		return fmt.Errorf("%q: %w", only, ErrNoGame)
	}
	printBench(stdout, rows)
	return nil
}

// benchOne renders, scans and scores one photo and adds it to row.
func benchOne(ctx context.Context, bg benchGame, o scenes.Options, row *benchRow, verbose bool, w io.Writer) error {
	g, err := bg.make(o)
	if err != nil {
		return err
	}
	if g.Setup.Mode == "shakecity" {
		if err := benchColours(ctx, g.Cal, o, len(g.Setup.Players)); err != nil {
			return err
		}
	}
	frame, _, err := synth.Render(g.Scene)
	if err != nil {
		return err
	}
	defer frame.Close()
	sc, err := scanner.New(g.Cal, scanner.Options{Mode: g.Setup.Mode, Setup: g.Setup})
	if err != nil {
		return err
	}
	start := time.Now()
	scan, err := sc.Photo(ctx, frame)
	if err != nil {
		return err
	}
	row.ms = append(row.ms, float64(time.Since(start).Microseconds())/1000)
	row.photos++
	diffs := scenes.Diff(scan.Table, g.Visible)
	if len(diffs) == 0 {
		row.tables++
	}
	total := countCells(g.Visible)
	row.cells += total
	for _, d := range diffs {
		switch {
		case strings.Contains(d, `got ""`) || strings.HasSuffix(d, " missing"):
			row.missed++
		default:
			row.wrong++
		}
		if verbose {
			fmt.Fprintf(w, "  %s seed %d: %s\n", bg.name, o.Seed, d)
		}
	}
	row.right += total - row.missedOrWrongIn(diffs)
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
	row.scored++
	if reflect.DeepEqual(got, want) && sameVerdicts(gotEvs, wantEvs) {
		row.score++
	}
	// What `tableref scan` says of the photo: a score only when the whole
	// table was read for sure. A score it gives that differs from the
	// truth is a false verdict, the worst outcome; a photo it does not
	// score is only a missed one.
	fin, err := scanner.ScoreFinished(mode, setup, scan, false)
	switch {
	case err != nil || fin.Status != scanner.StatusOK:
		row.unsure++
	case !reflect.DeepEqual(fin.Scores, want) || !sameVerdicts(fin.Events, wantEvs):
		row.falseScore++
		if verbose {
			fmt.Fprintf(w, "  %s seed %d: scan scored it %v, the truth is %v\n", bg.name, o.Seed, totals(fin.Scores), totals(want))
		}
	}
	return nil
}

// totals is "Ana 12, Ben 9" for a verbose line.
func totals(scores []rules.Score) string {
	var parts []string
	for _, s := range scores {
		parts = append(parts, fmt.Sprintf("%s %d", s.Name, s.Total))
	}
	return strings.Join(parts, ", ")
}

// missedOrWrongIn counts the truth cells a diff touches (an extra card in
// an empty cell touches none).
func (r *benchRow) missedOrWrongIn(diffs []string) int {
	n := 0
	for _, d := range diffs {
		if !strings.HasSuffix(d, `want ""`) && !strings.HasSuffix(d, "not expected") {
			n++
		}
	}
	return n
}

// countCells counts the cards, cubes and tiles of a table.
func countCells(t rules.Table) int {
	n := 0
	for _, z := range t.Zones {
		n += len(z.Cells) + len(z.Items)
	}
	return n
}

// sameVerdicts compares the pair verdicts and cell points of two scorings.
func sameVerdicts(a, b []rules.Event) bool {
	key := func(evs []rules.Event) []string {
		var out []string
		for _, e := range evs {
			if e.Kind == rules.EventVerdict || e.Kind == rules.EventPoints {
				out = append(out, fmt.Sprintf("%s %s %s %s %d", e.Kind, e.Card, e.Action, e.Verdict, e.Points))
			}
		}
		sort.Strings(out)
		return out
	}
	return reflect.DeepEqual(key(a), key(b))
}

// benchColours calibrates the colours and boards of the table as
// docs/calibration.md says, on photos of the same table without arms.
func benchColours(ctx context.Context, cal *calibration.File, o scenes.Options, players int) error {
	o.Hands = 0
	return colourbench.DocsSteps(ctx, scenes.NewCityTable(o, scenes.City{Players: players}), cal)
}

func printBench(w io.Writer, rows []*benchRow) {
	fmt.Fprintln(w, "tableref bench scan: generated photos of finished games; a table is right when the snapshot equals the truth,")
	fmt.Fprintln(w, "a score when ScoreTable of the snapshot equals ScoreTable of everything on the table (pair verdicts too);")
	fmt.Fprintln(w, "scan unsure: photos 'tableref scan' does not score (it says what it missed); scan false: photos it scores wrong")
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "game\tphotos\tcondition\ttables right\tcells right\twrong\tmissed\tscores right\tscan unsure\tscan false\tmedian ms\t")
	var all benchRow
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%d\t%d\t%s\t%d\t%d\t%.0f\t\n", r.game, r.cond, r.photos, colourbench.Ratio(r.tables, r.photos), colourbench.Ratio(r.right, r.cells), r.wrong, r.missed, colourbench.Ratio(r.score, r.scored), r.unsure, r.falseScore, medianOf(r.ms))
		all.photos += r.photos
		all.tables += r.tables
		all.right += r.right
		all.cells += r.cells
		all.wrong += r.wrong
		all.missed += r.missed
		all.score += r.score
		all.scored += r.scored
		all.unsure += r.unsure
		all.falseScore += r.falseScore
		all.ms = append(all.ms, r.ms...)
	}
	fmt.Fprintf(tw, "overall\t\t%d\t%s\t%s\t%d\t%d\t%s\t%d\t%d\t%.0f\t\n", all.photos, colourbench.Ratio(all.tables, all.photos), colourbench.Ratio(all.right, all.cells), all.wrong, all.missed, colourbench.Ratio(all.score, all.scored), all.unsure, all.falseScore, medianOf(all.ms))
	tw.Flush()
}

func medianOf(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// Photos is how many photos Run makes for n per game and condition.
func Photos(n int, only string) int {
	games := 0
	for _, bg := range benchGames {
		if strings.Contains(bg.name, only) {
			games++
		}
	}
	return games * len(benchConditions) * n
}
