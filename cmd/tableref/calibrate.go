package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
)

func init() {
	register(&command{
		name:    "calibrate",
		summary: "calibrate the table plane, player zones, cube and tile colours, city boards (calibrate show draws them)",
		run:     runCalibrate,
	})
}

// calibrateSubs are the calibrate subcommands.
var calibrateSubs = map[string]struct {
	args, summary string
	run           func(ctx context.Context, path string, fs *flag.FlagSet, args []string, stdout io.Writer) error
	flags         func(fs *flag.FlagSet)
}{
	"table":   {"[--paper a4|letter] [--span WE,NS] [--code-mm MM] [--from-cards] PHOTO", "the table plane from the calibration sheet's four corner codes (or from the cards' codes)", calibrateTable, tableFlags},
	"zones":   {"[--grid ZONE:RxC:X0,Y0,X1,Y1] [--polygon ZONE:X,Y;X,Y;…] [--clear] [PHOTO]", "the player markers' places; fixed grids and polygons in table mm", calibrateZones, zoneFlags},
	"colours": {"[--add] PHOTO…", "cube and tile colours from one of each colour on the shaker mat (red blue black / green grey white) and along a board's first row", calibrateColours, colourFlags},
	"board":   {"PHOTO [ZONE…]", "the empty look of every shaker mat and city board in the photo (or only the zones named: shaker, board:p1 …)", calibrateBoard, nil},
	"show":    {"[--out OUT.png] [PHOTO]", "print the calibration; with a photo, draw it over the photo", calibrateShow, showFlags},
}

func runCalibrate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	usage := func() {
		fmt.Fprintln(stderr, "usage: tableref calibrate SUBCOMMAND [--calibration FILE] [OPTIONS] ARGS")
		var names []string
		for n := range calibrateSubs {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			c := calibrateSubs[n]
			fmt.Fprintf(stderr, "  calibrate %-7s %s\n      %s\n", n, c.args, c.summary)
		}
		fmt.Fprintf(stderr, "The calibration file is %s unless --calibration names another; docs/calibration.md explains each step.\n", calibration.DefaultPath)
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		usage()
		if len(args) == 0 {
			return fmt.Errorf("missing subcommand: %w", errUsage)
		}
		return nil
	}
	sub, ok := calibrateSubs[args[0]]
	if !ok {
		usage()
		return fmt.Errorf("unknown calibrate subcommand %q: %w", args[0], errUsage)
	}
	fs := flag.NewFlagSet("calibrate "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("calibration", calibration.DefaultPath, "calibration file to update")
	if sub.flags != nil {
		sub.flags(fs)
	}
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: tableref calibrate %s %s\n", args[0], sub.args)
		fs.PrintDefaults()
	}
	pos, err := parseInterspersed(fs, args[1:])
	if err != nil {
		return errUsage
	}
	return sub.run(ctx, *path, fs, pos, stdout)
}

// readPhoto loads a photo and reads its codes.
func readPhoto(ctx context.Context, path string) (gocv.Mat, qr.Result, error) {
	frame := gocv.IMRead(path, gocv.IMReadColor)
	if frame.Empty() {
		frame.Close()
		return gocv.NewMat(), qr.Result{}, fmt.Errorf("%s: cannot read the image (missing, or not a PNG/JPEG)", path)
	}
	res, err := scanner.TiledReader{Reader: qr.NewReader(qr.Options{})}.Read(ctx, frame)
	if err != nil {
		frame.Close()
		return gocv.NewMat(), qr.Result{}, fmt.Errorf("%s: %w", path, err)
	}
	return frame, res, nil
}

// fileAndPhoto loads the calibration file to update (new when absent) and
// reads the photo's codes; the caller closes the frame.
func fileAndPhoto(ctx context.Context, path, photo string) (*calibration.File, gocv.Mat, qr.Result, error) {
	f, err := calibration.LoadOrNew(path)
	if err != nil {
		return nil, gocv.NewMat(), qr.Result{}, err
	}
	frame, res, err := readPhoto(ctx, photo)
	return f, frame, res, err
}

func marks(res qr.Result) []calibration.Mark {
	var out []calibration.Mark
	for _, c := range res.Codes {
		out = append(out, calibration.Mark{Payload: c.Payload, Corners: c.Corners})
	}
	return out
}

func onePhoto(fs *flag.FlagSet, pos []string) error {
	if len(pos) != 1 {
		fs.Usage()
		return fmt.Errorf("want one photo: %w", errUsage)
	}
	return nil
}

var (
	codeMM       = calibration.PrintedCode
	fromCards    bool
	paper, spans string
)

func tableFlags(fs *flag.FlagSet) {
	fs.Float64Var(&codeMM, "code-mm", calibration.PrintedCode, "printed side of the sheet's codes without quiet zone, mm (21 × the module size)")
	fs.BoolVar(&fromCards, "from-cards", false, "no sheet: find the plane from every card and marker code by its printed size")
	fs.StringVar(&paper, "paper", "a4", "paper the sheet was printed on (a4, letter), which sets how far apart its codes are; none: use only the codes' size")
	fs.StringVar(&spans, "span", "", "WE,NS: the distances between the sheet's code centres in mm, as printed on it (overrides --paper)")
}

// sheetSpan is the distance between the sheet's code centres the flags
// give: --span, else the printer's layout on --paper, else none.
func sheetSpan() ([2]float64, error) {
	if spans != "" {
		v, err := numbers(spans, 2)
		if err != nil || v[0] <= 0 || v[1] <= 0 {
			return [2]float64{}, fmt.Errorf("--span %q: want two positive distances WE,NS in mm: %w", spans, errUsage)
		}
		return [2]float64{v[0], v[1]}, nil
	}
	if paper == "none" {
		return [2]float64{}, nil
	}
	we, ns, ok := calibration.SheetSpan(paper, codeMM/21)
	if !ok {
		return [2]float64{}, fmt.Errorf("--paper %q: want a4, letter or none: %w", paper, errUsage)
	}
	return [2]float64{we, ns}, nil
}

func calibrateTable(ctx context.Context, path string, fs *flag.FlagSet, pos []string, stdout io.Writer) error {
	if err := onePhoto(fs, pos); err != nil {
		return err
	}
	span, err := sheetSpan()
	if err != nil {
		return err
	}
	f, frame, res, err := fileAndPhoto(ctx, path, pos[0])
	if err != nil {
		return err
	}
	defer frame.Close()
	var t *calibration.Table
	if fromCards {
		t, err = calibration.FitCodes(marks(res), frame.Cols(), frame.Rows(), f.CodeSize(codeMM))
	} else {
		t, err = calibration.FitSheet(marks(res), frame.Cols(), frame.Rows(), codeMM, span)
	}
	if err != nil {
		return err
	}
	f.Table = t
	if err := f.Save(path); err != nil {
		return err
	}
	centre := geom.Pt{X: float64(frame.Cols()) / 2, Y: float64(frame.Rows()) / 2}
	fmt.Fprintf(stdout, "table plane from the %s: %d codes, %.2f mm rms; %.2f px per mm at the image centre, which is table (%.0f, %.0f) mm; saved to %s\n",
		t.Source, t.Codes, t.RMSMM, 1/t.H.LocalScale(centre), t.H.Apply(centre).X, t.H.Apply(centre).Y, path)
	return nil
}

// zone flag values.
var (
	gridFlags, polygonFlags []string
	clearZones              bool
)

func zoneFlags(fs *flag.FlagSet) {
	gridFlags, polygonFlags, clearZones = nil, nil, false
	fs.Func("grid", "a fixed grid ZONE:ROWSxCOLS:X0,Y0,X1,Y1 (table mm, NW and SE corners; repeatable), e.g. board:9x9:-300,-420,300,420", func(v string) error {
		gridFlags = append(gridFlags, v)
		return nil
	})
	fs.Func("polygon", "a zone's area ZONE:X,Y;X,Y;X,Y… in table mm (repeatable)", func(v string) error {
		polygonFlags = append(polygonFlags, v)
		return nil
	})
	fs.BoolVar(&clearZones, "clear", false, "forget the stored markers, grids and polygons first")
}

func calibrateZones(ctx context.Context, path string, fs *flag.FlagSet, pos []string, stdout io.Writer) error {
	if len(pos) > 1 || (len(pos) == 0 && len(gridFlags)+len(polygonFlags) == 0 && !clearZones) {
		fs.Usage()
		return fmt.Errorf("want a photo of the player markers, or --grid / --polygon: %w", errUsage)
	}
	f, err := calibration.LoadOrNew(path)
	if err != nil {
		return err
	}
	z := f.Zones
	if z == nil || clearZones {
		z = &calibration.Zones{}
	}
	for _, g := range gridFlags {
		grid, err := parseGrid(g)
		if err != nil {
			return fmt.Errorf("--grid %q: %v: %w", g, err, errUsage)
		}
		z.Grids = replaceGrid(z.Grids, grid)
	}
	for _, p := range polygonFlags {
		pg, err := parsePolygon(p)
		if err != nil {
			return fmt.Errorf("--polygon %q: %v: %w", p, err, errUsage)
		}
		z.Polygons = append(z.Polygons, pg)
	}
	if len(pos) == 1 {
		if f.Table == nil {
			return fmt.Errorf("%w: the player markers are placed in table mm: run 'tableref calibrate table PHOTO' first", calibration.ErrMissing)
		}
		frame, res, err := readPhoto(ctx, pos[0])
		if err != nil {
			return err
		}
		defer frame.Close()
		h, err := f.Table.For(frame.Cols(), frame.Rows())
		if err != nil {
			return err
		}
		seen := map[int]geom.Pt{}
		for _, c := range res.Codes {
			if m := c.Payload.Marker; c.Payload.Kind == rules.KindMarker && m.Type == rules.MarkerPlayer {
				if _, dup := seen[m.Player]; dup {
					return fmt.Errorf("%s: player %d's marker is seen twice", pos[0], m.Player)
				}
				seen[m.Player] = h.Apply(c.Centre())
			}
		}
		if len(seen) == 0 {
			return fmt.Errorf("%w: %s shows no player marker (print them with 'tableref print markers players')", calibration.ErrMissing, pos[0])
		}
		z.SetPlayers(seen)
	}
	f.Zones = z
	if err := f.Save(path); err != nil {
		return err
	}
	for _, m := range z.Players {
		fmt.Fprintf(stdout, "player %d's marker at (%.0f, %.0f) mm\n", m.Player, m.At[0], m.At[1])
	}
	for _, g := range z.Grids {
		fmt.Fprintf(stdout, "grid %s: %d×%d cells\n", g.Zone, g.Rows, g.Cols)
	}
	for _, p := range z.Polygons {
		fmt.Fprintf(stdout, "polygon %s: %d points\n", p.Zone, len(p.Points))
	}
	fmt.Fprintf(stdout, "saved to %s\n", path)
	return nil
}

// parseGrid reads ZONE:ROWSxCOLS:X0,Y0,X1,Y1.
func parseGrid(s string) (calibration.Grid, error) {
	parts := strings.Split(s, ":")
	if len(parts) != 3 && !(len(parts) == 4 && strings.HasPrefix(parts[0], "board")) {
		return calibration.Grid{}, errors.New("want ZONE:ROWSxCOLS:X0,Y0,X1,Y1")
	}
	if len(parts) == 4 { // a zone name with a colon, such as board:p2
		parts = []string{parts[0] + ":" + parts[1], parts[2], parts[3]}
	}
	g := calibration.Grid{Zone: parts[0]}
	if _, err := fmt.Sscanf(parts[1], "%dx%d", &g.Rows, &g.Cols); err != nil {
		return g, fmt.Errorf("size %q: want ROWSxCOLS such as 9x9", parts[1])
	}
	v, err := numbers(parts[2], 4)
	if err != nil {
		return g, err
	}
	g.Corners = [4][2]float64{{v[0], v[1]}, {v[2], v[1]}, {v[2], v[3]}, {v[0], v[3]}}
	return g, nil
}

func replaceGrid(gs []calibration.Grid, g calibration.Grid) []calibration.Grid {
	for i := range gs {
		if gs[i].Zone == g.Zone {
			gs[i] = g
			return gs
		}
	}
	return append(gs, g)
}

// parsePolygon reads ZONE:X,Y;X,Y;….
func parsePolygon(s string) (calibration.Polygon, error) {
	i := strings.LastIndex(s, ":")
	if i < 0 {
		return calibration.Polygon{}, errors.New("want ZONE:X,Y;X,Y;X,Y")
	}
	pg := calibration.Polygon{Zone: s[:i]}
	for _, p := range strings.Split(s[i+1:], ";") {
		v, err := numbers(p, 2)
		if err != nil {
			return pg, err
		}
		pg.Points = append(pg.Points, [2]float64{v[0], v[1]})
	}
	return pg, nil
}

func numbers(s string, n int) ([]float64, error) {
	fields := strings.Split(s, ",")
	if len(fields) != n {
		return nil, fmt.Errorf("%q: want %d numbers separated by commas", s, n)
	}
	out := make([]float64, n)
	for i, f := range fields {
		v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("%q is not a number of mm", f)
		}
		out[i] = v
	}
	return out, nil
}

var addColours bool

func colourFlags(fs *flag.FlagSet) {
	fs.BoolVar(&addColours, "add", false, "add these photos' samples to the stored profiles instead of replacing them")
}

func calibrateColours(ctx context.Context, path string, fs *flag.FlagSet, pos []string, stdout io.Writer) error {
	if len(pos) == 0 {
		fs.Usage()
		return fmt.Errorf("want at least one photo: %w", errUsage)
	}
	f, err := calibration.LoadOrNew(path)
	if err != nil {
		return err
	}
	var cubes, tiles []calibration.Sample
	if addColours && f.Colours != nil {
		cubes, tiles = asSamples(f.Colours.Cubes), asSamples(f.Colours.Tiles)
	}
	for _, p := range pos {
		frame, res, err := readPhoto(ctx, p)
		if err != nil {
			return err
		}
		c, t, err := scanner.ColourSamples(frame, res.Codes, f)
		frame.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		cubes, tiles = append(cubes, c...), append(tiles, t...)
	}
	if len(cubes)+len(tiles) == 0 {
		return fmt.Errorf("%w: no cube or tile found where calibration.ColourOrder expects them (docs/calibration.md)", calibration.ErrMissing)
	}
	if f.Colours == nil {
		f.Colours = &calibration.Colours{}
	}
	if len(cubes) > 0 {
		f.Colours.Cubes = calibration.BuildProfiles(cubes)
	}
	if len(tiles) > 0 {
		f.Colours.Tiles = calibration.BuildProfiles(tiles)
	}
	if err := f.Save(path); err != nil {
		return err
	}
	for _, set := range []struct {
		what string
		ps   []calibration.Profile
	}{{"cubes", f.Colours.Cubes}, {"tiles", f.Colours.Tiles}} {
		for _, p := range set.ps {
			fmt.Fprintf(stdout, "%s %-5s  L %5.1f a %6.1f b %6.1f  spread %4.1f  (%d samples)\n", set.what, p.Colour, p.Lab[0], p.Lab[1], p.Lab[2], p.Spread, p.Samples)
		}
	}
	fmt.Fprintf(stdout, "saved to %s\n", path)
	return nil
}

// asSamples turns stored profiles back into samples, one per sample they
// were made of, so --add weighs old and new photos alike.
func asSamples(ps []calibration.Profile) []calibration.Sample {
	var out []calibration.Sample
	for _, p := range ps {
		for i := 0; i < max(1, p.Samples); i++ {
			out = append(out, calibration.Sample{Colour: p.Colour, Lab: p.Lab, Spread: p.Spread / 3})
		}
	}
	return out
}

func calibrateBoard(ctx context.Context, path string, fs *flag.FlagSet, pos []string, stdout io.Writer) error {
	if len(pos) == 0 {
		fs.Usage()
		return fmt.Errorf("want a photo of the empty boards: %w", errUsage)
	}
	f, frame, res, err := fileAndPhoto(ctx, path, pos[0])
	if err != nil {
		return err
	}
	defer frame.Close()
	boards, probs, err := scanner.CaptureBoards(frame, res.Codes, f)
	if err != nil {
		return err
	}
	want := map[string]bool{}
	for _, z := range pos[1:] {
		want[z] = true
	}
	n := 0
	for _, b := range boards {
		if len(want) > 0 && !want[b.Zone] {
			continue
		}
		f.SetBoard(b)
		n++
		fmt.Fprintf(stdout, "%s: %d×%d cells captured\n", b.Zone, b.Layout.Rows, b.Layout.Cols)
	}
	for _, p := range probs {
		fmt.Fprintf(stdout, "not captured: %s\n", p.Text)
	}
	if n == 0 {
		return fmt.Errorf("%w: %s shows no shaker mat or city board with all four corner codes (zones asked: %s)", calibration.ErrMissing, pos[0], strings.Join(pos[1:], " "))
	}
	if err := f.Save(path); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "saved to %s\n", path)
	return nil
}

var showOut string

func showFlags(fs *flag.FlagSet) {
	fs.StringVar(&showOut, "out", "calibration.png", "where to write the drawing")
}

func calibrateShow(ctx context.Context, path string, fs *flag.FlagSet, pos []string, stdout io.Writer) error {
	if len(pos) > 1 {
		fs.Usage()
		return fmt.Errorf("want at most one photo: %w", errUsage)
	}
	f, err := calibration.Load(path)
	if err != nil {
		return err
	}
	printCalibration(stdout, path, f)
	if len(pos) == 0 {
		return nil
	}
	frame := gocv.IMRead(pos[0], gocv.IMReadColor)
	if frame.Empty() {
		frame.Close()
		return fmt.Errorf("%s: cannot read the image", pos[0])
	}
	defer frame.Close()
	sc, err := scanner.New(f, scanner.Options{})
	if err != nil {
		return err
	}
	img, err := sc.ShowCalibration(ctx, frame)
	if err != nil {
		return err
	}
	defer img.Close()
	if !gocv.IMWrite(showOut, img) {
		return fmt.Errorf("%s: cannot write the drawing", showOut)
	}
	fmt.Fprintf(stdout, "drawn over %s: %s\n", pos[0], showOut)
	return nil
}

// printCalibration says what each section holds, and which command makes
// a missing one.
func printCalibration(w io.Writer, path string, f *calibration.File) {
	fmt.Fprintf(w, "%s (format %d)\n", path, f.Format)
	if t := f.Table; t != nil {
		fmt.Fprintf(w, "  table: from the %s, %d codes of %.1f mm, %.2f mm rms, for %d×%d frames\n", t.Source, t.Codes, t.CodeMM, t.RMSMM, t.Image[0], t.Image[1])
	} else {
		fmt.Fprintln(w, "  table: none (tableref calibrate table PHOTO)")
	}
	if z := f.Zones; z != nil {
		fmt.Fprintf(w, "  zones: %d player markers, %d grids, %d polygons\n", len(z.Players), len(z.Grids), len(z.Polygons))
	} else {
		fmt.Fprintln(w, "  zones: none (player markers are read live; tableref calibrate zones PHOTO stores them)")
	}
	if c := f.Colours; c != nil {
		fmt.Fprintf(w, "  colours: %d cube profiles, %d tile profiles\n", len(c.Cubes), len(c.Tiles))
	} else {
		fmt.Fprintln(w, "  colours: none (tableref calibrate colours PHOTO)")
	}
	for _, b := range f.Boards {
		state := "layout only"
		if b.Captured() {
			state = "empty look captured"
		}
		fmt.Fprintf(w, "  %s: %d×%d cells, %s\n", b.Zone, b.Layout.Rows, b.Layout.Cols, state)
	}
	if len(f.Boards) == 0 {
		fmt.Fprintln(w, "  boards: none (tableref calibrate board PHOTO)")
	}
}
