package main

import (
	"regexp"
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

// The small-code set: decoys counted apart, zxing-cpp beside tableref.
func TestBenchVisionSmallCodes(t *testing.T) {
	code, out, errOut := run(t, "bench", "vision", "--set", "small", "--only", "small 3.0px", "--readers", "tableref,zxing-wasm,zxing-cpp",
		"--frames", "1", "--cores", "all", "--startup", "0")
	if code != 0 {
		t.Fatalf("status %d: %s", code, errOut)
	}
	for _, want := range []string{"small 3.0px", "unsure", "decoys read", "codebook", "/6 "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, re := range []string{`zxing-cpp \d+\.\d+\S* \(process\)`, `zxing-cpp \(zxing-wasm \d+\.\d+\.\d+, process\)`} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("no zxing-cpp row naming its version (%s):\n%s", re, out)
		}
	}
	if strings.Contains(out, "module 6px") || strings.Contains(out, "errors") {
		t.Errorf("a standard condition or a reader's errors in the small set's table:\n%s", out)
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
		{[]string{"bench", "vision", "--set", "tiny"}, `unknown condition set "tiny"`},
		{[]string{"bench", "vision", "--set", "small", "--only", "module 6px"}, "no condition's name contains it (set small)"},
		{[]string{"bench", "vision", "--readers", "scan", "--startup", "0"}, "--bin: the scan reader and --startup run tableref"},
	} {
		code, _, errOut := run(t, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) || strings.Contains(errOut, ": usage") {
			t.Errorf("%v: status %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}
