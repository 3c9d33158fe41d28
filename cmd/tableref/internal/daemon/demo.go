package daemon

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/demo"
	"github.com/tableref/tableref/cmd/tableref/internal/live"
	"github.com/tableref/tableref/hw/console"
	"github.com/tableref/tableref/rules/replay"
)

// DemoOptions are what `tableref demo` is told.
type DemoOptions struct {
	Src, Cache, Listen, AtEnd string  // the replay to film, the frames' folder, the page's address, stop or wait
	Play                      string  // clock or every (config.Camera.Play)
	Language                  string  // the players' language (config.Config.Language)
	Speed                     float64 // times faster than real time
	GenOnly, Speech           bool    // only make the recording; say the verdicts aloud
	Film                      demo.Options
}

// Demo is `tableref demo`: it films the replay once into the cache (progress
// is told how far, filmed when done), then referees the recording as a
// camera through the whole live pipeline, the display on the console.
func Demo(ctx context.Context, o DemoOptions, stdout, stderr io.Writer, progress func(done, total int), filmed func()) error {
	opt := o.Film
	data, err := os.ReadFile(o.Src)
	if err != nil {
		return err
	}
	if o.Cache == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			base = os.TempDir()
		}
		o.Cache = filepath.Join(base, "tableref")
	}
	dir := filepath.Join(o.Cache, "demo-"+demo.Key(data, opt))
	rec, err := demo.Load(dir)
	if err != nil {
		fmt.Fprintf(stderr, "tableref demo: filming %s into %s (once; later runs reuse it)\n", o.Src, dir)
		start := time.Now()
		rec, err = demo.Generate(data, o.Src, dir, opt, progress)
		filmed()
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "tableref demo: %d frames at %d×%d (%.1f px per code module) in %s\n", rec.Frames, rec.Width, rec.Height, rec.ModulePx, time.Since(start).Round(time.Second))
	}
	if o.GenOnly {
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
	fps, err := demoFPS(rec.FPS, o.Speed)
	if err != nil {
		return err
	}
	cfg.Camera = config.Camera{Source: dir, AtEnd: o.AtEnd, FPS: fps, Play: o.Play, Speed: 1}
	cfg.Speech.Enabled = o.Speech
	cfg.Language = o.Language
	cfg.Journal = filepath.Join(tmp, "journal.jsonl")
	cfg.LockDir = filepath.Join(tmp, "lock")
	cfg.Web.Listen = o.Listen
	if err := cfg.Validate(); err != nil {
		return err
	}
	if os.Getenv("TABLEREF_LOG") == "" {
		slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	}
	fmt.Fprintf(stdout, "tableref demo: %s, %d frames at %.0f fps from %s\n", rec.Setup.Mode, rec.Frames, cfg.Camera.FPS, dir)
	deps := Deps{
		Stdout:      stdout,
		Display:     console.New(stdout, 16, 2),
		DisplayNote: "console 16×2",
		NewScanner:  live.TableScanner(nil, cfg.Scanner.Stable),
		OnEnd:       replay.WriteStandings,
		Ready: func(addr string) {
			if addr != "" {
				fmt.Fprintf(stdout, "status page: http://%s/\n", addr)
			}
		},
	}
	return Run(ctx, cfg, deps)
}

// demoFPS is the frame rate the recording plays at with --speed, or an
// error in the flag's words: the camera.fps it would make is nothing the
// user typed (issue 31: "camera.fps: 160: want 0 to 120").
func demoFPS(recFPS, speed float64) (float64, error) {
	fps := recFPS * speed
	if speed <= 0 || math.IsNaN(speed) || fps > config.MaxFPS {
		return 0, fmt.Errorf("--speed %v: want more than 0 and at most %v (the recording's %v frames a second, played at most %d)", speed, math.Floor(config.MaxFPS/recFPS*10)/10, recFPS, config.MaxFPS)
	}
	return fps, nil
}
