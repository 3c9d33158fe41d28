package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"
	"github.com/tableref/tableref/rules/replay"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/rules"
)

// TestMain gives the tests state and runtime folders of their own (as
// systemd gives the service), so no test reads or writes a real
// calibration or journal.
func TestMain(m *testing.M) {
	// Started with a command instead of test flags (a test, or the code
	// under test, ran os.Executable() as tableref: bench vision times
	// 'tableref version' and 'tableref scan --codes' processes), the test
	// binary is tableref. Without this the child would run every test
	// again, and each one that starts tableref would recurse.
	if len(os.Args) > 1 && !strings.HasPrefix(os.Args[1], "-test.") {
		os.Exit(runMain(os.Args[1:], os.Stdout, os.Stderr))
	}
	dir, err := os.MkdirTemp("", "tableref-cmd-test-")
	if err != nil {
		panic(err)
	}
	os.Setenv("STATE_DIRECTORY", filepath.Join(dir, "state"))
	os.Setenv("RUNTIME_DIRECTORY", filepath.Join(dir, "run"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

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
	if code, out, _ := run(t); code != 2 || !strings.Contains(out, "Available Commands") {
		t.Errorf("no arguments: status %d, want 2 and the help; output %q", code, out)
	}
	code, _, errOut := run(t, "frobnicate")
	if code != 2 || !strings.Contains(errOut, `unknown command "frobnicate"`) {
		t.Errorf("unknown command: status %d, stderr %q", code, errOut)
	}
	code, _, errOut = run(t, "replya", "x")
	if code != 2 || !strings.Contains(errOut, "did you mean replay?") {
		t.Errorf("typo: status %d, stderr %q", code, errOut)
	}
}

// commandPaths lists every command of the tree below tableref, as the
// words a user types ("print deck").
func commandPaths(c *cobra.Command) [][]string {
	var out [][]string
	for _, sub := range c.Commands() {
		if sub.Hidden {
			continue
		}
		words := strings.Fields(sub.CommandPath())[1:]
		out = append(out, words)
		out = append(out, commandPaths(sub)...)
	}
	return out
}

// Every command answers -h and --help with its help on standard output and
// status 0, never a usage error.
func TestEveryCommandHelp(t *testing.T) {
	paths := commandPaths(newRoot())
	if len(paths) < 25 {
		t.Fatalf("only %d commands in the tree: %v", len(paths), paths)
	}
	for _, p := range append(paths, []string{}) {
		for _, h := range []string{"-h", "--help"} {
			args := append(append([]string{}, p...), h)
			code, out, errOut := run(t, args...)
			if code != 0 || errOut != "" || !strings.Contains(out, "Usage:") || strings.Contains(out+errOut, ": usage") {
				t.Errorf("tableref %s: status %d, stderr %q, stdout %.80q", strings.Join(args, " "), code, errOut, out)
			}
		}
	}
}

// A usage error says what is wrong and where to read more, exits 2 and
// never ends in the old ": usage" tail; a failure exits 1.
func TestErrorsAndExitCodes(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"replay"}, 2, "tableref replay: want one replay or journal file (docs/replay.md)\nRun 'tableref replay --help' for usage.\n"},
		{[]string{"replay", "--bogus", "x"}, 2, "tableref replay: unknown flag: --bogus\n"},
		{[]string{"print", "deck", "sa", "--paper", "a3", "-o", "x.pdf"}, 2, "tableref print deck: --paper:"},
		{[]string{"version", "extra"}, 2, `tableref version: tableref version takes no arguments, got "extra"`},
		{[]string{"replay", "no-such-file.jsonl"}, 1, "tableref replay: open no-such-file.jsonl: no such file or directory\n"},
	} {
		code, _, errOut := run(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) || strings.Contains(errOut, ": usage") {
			t.Errorf("%v: status %d, stderr %q; want %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
		if tc.code == 1 && strings.Contains(errOut, "--help") {
			t.Errorf("%v: a failure is not a usage error: %q", tc.args, errOut)
		}
	}
	if got := cli.ExitCode(cli.WithExit(3, errors.New("x"))); got != 3 {
		t.Errorf("cli.WithExit(3): status %d", got)
	}
	if got := cli.ErrorText(fmt.Errorf("want a photo: %w", cli.ErrUsage)); got != "want a photo" {
		t.Errorf("a wrapped cli.ErrUsage prints %q", got)
	}
}

// The single-dash long flags of the first command line still work
// ("run -config FILE" in installed units), flags go anywhere, and a
// shorthand stays a shorthand.
func TestLegacyFlagsAndOrder(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"print", "duplex", "-paper", "letter", "-o", filepath.Join(dir, "a.pdf")},
		{"print", "duplex", "-o", filepath.Join(dir, "b.pdf"), "--paper=letter"},
		{"print", "-paper=letter", "duplex", "-o", filepath.Join(dir, "c.pdf")},
	} {
		code, out, errOut := run(t, args...)
		if code != 0 || !strings.Contains(out, "(Letter)") {
			t.Errorf("%v: status %d, %q %q", args, code, out, errOut)
		}
	}
	root := newRoot()
	got := cli.LegacyFlags(root, []string{"decks", "show", "-json", "SA", "-x", "--", "-json"})
	if want := "decks show --json SA -x -- -json"; strings.Join(got, " ") != want {
		t.Errorf("cli.LegacyFlags: %q, want %q", strings.Join(got, " "), want)
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
	replay.WriteStandings(&b, g)
	want := "\nStandings:\n  Ben            12   (roads 12, sites: all removed)\n  Ana             9   (roads 9)\nWinner: Ben\n"
	if b.String() != want {
		t.Errorf("standings:\n%q\nwant\n%q", b.String(), want)
	}
}

// TestTestBinaryActsAsTableref: code that starts tableref as a process
// (os.Executable()) starts the test binary under test; it must answer as
// tableref, not run the whole suite again (which once recursed into
// hundreds of processes).
func TestTestBinaryActsAsTableref(t *testing.T) {
	out, err := exec.Command(os.Args[0], "version").CombinedOutput()
	if err != nil {
		t.Fatalf("%s version: %v\n%s", os.Args[0], err, out)
	}
	if !strings.HasPrefix(string(out), "tableref ") || strings.Contains(string(out), "PASS") {
		t.Errorf("the test binary run as 'tableref version' printed %q", out)
	}
}
