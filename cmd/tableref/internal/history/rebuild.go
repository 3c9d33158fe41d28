package history

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
)

// Rebuilt says what Rebuild did.
type Rebuilt struct {
	Games    int      // games recorded
	Skipped  []string // journals left out, each with why
	SetAside string   // where a refused database went ("" if none)
}

// Rebuild records the game of every journal into the history at path. A
// database Open refuses (corrupt, newer) is an error unless replace is
// set: then it is moved aside (never deleted) and a new one is built. A
// journal that cannot be read is skipped and named in the result.
// progress, if not nil, is called after each journal.
func Rebuild(ctx context.Context, path string, journals []string, replace bool, progress func(done, total int)) (Rebuilt, error) {
	var res Rebuilt
	s, err := Open(ctx, path)
	if err != nil && replace && (errors.Is(err, ErrNotHistory) || errors.Is(err, ErrNewer)) {
		if res.SetAside, err = SetAside(path); err != nil {
			return res, err
		}
		s, err = Open(ctx, path)
	}
	if err != nil {
		return res, err
	}
	defer s.Close()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return res, fmt.Errorf("history %s: %w", path, err)
	}
	defer tx.Rollback()
	for i, j := range journals {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		g, err := readJournal(j)
		if err == nil {
			err = record(ctx, tx, g)
		}
		if err != nil {
			res.Skipped = append(res.Skipped, fmt.Sprintf("%s: %v", j, err))
		} else {
			res.Games++
		}
		if progress != nil {
			progress(i+1, len(journals))
		}
	}
	if err := tx.Commit(); err != nil {
		return res, fmt.Errorf("history %s: %w", path, err)
	}
	if res.Games == 0 && len(journals) > 0 {
		return res, fmt.Errorf("history: no game recorded from %d journal(s): %s", len(journals), res.Skipped[0])
	}
	return res, nil
}

func readJournal(path string) (*Game, error) {
	data, err := os.ReadFile(path)
	fi, serr := os.Stat(path)
	if err = cmp.Or(err, serr); err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	return FromJournal(data, path, fi.ModTime())
}

// WriteRebuilt says what Rebuild did.
func WriteRebuilt(w io.Writer, path string, r Rebuilt) {
	if r.SetAside != "" {
		fmt.Fprintf(w, "The old history was refused and kept as %s.\n", r.SetAside)
	}
	for _, s := range r.Skipped {
		fmt.Fprintf(w, "skipped %s\n", s)
	}
	fmt.Fprintf(w, "%d game(s) recorded in %s\n", r.Games, path)
}
