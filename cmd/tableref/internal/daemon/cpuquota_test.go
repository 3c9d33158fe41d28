package daemon

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// cpuquota is scripts/cpuquota, the Raspberry Pi stand-in of make measure.
const cpuquota = "../../../../scripts/cpuquota"

// cpuCgroupWritable says whether this process can make a cgroup with a CPU
// quota here, and if not, why.
func cpuCgroupWritable() (bool, string) {
	dir, _, err := cpuCgroup()
	if err != nil {
		return false, err.Error()
	}
	if dir == "" {
		return false, "no cgroup hierarchy with the cpu controller (cgroup v2 with cpu in cgroup.controllers, or v1 with cpu) is mounted"
	}
	probe, err := os.MkdirTemp(dir, "tableref-probe-")
	if err != nil {
		return false, dir + " is not writable (" + err.Error() + "): run as root or in a delegated cgroup"
	}
	os.Remove(probe) // a cgroup folder is removed with rmdir
	return true, ""
}

// runQuota runs scripts/cpuquota with args, returning its stdout, stderr
// and exit status.
func runQuota(t *testing.T, env []string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(cpuquota, args...)
	cmd.Env = append(os.Environ(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return out.String(), errb.String(), 0
	case errors.As(err, &exit):
		return out.String(), errb.String(), exit.ExitCode()
	default:
		t.Fatalf("running %s: %v", cpuquota, err)
		return "", "", -1
	}
}

// TestCPUQuotaScript: scripts/cpuquota gives a busy loop the share of one
// core it was asked for (read from the cgroup's own counters, not from the
// script's word), the process inside sees that quota and one CPU, and it
// refuses, running nothing, where it cannot set the quota.
func TestCPUQuotaScript(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a few seconds of busy loops")
	}
	if _, err := exec.LookPath("taskset"); err != nil {
		t.Skip("no taskset (util-linux)")
	}
	// Refusals come first: they hold wherever the script runs.
	if _, stderr, code := runQuota(t, nil, "0", "--", "echo", "ran"); code != 3 || !strings.Contains(stderr, "PERCENT") {
		t.Errorf("cpuquota 0: exit %d, %q; want exit 3 saying PERCENT", code, stderr)
	}
	if _, err := exec.LookPath("setpriv"); err == nil && os.Geteuid() == 0 {
		// As nobody the cgroup folders are not writable: refused, not run.
		cmd := exec.Command("setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", cpuquota, "20", "--", "echo", "ran")
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 3 || strings.Contains(string(out), "ran\n") || !strings.Contains(string(out), "refusing to run unthrottled") {
			t.Errorf("cpuquota as nobody: %v, %q; want exit 3, refusing, the command not run", err, out)
		}
	}
	if ok, why := cpuCgroupWritable(); !ok {
		t.Skipf("no CPU quota can be set here: %s (scripts/cpuquota refuses; the Raspberry Pi runs of make measure need it)", why)
	}

	// A busy loop for 2 s of wall time under 20 %: about 0.4 s of CPU.
	stat := filepath.Join(t.TempDir(), "stat")
	_, stderr, code := runQuota(t, []string{"CPUQUOTA_STAT=" + stat}, "20", "--",
		"timeout", "2", "sh", "-c", "while :; do :; done")
	if code != 124 { // timeout's status for a command it stopped
		t.Fatalf("cpuquota 20 -- busy loop: exit %d, want timeout's 124; stderr: %s", code, stderr)
	}
	b, err := os.ReadFile(stat)
	if err != nil {
		t.Fatalf("CPUQUOTA_STAT: %v (stderr: %s)", err, stderr)
	}
	got := map[string]float64{}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		k, v, _ := strings.Cut(l, " ")
		n, err := strconv.ParseFloat(v, 64)
		if err != nil {
			t.Fatalf("CPUQUOTA_STAT line %q: %v", l, err)
		}
		got[k] = n
	}
	share := got["usage_usec"] / got["wall_usec"]
	t.Logf("%s", strings.TrimSpace(stderr))
	// Never more than asked (the point: a Pi stand-in must not run faster),
	// and not starved either (a loop that never ran measures nothing); the
	// lower bound is loose, the machine is shared.
	if share > 0.23 || share < 0.12 {
		t.Errorf("the busy loop had %.1f%% of a core (%.0f µs CPU in %.0f µs), want about 20%%", 100*share, got["usage_usec"], got["wall_usec"])
	}
	if got["nr_periods"] < 10 || got["nr_throttled"] < got["nr_periods"]/2 {
		t.Errorf("throttled in %.0f of %.0f periods: a busy loop under 20%% is throttled in nearly every one", got["nr_throttled"], got["nr_periods"])
	}
	if !strings.Contains(stderr, "20% of CPU 0 (cgroup v") {
		t.Errorf("cpuquota's summary %q does not say the quota", stderr)
	}

	// The process inside reads its quota and its one CPU (what every
	// latency line of make measure prints).
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runQuota(t, []string{"TABLEREF_WANT_QUOTA=33"}, "33", "--", self, "-test.run", "^TestCPULimitReadsTheQuota$", "-test.v")
	if code != 0 || !strings.Contains(out, "quota 33% of one core") || !strings.Contains(out, "CPUs 0\n") {
		t.Errorf("under cpuquota 33 the test binary says:\n%s%s(exit %d); want quota 33%% of one core, CPUs 0", out, stderr, code)
	}
}
