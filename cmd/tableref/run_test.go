package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tableref/tableref/hw/board"
	"github.com/tableref/tableref/vision/camera"
)

// childEnv makes the test binary run tableref itself (see TestRunChild), so
// a test can start the daemon as a separate process and kill it with -9.
const childEnv = "TABLEREF_TEST_CHILD_ARGS"

// TestRunChild is not a test: it is the daemon process of the crash tests.
func TestRunChild(t *testing.T) {
	args := os.Getenv(childEnv)
	if args == "" {
		t.Skip("helper process for TestCrashResume")
	}
	os.Exit(runMain(strings.Split(args, "\x1f"), os.Stdout, os.Stderr))
}

// child starts `tableref ARGS…` as a process of its own.
func child(t *testing.T, ctx context.Context, stdout, stderr *bytes.Buffer, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestRunChild$")
	cmd.Env = append(os.Environ(), childEnv+"="+strings.Join(args, "\x1f"), "TABLEREF_LOG=info")
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

func standings(out string) string {
	if i := strings.Index(out, "\nStandings:"); i >= 0 {
		return out[i:]
	}
	return "(no standings in)\n" + out
}

func countLines(path string) int {
	b, _ := os.ReadFile(path)
	return bytes.Count(b, []byte("\n"))
}

// runConfig writes a daemon configuration that plays src as a replay
// source at the given speed, with no display and no status page.
func runConfig(t *testing.T, dir, src string, speed float64) string {
	t.Helper()
	abs, _ := filepath.Abs(src)
	hw := filepath.Join(dir, "hardware.yaml")
	os.WriteFile(hw, []byte("display: {type: none}\nbuttons: {next: \"\", undo: \"\", challenge: \"\", menu: \"\"}\nleds: {green: \"\", red: \"\"}\nbuzzer: {pin: \"\"}\n"), 0o644)
	cfg := fmt.Sprintf("camera: {source: \"replay:%s\", speed: %v, at_end: stop}\njournal: %s\nlock_dir: %s\nhardware: %s\nweb: {listen: \"off\"}\n",
		abs, speed, filepath.Join(dir, "journal.jsonl"), filepath.Join(dir, "lock"), hw)
	p := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(p, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCrashResume kills the daemon with SIGKILL twice in the middle of a
// game (once leaving a torn last line, as a power cut does), restarts it
// each time, and checks that the final scores are those of the game played
// without interruption.
func TestCrashResume(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the daemon several times")
	}
	src := "../../rules/mapit/testdata/world-three-rounds.jsonl"
	code, out, errOut := run(t, "replay", src)
	if code != 0 {
		t.Fatalf("replay of the source failed: %s", errOut)
	}
	want := standings(out)

	dir := t.TempDir()
	cfg := runConfig(t, dir, src, 150) // 515 s of play in about 3.5 s
	journalPath := filepath.Join(dir, "journal.jsonl")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	for i, killAt := range []int{20, 50} {
		var o, e bytes.Buffer
		cmd := child(t, ctx, &o, &e, "run", "-config", cfg)
		deadline := time.Now().Add(30 * time.Second)
		for countLines(journalPath) < killAt && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if countLines(journalPath) < killAt {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("kill %d: the journal never reached %d lines; stderr:\n%s", i+1, killAt, e.String())
		}
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()
		t.Logf("kill %d at %d journal lines", i+1, countLines(journalPath))
		if i == 0 { // a power cut in the middle of a line
			f, _ := os.OpenFile(journalPath, os.O_APPEND|os.O_WRONLY, 0)
			f.WriteString(`{"kind":"snapshot","t":9999,"table":{"map":{"ro`)
			f.Close()
		}
	}

	var o, e bytes.Buffer
	cmd := child(t, ctx, &o, &e, "run", "-config", cfg)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("final run: %v\n%s", err, e.String())
	}
	if got := standings(o.String()); got != want {
		t.Errorf("standings after two crashes:\n%s\nwant (uninterrupted):\n%s", got, want)
	}
	// The journal is a replay of the same game.
	code, out, errOut = run(t, "replay", journalPath)
	if code != 0 || standings(out) != want {
		t.Errorf("tableref replay of the journal: status %d, %s\n%s", code, errOut, standings(out))
	}
}

// TestTornTailWarns: a restart after a power cut in the middle of a line
// warns and drops the line.
func TestTornTailWarns(t *testing.T) {
	dir := t.TempDir()
	src := "../../rules/nsoe/testdata/small-deck-piles-run-out.jsonl"
	cfg := runConfig(t, dir, src, 0)
	journalPath := filepath.Join(dir, "journal.jsonl")
	if code, _, errOut := run(t, "run", "-config", cfg); code != 0 {
		t.Fatalf("first run: %s", errOut)
	}
	// Take the last line back and leave half of it, as a power cut would.
	b, _ := os.ReadFile(journalPath)
	lines := bytes.SplitAfter(b, []byte("\n"))
	last := lines[len(lines)-2]
	torn := append(bytes.Join(lines[:len(lines)-2], nil), last[:len(last)/2]...)
	os.WriteFile(journalPath, torn, 0o644)

	code, out, errOut := run(t, "run", "-config", cfg, "-log-level", "warn")
	if code != 0 {
		t.Fatalf("run after the torn line: %s", errOut)
	}
	if !strings.Contains(errOut, "cut short") {
		t.Errorf("no warning about the torn line; stderr:\n%s", errOut)
	}
	_, want, _ := run(t, "replay", src)
	if standings(out) != standings(want) {
		t.Errorf("after the torn line:\n%s\nwant\n%s", standings(out), standings(want))
	}
}

func TestRunConfigErrorsNameTheKey(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("camera:\n  sorce: pi\n"), 0o644)
	code, _, errOut := run(t, "run", "-config", bad)
	if code != 1 || !strings.Contains(errOut, `unknown key "camera.sorce"`) {
		t.Errorf("unknown key: status %d, %q", code, errOut)
	}
	os.WriteFile(bad, []byte("web: {listen: \"0.0.0.0:8080\"}\n"), 0o644)
	code, _, errOut = run(t, "run", "-config", bad)
	if code != 1 || !strings.Contains(errOut, "web.listen") {
		t.Errorf("LAN address without lan: status %d, %q", code, errOut)
	}
	code, _, errOut = run(t, "run", "-config", filepath.Join(dir, "missing.yaml"))
	if code != 1 || !strings.Contains(errOut, "no such file") {
		t.Errorf("missing config: status %d, %q", code, errOut)
	}
	code, out, _ := run(t, "run", "-default-config")
	if code != 0 || !strings.Contains(out, `journal: ""`) || !strings.Contains(out, "~/.local/state/tableref") {
		t.Errorf("-default-config: %d %q", code, out)
	}
}

// A second tableref on the same camera is refused while the first runs.
func TestSecondInstanceRefused(t *testing.T) {
	dir := t.TempDir()
	cfg := runConfig(t, dir, "../../rules/mapit/testdata/world-three-rounds.jsonl", 1) // real time: minutes
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var o, e bytes.Buffer
	first := child(t, ctx, &o, &e, "run", "-config", cfg)
	defer func() { first.Process.Kill(); first.Wait() }()
	for end := time.Now().Add(20 * time.Second); countLines(filepath.Join(dir, "journal.jsonl")) < 2 && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	code, _, errOut := run(t, "run", "-config", cfg, "-journal", filepath.Join(dir, "other.jsonl"))
	if code != 1 || !strings.Contains(errOut, "already in use by another tableref") {
		t.Errorf("second instance: status %d, %q", code, errOut)
	}
}

// Without a game to play, run says so first, before a word about the
// hardware, and says what to type.
func TestRunNoGameSaysSoFirst(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.yaml")
	os.WriteFile(cfg, []byte(fmt.Sprintf("journal: %s\nweb: {listen: \"off\"}\n", filepath.Join(dir, "j.jsonl"))), 0o644)
	code, _, errOut := run(t, "run", "--config", cfg)
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	if code != 1 || len(lines) != 1 || !strings.HasPrefix(lines[0], "tableref run: no game to resume (no journal at ") ||
		!strings.Contains(lines[0], "--mode MODE --players A,B") || !strings.Contains(lines[0], cfg) {
		t.Errorf("status %d, stderr:\n%s", code, errOut)
	}
}

// Off a Raspberry Pi the default hardware (an LCD on GPIO) becomes the
// console display, and what is missing is said in one line naming doctor.
func TestRunOffAPiShowsOnTheConsole(t *testing.T) {
	dir := t.TempDir()
	abs, _ := filepath.Abs("../../rules/nsoe/testdata/small-deck-piles-run-out.jsonl")
	cfg := filepath.Join(dir, "config.yaml")
	os.WriteFile(cfg, []byte(fmt.Sprintf("camera: {source: \"replay:%s\", speed: 0}\njournal: %s\nweb: {listen: \"off\"}\n", abs, filepath.Join(dir, "j.jsonl"))), 0o644)
	if board.GPIOPresent() {
		t.Skip("this machine has GPIO pins: the test is of a machine without")
	}
	code, out, errOut := run(t, "run", "--config", cfg, "--log-level", "warn")
	if code != 0 || !strings.Contains(out, "┌────────────────┐") || !strings.Contains(out, "Standings:") {
		t.Fatalf("status %d: stdout\n%s\nstderr\n%s", code, out, errOut)
	}
	var warns []string
	for _, l := range strings.Split(errOut, "\n") {
		if strings.Contains(l, "level=WARN") {
			warns = append(warns, l)
		}
	}
	if len(warns) != 1 || !strings.Contains(warns[0], "no GPIO") || !strings.Contains(warns[0], "display is shown on the console") ||
		!strings.Contains(warns[0], "'tableref doctor'") {
		t.Errorf("want one warning about the hardware, got:\n%s", strings.Join(warns, "\n"))
	}
}

// The configuration and the hardware profile refuse an unknown key in the
// same words: the key's full path, its line and the keys known there.
func TestUnknownKeysSameWords(t *testing.T) {
	dir := t.TempDir()
	cfg, prof := filepath.Join(dir, "c.yaml"), filepath.Join(dir, "hw.yaml")
	os.WriteFile(cfg, []byte("web:\n  listen: \"off\"\n  pin_code: 1234\n"), 0o644)
	os.WriteFile(prof, []byte("display:\n  type: console\n  colums: 20\n"), 0o644)
	_, _, errCfg := run(t, "run", "--config", cfg)
	_, _, errProf := run(t, "display", "test", "--profile", prof, "Hello")
	for _, tc := range []struct{ got, want string }{
		{errCfg, `config ` + cfg + `: line 3: unknown key "web.pin_code" (known here: cert_file, hosts, key_file, lan, listen, name, pin, pin_file, tls)`},
		{errProf, `profile ` + prof + `: line 3: unknown key "display.colums" (known here: address, bus, cols, pins, rotated, rows, type)`},
	} {
		if !strings.Contains(tc.got, tc.want) {
			t.Errorf("stderr %q\nwant %q", tc.got, tc.want)
		}
	}
}

// Off a Pi, a camera the machine does not have is said in one line naming
// what to give (--camera, camera.source), before anything is opened: no
// OpenCV warnings, no "Camera lost / Check the cable" on a display, no
// retrying for ever (the Pi camera's pipeline never returned on a laptop).
func TestRunWithoutTheCameraSaysWhatToGive(t *testing.T) {
	sources := []string{"/dev/video97"}
	if sp, _ := camera.Parse("pi"); camera.Present(sp) != nil {
		sources = append(sources, "pi") // the default, on a machine without a Pi camera
	}
	for _, src := range sources {
		dir := t.TempDir()
		cfg := filepath.Join(dir, "config.yaml")
		os.WriteFile(cfg, []byte(fmt.Sprintf("camera: {source: %q}\njournal: %s\nweb: {listen: \"off\"}\ngame: {mode: wit-continental, players: [Ana, Ben]}\n", src, filepath.Join(dir, "j.jsonl"))), 0o644)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		var o, e bytes.Buffer
		cmd := child(t, ctx, &o, &e, "run", "--config", cfg)
		err := cmd.Wait()
		cancel()
		lines := strings.Split(strings.TrimSpace(e.String()), "\n")
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 || len(lines) != 1 ||
			!strings.Contains(lines[0], "--camera") || !strings.Contains(lines[0], "camera.source "+src) || strings.Contains(e.String(), "WARN") {
			t.Errorf("camera %s: %v; stderr:\n%s\nstdout:\n%s", src, err, e.String(), o.String())
		}
		if strings.Contains(o.String(), "Camera lost") {
			t.Errorf("camera %s: the display says the camera was lost:\n%s", src, o.String())
		}
	}
}
