package config

import (
	"fmt"
	"github.com/tableref/tableref/cmd/tableref/internal/cli"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"
)

// Flags are the command-line overrides of `tableref run`. A flag that is
// given replaces the key from the file; one that is not leaves it alone.
type Flags struct {
	fs  *pflag.FlagSet
	set map[string]func(string) error // flag name → how it changes the config
	c   *Config

	pending [][2]string // -option KEY=VALUE, in order
}

// BindFlags registers every override on fs. Call Apply after fs.Parse.
func BindFlags(fs *pflag.FlagSet) *Flags {
	f := &Flags{fs: fs, set: map[string]func(string) error{}}
	str := func(name, key, usage string, dst func(*Config) *string) {
		fs.String(name, "", usage+" (config key "+key+")")
		f.set[name] = func(v string) error { *dst(f.c) = v; return nil }
	}
	str("mode", "game.mode", "game mode for a new game, by ID or name (tableref modes lists them)", func(c *Config) *string { return &c.Game.Mode })
	str("camera", "camera.source", "camera source", func(c *Config) *string { return &c.Camera.Source })
	str("at-end", "camera.at_end", "when a recording ends: stop, wait or loop", func(c *Config) *string { return &c.Camera.AtEnd })
	str("play", "camera.play", "how a recording plays: clock (as a camera, dropping frames the scanner has no time for) or every (every frame)", func(c *Config) *string { return &c.Camera.Play })
	str("calibration", "calibration", "calibration file, or none (default: the one tableref calibrate writes, if it exists)", func(c *Config) *string { return &c.Calibration })
	str("hardware", "hardware", "hardware profile file", func(c *Config) *string { return &c.Hardware })
	str("journal", "journal", "journal file", func(c *Config) *string { return &c.Journal })
	str("history", "history", "game history database (default history.db beside the journal)", func(c *Config) *string { return &c.History })
	str("lock-dir", "lock_dir", "folder for the camera lock files", func(c *Config) *string { return &c.LockDir })
	str("listen", "web.listen", "status page address, or off", func(c *Config) *string { return &c.Web.Listen })
	str("pin", "web.pin", "status page PIN for network visitors", func(c *Config) *string { return &c.Web.PIN })
	str("tls", "web.tls", "serve the status page over HTTPS: self-signed (a certificate made once, its fingerprint on the display) or files (web.cert_file, web.key_file)", func(c *Config) *string { return &c.Web.TLS })
	str("log-level", "log.level", "log level: debug, info, warn, error", func(c *Config) *string { return &c.Log.Level })
	str("language", "language", "the players' language on the display, the page and the voice: en, it, de, es, pt or auto (the game's own)", func(c *Config) *string { return &c.Language })
	str("log-format", "log.format", "log format: text or json", func(c *Config) *string { return &c.Log.Format })

	fs.String("players", "", "players in seat order, comma-separated (config key game.players)")
	f.set["players"] = func(v string) error {
		var ps []string
		for _, p := range strings.Split(v, ",") {
			ps = append(ps, strings.TrimSpace(p))
		}
		f.c.Game.Players = ps
		return nil
	}
	fs.Func("option", "a game option `KEY=VALUE`, repeatable (config key game.options)", func(v string) error {
		k, val, err := cli.ParseOption(v)
		if err != nil {
			return err
		}
		f.pending = append(f.pending, [2]string{k, val})
		return nil
	})
	fs.Bool("new", false, "start the game the flags or the configuration name even when the journal holds one in play (that journal is kept under an archive name)")
	fs.Bool("lan", false, "allow network access to the status page (needs --pin; config key web.lan)")
	f.set["lan"] = func(v string) error {
		b, err := strconv.ParseBool(v)
		f.c.Web.LAN = b
		return err
	}
	fs.Bool("speech", false, "say verdicts and turns aloud (config key speech.enabled)")
	f.set["speech"] = func(v string) error {
		b, err := strconv.ParseBool(v)
		f.c.Speech.Enabled = b
		return err
	}
	fs.Float64("fps", 0, "pace of a file or folder source (config key camera.fps)")
	f.set["fps"] = func(v string) error {
		x, err := strconv.ParseFloat(v, 64)
		f.c.Camera.FPS = x
		return err
	}
	fs.Float64("speed", 0, "replay source clock factor (config key camera.speed)")
	f.set["speed"] = func(v string) error {
		x, err := strconv.ParseFloat(v, 64)
		f.c.Camera.Speed = x
		return err
	}
	fs.Duration("stable", 0, "stability window (config key scanner.stable)")
	f.set["stable"] = func(v string) error {
		d, err := time.ParseDuration(v)
		f.c.Scanner.Stable = d
		return err
	}
	return f
}

// Apply writes the flags that were given into c and validates the result.
func (f *Flags) Apply(c *Config) error {
	f.c = c
	var err error
	f.fs.Visit(func(fl *pflag.Flag) {
		if set, ok := f.set[fl.Name]; ok && err == nil {
			err = set(fl.Value.String())
		}
		switch fl.Name {
		case "mode", "players", "option":
			c.GameNamed = true
		case "new":
			c.NewGame = fl.Value.String() == "true"
		}
	})
	if err != nil {
		return err
	}
	c.fillFolders()
	if len(f.pending) > 0 {
		opts := map[string]string{}
		for k, v := range c.Game.Options {
			opts[k] = v
		}
		for _, kv := range f.pending {
			opts[kv[0]] = kv[1]
		}
		c.Game.Options = opts
	}
	if err := c.Validate(); err != nil {
		return fmt.Errorf("with the flags: %w", err)
	}
	return nil
}
