package daemon

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"

	"gocv.io/x/gocv"
	"golang.org/x/sys/unix"

	"github.com/tableref/tableref/vision/camera"
)

// ispSource stands for a Raspberry Pi camera's image processor in the
// Pi speed proxy (TABLEREF_MEASURE_ISP=1). On a Pi the ISP, a piece of
// silicon of its own, turns the sensor's raw frames into BGR pictures
// (the Pi 5's PiSP writes BGR888 straight to memory), and tableref only
// copies each frame out of the pipeline. The stand-in plays a recording of
// JPEG files instead, and decoding a 2304×1296 JPEG costs about as much as
// scanning it: charged to the quota that stands for the Pi's CPU, it was
// more than half of the Pi 5 proxy's CPU time (a CPU profile of the
// latency run: the folder camera 69 % of all samples, the scanner 28 %).
// So the recording's frames are decoded on a thread of their own, moved
// out of the quota's cgroup (cgroup v1 moves a thread by its ID) and off
// the quota's CPU: the frames arrive as from an ISP, and the quota pays
// for what a Pi's CPU pays for.
type ispSource struct {
	src  camera.Source
	reqs chan ispReq
}

type ispReq struct {
	ctx   context.Context
	dst   *gocv.Mat
	skip  int // > 0: pass over this many frames (the folder's Skip)
	reply chan error
}

// openISP opens the recording's folder as a camera whose decoding runs
// outside the quota. It refuses (never silently charging the quota
// after all) where the thread cannot leave the cgroup.
func openISP(ctx context.Context, folder string) (*ispSource, error) {
	src, err := camera.OpenFolder(folder)
	if err != nil {
		return nil, err
	}
	s := &ispSource{src: src, reqs: make(chan ispReq)}
	// A P of its own: with taskset -c 0 the runtime has one, held by a
	// thread the quota throttles, and the stand-in's goroutine would wait
	// for the quota after all.
	runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + 1)
	ready := make(chan error)
	go func() {
		// Locked for good: the thread ends with this goroutine, so no
		// other goroutine ever runs outside the quota.
		runtime.LockOSThread()
		if err := leaveQuota(); err != nil {
			ready <- err
			return
		}
		ready <- nil
		for r := range s.reqs {
			if r.skip > 0 {
				r.reply <- skipFolder(s.src, r.skip)
				continue
			}
			r.reply <- s.src.Read(r.ctx, r.dst)
		}
	}()
	if err := <-ready; err != nil {
		src.Close()
		return nil, fmt.Errorf("the ISP stand-in: %w", err)
	}
	return s, nil
}

func skipFolder(src camera.Source, n int) error {
	sk, ok := src.(interface{ Skip(int) error })
	if !ok {
		return errors.New("the recording cannot skip frames")
	}
	return sk.Skip(n)
}

func (s *ispSource) do(r ispReq) error {
	r.reply = make(chan error, 1)
	s.reqs <- r
	return <-r.reply
}

func (s *ispSource) Read(ctx context.Context, dst *gocv.Mat) error {
	return s.do(ispReq{ctx: ctx, dst: dst})
}

// Skip passes over frames the scanner had no time for, as the folder does.
func (s *ispSource) Skip(n int) error { return s.do(ispReq{skip: n}) }

func (s *ispSource) Close() error {
	close(s.reqs)
	return s.src.Close()
}

func (s *ispSource) String() string { return s.src.String() + " (decoded outside the quota)" }

// leaveQuota moves the calling thread into the parent of the quota's cgroup
// (where scripts/cpuquota was started) and onto the CPUs the quota's
// process is not pinned to.
func leaveQuota() error {
	dir, v2, err := cpuCgroup()
	if err != nil {
		return err
	}
	if dir == "" {
		return errors.New("no cpu cgroup found")
	}
	if v2 {
		// cgroup v2 moves single threads only between the threaded
		// cgroups of one domain, which cpuquota does not make.
		return errors.New("cgroup v2: a thread cannot leave its process's cgroup")
	}
	tid := unix.Gettid()
	if err := os.WriteFile(filepath.Join(filepath.Dir(dir), "tasks"), []byte(strconv.Itoa(tid)), 0); err != nil {
		return fmt.Errorf("moving thread %d out of %s: %w", tid, dir, err)
	}
	var pinned unix.CPUSet
	if err := unix.SchedGetaffinity(0, &pinned); err != nil {
		return err
	}
	// runtime.NumCPU counts only the CPUs the process was pinned to;
	// the kernel ignores the bits of CPUs that are not there.
	var free unix.CPUSet
	for c := 0; c < 64; c++ {
		if !pinned.IsSet(c) {
			free.Set(c)
		}
	}
	if free.Count() == 0 {
		return nil // every CPU is the quota's: share them
	}
	if err := unix.SchedSetaffinity(0, &free); err != nil {
		return err
	}
	// Ahead of other work on that CPU, as the ISP's own silicon is.
	return unix.Setpriority(unix.PRIO_PROCESS, tid, -10)
}
