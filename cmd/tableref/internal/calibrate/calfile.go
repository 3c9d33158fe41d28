package calibrate

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/paths"
)

// One calibration file for calibrate, scan and run: the one named by
// --calibration (or the configuration's calibration key), else
// paths.Calibration(), which is /var/lib/tableref/calibration.json for
// root and the Pi's service and ~/.local/state/tableref/calibration.json
// for a user (docs/calibration.md).

// Load reads the calibration of scan and run. named "" is the
// default file if it exists; none, or no default file, gives nil (the
// table plane then comes from the cards' codes) and where it looked. A
// named file that does not exist is an error saying how to make it.
func Load(named string) (f *calibration.File, looked string, err error) {
	switch named {
	case config.NoCalibration:
		return nil, "", nil
	case "":
		def := paths.Calibration()
		if _, err := os.Stat(def); errors.Is(err, os.ErrNotExist) {
			return nil, def, nil
		}
		named = def
	}
	f, err = calibration.Load(named)
	if err == nil {
		return f, named, nil
	}
	if _, serr := os.Stat(named); errors.Is(serr, os.ErrNotExist) {
		if named == paths.Calibration() {
			return nil, named, fmt.Errorf("no calibration file at %s yet: make one with 'tableref calibrate table PHOTO' (docs/calibration.md)", named)
		}
		return nil, named, fmt.Errorf("calibration file %s does not exist: make it with 'tableref calibrate table PHOTO --calibration %s', or leave --calibration out to use %s", named, named, paths.Calibration())
	}
	return nil, named, err
}

// NoCalibrationNote says that no calibration is used and how to make one.
func NoCalibrationNote(looked string) string {
	return fmt.Sprintf("no calibration file (looked for %s): the table plane comes from the cards' codes; 'tableref calibrate table PHOTO' makes one for a steadier read", looked)
}

// saveCalibration writes f to path, making its folder first (the default
// one may not exist yet).
func saveCalibration(f *calibration.File, path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("calibration: %w", err)
	}
	return f.Save(path)
}
