package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"github.com/tableref/tableref/cmd/tableref/internal/live"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/daemon"
	"github.com/tableref/tableref/cmd/tableref/internal/demo"
	"github.com/tableref/tableref/hw/console"
)

// demoReplay is the recorded game the demo films; make demo runs from the
// repository's root.
const demoReplay = "cmd/tableref/testdata/demo-continental.jsonl"

// demoOptions are the flags of tableref demo.
type demoOptions struct {
	src, cache, listen, atEnd string
	play                      string
	speed                     float64
	genOnly, speech           bool
	film                      demo.Options
}

func newDemo() *cobra.Command {
	var o demoOptions
	c := &cobra.Command{
		Use:     "demo",
		Short:   "the live pipeline on a generated camera recording of a game (make demo)",
		Example: "  tableref demo --speed 2 --listen off",
		Args:    cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runDemo(cmd.Context(), o, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := c.Flags()
	f.StringVar(&o.src, "replay", demoReplay, "the recorded game to film")
	f.StringVar(&o.cache, "cache", "", "folder for the generated frames (default $XDG_CACHE_HOME/tableref or ~/.cache/tableref)")
	f.StringVar(&o.listen, "listen", "127.0.0.1:8080", "status page address, or off")
	f.Float64Var(&o.speed, "speed", 1, "play the recording this many times faster than real time")
	f.BoolVar(&o.speech, "speech", false, "say the verdicts and turns aloud (espeak-ng to the default ALSA device)")
	f.StringVar(&o.atEnd, "at-end", config.AtEndStop, "when the game is over: stop (print the standings and exit) or wait (the final standings stay on the page until Ctrl-C)")
	f.StringVar(&o.play, "play", config.PlayClock, "clock (as a camera: the frames the scanner has no time for are dropped) or every (every frame, waiting for the scanner: the same result on a busy machine)")
	f.BoolVar(&o.genOnly, "generate", false, "only make the recording and print its folder")
	f.IntVar(&o.film.Width, "width", 0, "frame width (default 2304; 4608 with --height 2592 for 12 MP)")
	f.IntVar(&o.film.Height, "height", 0, "frame height (default 1296)")
	f.Float64Var(&o.film.FPS, "fps", 0, "frames per second of the recording (default 8)")
	return c
}

func runDemo(ctx context.Context, o demoOptions, stdout, stderr io.Writer) error {
	opt := o.film
	data, err := os.ReadFile(o.src)
	if err != nil {
		return err
	}
	if o.cache == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			base = os.TempDir()
		}
		o.cache = filepath.Join(base, "tableref")
	}
	dir := filepath.Join(o.cache, "demo-"+demo.Key(data, opt))
	rec, err := demo.Load(dir)
	if err != nil {
		fmt.Fprintf(stderr, "tableref demo: filming %s into %s (once; later runs reuse it)\n", o.src, dir)
		start := time.Now()
		bar := startProgress(stderr, 1, "filming")
		rec, err = demo.Generate(data, o.src, dir, opt, bar.Set)
		bar.Done()
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "tableref demo: %d frames at %d×%d (%.1f px per code module) in %s\n", rec.Frames, rec.Width, rec.Height, rec.ModulePx, time.Since(start).Round(time.Second))
	}
	if o.genOnly {
		fmt.Fprintln(stdout, dir)
		return nil
	}

	tmp, err := os.MkdirTemp("", "tableref-demo-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	cfg := config.Default()
	cfg.Game = config.Game{Mode: rec.Setup.Mode, Players: rec.Setup.Players, Options: rec.Setup.Options}
	cfg.Camera = config.Camera{Source: dir, AtEnd: o.atEnd, FPS: rec.FPS * o.speed, Play: o.play, Speed: 1}
	cfg.Speech.Enabled = o.speech
	cfg.Journal = filepath.Join(tmp, "journal.jsonl")
	cfg.LockDir = filepath.Join(tmp, "lock")
	cfg.Web.Listen = o.listen
	if o.atEnd != config.AtEndStop && o.atEnd != config.AtEndWait {
		return cli.Usagef("--at-end %q: want stop or wait", o.atEnd)
	}
	if err := cfg.Validate(); err != nil {
		return err
	}
	if os.Getenv("TABLEREF_LOG") == "" {
		slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	}
	fmt.Fprintf(stdout, "tableref demo: %s, %d frames at %.0f fps from %s\n", rec.Setup.Mode, rec.Frames, cfg.Camera.FPS, dir)
	deps := daemon.Deps{
		Stdout:      stdout,
		Display:     console.New(stdout, 16, 2),
		DisplayNote: "console 16×2",
		NewScanner:  live.TableScanner(nil, cfg.Scanner.Stable),
		OnEnd:       printStandings,
		Ready: func(addr string) {
			if addr != "" {
				fmt.Fprintf(stdout, "status page: http://%s/\n", addr)
			}
		},
	}
	return daemon.Run(ctx, cfg, deps)
}
