package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/tableref/tableref/cmd/tableref/internal/calibrate"
	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"github.com/tableref/tableref/cmd/tableref/internal/live"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/daemon"
	"github.com/tableref/tableref/vision/camera"
)

func newRun() *cobra.Command {
	var (
		cfgPath            string
		printCfg, defaults bool
		over               *config.Flags
	)
	c := &cobra.Command{
		Use:   "run",
		Short: "referee live: camera, scanner, game, display, buttons and the status page",
		Long:  "Flags override the keys of the configuration file (docs/daemon.md).",
		Example: "  tableref run --config my.yaml --camera 0\n" +
			"  tableref run --mode wit-continental --players Ana,Ben,Caro --option pushScope=contiguous\n" +
			"  tableref run --default-config > config.yaml",
		Args: cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runRun(cmd.Context(), cfgPath, printCfg, defaults, over, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := c.Flags()
	f.StringVar(&cfgPath, "config", "", "configuration file (default "+config.SystemPath+" if present)")
	f.BoolVar(&printCfg, "print-config", false, "print the configuration in effect (file, then flags) and exit")
	f.BoolVar(&defaults, "default-config", false, "print the documented default configuration file and exit")
	over = config.BindFlags(f)
	return c
}

func runRun(ctx context.Context, cfgPath string, printCfg, defaults bool, over *config.Flags, stdout, stderr io.Writer) error {
	if defaults {
		_, err := stdout.Write(config.DefaultYAML())
		return err
	}
	path, must := cfgPath, true
	if path == "" {
		path, must = config.SystemPath, false
	}
	cfg, err := config.Load(path, must)
	if err != nil {
		return err
	}
	if err := over.Apply(cfg); err != nil {
		return err
	}
	if printCfg {
		return cfg.Write(stdout)
	}
	if err := startProblem(cfg, path); err != nil {
		return err // before the hardware and its warnings: this is what to fix
	}
	setLogger(cfg, stderr)

	deps := daemon.Deps{Stdout: stdout, OnEnd: printStandings}
	if !strings.HasPrefix(cfg.Camera.Source, live.ReplayPrefix) {
		cal, looked, err := calibrate.Load(cfg.Calibration)
		if err != nil {
			return fmt.Errorf("calibration: %w", err)
		}
		if cal == nil && looked != "" {
			slog.Warn(calibrate.NoCalibrationNote(looked))
		}
		deps.NewScanner = live.TableScanner(cal, cfg.Scanner.Stable)
	}
	hw, err := openHardware(ctx, cfg, stdout, &deps)
	if err != nil {
		return err
	}
	defer hw.close()
	if hw.summary != "" {
		slog.Warn(hw.summary)
	}
	return daemon.Run(ctx, cfg, deps)
}

// setLogger makes the structured logger the configuration asks for, unless
// TABLEREF_LOG overrides the level.
func setLogger(cfg *config.Config, stderr io.Writer) {
	lvl := cfg.Level()
	if os.Getenv("TABLEREF_LOG") != "" {
		lvl = logLevel()
	}
	o := &slog.HandlerOptions{Level: lvl}
	var h slog.Handler = slog.NewTextHandler(stderr, o)
	if cfg.Log.Format == "json" {
		h = slog.NewJSONHandler(stderr, o)
	}
	slog.SetDefault(slog.New(h))
}

// startProblem is what would stop run at once, found before any hardware
// is opened so that it is the first thing said: no game to resume and
// none configured, or a camera source that means nothing.
func startProblem(cfg *config.Config, cfgPath string) error {
	if strings.HasPrefix(cfg.Camera.Source, live.ReplayPrefix) {
		return nil
	}
	if _, err := camera.Parse(cfg.Camera.Source); err != nil {
		return fmt.Errorf("camera.source: %w", err)
	}
	if cfg.Game.Mode != "" {
		return nil
	}
	if _, err := os.Stat(cfg.Journal); err == nil {
		return nil // a game to resume
	}
	return fmt.Errorf("no game to resume (no journal at %s) and none configured: set game.mode and game.players in %s, "+
		"or type 'tableref run --mode MODE --players A,B' ('tableref modes' lists the modes)", cfg.Journal, cfgPath)
}
