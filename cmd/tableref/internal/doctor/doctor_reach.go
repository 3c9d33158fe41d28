package doctor

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/paths"
	"github.com/tableref/tableref/cmd/tableref/internal/reach"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/camera"
)

// under maps a system path into the doctor's root (a fake tree in tests).
func (d *doctor) under(p string) string {
	if d.root == "" || d.root == "/" {
		return p
	}
	return filepath.Join(d.root, p)
}

// reach checks that the configured camera sees the game's codes finely
// enough on the calibrated table (package reach): the resolution of the
// camera source (rpicam:WxH), else the calibration's; the decks of the
// configured game, else every deck.
func (d *doctor) reach(cfgPath string) {
	d.section("camera reach")
	path, must := cfgPath, true
	if path == "" {
		path, must = d.under(config.SystemPath), false
	}
	cfg, err := config.Load(path, must)
	if err != nil {
		d.bad("correct the configuration (docs/daemon.md)", "%v", err)
		return
	}
	calPath := cfg.Calibration
	switch calPath {
	case config.NoCalibration:
		d.info("calibration: none: the camera's reach is not checked")
		return
	case "":
		calPath = d.under(paths.Calibration())
	}
	var cal *calibration.File
	_, err = os.Stat(calPath)
	if err == nil {
		cal, err = calibration.Load(calPath)
	}
	switch {
	case errors.Is(err, os.ErrNotExist) || (err == nil && cal.Plane == nil):
		d.info("no table calibration (%s): tableref run checks the camera's reach once 'tableref calibrate table PHOTO' has made one", calPath)
		return
	case err != nil:
		d.bad("recalibrate: tableref calibrate table PHOTO", "%v", err)
		return
	}
	w, h := cal.Plane.Image[0], cal.Plane.Image[1]
	if spec, err := camera.Parse(cfg.Camera.Source); err == nil && spec.Width > 0 && spec.Height > 0 {
		w, h = spec.Width, spec.Height
	}
	decks := []string{"SA", "WLD", "EU", "SW"}
	game := "every game"
	if m, ok := rules.LookupMode(cfg.Game.Mode); ok {
		decks, game = m.Decks, m.Name
	}
	r, err := reach.Check(cal, w, h, decks)
	switch {
	case err != nil:
		d.bad("recalibrate at the camera's resolution: tableref calibrate table PHOTO", "%v", err)
	case r.OK():
		d.ok("%s: %s", game, r.Text())
	default:
		d.bad("lower the camera, raise its resolution (camera.source: rpicam:WxH) or print larger codes ('tableref print size')",
			"%s: the camera is too weak for the codes: %s", game, r.Text())
	}
}

// recordingSource says which recording (a folder of frames, a video file)
// the configuration's camera.source plays, "" when it names a camera or
// there is no configuration. A recording that is not there is an error.
func (d *doctor) recordingSource() (string, error) {
	path, must := d.config, true
	if path == "" {
		path, must = d.under(config.SystemPath), false
	}
	cfg, err := config.Load(path, must)
	if err != nil {
		return "", nil // the camera reach section reports the configuration
	}
	src := cfg.Camera.Source
	if looksLikeCamera(src) {
		return "", nil
	}
	spec, err := camera.Parse(src)
	if err != nil {
		return "", fmt.Errorf("camera.source %q: %w", src, err)
	}
	switch spec.Kind {
	case camera.KindFolder:
		return "the folder of frames " + spec.Target, nil
	case camera.KindFile:
		return "the video file " + spec.Target, nil
	}
	return "", nil
}

// looksLikeCamera tells a camera source (pi, rpicam…, a V4L2 device or
// index, a GStreamer pipeline) from a path, without touching the files.
func looksLikeCamera(src string) bool {
	src = strings.TrimSpace(src)
	if _, err := strconv.Atoi(src); err == nil {
		return true
	}
	return src == "" || src == "pi" || strings.HasPrefix(src, "rpicam") || strings.HasPrefix(src, "/dev/video") ||
		strings.HasPrefix(src, "gst:") || strings.Contains(src, " ! ")
}
