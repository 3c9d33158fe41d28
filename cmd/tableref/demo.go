package main

import (
	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/daemon"
	"github.com/tableref/tableref/cmd/tableref/internal/words"
)

// demoReplay is the recorded game the demo films; make demo runs from the
// repository's root.
const demoReplay = "cmd/tableref/testdata/demo-continental.jsonl"

func newDemo() *cobra.Command {
	var o daemon.DemoOptions
	c := &cobra.Command{
		Use:     "demo",
		Short:   "the live pipeline on a generated camera recording of a game (make demo)",
		Example: "  tableref demo --speed 2 --listen off",
		Args:    cli.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if _, err := words.Parse(o.Language); err != nil {
				return cli.Usagef("--language %v", err)
			}
			if o.AtEnd != config.AtEndStop && o.AtEnd != config.AtEndWait {
				return cli.Usagef("--at-end %q: want stop or wait", o.AtEnd)
			}
			bar := startProgress(cmd.ErrOrStderr(), 1, "filming")
			defer bar.Done()
			return daemon.Demo(cmd.Context(), o, cmd.OutOrStdout(), cmd.ErrOrStderr(), bar.Set, bar.Done)
		},
	}
	f := c.Flags()
	f.StringVar(&o.Src, "replay", demoReplay, "the recorded game to film")
	f.StringVar(&o.Cache, "cache", "", "folder for the generated frames (default $XDG_CACHE_HOME/tableref or ~/.cache/tableref)")
	f.StringVar(&o.Listen, "listen", "127.0.0.1:8080", "status page address, or off")
	f.Float64Var(&o.Speed, "speed", 1, "play the recording this many times faster than real time")
	f.StringVar(&o.Language, "language", "auto", "the players' language on the display, the page and the voice: en, it, de, es, pt or auto (the game's own)")
	f.BoolVar(&o.Speech, "speech", false, "say the verdicts and turns aloud (espeak-ng to the default ALSA device)")
	f.StringVar(&o.AtEnd, "at-end", config.AtEndStop, "when the game is over: stop (print the standings and exit) or wait (the final standings stay on the page until Ctrl-C)")
	f.StringVar(&o.Play, "play", config.PlayClock, "clock (as a camera: the frames the scanner has no time for are dropped) or every (every frame, waiting for the scanner: the same result on a busy machine)")
	f.BoolVar(&o.GenOnly, "generate", false, "only make the recording and print its folder")
	f.IntVar(&o.Film.Width, "width", 0, "frame width (default 2304; 4608 with --height 2592 for 12 MP)")
	f.IntVar(&o.Film.Height, "height", 0, "frame height (default 1296)")
	f.Float64Var(&o.Film.FPS, "fps", 0, "frames per second of the recording (default 8)")
	return c
}
