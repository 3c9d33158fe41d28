package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/shakecity"
	"github.com/tableref/tableref/scanner/colourgrid"
)

// Shake That City's calibration steps (docs/calibration.md): the empty
// boards and their construction sites, the cube and tile colours, where
// the shaker drops its cubes. The work is scanner/colourgrid's; these
// commands load the photos, save the file and print what it said.

func init() {
	for _, b := range []builder{newCalibrateBoard, newCalibrateColours, newCalibrateShaker} {
		registerUnder("calibrate", b)
	}
}

// colourPhoto reads a calibration photo's frame and codes; the caller
// closes the frame.
func colourPhoto(ctx context.Context, path string) (colourgrid.Photo, error) {
	frame, res, err := readPhoto(ctx, path)
	if err != nil {
		return colourgrid.Photo{}, err
	}
	return colourgrid.Photo{Name: path, Frame: frame, Codes: res.Codes}, nil
}

func newCalibrateBoard() *cobra.Command {
	var sites bool
	var pc printedCheck
	c := &cobra.Command{
		Use:   "board PHOTO [ZONE...]",
		Short: "the empty look of every shaker mat and city board in the photo (or only the zones named: shaker, board:p1 …); --sites: the construction sites laid on the empty boards",
		Example: "  tableref calibrate board empty.jpg\n  tableref calibrate board empty.jpg board:p2\n" +
			"  tableref calibrate board --sites sites.jpg\n" +
			"  tableref calibrate board empty.jpg --side sea --profile rules/shakecity/profiles/sea.json",
		Args: argsBetween(1, -1, "a photo of the empty boards, then the zones to take (default all)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return calibrateBoard(cmd.Context(), calibrationPath(cmd), sites, pc, args, cmd.OutOrStdout())
		},
	}
	c.Flags().BoolVar(&sites, "sites", false, "the photo shows the construction sites on their squares of the empty boards (run after the empty capture)")
	c.Flags().StringVar(&pc.side, "side", shakecity.SideStandard, "the board side up in the photo, standard or sea: its profile's printed squares are checked against the photo")
	c.Flags().StringVar(&pc.profile, "profile", "", "your board profile (JSON, docs/shake-that-city.md) to check instead of the side's default")
	return c
}

// printedCheck is the board profile calibrate board checks the empty
// boards against: the side's default, or the user's file.
type printedCheck struct{ side, profile string }

func (pc printedCheck) load() (*shakecity.Profile, string, error) {
	if pc.side != shakecity.SideStandard && pc.side != shakecity.SideSea {
		return nil, "", usagef("--side %q: want standard or sea", pc.side)
	}
	if pc.profile == "" {
		p, err := shakecity.DefaultProfile(pc.side)
		return p, "the default " + pc.side + " profile", err
	}
	data, err := os.ReadFile(pc.profile)
	if err != nil {
		return nil, "", err
	}
	p, err := shakecity.ParseProfile(data, pc.side)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", pc.profile, err)
	}
	return p, pc.profile, nil
}

// checkPrinted names every square of the captured city boards whose look
// disagrees with the profile's printed colours (shops score by them).
func checkPrinted(f *calibration.File, zones []calibration.Board, p *shakecity.Profile, what string, w io.Writer) int {
	n := 0
	for _, z := range zones {
		b := f.Board(z.Zone)
		if b == nil || z.Zone == calibration.ZoneShaker || b.Layout.Rows != len(p.ShopValue) {
			continue
		}
		mis, named, err := b.CheckPrinted(p.ShopValue, p.SeaCells)
		if err != nil {
			fmt.Fprintf(w, "%s: not checked against %s: %v\n", z.Zone, what, err)
			continue
		}
		for _, m := range mis {
			fmt.Fprintln(w, m.Text)
		}
		for _, s := range named {
			fmt.Fprintln(w, s)
		}
		if len(mis)+len(named) == 0 {
			fmt.Fprintf(w, "%s: its grey, brown and green squares are where %s says\n", z.Zone, what)
		}
		n += len(mis) + len(named)
	}
	return n
}

func calibrateBoard(ctx context.Context, path string, sites bool, pc printedCheck, args []string, stdout io.Writer) error {
	profile, what, err := pc.load()
	if err != nil {
		return err
	}
	f, err := calibration.LoadOrNew(path)
	if err != nil {
		return err
	}
	p, err := colourPhoto(ctx, args[0])
	if err != nil {
		return err
	}
	defer p.Frame.Close()
	if sites {
		if len(args) > 1 {
			return usagef("--sites takes every board in the photo: name no zones")
		}
		boards, err := colourgrid.CalibrateSites(f, p, nil)
		if err != nil {
			return err
		}
		for _, b := range boards {
			fmt.Fprintf(stdout, "%s: %d construction site(s) captured\n", b.Zone, len(b.Sites))
		}
	}
	var bad int
	if !sites {
		rep, err := colourgrid.CalibrateBoards(f, p, args[1:])
		rep.Print(stdout)
		if err != nil {
			return err
		}
		bad = checkPrinted(f, rep.Captured, profile, what, stdout)
	}
	if err := saveCalibration(f, path); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "saved to %s\n", path)
	if bad > 0 {
		// The capture is kept (it is the board's look); the profile is
		// what scores shops, and it is wrong for this board.
		return fmt.Errorf("%s does not match the board in %s (%s): shops would be scored by squares your board does not print; write your board's profile (docs/shake-that-city.md#board-profile-files) and give it with --profile, or check --side", what, args[0], rules.Count(bad, "problem"))
	}
	return nil
}

func newCalibrateColours() *cobra.Command {
	var add bool
	c := &cobra.Command{
		Use:   "colours PHOTO...",
		Short: "cube and tile colours: one cube of each colour on the shaker mat (red blue black / green grey white), tiles in the first five columns of the boards (red blue black green grey)",
		Example: "  tableref calibrate colours colours.jpg\n  tableref calibrate colours colours1.jpg colours2.jpg\n" +
			"  tableref calibrate colours --add lamp.jpg",
		Args: argsBetween(1, -1, "at least one photo of the cubes and tiles"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return calibrateColours(cmd.Context(), calibrationPath(cmd), add, args, cmd.OutOrStdout())
		},
	}
	c.Flags().BoolVar(&add, "add", false, "add these photos' samples to the stored profiles instead of replacing them")
	return c
}

func calibrateColours(ctx context.Context, path string, add bool, args []string, stdout io.Writer) error {
	return calibrateFromPhotos(ctx, path, args, stdout, func(f *calibration.File, photos []colourgrid.Photo) (printer, error) {
		return colourgrid.CalibrateColours(f, photos, add)
	})
}

// printer is a calibration step's report.
type printer interface{ Print(io.Writer) }

// calibrateFromPhotos loads the calibration at path (or starts one), reads
// every photo, runs step on them and saves the file, then prints step's
// report. Nothing is saved when a photo cannot be read or step fails.
func calibrateFromPhotos(ctx context.Context, path string, args []string, stdout io.Writer, step func(*calibration.File, []colourgrid.Photo) (printer, error)) error {
	f, err := calibration.LoadOrNew(path)
	if err != nil {
		return err
	}
	var photos []colourgrid.Photo
	defer func() {
		for _, p := range photos {
			p.Frame.Close()
		}
	}()
	for _, a := range args {
		p, err := colourPhoto(ctx, a)
		if err != nil {
			return err
		}
		photos = append(photos, p)
	}
	rep, err := step(f, photos)
	if err != nil {
		return err
	}
	if err := saveCalibration(f, path); err != nil {
		return err
	}
	rep.Print(stdout)
	fmt.Fprintf(stdout, "saved to %s\n", path)
	return nil
}

func newCalibrateShaker() *cobra.Command {
	return &cobra.Command{
		Use:     "shaker PHOTO...",
		Short:   "where the shaker drops its 9 cubes: from photos of a few shakes on the shaker mat (the mat's cells move onto the cubes when they do not land on the printed ones)",
		Example: "  tableref calibrate shaker shake1.jpg shake2.jpg shake3.jpg",
		Args:    argsBetween(1, -1, "photos of shakes"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return calibrateShaker(cmd.Context(), calibrationPath(cmd), args, cmd.OutOrStdout())
		},
	}
}

func calibrateShaker(ctx context.Context, path string, args []string, stdout io.Writer) error {
	return calibrateFromPhotos(ctx, path, args, stdout, func(f *calibration.File, photos []colourgrid.Photo) (printer, error) {
		return colourgrid.CalibrateShaker(f, photos)
	})
}
