package journal

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"github.com/tableref/tableref/cmd/tableref/internal/pidlock"
)

// ErrInUse is returned (wrapped, with the holder's PID) when another
// process writes the journal.
var ErrInUse = errors.New("in use by another tableref")

// Lock is the right to write the journal at one path: an exclusive flock
// on NAME.lock in the journal's folder (the state folder). It is taken
// per journal, not per camera: two daemons on two cameras with the same
// journal used to write it at their own offsets, interleaving lines until
// the next start could not resume the game. The lock file outlives the
// journal's renames (a new game archives the old file), and the kernel
// drops the lock when the process dies, so a crash leaves nothing stale.
type Lock = pidlock.Lock

// TakeLock takes the lock of the journal at path, or fails with ErrInUse
// naming the process that holds it.
func TakeLock(path string) (*Lock, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	// One lock whatever the spelling of the path: a symlinked state folder
	// and its target are the same journal.
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	l, err := pidlock.Take(filepath.Join(dir, filepath.Base(path)+".lock"), "journal "+path)
	var held *pidlock.HeldError
	if errors.As(err, &held) {
		who := "lock " + held.Path
		if pid := held.PID(); pid != "" {
			who = "pid " + pid + ", " + who
		}
		return nil, fmt.Errorf("journal %s is %w (%s): stop that one first (sudo systemctl stop tableref), or give this one its own journal (--journal FILE)",
			path, ErrInUse, who)
	}
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	return l, nil
}

// lockFile takes an exclusive flock on the open journal itself, so that a
// second writer reaching the same file by another name (a hard link, a
// bind mount) is refused too.
func lockFile(f *os.File, path string) error {
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return fmt.Errorf("journal %s is %w: another process has it open for writing", path, ErrInUse)
		}
		return fmt.Errorf("journal: lock %s: %w", path, err)
	}
	return nil
}
