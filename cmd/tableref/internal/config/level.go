package config

import (
	"log/slog"
)

type slogLevel slog.Level

func (l *slogLevel) parse(s string) error {
	var v slog.Level
	if err := v.UnmarshalText([]byte(s)); err != nil {
		return err
	}
	*l = slogLevel(v)
	return nil
}

// Level is the configured log level (info if it does not parse, which
// Validate has already reported).
func (c *Config) Level() slog.Level {
	var l slogLevel
	if err := l.parse(c.Log.Level); err != nil {
		return slog.LevelInfo
	}
	return slog.Level(l)
}
