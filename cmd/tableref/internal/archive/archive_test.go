package archive

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A journal moved aside never replaces a file already under its name
// (issue 34).
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
	got, err := Keep(path, "nogame", at)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "journal-nogame-20260102-030405-2.jsonl"); got != want {
		t.Errorf("Keep = %s, want %s", got, want)
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
