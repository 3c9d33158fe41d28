package main

import (
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// Long work draws a bar on stderr when stderr is a terminal, and nothing
// otherwise (a log, a pipe, these tests by default).
func TestProgressOnlyOnATerminal(t *testing.T) {
	dir := t.TempDir()
	args := []string{"print", "deck", "SA", "-o", filepath.Join(dir, "sa.pdf")}
	code, _, errOut := run(t, args...)
	if code != 0 || strings.Contains(errOut, "printing") {
		t.Fatalf("not a terminal: status %d, stderr %q", code, errOut)
	}
	old := isTerminal
	defer func() { isTerminal = old }()
	isTerminal = func(io.Writer) bool { return true }
	code, out, errOut := run(t, args...)
	if code != 0 || !strings.Contains(errOut, "printing Where is That? South America") || !strings.Contains(errOut, "/216") {
		t.Errorf("terminal: status %d, stderr %q", code, errOut)
	}
	if strings.Contains(out, "printing") {
		t.Errorf("the bar went to stdout: %q", out)
	}
	code, _, errOut = run(t, "bench", "scan", "-n", "1", "--only", "mapit")
	if code != 0 || !strings.Contains(errOut, "bench scan: photos") || !strings.Contains(errOut, "/3") {
		t.Errorf("bench scan: status %d, stderr %q", code, errOut)
	}
}
