package camera

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gocv.io/x/gocv"
)

// A folder camera whose folder is moved away for a while waits for it and
// goes on from the frame it was at, skipping nothing (issue 34: moved away
// for 6 s, 834 frames were skipped in 4 ms and the recording "ended" with
// the game unfinished).
func TestFolderWaitsForFramesThatWentAway(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "rec")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		m := testFrame(i)
		gocv.IMWrite(filepath.Join(dir, fmt.Sprintf("f%d.png", i)), m)
		m.Close()
	}
	f, err := OpenFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := gocv.NewMat()
	defer m.Close()
	if err := f.Read(context.Background(), &m); err != nil {
		t.Fatal(err)
	}
	away := filepath.Join(parent, "moved")
	if err := os.Rename(dir, away); err != nil {
		t.Fatal(err)
	}
	back := make(chan struct{})
	go func() {
		time.Sleep(600 * time.Millisecond)
		os.Rename(away, dir)
		close(back)
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := f.Read(ctx, &m); err != nil {
		t.Fatalf("while the folder was away: %v", err)
	}
	select {
	case <-back:
	default:
		t.Fatal("a frame was read while the folder was away")
	}
	if red := m.GetVecbAt(5, 5)[2]; red != 20 || f.Skipped() != 0 {
		t.Errorf("after the folder came back: frame with red %d (want the second, 20), %d skipped (want 0)", red, f.Skipped())
	}
	// Stopping while it waits returns at once.
	os.Rename(dir, away)
	ctx2, cancel2 := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel2()
	if err := f.Read(ctx2, &m); err == nil {
		t.Error("Read returned a frame from a folder that is gone")
	}
}
