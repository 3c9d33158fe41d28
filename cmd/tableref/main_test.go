package main

import (
	"bytes"
	"github.com/tableref/tableref/rules"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// run calls the binary's entry point as a user would, returning the exit
// status and what it printed.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := runMain(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestUsage(t *testing.T) {
	code, out, _ := run(t, "help")
	if code != 0 || !strings.Contains(out, "replay") || !strings.Contains(out, "version") {
		t.Errorf("help: status %d, output %q", code, out)
	}
	if code, _, _ := run(t); code != 2 {
		t.Errorf("no arguments: status %d, want 2", code)
	}
	code, _, errOut := run(t, "frobnicate")
	if code != 2 || !strings.Contains(errOut, `unknown command "frobnicate"`) {
		t.Errorf("unknown command: status %d, stderr %q", code, errOut)
	}
}

func TestVersion(t *testing.T) {
	code, out, _ := run(t, "version")
	if code != 0 || !strings.HasPrefix(out, "tableref ") {
		t.Errorf("version: status %d, output %q", code, out)
	}
}

func TestReplayErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte(`{"kind":"header","format":1,"mode":"no-such-game","players":["A","B"]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := run(t, "replay", bad)
	if code != 1 || !strings.Contains(errOut, bad+`:1: header: unknown game mode "no-such-game"`) {
		t.Errorf("bad header: status %d, stderr %q", code, errOut)
	}
	code, _, errOut = run(t, "replay", filepath.Join(dir, "missing.jsonl"))
	if code != 1 || !strings.Contains(errOut, "no such file") {
		t.Errorf("missing file: status %d, stderr %q", code, errOut)
	}
	if code, _, _ := run(t, "replay"); code != 2 {
		t.Errorf("no file: status %d, want 2", code)
	}
	if code, _, _ := run(t, "replay", "--bogus", bad); code != 2 {
		t.Errorf("unknown flag: status %d, want 2", code)
	}
}

type fakeFinished struct{ scores []rules.Score }

func (fakeFinished) Start() []rules.Event              { return nil }
func (fakeFinished) Observe(rules.Table) []rules.Event { return nil }
func (fakeFinished) Input(rules.Input) []rules.Event   { return nil }
func (f fakeFinished) Scores() []rules.Score           { return f.scores }
func (fakeFinished) Finished() bool                    { return true }
func (f fakeFinished) Winners() []int                  { return rules.Winners(f.scores) }

func TestPrintStandings(t *testing.T) {
	g := fakeFinished{scores: []rules.Score{
		{Player: 1, Name: "Ana", Total: 9, Parts: []rules.ScorePart{{Category: "roads", Points: 9}}},
		{Player: 2, Name: "Ben", Total: 12, Parts: []rules.ScorePart{{Category: "roads", Points: 12}, {Category: "sites", Detail: "all removed"}}},
	}}
	var b bytes.Buffer
	printStandings(&b, g)
	want := "\nStandings:\n  Ben            12   (roads 12, sites: all removed)\n  Ana             9   (roads 9)\nWinner: Ben\n"
	if b.String() != want {
		t.Errorf("standings:\n%q\nwant\n%q", b.String(), want)
	}
}
