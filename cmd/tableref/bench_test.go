package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

func TestBenchVisionPrintsTable(t *testing.T) {
	var out, errb bytes.Buffer
	err := runBench(context.Background(), []string{"vision", "-only", "module 6px", "-readers", "tableref,gozxing"}, &out, &errb)
	if err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	s := out.String()
	for _, want := range []string{"found/present", "module 6px", "tableref", "gozxing multi", "overall", "median ms"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
}

func TestBenchUsageErrors(t *testing.T) {
	var out, errb bytes.Buffer
	for _, args := range [][]string{nil, {"nonsense"}, {"vision", "-readers", "nope"}, {"vision", "-only", "no such condition"}} {
		if err := runBench(context.Background(), args, &out, &errb); !errors.Is(err, errUsage) {
			t.Errorf("bench %v: err %v, want a usage error", args, err)
		}
	}
	if code := runMain([]string{"bench", "nonsense"}, &out, &errb); code != 2 {
		t.Errorf("exit code %d, want 2", code)
	}
}
