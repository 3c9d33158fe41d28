package paths

import (
	"errors"
	"path/filepath"
	"testing"
)

// fake replaces the process's environment, user and home for one test.
func fake(t *testing.T, uid int, vars map[string]string, homeDir string) {
	t.Helper()
	oldEnv, oldUID, oldHome, oldW := env, euid, home, writable
	t.Cleanup(func() { env, euid, home, writable = oldEnv, oldUID, oldHome, oldW })
	writable = func(dir string) bool { return uid == 0 || vars["writable"] == dir }
	env = func(k string) string { return vars[k] }
	euid = func() int { return uid }
	home = func() (string, error) {
		if homeDir == "" {
			return "", errors.New("no home")
		}
		return homeDir, nil
	}
}

func TestFolders(t *testing.T) {
	tmp := t.TempDir()
	for _, tc := range []struct {
		name          string
		uid           int
		vars          map[string]string
		home          string
		state, runDir string
	}{
		{"systemd service", 999, map[string]string{"STATE_DIRECTORY": "/var/lib/tableref", "RUNTIME_DIRECTORY": "/run/tableref:/run/other"}, "/nonexistent",
			"/var/lib/tableref", "/run/tableref"},
		{"root", 0, nil, "/root", SystemState, SystemRuntime},
		{"the tableref user", 998, map[string]string{"writable": SystemState}, "/var/lib/tableref", SystemState, filepath.Join(tmp, "tableref-998")},
		{"user with XDG folders", 1000, map[string]string{"XDG_STATE_HOME": "/home/ana/.st", "XDG_RUNTIME_DIR": "/run/user/1000"}, "/home/ana",
			"/home/ana/.st/tableref", "/run/user/1000/tableref"},
		{"user without XDG", 1000, map[string]string{"XDG_STATE_HOME": "relative/is/ignored"}, "/home/ana",
			"/home/ana/.local/state/tableref", filepath.Join(tmp, "tableref-1000")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake(t, tc.uid, tc.vars, tc.home)
			t.Setenv("TMPDIR", tmp)
			if got := StateDir(); got != tc.state {
				t.Errorf("StateDir = %q, want %q", got, tc.state)
			}
			if got := RuntimeDir(); got != tc.runDir {
				t.Errorf("RuntimeDir = %q, want %q", got, tc.runDir)
			}
			if got := Calibration(); got != filepath.Join(tc.state, "calibration.json") {
				t.Errorf("Calibration = %q", got)
			}
		})
	}
}
