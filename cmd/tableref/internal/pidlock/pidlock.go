// Package pidlock is an exclusive lock on a file that says who holds it:
// a non-blocking flock, with the holder's PID and a note written into the
// file so that a refused process can name the one in its way. The kernel
// drops the lock when the holder dies, so a crash never leaves a stale lock.
package pidlock

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// HeldError is returned when another open file holds the lock.
type HeldError struct {
	Path   string
	Holder string // what the holder wrote: "pid 812 camera /dev/video0"
}

func (e *HeldError) Error() string { return "lock " + e.Path + " held by " + e.Holder }

// PID is the holder's PID as written ("" when unknown).
func (e *HeldError) PID() string {
	pid, _, _ := strings.Cut(strings.TrimPrefix(e.Holder, "pid "), " ")
	if !strings.HasPrefix(e.Holder, "pid ") {
		return ""
	}
	return pid
}

// Lock is a held lock.
type Lock struct{ f *os.File }

// Take locks the file at path (creating it and its folder), or returns a
// *HeldError. note goes into the file after the PID.
func Take(path, note string) (*Lock, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder, _ := os.ReadFile(path)
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, &HeldError{Path: path, Holder: strings.TrimSpace(string(holder))}
		}
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	_ = f.Truncate(0)
	_, _ = f.WriteAt([]byte("pid "+strconv.Itoa(os.Getpid())+" "+note+"\n"), 0)
	return &Lock{f: f}, nil
}

// Release drops the lock.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}
