package scanner

import (
	"fmt"

	"gocv.io/x/gocv"
)

// Fusing still frames (issue 28). A referee's table is still most of the
// time, and a small code that one frame's sensor noise hides is read
// from the average of several frames of the same still table: averaging
// n frames divides the noise by √n and changes nothing else, since the
// motion rule (stable.go) already refuses any frame that moved.
//
// Fusion only runs where it can help: once a read has found a code under
// fuseBelowPx pixels a module, or a code the reader was unsure of. Until
// then no frame is averaged, so a table of large codes pays nothing.
// While it runs, every read of a still period reads the average of its
// frames so far (the first read of the period reads what is, in effect,
// one frame), and the read on the frame that completes Fuse frames reads
// the whole frame again, so a code no single frame gave is found even in
// a part of the table the locator would otherwise carry over unread.
//
// After Fuse frames the average is kept as it is: later reads of the
// still period read that same image, so the codes found in it are carried
// from read to read (a code found in the average and compared with a
// single noisy frame would look changed, be read again, be missed, and
// the table would never agree), and a long still period costs nothing
// more than its first Fuse frames. Any move starts a new period.

// DefaultFuse is how many still frames are averaged when none is set.
const DefaultFuse = 8

// fuseBelowPx is the finest module size, in pixels, at which a read code
// turns fusion on: above it one frame reads every code (docs/vision.md).
const fuseBelowPx = 3.0

// fusion is the running average of the current still period's frames.
// Its pixels live in Go memory, so a Scanner holds no OpenCV memory
// between frames and needs no Close; a Mat wraps them only while OpenCV
// works on them.
type fusion struct {
	want  bool   // a read found small or unsure codes: fuse
	avg   []byte // BGR, the frame's size
	rows  int
	cols  int
	n     int  // frames in avg (at most the Fuse option)
	whole bool // the read that completes Fuse frames is still to come
}

// reset starts a new still period.
func (f *fusion) reset() {
	f.n, f.whole = 0, false
}

// add takes the next still frame into the average, when fusion is on;
// limit is the Fuse option.
func (f *fusion) add(frame gocv.Mat, limit int) error {
	if !f.want || limit < 2 || f.n >= limit {
		return nil
	}
	if frame.Type() != gocv.MatTypeCV8UC3 {
		return fmt.Errorf("fusing frames: want an 8-bit BGR frame, got type %v", frame.Type())
	}
	rows, cols := frame.Rows(), frame.Cols()
	if f.n > 0 && (rows != f.rows || cols != f.cols) {
		f.reset() // the camera changed mode: start again
	}
	if len(f.avg) != rows*cols*3 {
		f.avg = make([]byte, rows*cols*3)
	}
	f.rows, f.cols = rows, cols
	avg, err := gocv.NewMatFromBytes(rows, cols, gocv.MatTypeCV8UC3, f.avg)
	if err != nil {
		return fmt.Errorf("fusing frames: %w", err)
	}
	defer avg.Close()
	if f.n == 0 {
		frame.CopyTo(&avg)
		f.n = 1
		return nil
	}
	// The mean of n frames is the mean of n−1 weighted (n−1)/n plus the
	// new one weighted 1/n (rounded to 8 bits at each step: off by well
	// under the noise the average removes).
	f.n++
	w := 1 / float64(f.n)
	gocv.AddWeighted(avg, 1-w, frame, w, 0, &avg)
	f.whole = f.n == limit
	return nil
}

// frame is the average to read, wrapped in a Mat the caller closes, or
// false while fewer than two frames were averaged.
func (f *fusion) frame() (gocv.Mat, bool, error) {
	if !f.want || f.n < 2 {
		return gocv.Mat{}, false, nil
	}
	m, err := gocv.NewMatFromBytes(f.rows, f.cols, gocv.MatTypeCV8UC3, f.avg)
	if err != nil {
		return gocv.Mat{}, false, fmt.Errorf("fusing frames: %w", err)
	}
	return m, true, nil
}

// judge turns fusion on once a read finds a code under fuseBelowPx a
// module or a code it was unsure of; it stays on for the game (small
// codes do not grow).
func (f *fusion) judge(sc *Scan) {
	if f.want || sc == nil {
		return
	}
	if len(sc.Unsure) > 0 {
		f.want = true
		return
	}
	for _, c := range sc.Codes {
		if c.ModulePx > 0 && c.ModulePx < fuseBelowPx {
			f.want = true
			return
		}
	}
}
