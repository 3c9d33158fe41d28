package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/host/v3"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/daemon"
	"github.com/tableref/tableref/hw/board"
	"github.com/tableref/tableref/hw/indicator"
	"github.com/tableref/tableref/hw/input"
	"github.com/tableref/tableref/hw/profile"
)

func init() { register(newRun) }

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
		Args: noArgs,
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
	setLogger(cfg, stderr)

	deps := daemon.Deps{Stdout: stdout, OnEnd: printStandings}
	if !strings.HasPrefix(cfg.Camera.Source, daemon.ReplayPrefix) {
		var cal *calibration.File
		if cfg.Calibration != "" {
			if cal, err = calibration.Load(cfg.Calibration); err != nil {
				return fmt.Errorf("calibration: %w", err)
			}
		} else {
			slog.Warn("no calibration file: the table plane is estimated from the cards of each frame (run tableref calibrate for a steadier read)")
		}
		deps.NewScanner = daemon.TableScanner(cal, cfg.Scanner.Stable)
	}
	hw, err := openHardware(ctx, cfg, stdout, &deps)
	if err != nil {
		return err
	}
	defer hw.close()
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

// hardware is what openHardware opened.
type hardware struct {
	closers []func() error
	cancel  context.CancelFunc
}

func (h *hardware) close() {
	if h.cancel != nil {
		h.cancel()
	}
	for i := len(h.closers) - 1; i >= 0; i-- {
		if err := h.closers[i](); err != nil {
			slog.Warn("closing hardware", "err", err)
		}
	}
}

// openHardware opens the profile's display, LEDs, buzzer and buttons. A
// part that is absent is logged and left out: the referee goes on without
// it (a display that is absent logs what it would have shown).
func openHardware(ctx context.Context, cfg *config.Config, stdout io.Writer, deps *daemon.Deps) (*hardware, error) {
	hw := &hardware{}
	p, from, err := loadProfile(cfg.Hardware)
	if err != nil {
		return nil, err
	}
	slog.Info("hardware profile", "from", from, "display", p.Display.Describe())
	if _, err := host.Init(); err != nil {
		slog.Warn("periph: no GPIO access; display, buttons and LEDs are off", "err", err)
		deps.DisplayNote = "periph: " + err.Error()
		if p.Display.Type == profile.Console {
			dev, _, _ := board.OpenDisplay(p.Display, stdout)
			deps.Display, deps.DisplayNote = dev, dev.String()
		}
		return hw, nil
	}
	if p.Display.Type == profile.NoDisplay {
		deps.DisplayNote = "none in the hardware profile"
	} else if dev, closer, err := board.OpenDisplay(p.Display, stdout); err != nil {
		slog.Warn("display absent: refereeing without it (messages go to the log)", "display", p.Display.Describe(), "err", err)
		deps.DisplayNote = "absent: " + err.Error()
	} else {
		deps.Display, deps.DisplayNote = dev, dev.String()
		hw.closers = append(hw.closers, closer, dev.Halt)
	}

	ind := &indicator.Dev{}
	fitted := false
	for _, o := range []struct {
		key, name string
		dst       *gpio.PinOut
	}{{"leds.green", p.LEDs.Green, &ind.Green}, {"leds.red", p.LEDs.Red, &ind.Red}, {"buzzer.pin", p.Buzzer.Pin, &ind.Buzzer}} {
		if o.name == "" {
			continue
		}
		pin, err := board.Pin(o.key, o.name)
		if err != nil {
			slog.Warn("indicator absent", "err", err)
			continue
		}
		*o.dst, fitted = pin, true
	}
	if fitted {
		deps.Indicator = ind
		hw.closers = append(hw.closers, ind.Off)
	}

	bctx, cancel := context.WithCancel(ctx)
	hw.cancel = cancel
	events := make(chan input.Event, 8)
	timing := input.Timing{Debounce: p.Buttons.Debounce, Lockout: p.Buttons.Lockout}
	watching := 0
	for _, b := range []struct {
		btn  input.Button
		key  string
		name string
	}{{input.Next, "buttons.next", p.Buttons.Next}, {input.Undo, "buttons.undo", p.Buttons.Undo}, {input.Challenge, "buttons.challenge", p.Buttons.Challenge}, {input.Menu, "buttons.menu", p.Buttons.Menu}} {
		if b.name == "" {
			continue
		}
		pin, err := board.Pin(b.key, b.name)
		if err == nil {
			err = input.Setup(pin, !p.Buttons.ActiveHigh)
		}
		if err != nil {
			slog.Warn("button absent", "button", b.btn.String(), "err", err)
			continue
		}
		t := timing
		if b.btn == input.Menu {
			t.LongPress = p.Buttons.LongPress
		}
		watching++
		go func() {
			if err := input.Watch(bctx, pin, input.NewDebouncer(b.btn, t), !p.Buttons.ActiveHigh, input.RealClock, events); err != nil && bctx.Err() == nil {
				slog.Warn("button stopped", "button", b.btn.String(), "err", err)
			}
		}()
	}
	if watching > 0 {
		deps.Buttons = events
	}
	slog.Info("hardware", "display", deps.DisplayNote, "indicator", fitted, "buttons", watching)
	return hw, nil
}
