// Package archive keeps a finished game's journal: it moves the file
// aside under a name no other file has, never replacing one.
package archive

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Keep moves the journal at path aside under a name no other file has,
// NAME[-tag]-YYYYMMDD-HHMMSS.jsonl beside it, with -2, -3… added when a
// game was archived in the same second or the clock was set back onto an
// earlier archive's name. The move never replaces a file: a rename that
// would is refused by the kernel (RENAME_NOREPLACE), so two new games in
// one second keep both games. It returns the name the journal now has.
func Keep(path, tag string, now time.Time) (string, error) {
	ext := filepath.Ext(path)
	base := path[:len(path)-len(ext)]
	if tag != "" {
		base += "-" + tag
	}
	base += "-" + now.Format("20060102-150405")
	for n := 1; n <= maxArchivesPerSecond; n++ {
		name := base + ext
		if n > 1 {
			name = fmt.Sprintf("%s-%d%s", base, n, ext)
		}
		err := renameNoReplace(path, name)
		if err == nil {
			return name, SyncDir(filepath.Dir(path))
		}
		if !errors.Is(err, os.ErrExist) {
			return "", fmt.Errorf("journal: keeping %s as %s: %w", path, name, err)
		}
	}
	return "", fmt.Errorf("journal: keeping %s: %d archives already carry the time %s", path, maxArchivesPerSecond, now.Format("2006-01-02 15:04:05"))
}

// maxArchivesPerSecond bounds the search for a free name; a clock stuck
// on one second for that many new games is a fault worth stopping on.
const maxArchivesPerSecond = 1000

// renameNoReplace renames old to new unless new exists (os.ErrExist). On a
// file system without RENAME_NOREPLACE it links and unlinks, which is as
// exclusive: link(2) fails when new exists.
func renameNoReplace(old, new string) error {
	err := unix.Renameat2(unix.AT_FDCWD, old, unix.AT_FDCWD, new, unix.RENAME_NOREPLACE)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.EEXIST):
		return os.ErrExist
	case !errors.Is(err, unix.EINVAL) && !errors.Is(err, unix.ENOSYS):
		return &os.LinkError{Op: "rename", Old: old, New: new, Err: err}
	}
	if err := os.Link(old, new); err != nil {
		if errors.Is(err, os.ErrExist) {
			return os.ErrExist
		}
		return err
	}
	return os.Remove(old)
}

// SyncDir makes a rename or a new file in dir survive a power cut (a
// file system that cannot sync a folder says EINVAL: nothing to do).
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) {
		return fmt.Errorf("journal: syncing %s: %w", dir, err)
	}
	return nil
}
