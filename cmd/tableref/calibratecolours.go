package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/calibration"
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
	c := &cobra.Command{
		Use:   "board PHOTO [ZONE...]",
		Short: "the empty look of every shaker mat and city board in the photo (or only the zones named: shaker, board:p1 …); --sites: the construction sites laid on the empty boards",
		Example: "  tableref calibrate board empty.jpg\n  tableref calibrate board empty.jpg board:p2\n" +
			"  tableref calibrate board --sites sites.jpg",
		Args: argsBetween(1, -1, "a photo of the empty boards, then the zones to take (default all)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return calibrateBoard(cmd.Context(), calibrationPath(cmd), sites, args, cmd.OutOrStdout())
		},
	}
	c.Flags().BoolVar(&sites, "sites", false, "the photo shows the construction sites on their squares of the empty boards (run after the empty capture)")
	return c
}

func calibrateBoard(ctx context.Context, path string, sites bool, args []string, stdout io.Writer) error {
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
	} else {
		rep, err := colourgrid.CalibrateBoards(f, p, args[1:])
		rep.Print(stdout)
		if err != nil {
			return err
		}
	}
	if err := saveCalibration(f, path); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "saved to %s\n", path)
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
	rep, err := colourgrid.CalibrateColours(f, photos, add)
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
	d, err := colourgrid.CalibrateShaker(f, photos)
	if err != nil {
		return err
	}
	if err := saveCalibration(f, path); err != nil {
		return err
	}
	d.Print(stdout)
	fmt.Fprintf(stdout, "saved to %s\n", path)
	return nil
}
