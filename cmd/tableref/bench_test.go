package main

import (
	"strings"
	"testing"
)

func TestBenchVisionPrintsTable(t *testing.T) {
	code, out, errOut := run(t, "bench", "vision", "--only", "module 6px", "--readers", "tableref,gozxing", "--frames", "2", "--startup", "0")
	if code != 0 {
		t.Fatalf("status %d: %s", code, errOut)
	}
	for _, want := range []string{"found/present", "module 6px", "tableref", "gozxing multi", "tableref ·1 core", "gozxing multi ·1 core", "overall", "median ms"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestBenchUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bench"}, "missing subcommand: tableref bench colours|scan|vision"},
		{[]string{"bench", "nonsense"}, `unknown bench subcommand "nonsense"`},
		{[]string{"bench", "vison"}, "did you mean vision?"},
		{[]string{"bench", "vision", "--readers", "nope"}, `unknown reader "nope"`},
		{[]string{"bench", "vision", "--only", "no such condition"}, "no condition's name contains it"},
		{[]string{"bench", "vision", "--readers", "scan", "--startup", "0"}, "--bin: the scan reader and --startup run tableref"},
	} {
		code, _, errOut := run(t, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) || strings.Contains(errOut, ": usage") {
			t.Errorf("%v: status %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}
