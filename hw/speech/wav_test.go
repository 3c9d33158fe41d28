package speech

import (
	"context"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// say --wav writes a WAV whose headers give its true length (issue 31:
// espeak-ng's streaming header claimed 0x7ffff000 bytes: soxi said 0 s),
// and refuses to write one of nothing.
func TestWAVHeadersAreTrue(t *testing.T) {
	if _, err := exec.LookPath("espeak-ng"); err != nil {
		t.Skip("espeak-ng is not installed (scripts/setup installs it)")
	}
	path := filepath.Join(t.TempDir(), "say.wav")
	n, err := WriteWAV(context.Background(), Options{Language: "en"}, words("Napoli: right."), path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil || len(b) != n {
		t.Fatalf("read %d bytes (%v), wrote %d", len(b), err, n)
	}
	if riff := binary.LittleEndian.Uint32(b[4:8]); int(riff) != len(b)-8 {
		t.Errorf("RIFF size %#x, want %d", riff, len(b)-8)
	}
	i := strings.Index(string(b), "data")
	if i < 0 {
		t.Fatal("no data chunk")
	}
	if data := binary.LittleEndian.Uint32(b[i+4 : i+8]); int(data) != len(b)-i-8 {
		t.Errorf("data size %#x, want %d", data, len(b)-i-8)
	}
	if _, err := WriteWAV(context.Background(), Options{Language: "en"}, words("  "), filepath.Join(t.TempDir(), "none.wav")); err == nil || !strings.Contains(err.Error(), "nothing to say") {
		t.Errorf("a WAV of nothing: %v", err)
	}
}
