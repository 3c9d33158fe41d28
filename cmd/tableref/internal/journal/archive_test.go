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

func TestArchiveNeverReplacesAFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "journal.jsonl")
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	taken := filepath.Join(dir, "journal-nogame-20260102-030405.jsonl")
	for _, f := range []struct{ name, data string }{{taken, "older\n"}, {path, "newer\n"}} {
		if err := os.WriteFile(f.name, []byte(f.data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Archive(path, "nogame", at)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "journal-nogame-20260102-030405-2.jsonl"); got != want {
		t.Errorf("Archive = %s, want %s", got, want)
	}
	if data, _ := os.ReadFile(taken); string(data) != "older\n" {
		t.Errorf("the older archive now holds %q", data)
	}
	if data, _ := os.ReadFile(got); string(data) != "newer\n" {
		t.Errorf("the archive holds %q, want the journal's content", data)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the journal is still at %s (%v)", path, err)
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
