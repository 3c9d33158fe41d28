package journal

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Two new games in the same second, and a clock set back onto an earlier
// archive's second, keep every game: each journal ends under a name of its
// own with its own content (issue 34: the second rename replaced a
// finished 41-line game with a 2-line one).
func TestNewGamesInOneSecondKeepEveryGame(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "journal.jsonl")
	at := time.Date(2026, 11, 29, 4, 5, 6, 0, time.UTC)
	var contents []string
	for i := 0; i < 4; i++ {
		w, err := Create(path, setup, at)
		if err != nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
		// Each game leaves a different journal: i snapshots.
		for s := 0; s < i; s++ {
			if err := w.Snapshot(float64(s+1), table(s+2)); err != nil {
				t.Fatal(err)
			}
		}
		w.Close()
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		contents = append(contents, string(data))
	}
	archived, err := filepath.Glob(filepath.Join(dir, "journal-*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if len(archived) != 3 {
		t.Fatalf("after four games in one second %d archives are left (%v), want 3", len(archived), archived)
	}
	kept := map[string]bool{}
	for _, a := range archived {
		data, err := os.ReadFile(a)
		if err != nil {
			t.Fatal(err)
		}
		kept[string(data)] = true
	}
	for i, c := range contents[:3] {
		if !kept[c] {
			t.Errorf("game %d's journal is lost", i+1)
		}
	}
}

// A journal names the players: it is 0640, not world-readable (issue 33 D4).
func TestJournalIsNotWorldReadable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	w, err := Create(path, setup, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm()&0o007 != 0 {
		t.Errorf("journal mode %v: others may read it", st.Mode().Perm())
	}
}
