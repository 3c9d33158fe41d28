package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/daemon"
	"github.com/tableref/tableref/cmd/tableref/internal/demo"
	"github.com/tableref/tableref/hw/console"
)

func init() {
	register(&command{
		name:    "demo",
		summary: "the live pipeline on a generated camera recording of a game (make demo)",
		run:     runDemo,
	})
}

// demoReplay is the recorded game the demo films; make demo runs from the
// repository's root.
const demoReplay = "cmd/tableref/testdata/demo-continental.jsonl"

func runDemo(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	src := fs.String("replay", demoReplay, "the recorded game to film")
	cache := fs.String("cache", "", "folder for the generated frames (default $XDG_CACHE_HOME/tableref or ~/.cache/tableref)")
	listen := fs.String("listen", "127.0.0.1:8080", "status page address, or off")
	speed := fs.Float64("speed", 1, "play the recording this many times faster than real time")
	genOnly := fs.Bool("generate", false, "only make the recording and print its folder")
	var opt demo.Options
	fs.IntVar(&opt.Width, "width", 0, "frame width (default 2304; 4608 with -height 2592 for 12 MP)")
	fs.IntVar(&opt.Height, "height", 0, "frame height (default 1296)")
	fs.Float64Var(&opt.FPS, "fps", 0, "frames per second of the recording (default 8)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tableref demo [flags]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	data, err := os.ReadFile(*src)
	if err != nil {
		return err
	}
	if *cache == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			base = os.TempDir()
		}
		*cache = filepath.Join(base, "tableref")
	}
	dir := filepath.Join(*cache, "demo-"+demo.Key(data, opt))
	rec, err := demo.Load(dir)
	if err != nil {
		fmt.Fprintf(stderr, "tableref demo: filming %s into %s (once; later runs reuse it)\n", *src, dir)
		start := time.Now()
		rec, err = demo.Generate(data, *src, dir, opt, func(done, total int) {
			if done%25 == 0 || done == total {
				fmt.Fprintf(stderr, "\r  frame %d of %d", done, total)
			}
		})
		fmt.Fprintln(stderr)
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "tableref demo: %d frames at %d×%d (%.1f px per code module) in %s\n", rec.Frames, rec.Width, rec.Height, rec.ModulePx, time.Since(start).Round(time.Second))
	}
	if *genOnly {
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
	cfg.Camera = config.Camera{Source: dir, AtEnd: config.AtEndStop, FPS: rec.FPS * *speed, Speed: 1}
	cfg.Journal = filepath.Join(tmp, "journal.jsonl")
	cfg.LockDir = filepath.Join(tmp, "lock")
	cfg.Web.Listen = *listen
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
		NewScanner:  daemon.TableScanner(nil, cfg.Scanner.Stable),
		OnEnd:       printStandings,
		Ready: func(addr string) {
			if addr != "" {
				fmt.Fprintf(stdout, "status page: http://%s/\n", addr)
			}
		},
	}
	return daemon.Run(ctx, cfg, deps)
}
