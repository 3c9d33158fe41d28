package journal

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestLockIsPerJournal(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state", "journal.jsonl")
	l, err := TakeLock(path)
	if err != nil {
		t.Fatal(err)
	}
	// flock belongs to an open file: a second TakeLock in this process
	// conflicts exactly as a second process does.
	_, err = TakeLock(path)
	if !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), "pid "+strconv.Itoa(os.Getpid())) {
		t.Errorf("second lock: %v, want ErrInUse naming pid %d", err, os.Getpid())
	}
	// The same journal through a symlinked state folder.
	link := filepath.Join(dir, "link")
	os.Symlink(filepath.Join(dir, "state"), link)
	if _, err := TakeLock(filepath.Join(link, "journal.jsonl")); !errors.Is(err, ErrInUse) {
		t.Errorf("through a symlink: %v, want ErrInUse", err)
	}
	// Another journal in the same folder is another game.
	other, err := TakeLock(filepath.Join(dir, "state", "other.jsonl"))
	if err != nil {
		t.Errorf("another journal: %v", err)
	}
	other.Release()
	l.Release()
	l2, err := TakeLock(path)
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	l2.Release()
}

// The journal file itself is locked while open for writing, so a writer
// that reached it by another name (a hard link) is refused too; and it is
// opened append-only.
func TestJournalFileLockedAndAppendOnly(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "journal.jsonl")
	w, err := Create(path, setup, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	alias := filepath.Join(dir, "alias.jsonl")
	if err := os.Link(path, alias); err != nil {
		t.Skip("no hard links here:", err)
	}
	if _, _, err := Open(alias); !errors.Is(err, ErrInUse) {
		t.Errorf("Open through a hard link while written: %v, want ErrInUse", err)
	}
	f := w.f.(*os.File)
	fl, err := fcntlFlags(f)
	if err != nil {
		t.Fatal(err)
	}
	if fl&os.O_APPEND == 0 {
		t.Errorf("journal not opened append-only (flags %#o)", fl)
	}
	w.Close()
	_, w2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer w2.Close()
	if fl, _ := fcntlFlags(w2.f.(*os.File)); fl&os.O_APPEND == 0 {
		t.Errorf("resumed journal not append-only (flags %#o)", fl)
	}
}

// fcntlFlags reads a file's status flags (F_GETFL).
func fcntlFlags(f *os.File) (int, error) {
	r, _, errno := syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), syscall.F_GETFL, 0)
	if errno != 0 {
		return 0, errno
	}
	return int(r), nil
}
