package deckdir

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO, a folder or an oversized file among the deck files is reported
// and skipped at once; the good deck beside it still loads (issue 34:
// `mkfifo DECKS/ZZ.csv; tableref version` hung forever).
func TestLoadSkipsWhatIsNotADeckFile(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(Env, dir)
	forget(t)
	write(t, dir, "WB.csv", box)
	fifo := filepath.Join(dir, "ZZ.csv")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	if err := os.Mkdir(filepath.Join(dir, "YY.csv"), 0o755); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "XX.csv")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, maxFileBytes+1); err != nil {
		t.Fatal(err)
	}
	done := make(chan []Entry, 1)
	go func() { done <- Load() }()
	var got []Entry
	select {
	case got = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("Load is still waiting on the FIFO after 20 s")
	}
	errs := map[string]string{}
	loaded := 0
	for _, e := range got {
		if e.Err != nil {
			errs[filepath.Base(e.Path)] = e.Err.Error()
		} else {
			loaded++
		}
	}
	if loaded != 1 {
		t.Errorf("%d decks loaded, want WB alone: %+v", loaded, got)
	}
	for name, want := range map[string]string{"ZZ.csv": "not a regular file", "YY.csv": "", "XX.csv": "larger than 4 MB"} {
		msg, ok := errs[name]
		if !ok || !strings.Contains(msg, want) {
			t.Errorf("%s: error %q, want one saying %q", name, msg, want)
		}
	}
}
