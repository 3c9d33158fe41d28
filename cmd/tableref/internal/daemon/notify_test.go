package daemon

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/live"
)

// Type=notify and WatchdogSec: the daemon says READY=1 once running, pets
// the watchdog while its referee loop turns, and says STOPPING=1.
func TestSystemdNotify(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "notify")
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: sock, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	t.Setenv("NOTIFY_SOCKET", sock)
	t.Setenv("WATCHDOG_USEC", "200000") // pet every 100 ms
	t.Setenv("WATCHDOG_PID", strconv.Itoa(os.Getpid()))

	src := filepath.Join(dir, "game.jsonl")
	os.WriteFile(src, []byte(`{"kind":"header","format":1,"mode":"test-counter","players":["Ana"]}`+"\n"+
		`{"kind":"snapshot","t":1,"table":{"map":{"rows":[["SA-002"]]}}}`+"\n"+
		`{"kind":"snapshot","t":60,"table":{"map":{"rows":[["SA-002","SA-004"]]}}}`+"\n"), 0o644)
	cfg := testConfig(t, live.ReplayPrefix+src)
	cfg.Camera.Speed = 1 // the second snapshot comes after a minute: the daemon idles meanwhile
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, Deps{}) }()

	got := map[string]int{}
	buf := make([]byte, 256)
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	for got["WATCHDOG=1"] < 3 {
		n, err := conn.Read(buf)
		if err != nil {
			t.Fatalf("after %v: %v", got, err)
		}
		for _, l := range strings.Split(string(buf[:n]), "\n") {
			k, _, _ := strings.Cut(l, "=")
			if k == "READY" || k == "WATCHDOG" || k == "STOPPING" {
				got[l]++
			}
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	conn.SetReadDeadline(time.Now().Add(2 * time.Second))
	for got["STOPPING=1"] == 0 {
		n, err := conn.Read(buf)
		if err != nil {
			break
		}
		if strings.Contains(string(buf[:n]), "STOPPING=1") {
			got["STOPPING=1"]++
		}
	}
	if got["READY=1"] != 1 || got["STOPPING=1"] != 1 {
		t.Errorf("notifications %v: want READY=1 once, WATCHDOG=1 repeatedly, STOPPING=1", got)
	}
}
