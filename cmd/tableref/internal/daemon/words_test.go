package daemon

import (
	"github.com/tableref/tableref/cmd/tableref/internal/web"
	"net"
	"strings"
	"testing"
)

// Errors about a value name what the user typed (issue 31).
func TestErrorsNameWhatWasTyped(t *testing.T) {
	if _, err := demoFPS(8, 20); err == nil || !strings.Contains(err.Error(), "--speed 20: want more than 0 and at most 15") || strings.Contains(err.Error(), "camera.fps") {
		t.Errorf("demo --speed 20: %v", err)
	}
	if fps, err := demoFPS(8, 2); err != nil || fps != 16 {
		t.Errorf("demo --speed 2: %v, %v", fps, err)
	}
	if _, err := demoFPS(8, 0); err == nil {
		t.Error("demo --speed 0 accepted")
	}
	// A port another program has: the error says so and what to type.
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	addr := taken.Addr().String()
	_, err = web.Listen(addr)
	if err == nil {
		t.Fatal("listened on a taken port")
	}
	msg := web.ListenError(addr, err).Error()
	if !strings.Contains(msg, "another program has port") || !strings.Contains(msg, "--listen 127.0.0.1:8081") {
		t.Errorf("port taken: %s", msg)
	}
}
