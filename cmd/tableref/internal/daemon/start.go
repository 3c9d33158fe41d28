package daemon

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/cmd/tableref/internal/calibrate"
	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/live"
	"github.com/tableref/tableref/cmd/tableref/internal/reach"
	"github.com/tableref/tableref/hw/board"
	"github.com/tableref/tableref/hw/profile"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/camera"
)

// Start is `tableref run` on the machine's own parts: it says first what
// would stop the referee at once (no game, a camera source that means
// nothing), then reads the calibration, opens the hardware profile's
// display, LEDs, buzzer and buttons (what is absent is said in one line,
// and the referee goes on without it) and runs until ctx ends. cfgPath is
// the configuration file's name, for the messages; onEnd prints the
// standings when a recording ends.
func Start(ctx context.Context, cfg *config.Config, cfgPath string, stdout io.Writer, onEnd func(io.Writer, rules.Game)) error {
	if err := startProblem(cfg, cfgPath); err != nil {
		return err // before the hardware and its warnings: this is what to fix
	}
	deps := Deps{Stdout: stdout, OnEnd: onEnd}
	if !strings.HasPrefix(cfg.Camera.Source, live.ReplayPrefix) {
		cal, looked, err := calibrate.Load(cfg.Calibration)
		if err != nil {
			return fmt.Errorf("calibration: %w", err)
		}
		if cal == nil && looked != "" {
			slog.Warn(calibrate.NoCalibrationNote(looked))
		}
		deps.NewScanner = live.TableScanner(cal, cfg.Scanner.Stable)
		if spec, ok := piMode(cfg, cal); ok {
			deps.OpenCamera = func(ctx context.Context) (camera.Source, error) { return camera.Open(ctx, spec) }
		}
	}
	p, from, err := profile.Find(cfg.Hardware)
	if err != nil {
		return err
	}
	slog.Debug("hardware profile", "from", from, "display", p.Display.Describe())
	hw, err := board.Open(ctx, p, stdout)
	if err != nil {
		return err
	}
	defer hw.Close()
	if hw.Summary != "" {
		slog.Warn(hw.Summary)
	}
	deps.Display, deps.DisplayNote, deps.Buttons = hw.Display, hw.DisplayNote, hw.Buttons
	if hw.Indicator != nil {
		deps.Indicator = hw.Indicator
	}
	return Run(ctx, cfg, deps)
}

// piMode is the Pi camera's mode for the configured game (reach.PiSpec).
func piMode(cfg *config.Config, cal *calibration.File) (camera.Spec, bool) {
	setup := cfg.Setup()
	m, ok := rules.LookupMode(setup.Mode)
	if !ok {
		return camera.Spec{}, false
	}
	return reach.PiSpec(cfg.Camera.Source, cal, m.DecksFor(setup))
}

// startProblem is what would stop run at once, found before any hardware
// is opened so that it is the first thing said: no game to resume and
// none configured, or a camera that cannot work (live.CameraProblem).
func startProblem(cfg *config.Config, cfgPath string) error {
	if strings.HasPrefix(cfg.Camera.Source, live.ReplayPrefix) {
		return nil
	}
	if _, err := os.Stat(cfg.Journal); cfg.Game.Mode == "" && err != nil {
		return fmt.Errorf("no game to resume (no journal at %s) and none configured: set game.mode and game.players in %s, "+
			"or type 'tableref run --mode MODE --players A,B' ('tableref modes' lists the modes)", cfg.Journal, cfgPath)
	}
	return live.CameraProblem(cfg.Camera.Source, cfgPath)
}
