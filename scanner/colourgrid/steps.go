package colourgrid

import (
	"fmt"
	"io"
	"strings"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/qr"
)

// The calibration steps of docs/calibration.md, as `tableref calibrate
// board`, `colours` and `shaker` run them: each takes the photos' frames
// and codes, updates the calibration file in memory and says what it
// did. The command only loads, saves and prints.

// Photo is one calibration photo: a name for messages, its frame and the
// codes read from it.
type Photo struct {
	Name  string
	Frame gocv.Mat
	Codes []qr.Tableref
}

// mats finds the mats and boards of a photo, or says none is wholly in
// view.
func (p Photo) mats(cal *calibration.File) ([]Mat, []Partial, error) {
	mats, part := Find(p.Codes, cal)
	if len(mats) == 0 {
		msg := "no shaker mat or city board with all four corner codes in view"
		if len(part) > 0 {
			msg += ": " + part[0].String()
		}
		return nil, part, fmt.Errorf("%s: %w: %s", p.Name, calibration.ErrMissing, msg)
	}
	return mats, part, nil
}

// BoardsReport is what `calibrate board` did.
type BoardsReport struct {
	Captured []calibration.Board
	// NotInView are the zones asked for but not wholly in view, and
	// Partial the mats seen only in part.
	Partial []Partial
}

// CalibrateBoards captures the empty look of every mat and board wholly in
// the photo (or only the zones named) into cal.
func CalibrateBoards(cal *calibration.File, p Photo, zones []string) (BoardsReport, error) {
	mats, part, err := p.mats(cal)
	if err != nil {
		return BoardsReport{Partial: part}, err
	}
	want := map[string]bool{}
	for _, z := range zones {
		want[z] = true
	}
	var keep []Mat
	for _, m := range mats {
		if len(want) == 0 || want[m.Zone] {
			keep = append(keep, m)
		}
	}
	if len(keep) == 0 {
		return BoardsReport{Partial: part}, fmt.Errorf("%w: %s shows none of %s with all four corner codes", calibration.ErrMissing, p.Name, strings.Join(zones, " "))
	}
	boards, err := CaptureBoards(p.Frame, keep)
	if err != nil {
		return BoardsReport{}, err
	}
	for _, b := range boards {
		cal.SetBoard(b)
	}
	return BoardsReport{Captured: boards, Partial: part}, nil
}

// Print says which boards were captured.
func (r BoardsReport) Print(w io.Writer) {
	for _, b := range r.Captured {
		fmt.Fprintf(w, "%s: %d×%d cells captured\n", b.Zone, b.Layout.Rows, b.Layout.Cols)
	}
	for _, p := range r.Partial {
		fmt.Fprintf(w, "not captured: %s\n", p)
	}
}

// CalibrateSites captures the construction sites lying on their squares
// (nil: DefaultSites) of every captured board in the photo into cal.
func CalibrateSites(cal *calibration.File, p Photo, squares []rules.Pos) ([]calibration.Board, error) {
	mats, _, err := p.mats(cal)
	if err != nil {
		return nil, err
	}
	if len(squares) == 0 {
		squares = DefaultSites
	}
	boards, err := CaptureSites(p.Frame, mats, squares)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.Name, err)
	}
	if len(boards) == 0 {
		return nil, fmt.Errorf("%w: %s shows no city board with all four corner codes", calibration.ErrMissing, p.Name)
	}
	for _, b := range boards {
		cal.SetBoard(b)
	}
	if cal.Colours != nil {
		if err := clearSites(cal, cal.Colours.Tiles); err != nil {
			return nil, err
		}
	}
	return boards, nil
}

// ColoursReport is what `calibrate colours` did.
type ColoursReport struct {
	Cubes, Tiles []calibration.Profile
	Notes        []string
}

// CalibrateColours builds the cube and tile profiles from the photos (and,
// with add, the samples the stored profiles were made of) into cal,
// refusing profiles that would confuse two colours.
func CalibrateColours(cal *calibration.File, photos []Photo, add bool) (ColoursReport, error) {
	var cubes, tiles []calibration.Sample
	if add && cal.Colours != nil {
		cubes, tiles = asSamples(cal.Colours.Cubes), asSamples(cal.Colours.Tiles)
	}
	var rep ColoursReport
	for _, p := range photos {
		mats, _, err := p.mats(cal)
		if err != nil {
			return rep, err
		}
		s, err := ColourSamples(p.Frame, mats)
		if err != nil {
			return rep, fmt.Errorf("%s: %w", p.Name, err)
		}
		cubes, tiles = append(cubes, s.Cubes...), append(tiles, s.Tiles...)
		for _, n := range s.Notes {
			rep.Notes = append(rep.Notes, p.Name+": "+n)
		}
	}
	if len(cubes)+len(tiles) == 0 {
		return rep, fmt.Errorf("%w: no cube or tile found where docs/calibration.md asks for them", calibration.ErrMissing)
	}
	if err := everyColour(cubes, tiles, rep.Notes); err != nil {
		return rep, err
	}
	if cal.Colours == nil {
		cal.Colours = &calibration.Colours{}
	}
	next := *cal.Colours
	if len(cubes) > 0 {
		next.Cubes = calibration.BuildProfiles(cubes)
		if err := calibration.CheckProfiles(next.Cubes, cubes); err != nil {
			return rep, fmt.Errorf("cubes: %w", err)
		}
	}
	if len(tiles) > 0 {
		next.Tiles = calibration.BuildProfiles(tiles)
		if err := calibration.CheckProfiles(next.Tiles, tiles); err != nil {
			return rep, fmt.Errorf("tiles: %w", err)
		}
	}
	if err := clearSites(cal, next.Tiles); err != nil {
		return rep, err
	}
	*cal.Colours = next
	rep.Cubes, rep.Tiles = next.Cubes, next.Tiles
	return rep, nil
}

// everyColour refuses samples that leave a colour out: once tiles (or
// cubes) are sampled, every tile colour (every cube colour but the
// optional white) must have one, or every later photo would have squares
// of that colour with "no calibrated colour" and no score. The error
// names the colour and what to lay where; notes say what was left out.
func everyColour(cubes, tiles []calibration.Sample, notes []string) error {
	has := func(s []calibration.Sample, c rules.Colour) bool {
		for _, x := range s {
			if x.Colour == c {
				return true
			}
		}
		return false
	}
	var missing []string
	if len(tiles) > 0 {
		for col, c := range TileColumns {
			if !has(tiles, c) {
				missing = append(missing, fmt.Sprintf("no %s tile: lay a %s tile flat in column %d of a board (counting from its west edge)", c, c, col+1))
			}
		}
	}
	if len(cubes) > 0 {
		order := calibration.ColourOrder(calibration.DefaultShakerLayout())
		for r := 0; r < 3; r++ {
			for col := 0; col < 3; col++ {
				c, ok := order[rules.Pos{Row: r, Col: col}]
				if ok && c != rules.White && !has(cubes, c) {
					missing = append(missing, fmt.Sprintf("no %s cube: lay a %s cube on the shaker mat's %s", c, c, cellName(rules.Pos{Row: r, Col: col})))
				}
			}
		}
	}
	if len(missing) == 0 {
		return nil
	}
	err := fmt.Errorf("%w: %s; then take the photo again (or add one with --add)", calibration.ErrMissing, strings.Join(missing, "; "))
	if len(notes) > 0 {
		err = fmt.Errorf("%w (left out: %s)", err, strings.Join(notes, "; "))
	}
	return err
}

// clearSites refuses a construction site that a one-colour tile would
// pass for (a site whose face shows one colour, that of a tile): a tile
// on its square could not be told from the site.
func clearSites(cal *calibration.File, tiles []calibration.Profile) error {
	for _, b := range cal.Boards {
		for _, st := range b.Sites {
			for _, p := range tiles {
				px := make([]calibration.Lab, 16)
				for i := range px {
					px[i] = p.Lab
				}
				if st.Match(px) <= 1.5 {
					return fmt.Errorf("%w: the construction site on %s %s looks like a %s tile: a tile there could not be told from the site", calibration.ErrConfused, b.Zone, cellName(rules.Pos{Row: st.Cell[0], Col: st.Cell[1]}), p.Colour)
				}
			}
		}
	}
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

// Print says each profile, how many samples it has and how far the
// nearest other colour is, and what was left out.
func (r ColoursReport) Print(w io.Writer) {
	for _, set := range []struct {
		what string
		ps   []calibration.Profile
	}{{"cubes", r.Cubes}, {"tiles", r.Tiles}} {
		for _, p := range set.ps {
			near, d := calibration.NearestColour(set.ps, p)
			fmt.Fprintf(w, "%s %-5s  L %5.1f a %6.1f b %6.1f  spread %4.1f  %2d samples", set.what, p.Colour, p.Lab[0], p.Lab[1], p.Lab[2], p.Spread, p.Samples)
			if near != "" {
				fmt.Fprintf(w, "  nearest %s %.1f apart", near, d)
			}
			fmt.Fprintln(w)
		}
	}
	for _, n := range r.Notes {
		fmt.Fprintln(w, "left out:", n)
	}
}

// CalibrateShaker learns where the shaker drops its cubes from photos of
// its shakes into cal's shaker layout: the printed cells stay when the
// cubes land on them already.
func CalibrateShaker(cal *calibration.File, photos []Photo) (DropGrid, error) {
	var shakes []Shake
	var shaker *Mat
	for _, p := range photos {
		mats, _, err := p.mats(cal)
		if err != nil {
			return DropGrid{}, err
		}
		found := false
		for _, m := range mats {
			if m.IsShaker() {
				// Shakes are fitted on the printed mat, not on a grid
				// learnt before.
				m.Layout = calibration.DefaultShakerLayout()
				if b := cal.Board(m.Zone); b != nil && b.Layout.Cube > 0 {
					m.Layout.Cube = b.Layout.Cube
				}
				s, err := FindShake(p.Frame, m)
				if err != nil {
					return DropGrid{}, fmt.Errorf("%s: %w", p.Name, err)
				}
				shakes, shaker, found = append(shakes, s), &m, true
			}
		}
		if !found {
			return DropGrid{}, fmt.Errorf("%w: %s: the shaker mat is not wholly in view", calibration.ErrMissing, p.Name)
		}
	}
	d, err := FitDrop(shaker.Layout, shakes)
	if err != nil {
		return d, err
	}
	// Only the cells' grid is this step's: what other steps captured of
	// the mat (its empty look, from `calibrate board`) stays. The mat is
	// plain paper under every cell, so its look still fits cells moved
	// onto the shaker's drop grid (same count of cells).
	b := calibration.Board{Zone: shaker.Zone}
	if old := cal.Board(shaker.Zone); old != nil {
		b = *old
	}
	b.Layout = d.Layout
	cal.SetBoard(b)
	return d, nil
}

// Print says what the shaker's drop grid is against the printed mat.
func (d DropGrid) Print(w io.Writer) {
	dir := func(v float64, pos, neg string) string {
		if v < 0 {
			return fmt.Sprintf("%.1f mm %s", -v, neg)
		}
		return fmt.Sprintf("%.1f mm %s", v, pos)
	}
	fmt.Fprintf(w, "%d shake(s), %d cubes: the shaker drops them %.1f mm apart, their middle %s and %s of the mat's; a cube lands %.1f mm from its place (rms), %.1f at most\n",
		d.Shakes, d.Cubes, d.Pitch, dir(d.Offset.X, "east", "west"), dir(d.Offset.Y, "south", "north"), d.Scatter, d.Worst)
	cell := d.Layout.CellSize()
	if d.Kept {
		fmt.Fprintf(w, "the printed %.0f mm cells fit your shaker: kept\n", cell.X)
		return
	}
	fmt.Fprintf(w, "the shaker's cells are now read on that grid (%.1f mm cells): a cube up to %.1f mm from its cell's middle is in its cell\n", cell.X, (cell.X-d.Cube)/2)
}
