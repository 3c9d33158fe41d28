package main

import (
	"context"
	"io"
	"log/slog"
	"os"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"
	"github.com/tableref/tableref/rules/replay"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/daemon"
	"github.com/tableref/tableref/cmd/tableref/internal/deckdir"
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
	cfg, path, err := config.Find(cfgPath)
	if err != nil {
		return err
	}
	if err := over.Apply(cfg); err != nil {
		return err
	}
	if printCfg {
		return cfg.Print(stdout)
	}
	setLogger(cfg, stderr)
	if note := deckdir.BesideNote(cfg.Setup()); note != "" {
		slog.Warn(note)
	}
	return daemon.Start(ctx, cfg, path, stdout, replay.WriteStandings)
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
