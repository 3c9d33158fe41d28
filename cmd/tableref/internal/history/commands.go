package history

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/words"
)

// Query is what the history commands ask: the database and the filter.
type Query struct {
	Path   string
	Game   string
	Player string
	Since  string // YYYY-MM-DD or RFC 3339, "" for no bound
	Until  string
	Limit  int
}

// ParseTime reads a --since or --until value: a date (YYYY-MM-DD, local
// midnight) or an RFC 3339 time. "" is the zero time.
func ParseTime(flag, s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.ParseInLocation("2006-01-02", s, time.Local); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("%s %q: want a date (2026-11-28) or a time (2026-11-28T19:30:00Z)", flag, s)
}

// Filter turns the query's words into a Filter.
func (q Query) Filter() (Filter, error) {
	f := Filter{Game: q.Game, Player: q.Player, Limit: q.Limit}
	var err error
	if f.Since, err = ParseTime("--since", q.Since); err != nil {
		return f, err
	}
	f.Until, err = ParseTime("--until", q.Until)
	return f, err
}

// openExisting opens the history for reading: a missing file is said as
// such rather than created.
func openExisting(ctx context.Context, path string) (*Store, error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no history at %s yet: 'tableref run' records every game there, or type 'tableref history rebuild JOURNAL…'", path)
	}
	return Open(ctx, path)
}

// ListGames writes the games q chooses ('tableref history').
func ListGames(ctx context.Context, q Query, w io.Writer) error {
	return withGames(ctx, q, func(gs []Game) error { return WriteList(w, gs) })
}

// Export writes the games q chooses as csv or json.
func Export(ctx context.Context, q Query, format string, w io.Writer) error {
	if format != "csv" && format != "json" {
		return fmt.Errorf("--format %q: want csv or json", format)
	}
	return withGames(ctx, q, func(gs []Game) error { return WriteExport(w, gs, format) })
}

func withGames(ctx context.Context, q Query, do func([]Game) error) error {
	return withStore(ctx, q, func(s *Store, f Filter) error {
		gs, err := s.List(ctx, f)
		if err != nil {
			return err
		}
		return do(gs)
	})
}

// withStore opens the existing history q names and calls do with it and
// q's filter; the store is closed after.
func withStore(ctx context.Context, q Query, do func(*Store, Filter) error) error {
	f, err := q.Filter()
	if err != nil {
		return err
	}
	s, err := openExisting(ctx, q.Path)
	if err != nil {
		return err
	}
	defer s.Close()
	return do(s, f)
}

// ShowGame writes one game ('tableref history show ID'), its sentences in
// language l.
func ShowGame(ctx context.Context, path, id string, l words.Lang, w io.Writer) error {
	return withStore(ctx, Query{Path: path}, func(s *Store, _ Filter) error {
		g, err := s.Get(ctx, id)
		if err != nil {
			return err
		}
		return WriteGame(w, g, l)
	})
}

// ListPlayers writes every player's record ('tableref history players').
func ListPlayers(ctx context.Context, q Query, w io.Writer) error {
	return withStore(ctx, q, func(s *Store, f Filter) error {
		rs, err := s.Players(ctx, f)
		if err != nil {
			return err
		}
		return WritePlayers(w, rs)
	})
}
