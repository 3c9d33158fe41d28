package history

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// detail is what a game keeps beyond its list row.
type detail struct {
	Players []Player  `json:"players"`
	Events  []Stamped `json:"events"`
}

// Record writes g into the history, replacing an earlier record of the
// same game (same id) or of the same journal file still being played.
func (s *Store) Record(ctx context.Context, g *Game) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("history %s: %w", s.path, err)
	}
	defer tx.Rollback()
	if err := record(ctx, tx, g); err != nil {
		return fmt.Errorf("history %s: game %s: %w", s.path, g.ID, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("history %s: %w", s.path, err)
	}
	return nil
}

func record(ctx context.Context, tx *sql.Tx, g *Game) error {
	d, err := json.Marshal(detail{Players: g.Players, Events: g.Events})
	if err != nil {
		return err
	}
	stale, err := shorter(ctx, tx, g)
	if err != nil {
		return err
	}
	for _, id := range append(stale, g.ID) {
		if _, err := tx.ExecContext(ctx, `DELETE FROM games WHERE id = ?`, id); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO games(id, journal, ended, seconds, mode, status, detail, verdicts, size, roster) VALUES(?,?,?,?,?,?,?,?,?,?)`,
		g.ID, g.Journal, g.Ended.UnixMilli(), g.Seconds, g.Mode, g.Status, string(d), g.Verdicts, g.size, roster(g.Players)); err != nil {
		return err
	}
	for _, p := range g.Players {
		if _, err := tx.ExecContext(ctx, `INSERT INTO players(game, seat, name, total, winner) VALUES(?,?,?,?,?)`, g.ID, p.Seat, p.Name, p.Total, p.Winner); err != nil {
			return err
		}
	}
	return nil
}

// shorter returns the games of g's journal recorded while it was shorter:
// a game in play is recorded again as it grows, and its earlier journal
// is a beginning of its later one.
func shorter(ctx context.Context, tx *sql.Tx, g *Game) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, size FROM games WHERE journal = ? AND id != ? AND size > 0 AND size < ?`, g.Journal, g.ID, g.size)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		var size int
		if err := rows.Scan(&id, &size); err != nil {
			return nil, err
		}
		if same, ok := g.idOf(size); ok && same == id {
			ids = append(ids, id)
		}
	}
	return ids, rows.Err()
}

// sizes are the lengths of the journal at path its games were recorded at.
func (s *Store) sizes(ctx context.Context, path string) ([]int, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT size FROM games WHERE journal = ? AND size > 0`, path)
	if err != nil {
		return nil, fmt.Errorf("history %s: %w", s.path, err)
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var n int
		if err := rows.Scan(&n); err != nil {
			return nil, fmt.Errorf("history %s: %w", s.path, err)
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// RecordJournal reads the journal at path and records its game.
func (s *Store) RecordJournal(ctx context.Context, path string) (*Game, error) {
	g, err := readJournal(path)
	if err != nil {
		return nil, err
	}
	return g, s.Record(ctx, g)
}

// Filter chooses games for List. Zero values choose everything.
type Filter struct {
	Game   string    // a mode id or its game's prefix ("wit" matches "wit-continental")
	Player string    // a player's name, exactly (case-insensitive)
	Since  time.Time // ended at or after
	Until  time.Time // ended before
	Limit  int       // at most this many, newest first (0: all)
}

// List returns the games f chooses, newest first, without their events.
func (s *Store) List(ctx context.Context, f Filter) ([]Game, error) {
	q := `SELECT g.id, g.journal, g.ended, g.seconds, g.mode, g.status, g.verdicts, g.roster FROM games g WHERE 1=1`
	var args []any
	if f.Game != "" {
		q += ` AND (g.mode = ? OR g.mode LIKE ? ESCAPE '\')`
		args = append(args, f.Game, likeEscape(f.Game)+"-%")
	}
	if f.Player != "" {
		q += ` AND g.id IN (SELECT game FROM players WHERE name = ? COLLATE NOCASE)`
		args = append(args, f.Player)
	}
	if !f.Since.IsZero() {
		q += ` AND g.ended >= ?`
		args = append(args, f.Since.UnixMilli())
	}
	if !f.Until.IsZero() {
		q += ` AND g.ended < ?`
		args = append(args, f.Until.UnixMilli())
	}
	if f.Limit > 0 {
		q += ` AND g.id IN (SELECT id FROM games ORDER BY ended DESC, id LIMIT ?)`
		args = append(args, f.Limit)
	}
	q += ` ORDER BY g.ended DESC, g.id`
	return queryAll(ctx, s, q, args, func(rows *sql.Rows) (g Game, err error) {
		var ended int64
		var r string
		if err := rows.Scan(&g.ID, &g.Journal, &ended, &g.Seconds, &g.Mode, &g.Status, &g.Verdicts, &r); err != nil {
			return g, err
		}
		g.Ended = time.UnixMilli(ended).UTC()
		if g.Players, err = parseRoster(r); err != nil {
			return g, fmt.Errorf("game %s: %w", g.ID, err)
		}
		return g, nil
	})
}

// queryAll runs q and turns each row into a T with scan.
func queryAll[T any](ctx context.Context, s *Store, q string, args []any, scan func(*sql.Rows) (T, error)) ([]T, error) {
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("history %s: %w", s.path, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("history %s: %w", s.path, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("history %s: %w", s.path, err)
	}
	return out, nil
}

func likeEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(s)
}

// ErrUnknown is returned (wrapped) by Get for an id the history lacks.
var ErrUnknown = errors.New("no such game")

// Get returns one game with its events. id may be a unique prefix.
func (s *Store) Get(ctx context.Context, id string) (*Game, error) {
	found, err := queryAll(ctx, s, `SELECT id, journal, ended, seconds, mode, status, verdicts, detail FROM games WHERE id LIKE ? ESCAPE '\' LIMIT 2`, []any{likeEscape(id) + "%"},
		func(rows *sql.Rows) (*Game, error) {
			g := &Game{}
			var ended int64
			var d string
			if err := rows.Scan(&g.ID, &g.Journal, &ended, &g.Seconds, &g.Mode, &g.Status, &g.Verdicts, &d); err != nil {
				return nil, err
			}
			g.Ended = time.UnixMilli(ended).UTC()
			var det detail
			if err := json.Unmarshal([]byte(d), &det); err != nil {
				return nil, fmt.Errorf("game %s: %w", g.ID, err)
			}
			g.Players, g.Events = det.Players, det.Events
			return g, nil
		})
	if err != nil {
		return nil, err
	}
	switch {
	case id == "" || len(found) == 0:
		return nil, fmt.Errorf("%w: %q ('tableref history' lists them)", ErrUnknown, id)
	case len(found) > 1:
		return nil, fmt.Errorf("%w: %q names more than one game: give more of its id", ErrUnknown, id)
	}
	return found[0], nil
}

// PlayerRecord is one player's results in one mode.
type PlayerRecord struct {
	Name    string  `json:"name"`
	Mode    string  `json:"mode"`
	Games   int     `json:"games"`
	Wins    int     `json:"wins"`
	Average float64 `json:"average"` // average total per game
}

// Players returns every player's record per mode, from finished games,
// by name then mode.
func (s *Store) Players(ctx context.Context, f Filter) ([]PlayerRecord, error) {
	q := `SELECT p.name, g.mode, count(*), sum(p.winner), avg(p.total) FROM players p JOIN games g ON g.id = p.game WHERE g.status = 'finished'`
	var args []any
	if f.Player != "" {
		q += ` AND p.name = ? COLLATE NOCASE`
		args = append(args, f.Player)
	}
	if f.Game != "" {
		q += ` AND (g.mode = ? OR g.mode LIKE ? ESCAPE '\')`
		args = append(args, f.Game, likeEscape(f.Game)+"-%")
	}
	q += ` GROUP BY p.name, g.mode ORDER BY p.name COLLATE NOCASE, g.mode`
	return queryAll(ctx, s, q, args, func(rows *sql.Rows) (r PlayerRecord, err error) {
		return r, rows.Scan(&r.Name, &r.Mode, &r.Games, &r.Wins, &r.Average)
	})
}
