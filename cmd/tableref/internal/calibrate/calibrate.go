package calibrate

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/imagefile"
	"github.com/tableref/tableref/vision/qr"
)

// readPhoto loads a photo and reads its codes, with the codebook of every
// installed deck (scanner.ReaderFor): the cards a --from-cards calibration
// measures carry codes as small as the game's.
func readPhoto(ctx context.Context, path string) (gocv.Mat, qr.Result, error) {
	frame, err := imagefile.Read(path)
	if err != nil {
		return gocv.NewMat(), qr.Result{}, err
	}
	res, err := scanner.ReaderFor("", rules.Setup{}).Read(ctx, frame)
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

// PlaneOptions are the flags of calibrate table.
type PlaneOptions struct {
	CodeMM       float64
	FromCards    bool
	Paper, Spans string
}

// sheetSpan is the distance between the sheet's code centres the flags
// give: --span, else the printer's layout on --paper, else none.
func (o PlaneOptions) sheetSpan() ([2]float64, error) {
	if o.Spans != "" {
		v, err := numbers(o.Spans, 2)
		if err != nil || v[0] <= 0 || v[1] <= 0 {
			return [2]float64{}, cli.Usagef("--span %q: want two positive distances WE,NS in mm", o.Spans)
		}
		return [2]float64{v[0], v[1]}, nil
	}
	if o.Paper == "none" {
		return [2]float64{}, nil
	}
	we, ns, ok := calibration.SheetSpan(o.Paper, o.CodeMM/21)
	if !ok {
		return [2]float64{}, cli.Usagef("--paper %q: want a4, letter or none", o.Paper)
	}
	return [2]float64{we, ns}, nil
}

func Plane(ctx context.Context, path string, o PlaneOptions, photo string, stdout io.Writer) error {
	span, err := o.sheetSpan()
	if err != nil {
		return err
	}
	codeMM := o.CodeMM
	f, frame, res, err := fileAndPhoto(ctx, path, photo)
	if err != nil {
		return err
	}
	defer frame.Close()
	var t *calibration.Plane
	if o.FromCards {
		t, err = calibration.FitCodes(marks(res), frame.Cols(), frame.Rows(), f.CodeSize(codeMM))
	} else {
		t, err = calibration.FitSheet(marks(res), frame.Cols(), frame.Rows(), codeMM, span)
	}
	if err != nil {
		return err
	}
	f.Plane = t
	if err := saveCalibration(f, path); err != nil {
		return err
	}
	centre := geom.Pt{X: float64(frame.Cols()) / 2, Y: float64(frame.Rows()) / 2}
	fmt.Fprintf(stdout, "table plane from the %s: %d codes, %.2f mm rms; %.2f px per mm at the image centre, which is table (%.0f, %.0f) mm; saved to %s\n",
		t.Source, t.Codes, t.RMSMM, 1/t.H.LocalScale(centre), t.H.Apply(centre).X, t.H.Apply(centre).Y, path)
	fmt.Fprintln(stdout, t.Advice(smallestModule(res, o.FromCards)).Text)
	return nil
}

// smallestModule is the smallest module size in pixels among the codes a
// table fit used: the sheet's corner codes, or every code from the cards.
func smallestModule(res qr.Result, fromCards bool) float64 {
	least := 0.0
	for _, c := range res.Codes {
		if !fromCards && (c.Payload.Kind != rules.KindMarker || c.Payload.Marker.Type != rules.MarkerCalibration) {
			continue
		}
		if least == 0 || c.ModulePx < least {
			least = c.ModulePx
		}
	}
	return least
}

// ZoneOptions are the flags of calibrate zones.
type ZoneOptions struct {
	Grids, Polygons []string
	Clear           bool
}

func Zones(ctx context.Context, path string, o ZoneOptions, pos []string, stdout io.Writer) error {
	f, err := calibration.LoadOrNew(path)
	if err != nil {
		return err
	}
	z := f.Zones
	if z == nil || o.Clear {
		z = &calibration.Zones{}
	}
	for _, g := range o.Grids {
		grid, err := parseGrid(g)
		if err != nil {
			return cli.Usagef("--grid %q: %v", g, err)
		}
		z.Grids = replaceGrid(z.Grids, grid)
	}
	for _, p := range o.Polygons {
		pg, err := parsePolygon(p)
		if err != nil {
			return cli.Usagef("--polygon %q: %v", p, err)
		}
		z.Polygons = append(z.Polygons, pg)
	}
	if len(pos) == 1 {
		if f.Plane == nil {
			return fmt.Errorf("%w: the player markers are placed in table mm: run 'tableref calibrate table PHOTO' first", calibration.ErrMissing)
		}
		frame, res, err := readPhoto(ctx, pos[0])
		if err != nil {
			return err
		}
		defer frame.Close()
		h, err := f.Plane.For(frame.Cols(), frame.Rows())
		if err != nil {
			return err
		}
		seen, err := scanner.PlayerMarkers(res.Codes)
		if err != nil {
			return fmt.Errorf("%s: %w", pos[0], err)
		}
		for p, at := range seen {
			seen[p] = h.Apply(at) // frame pixels to table mm
		}
		switch {
		case len(seen) > 0:
			z.SetPlayers(seen)
		case len(o.Grids)+len(o.Polygons) > 0:
			// A game without player markers (Nord Sud Ovest Est) needs
			// only its grid: the photo holds none, and that is fine.
			fmt.Fprintf(stdout, "%s shows no player marker: none stored (this game's zones are the grids and polygons given)\n", pos[0])
		default:
			return fmt.Errorf("%w: %s shows no player marker (print them with 'tableref print markers players')", calibration.ErrMissing, pos[0])
		}
	}
	f.Zones = z
	if err := saveCalibration(f, path); err != nil {
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

// parseGrid reads ZONE:ROWSxCOLS:X0,Y0,X1,Y1[:TURN]: the board's corners
// (its own NW and SE as it lies unturned, table mm) and how far it is
// turned clockwise on the table, 0, 90, 180 or 270 degrees.
func parseGrid(s string) (calibration.Grid, error) {
	parts := strings.Split(s, ":")
	turn := 0
	if n := len(parts); n >= 4 && !strings.Contains(parts[n-1], ",") {
		t, ok := quarterTurns[strings.TrimSpace(parts[n-1])]
		if !ok {
			return calibration.Grid{}, fmt.Errorf("TURN %q: want 90, 180 or 270 (degrees clockwise), or none", parts[n-1])
		}
		turn, parts = t, parts[:n-1]
	}
	if len(parts) != 3 && !(len(parts) == 4 && strings.HasPrefix(parts[0], "board")) {
		return calibration.Grid{}, errors.New("want ZONE:ROWSxCOLS:X0,Y0,X1,Y1[:TURN], TURN 90, 180 or 270 for a board turned clockwise")
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
	// The table's corners of the area, NW, NE, SE, SW; a board turned a
	// quarter clockwise has its own NW corner at the table's NE, so its
	// row 0 runs down the table's east edge.
	table := [4][2]float64{{v[0], v[1]}, {v[2], v[1]}, {v[2], v[3]}, {v[0], v[3]}}
	for i := range g.Corners {
		g.Corners[i] = table[(i+turn)%4]
	}
	return g, nil
}

// quarterTurns are the --grid TURN values, in quarter turns clockwise.
var quarterTurns = map[string]int{"0": 0, "90": 1, "180": 2, "270": 3}

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

func Show(ctx context.Context, path, showOut string, pos []string, stdout io.Writer) error {
	f, _, err := Load(path)
	if err != nil {
		return err
	}
	printCalibration(stdout, path, f)
	if len(pos) == 0 {
		return nil
	}
	frame, err := imagefile.Read(pos[0])
	if err != nil {
		return err
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
	if err := imagefile.Write(showOut, img, 0); err != nil {
		return fmt.Errorf("cannot write the drawing: %w", err)
	}
	fmt.Fprintf(stdout, "drawn over %s: %s\n", pos[0], showOut)
	return nil
}

// printCalibration says what each section holds, and which command makes
// a missing one.
func printCalibration(w io.Writer, path string, f *calibration.File) {
	fmt.Fprintf(w, "%s (format %d)\n", path, f.Format)
	if t := f.Plane; t != nil {
		fmt.Fprintf(w, "  table: from the %s, %d codes of %.1f mm, %.2f mm rms, for %d×%d frames\n", t.Source, t.Codes, t.CodeMM, t.RMSMM, t.Image[0], t.Image[1])
		fmt.Fprintf(w, "    %s\n", t.Advice(0).Text)
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
