package qrbench

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"unsafe"
)

// cpuMask is a Linux CPU set: bit i is CPU i (1024 CPUs).
type cpuMask [16]uint64

func (m cpuMask) first() (int, bool) {
	for i := 0; i < len(m)*64; i++ {
		if m[i/64]&(1<<(i%64)) != 0 {
			return i, true
		}
	}
	return 0, false
}

func (m cpuMask) count() int {
	n := 0
	for i := 0; i < len(m)*64; i++ {
		if m[i/64]&(1<<(i%64)) != 0 {
			n++
		}
	}
	return n
}

func getAffinity() (cpuMask, error) {
	var m cpuMask
	if _, _, e := syscall.RawSyscall(syscall.SYS_SCHED_GETAFFINITY, 0, unsafe.Sizeof(m), uintptr(unsafe.Pointer(&m))); e != 0 {
		return m, fmt.Errorf("qrbench: sched_getaffinity: %w", e)
	}
	return m, nil
}

// setAffinity moves every thread of the process onto the CPUs of m, as
// taskset does for a new process: threads made later (Go's, OpenCV's
// pool's, a child process's) inherit it from the thread that makes them.
// The threads are listed twice, for one started while the first pass ran.
func setAffinity(m cpuMask) error {
	for pass := 0; pass < 2; pass++ {
		tasks, err := os.ReadDir("/proc/self/task")
		if err != nil {
			return fmt.Errorf("qrbench: pinning threads: %w", err)
		}
		for _, t := range tasks {
			tid, err := strconv.Atoi(t.Name())
			if err != nil {
				continue
			}
			_, _, e := syscall.RawSyscall(syscall.SYS_SCHED_SETAFFINITY, uintptr(tid), unsafe.Sizeof(m), uintptr(unsafe.Pointer(&m)))
			if e != 0 && e != syscall.ESRCH { // ESRCH: the thread has just ended
				return fmt.Errorf("qrbench: sched_setaffinity %d: %w", tid, e)
			}
		}
	}
	return nil
}

// pinned runs f with the whole process on one CPU (the first it may use)
// and GOMAXPROCS 1: the stand-in for a Raspberry Pi core, like running
// under `taskset -c 0` but inside one process, on frames already
// rendered. Child processes started by f run on that CPU too.
func pinned(f func() error) error {
	all, err := getAffinity()
	if err != nil {
		return err
	}
	cpu, ok := all.first()
	if !ok {
		return fmt.Errorf("qrbench: no CPU in the process's affinity mask")
	}
	var one cpuMask
	one[cpu/64] = 1 << (cpu % 64)
	if err := setAffinity(one); err != nil {
		return err
	}
	procs := runtime.GOMAXPROCS(1)
	defer func() {
		runtime.GOMAXPROCS(procs)
		_ = setAffinity(all)
	}()
	return f()
}

// CPUs is how many CPUs the process may use.
func CPUs() int {
	m, err := getAffinity()
	if err != nil || m.count() == 0 {
		return runtime.NumCPU()
	}
	return m.count()
}
