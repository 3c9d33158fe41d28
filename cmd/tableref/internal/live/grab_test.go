package live

import (
	"context"
	"testing"
	"time"

	"gocv.io/x/gocv"
)

// The learn page takes a copy of the next camera frame through the scan
// stage, also before any game has started (no scanner yet): the copy is
// the frame's, and the frame itself goes back to the camera's pool.
func TestGrabWithoutAGame(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cam := NewCamera(nil, 0, func(bool, string) {})
	s := &Scan{grabs: make(chan chan gocv.Mat), cam: cam, moving: func(bool, []string, []Notice) {}}
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()

	got := make(chan gocv.Mat, 1)
	go func() {
		m, err := s.Grab(ctx)
		if err != nil {
			t.Error(err)
		}
		got <- m
	}()
	// Frames keep coming, as from a camera, until the copy is taken.
	var copy gocv.Mat
	for copy.Ptr() == nil {
		select {
		case m := <-cam.pool:
			m.Close()
			*m = gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0, 0, 200, 0), 48, 64, gocv.MatTypeCV8UC3)
			cam.put(frame{mat: m, at: time.Now()})
		case copy = <-got:
		case <-ctx.Done():
			t.Fatal("no frame was handed to the learn page without a game")
		}
	}
	defer copy.Close()
	if copy.Rows() != 48 || copy.Cols() != 64 {
		t.Errorf("the copy is %d×%d, want the frame's 48×64", copy.Cols(), copy.Rows())
	}
	if v := copy.GetVecbAt(10, 10); v[2] != 200 {
		t.Errorf("the copy's pixel is %v, want the frame's red 200", v)
	}
	cancel()
	<-done
	cam.Close()
}
