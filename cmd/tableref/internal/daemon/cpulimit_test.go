package daemon

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// cpuLimit says the CPU this process may use, read back from the kernel
// (not from what a wrapper claims): the CFS bandwidth quota of its cgroup
// (cgroup v2 cpu.max, or v1 cpu.cfs_quota_us where the cpu controller is
// on a v1 hierarchy) and the CPUs it may run on. "no quota, CPUs 0-1"
// when nothing limits it. Measurements print it on every line, so a
// figure is never mistaken for one taken under another quota.
func cpuLimit() string {
	cpus := "CPUs ?"
	if b, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "Cpus_allowed_list:"); ok {
				cpus = "CPUs " + strings.TrimSpace(v)
			}
		}
	}
	q, err := cgroupQuota()
	if err != nil {
		return fmt.Sprintf("quota unknown (%v), %s", err, cpus)
	}
	return q + ", " + cpus
}

// cpuCgroup is this process's own cgroup folder on the hierarchy that holds
// the cpu controller: a v1 hierarchy mounted with cpu, or the cgroup v2 one
// when cpu is in its cgroup.controllers (v2 true). "" without either.
func cpuCgroup() (dir string, v2 bool, err error) {
	mounts, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return "", false, fmt.Errorf("reading mounts: %w", err)
	}
	own, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return "", false, fmt.Errorf("reading own cgroup: %w", err)
	}
	var v1mnt, v2mnt string
	for _, l := range strings.Split(string(mounts), "\n") {
		// 36 35 0:30 / /sys/fs/cgroup/cpu rw,relatime shared:9 - cgroup cgroup rw,cpu
		pre, post, ok := strings.Cut(l, " - ")
		f, g := strings.Fields(pre), strings.Fields(post)
		if !ok || len(f) < 5 || len(g) < 3 {
			continue
		}
		switch {
		case g[0] == "cgroup" && strings.Contains(","+g[2]+",", ",cpu,"):
			v1mnt = f[4]
		case g[0] == "cgroup2" && v2mnt == "":
			if c, err := os.ReadFile(filepath.Join(f[4], "cgroup.controllers")); err == nil && slices.Contains(strings.Fields(string(c)), "cpu") {
				v2mnt = f[4]
			}
		}
	}
	for _, l := range strings.Split(strings.TrimSpace(string(own)), "\n") {
		p := strings.SplitN(l, ":", 3)
		if len(p) != 3 {
			continue
		}
		if v1mnt != "" && slices.Contains(strings.Split(p[1], ","), "cpu") {
			return filepath.Join(v1mnt, p[2]), false, nil
		}
		if v1mnt == "" && v2mnt != "" && p[0] == "0" {
			return filepath.Join(v2mnt, p[2]), true, nil
		}
	}
	return "", false, nil
}

// cgroupQuota is the quota of this process's own cgroup, as "quota 33% of
// one core (cgroup v1 cpu.cfs_quota_us 3300/10000)" or "no quota".
func cgroupQuota() (string, error) {
	dir, v2, err := cpuCgroup()
	switch {
	case err != nil:
		return "", err
	case dir == "":
		return "no quota (no cgroup with the cpu controller)", nil
	case v2:
		b, err := os.ReadFile(filepath.Join(dir, "cpu.max"))
		if os.IsNotExist(err) {
			return "no quota (cgroup v2)", nil // the root cgroup has no cpu.max
		}
		if err != nil {
			return "", fmt.Errorf("cgroup v2: %w", err)
		}
		f := strings.Fields(string(b))
		if len(f) != 2 || f[0] == "max" {
			return "no quota (cgroup v2)", nil
		}
		quota, err1 := strconv.ParseInt(f[0], 10, 64)
		period, err2 := strconv.ParseInt(f[1], 10, 64)
		if err1 != nil || err2 != nil || period <= 0 {
			return "", fmt.Errorf("cgroup v2 cpu.max %q: not a quota and period", strings.TrimSpace(string(b)))
		}
		return fmt.Sprintf("quota %.0f%% of one core (cgroup v2 cpu.max %d %d)", 100*float64(quota)/float64(period), quota, period), nil
	default:
		quota, err1 := readInt(filepath.Join(dir, "cpu.cfs_quota_us"))
		period, err2 := readInt(filepath.Join(dir, "cpu.cfs_period_us"))
		if err := errors.Join(err1, err2); err != nil {
			return "", fmt.Errorf("cgroup v1 %s: %w", dir, err)
		}
		if quota < 0 {
			return "no quota (cgroup v1)", nil
		}
		return fmt.Sprintf("quota %.0f%% of one core (cgroup v1 cpu.cfs_quota_us %d/%d)", 100*float64(quota)/float64(period), quota, period), nil
	}
}

func readInt(path string) (int64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	return n, nil
}

// TestCPULimitReadsTheQuota: outside any quota it says so (and where
// make measure runs it under scripts/cpuquota, the latency lines carry the
// quota): a parse that always says "no quota" would pass here, so it
// also runs under scripts/cpuquota when cgroups are writable (cpuquota's
// own test, scripts/cpuquota_test.go).
func TestCPULimitReadsTheQuota(t *testing.T) {
	got := cpuLimit()
	if strings.Contains(got, "unknown") {
		t.Fatalf("cpuLimit: %s", got)
	}
	if want := os.Getenv("TABLEREF_WANT_QUOTA"); want != "" && !strings.Contains(got, "quota "+want+"% ") {
		t.Fatalf("cpuLimit: %s; want quota %s%%", got, want)
	}
	t.Log(cpuLimit())
}
