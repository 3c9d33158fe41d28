package calibrate

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/shakecity"
	"github.com/tableref/tableref/scanner/colourgrid"
)

// Shake That City's calibration steps (docs/calibration.md): the empty
// boards and their construction sites, the cube and tile colours, where
// the shaker drops its cubes. The work is scanner/colourgrid's; these
// commands load the photos, save the file and print what it said.

// colourPhoto reads a calibration photo's frame and codes; the caller
// closes the frame.
func colourPhoto(ctx context.Context, path string) (colourgrid.Photo, error) {
	frame, res, err := readPhoto(ctx, path)
	if err != nil {
		return colourgrid.Photo{}, err
	}
	return colourgrid.Photo{Name: path, Frame: frame, Codes: res.Codes}, nil
}

// PrintedCheck is the board profile calibrate board checks the empty
// boards against: the side's default, or the user's file.
type PrintedCheck struct{ Side, Profile string }

func (pc PrintedCheck) load() (*shakecity.Profile, string, error) {
	if pc.Side != shakecity.SideStandard && pc.Side != shakecity.SideSea {
		return nil, "", cli.Usagef("--side %q: want standard or sea", pc.Side)
	}
	if pc.Profile == "" {
		p, err := shakecity.DefaultProfile(pc.Side)
		return p, "the default " + pc.Side + " profile", err
	}
	data, err := os.ReadFile(pc.Profile)
	if err != nil {
		return nil, "", err
	}
	p, err := shakecity.ParseProfile(data, pc.Side)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", pc.Profile, err)
	}
	return p, pc.Profile, nil
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

func Board(ctx context.Context, path string, sites bool, pc PrintedCheck, args []string, stdout io.Writer) error {
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
			return cli.Usagef("--sites takes every board in the photo: name no zones")
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

func Colours(ctx context.Context, path string, add bool, args []string, stdout io.Writer) error {
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

func Shaker(ctx context.Context, path string, args []string, stdout io.Writer) error {
	return calibrateFromPhotos(ctx, path, args, stdout, func(f *calibration.File, photos []colourgrid.Photo) (printer, error) {
		return colourgrid.CalibrateShaker(f, photos)
	})
}
