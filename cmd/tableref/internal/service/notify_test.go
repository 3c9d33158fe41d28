package service

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// The watchdog pets systemd at half of WATCHDOG_USEC while the referee
// answers, and stops petting once it does not: systemd then restarts it.
func TestWatchdogPetsOnlyWhileAlive(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "notify")
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: sock, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	t.Setenv("NOTIFY_SOCKET", sock)
	t.Setenv("WATCHDOG_USEC", "100000") // pet every 50 ms
	t.Setenv("WATCHDOG_PID", strconv.Itoa(os.Getpid()))
	n := NewNotifier()
	n.Send("READY=1")
	var alive atomic.Bool
	alive.Store(true)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go n.Watchdog(ctx, alive.Load)

	buf := make([]byte, 64)
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if m, err := conn.Read(buf); err != nil || string(buf[:m]) != "READY=1" {
		t.Fatalf("first message %q, %v: want READY=1", buf[:m], err)
	}
	for i := 0; i < 3; i++ {
		if m, err := conn.Read(buf); err != nil || string(buf[:m]) != "WATCHDOG=1" {
			t.Fatalf("message %q, %v: want WATCHDOG=1 while alive", buf[:m], err)
		}
	}
	alive.Store(false)
	// Pets sent before the referee stopped answering may still be queued.
	for drain := time.Now().Add(150 * time.Millisecond); time.Now().Before(drain); {
		conn.SetReadDeadline(drain)
		if _, err := conn.Read(buf); err != nil {
			break
		}
	}
	conn.SetReadDeadline(time.Now().Add(400 * time.Millisecond))
	if m, err := conn.Read(buf); err == nil {
		t.Fatalf("%q sent for a referee that no longer answers: systemd would never restart it", buf[:m])
	}
}
