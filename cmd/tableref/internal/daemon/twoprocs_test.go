package daemon

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/live"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/fakegame"
	"github.com/tableref/tableref/cmd/tableref/internal/journal"
)

// TestMain lets a test start this test binary as a second, real process
// running the daemon (helperRun), the way the service and a `sudo
// tableref run` run side by side.
func TestMain(m *testing.M) {
	if os.Getenv("TABLEREF_DAEMON_HELPER") == "run" {
		os.Exit(helperRun())
	}
	os.Exit(m.Run())
}

// helperRun is `tableref run` in a child process, configured by
// HELPER_* variables. It prints "ready" once running.
func helperRun() int {
	cfg := config.Default()
	cfg.Game = config.Game{Mode: fakegame.ModeID, Players: []string{"Ana", "Ben"}, Options: map[string]string{"cards": "500"}}
	cfg.Camera.Source = os.Getenv("HELPER_SOURCE")
	cfg.Camera.AtEnd = os.Getenv("HELPER_AT_END")
	cfg.Camera.Speed, _ = strconv.ParseFloat(os.Getenv("HELPER_SPEED"), 64)
	cfg.Journal = os.Getenv("HELPER_JOURNAL")
	cfg.LockDir = os.Getenv("HELPER_LOCK_DIR")
	cfg.Web.Listen = config.Off
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	err := Run(ctx, cfg, Deps{Ready: func(string) { fmt.Println("ready") }})
	if err != nil {
		fmt.Fprintln(os.Stderr, "tableref run:", err)
		return 1
	}
	return 0
}

// replayOf writes a replay of the test-counter game laying even cards
// first, first+2, … every step seconds.
func replayOf(t *testing.T, path string, first, n int, step float64) {
	var b strings.Builder
	b.WriteString(`{"kind":"header","format":1,"mode":"test-counter","players":["Ana","Ben"],"options":{"cards":"500"}}` + "\n")
	row := []string{}
	for i := 0; i < n; i++ {
		row = append(row, fmt.Sprintf(`"SA-%03d"`, first+2*i))
		fmt.Fprintf(&b, `{"kind":"snapshot","t":%g,"table":{"map":{"rows":[[%s]]}}}`+"\n", step*float64(i+1), strings.Join(row, ","))
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func helper(dir, source, atEnd, speed, journalPath string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "TABLEREF_DAEMON_HELPER=run", "HELPER_SOURCE="+source, "HELPER_AT_END="+atEnd,
		"HELPER_SPEED="+speed, "HELPER_JOURNAL="+journalPath, "HELPER_LOCK_DIR="+filepath.Join(dir, "lock"))
	return cmd
}

// The reported fault: the service runs, and `sudo tableref run --camera 0`
// starts beside it with the same (default) journal. The camera lock let it
// in (another camera), both wrote the journal at their own offsets, and
// the next start could not resume the game. Now the second process is
// refused before it touches the journal, naming the first one's PID, and
// the first one's journal stays whole.
func TestTwoDaemonsOneJournal(t *testing.T) {
	dir := t.TempDir()
	jpath := filepath.Join(dir, "state", "journal.jsonl")
	first, second := filepath.Join(dir, "service.jsonl"), filepath.Join(dir, "manual.jsonl")
	replayOf(t, first, 2, 60, 0.1)    // a snapshot every 0.1 s for 6 s
	replayOf(t, second, 400, 20, 0.1) // other cards, on "another camera"

	p1 := helper(dir, live.ReplayPrefix+first, config.AtEndWait, "1", jpath)
	out, err := p1.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var p1err strings.Builder
	p1.Stderr = &p1err
	if err := p1.Start(); err != nil {
		t.Fatal(err)
	}
	defer p1.Process.Kill()
	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if sc.Text() == "ready" {
				ready <- true
			}
		}
	}()
	select {
	case <-ready:
	case <-time.After(30 * time.Second):
		t.Fatalf("the first daemon did not start: %s", p1err.String())
	}
	waitEntries(t, jpath, 3) // the first one is writing its game

	p2 := helper(dir, live.ReplayPrefix+second, config.AtEndStop, "0", jpath)
	var p2out strings.Builder
	p2.Stdout, p2.Stderr = &p2out, &p2out
	err = runWithin(p2, 30*time.Second)
	code := p2.ProcessState.ExitCode()
	if code == 0 || !strings.Contains(p2out.String(), "journal "+jpath+" is in use by another tableref (pid "+strconv.Itoa(p1.Process.Pid)) {
		t.Errorf("second daemon on the same journal: exit %d (%v), output:\n%s\nwant a refusal naming pid %d", code, err, p2out.String(), p1.Process.Pid)
	}

	t.Logf("second daemon: exit %d; it said:\n%s", code, lastLines(p2out.String(), 2))
	waitEntries(t, jpath, 10) // the first one goes on undisturbed
	p1.Process.Signal(syscall.SIGTERM)
	if err := runWithin(p1, 30*time.Second); err != nil {
		t.Errorf("first daemon: %v\n%s", err, p1err.String())
	}
	data, err := os.ReadFile(jpath)
	if err != nil {
		t.Fatal(err)
	}
	l, err := journal.Read(data, jpath)
	if err != nil {
		t.Fatalf("the journal can no longer be resumed: %v\n%s", err, data)
	}
	for _, e := range l.Entries {
		if z := e.Table.Zones["map"]; z != nil {
			for _, p := range z.Positions() {
				if id := z.At(p).Card.ID; id.Num >= 400 {
					t.Errorf("line %d: the second daemon's card %v is in the first one's journal", e.Line, id)
				}
			}
		}
	}
	// Once the first has stopped, the journal is free again.
	p3 := helper(dir, live.ReplayPrefix+second, config.AtEndStop, "0", jpath)
	var p3out strings.Builder
	p3.Stdout, p3.Stderr = &p3out, &p3out
	if err := runWithin(p3, 30*time.Second); err != nil {
		t.Errorf("after the first stopped, a new daemon on the journal: %v\n%s", err, p3out.String())
	}
}

func lastLines(s string, n int) string {
	ls := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(ls[max(0, len(ls)-n):], "\n")
}

// runWithin runs (or waits for) cmd, killing it after d.
func runWithin(cmd *exec.Cmd, d time.Duration) error {
	if cmd.Process == nil {
		if err := cmd.Start(); err != nil {
			return err
		}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		cmd.Process.Kill()
		<-done
		return fmt.Errorf("still running after %v: killed", d)
	}
}

// waitEntries waits until the journal at path holds n entries.
func waitEntries(t *testing.T, path string, n int) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if data, err := os.ReadFile(path); err == nil {
			if l, err := journal.Read(data, path); err == nil && len(l.Entries) >= n {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the journal %s never held %d entries", path, n)
}
