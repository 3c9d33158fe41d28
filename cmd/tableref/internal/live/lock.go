package live

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tableref/tableref/cmd/tableref/internal/pidlock"
)

// ErrInUse is returned when another tableref already uses the camera.
var ErrInUse = errors.New("already in use")

// Lock is an exclusive flock on a file in dir keyed by the camera source,
// so that two daemons never read the same camera (the journal has a lock
// of its own: journal.TakeLock). The kernel drops the lock when the
// process dies, so a crash never leaves a stale lock behind.
type Lock = pidlock.Lock

// LockCamera takes the lock for source (a device path, "pi", a file…).
func LockCamera(dir, source string) (*Lock, error) {
	key := canonicalSource(source)
	sum := sha256.Sum256([]byte(key))
	path := filepath.Join(dir, "camera-"+hex.EncodeToString(sum[:8])+".lock")
	l, err := pidlock.Take(path, "camera "+key)
	var held *pidlock.HeldError
	if errors.As(err, &held) {
		return nil, fmt.Errorf("camera %s %w by another tableref (%s; lock %s)", source, ErrInUse, held.Holder, path)
	}
	if err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	return l, nil
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
