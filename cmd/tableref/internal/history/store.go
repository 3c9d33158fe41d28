// Package history keeps every game the referee saw in an SQLite database
// (modernc.org/sqlite: pure Go, so the Raspberry Pi cross build needs no
// new C library). The journal stays the one truth: a game enters the
// history only from a journal's content (Record), and the whole history
// can be rebuilt from journals (Rebuild).
//
// The schema is versioned with SQLite's user_version and migrated forward
// on Open; a file from a newer tableref, or one that is not an SQLite
// database, is refused with an error naming the file, never emptied.
package history

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strings"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// Version is the schema version this tableref writes.
const Version = 4

// migrations[i] takes a database from version i to i+1.
var migrations = []string{
	`CREATE TABLE games (
		id      TEXT PRIMARY KEY,
		journal TEXT NOT NULL,
		ended   INTEGER NOT NULL,
		seconds REAL NOT NULL,
		mode    TEXT NOT NULL,
		status  TEXT NOT NULL,
		detail  TEXT NOT NULL
	);
	CREATE INDEX games_ended ON games(ended);
	CREATE TABLE players (
		game   TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
		seat   INTEGER NOT NULL,
		name   TEXT NOT NULL,
		total  INTEGER NOT NULL,
		winner INTEGER NOT NULL,
		PRIMARY KEY (game, seat)
	);
	CREATE INDEX players_name ON players(name);`,
	// 2: the number of verdicts, so a list need not open the detail; the
	// journal's length, so a game recorded while in play is replaced, not
	// doubled, when it is recorded again grown.
	`ALTER TABLE games ADD COLUMN verdicts INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN size INTEGER NOT NULL DEFAULT 0;`,
	// 3: covering indexes for the list, so listing never reads a game's
	// detail; the journal's, so recording a game finds its shorter
	// records without reading every game.
	`CREATE INDEX games_list ON games(ended DESC, id, journal, seconds, mode, status, verdicts);
	CREATE INDEX games_journal ON games(journal, size);
	CREATE INDEX players_list ON players(game, seat, name, total, winner);`,
	// 4: each game's players in one column (roster), so a list reads one
	// row per game, not one per player: 10 000 games were 30 000 rows.
	`ALTER TABLE games ADD COLUMN roster TEXT NOT NULL DEFAULT '';
	DROP INDEX games_list;
	CREATE INDEX games_list ON games(ended DESC, id, journal, seconds, mode, status, verdicts, roster);`,
}

// migrateData moves the data a schema step needs, after its SQL, in
// the same transaction: to[v] runs on the way to version v.
var migrateData = map[int]func(context.Context, *sql.Tx) error{4: fillRosters}

// ErrNewer is returned (wrapped) for a database written by a newer tableref.
var ErrNewer = errors.New("written by a newer tableref")

// ErrNotHistory is returned (wrapped) for a file that is not a history
// database (corrupt, or some other file).
var ErrNotHistory = errors.New("not a tableref history database (corrupt?)")

// Store is an open history database. It is safe for concurrent use.
type Store struct {
	db   *sql.DB
	path string
}

// Path is the database file.
func (s *Store) Path() string { return s.path }

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Open opens (creating it if absent) the history at path and migrates it
// to Version. A corrupt file or a newer schema is an error naming path,
// with what to type; the file is left as it is.
func Open(ctx context.Context, path string) (*Store, error) {
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=cache_size(-8000)")
	if err != nil {
		return nil, fmt.Errorf("history %s: %w", path, err)
	}
	s := &Store{db: db, path: path}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

func (s *Store) refuse(err error) error {
	return fmt.Errorf("history %s: %w; move it aside or type 'tableref history rebuild --replace JOURNAL…' to build a new one from the journals", s.path, err)
}

func (s *Store) migrate(ctx context.Context) error {
	var v int
	if err := s.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return s.failed(err)
	}
	if v > Version {
		return s.refuse(fmt.Errorf("%w (schema %d; this tableref knows up to %d)", ErrNewer, v, Version))
	}
	if v == 0 {
		// A fresh file has no tables; a file with tables and no version is
		// someone else's database.
		var n int
		if err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master").Scan(&n); err != nil {
			return s.failed(err)
		}
		if n > 0 {
			return s.refuse(fmt.Errorf("%w: it holds tables and no schema version", ErrNotHistory))
		}
	}
	// Write-ahead logging only once the file is known to be ours: setting
	// it writes the file's header.
	if _, err := s.db.ExecContext(ctx, "PRAGMA journal_mode=WAL"); err != nil {
		return s.failed(err)
	}
	for ; v < Version; v++ {
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("history %s: %w", s.path, err)
		}
		if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
			tx.Rollback()
			if isNotDB(err) {
				return s.failed(err)
			}
			return fmt.Errorf("history %s: migrating to schema %d: %w", s.path, v+1, err)
		}
		if fill := migrateData[v+1]; fill != nil {
			if err := fill(ctx, tx); err != nil {
				tx.Rollback()
				return fmt.Errorf("history %s: migrating to schema %d: %w", s.path, v+1, err)
			}
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v+1)); err != nil {
			tx.Rollback()
			return fmt.Errorf("history %s: %w", s.path, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("history %s: migrating to schema %d: %w", s.path, v+1, err)
		}
	}
	return nil
}

// failed says err, refusing the file when SQLite found it corrupt.
func (s *Store) failed(err error) error {
	if isNotDB(err) {
		return s.refuse(fmt.Errorf("%w: %v", ErrNotHistory, err))
	}
	return fmt.Errorf("history %s: %w", s.path, err)
}

func isNotDB(err error) bool {
	m := err.Error()
	return strings.Contains(m, "not a database") || strings.Contains(m, "malformed") || strings.Contains(m, "SQLITE_NOTADB") || strings.Contains(m, "SQLITE_CORRUPT")
}

// SetAside moves a refused database (and its WAL files) to
// PATH.broken-N, so that Rebuild --replace never destroys it, and
// returns the new name.
func SetAside(path string) (string, error) {
	for n := 1; ; n++ {
		to := fmt.Sprintf("%s.broken-%d", path, n)
		if _, err := os.Stat(to); err == nil {
			continue
		}
		if err := os.Rename(path, to); err != nil {
			return "", fmt.Errorf("history: setting %s aside: %w", path, err)
		}
		for _, ext := range []string{"-wal", "-shm"} {
			if _, err := os.Stat(path + ext); err == nil {
				if err := os.Rename(path+ext, to+ext); err != nil {
					return "", fmt.Errorf("history: setting %s aside: %w", path+ext, err)
				}
			}
		}
		return to, nil
	}
}
