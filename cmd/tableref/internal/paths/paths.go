// Package paths says where tableref keeps its files when no flag or
// configuration key names them: the calibration and the journal in a state
// folder, the camera locks in a runtime folder. The Raspberry Pi service
// and root use the system folders (/var/lib/tableref, /run/tableref); a
// normal user off a Pi uses the XDG folders of the home directory, so
// every command runs without root and calibrate, scan and run agree on
// one calibration file.
package paths

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// The system folders of the service (created by its systemd unit's
// StateDirectory and RuntimeDirectory, and by the package's postinst).
const (
	SystemState   = "/var/lib/tableref"
	SystemRuntime = "/run/tableref"
)

// The process's environment, user, home and file access, replaced by
// tests.
var (
	env      = os.Getenv
	euid     = os.Geteuid
	home     = os.UserHomeDir
	writable = func(dir string) bool { return syscall.Access(dir, 2 /* W_OK */) == nil } // dir exists and we may create files in it
)

// StateDir is the folder of the calibration and the journal:
// $STATE_DIRECTORY under systemd, /var/lib/tableref for root or for a
// user who may write there (the tableref user), else
// $XDG_STATE_HOME/tableref (~/.local/state/tableref).
func StateDir() string {
	if d := first(env("STATE_DIRECTORY")); d != "" {
		return d
	}
	if euid() == 0 || writable(SystemState) {
		return SystemState
	}
	if d := env("XDG_STATE_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "tableref")
	}
	if h, err := home(); err == nil && h != "" {
		return filepath.Join(h, ".local", "state", "tableref")
	}
	return filepath.Join(os.TempDir(), "tableref-"+strconv.Itoa(euid()), "state")
}

// RuntimeDir is the folder of the camera locks: $RUNTIME_DIRECTORY under
// systemd, /run/tableref for root or a user who may write there, else
// $XDG_RUNTIME_DIR/tableref, else a folder of the user's own in the
// temporary folder.
func RuntimeDir() string {
	if d := first(env("RUNTIME_DIRECTORY")); d != "" {
		return d
	}
	if euid() == 0 || writable(SystemRuntime) {
		return SystemRuntime
	}
	if d := env("XDG_RUNTIME_DIR"); filepath.IsAbs(d) {
		return filepath.Join(d, "tableref")
	}
	return filepath.Join(os.TempDir(), "tableref-"+strconv.Itoa(euid()))
}

// Calibration is the calibration file calibrate writes and scan and run
// read when none is named.
func Calibration() string { return filepath.Join(StateDir(), "calibration.json") }

// Journal is the daemon's journal when the configuration names none.
func Journal() string { return filepath.Join(StateDir(), "journal.jsonl") }

// History is the default game history database: beside the journal.
func History() string { return filepath.Join(StateDir(), "history.db") }

// first is the first of systemd's colon-separated directories.
func first(dirs string) string {
	d, _, _ := strings.Cut(dirs, ":")
	return d
}
