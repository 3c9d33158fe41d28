package daemon

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// ErrInUse is returned when another tableref already uses the camera.
var ErrInUse = errors.New("already in use")

// Lock is an exclusive flock on a file in dir keyed by the camera source,
// so that two daemons never read (and journal) the same camera. The kernel
// drops the lock when the process dies, so a crash never leaves a stale
// lock behind.
type Lock struct {
	f    *os.File
	path string
}

// LockCamera takes the lock for source (a device path, "pi", a file…).
func LockCamera(dir, source string) (*Lock, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	key := canonicalSource(source)
	sum := sha256.Sum256([]byte(key))
	path := filepath.Join(dir, "camera-"+hex.EncodeToString(sum[:8])+".lock")
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder, _ := os.ReadFile(path)
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("camera %s %w by another tableref (%s; lock %s)", source, ErrInUse, strings.TrimSpace(string(holder)), path)
		}
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	_ = f.Truncate(0)
	_, _ = f.WriteAt([]byte("pid "+strconv.Itoa(os.Getpid())+" camera "+key+"\n"), 0)
	return &Lock{f: f, path: path}, nil
}

// canonicalSource names a source the same way however it was written: a
// device index and its /dev path, a relative and an absolute file path.
func canonicalSource(s string) string {
	s = strings.TrimSpace(s)
	if _, err := strconv.Atoi(s); err == nil {
		return "/dev/video" + s
	}
	for _, p := range []string{ReplayPrefix, ""} {
		if rest, ok := strings.CutPrefix(s, p); ok && (p != "" || !strings.Contains(s, " ! ")) {
			if abs, err := filepath.Abs(rest); err == nil {
				if _, statErr := os.Stat(abs); statErr == nil {
					if real, err := filepath.EvalSymlinks(abs); err == nil {
						abs = real
					}
					return p + abs
				}
			}
		}
	}
	return s
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
