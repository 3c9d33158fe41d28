package smallfile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok")
	if err := os.WriteFile(ok, []byte("1234"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := Read(ok, 4); err != nil || string(b) != "1234" {
		t.Errorf("Read(4 bytes, limit 4) = %q, %v", b, err)
	}
	if _, err := Read(ok, 3); err == nil || !strings.Contains(err.Error(), ok+": larger than 3 bytes") {
		t.Errorf("Read(4 bytes, limit 3): %v", err)
	}
	if _, err := Read(dir, 10); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("Read(folder): %v", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := Read(fifo, 10); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("Read(FIFO): %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Read(FIFO) waits for a writer")
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{4 << 20: "4 MB", 1 << 20: "1 MB", 64 << 10: "64 KB", 1500: "1500 bytes", 64: "64 bytes"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}
