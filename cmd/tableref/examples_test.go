package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"gocv.io/x/gocv"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/cmd/tableref/internal/deckdir"
	"github.com/tableref/tableref/scanner/scenes"
	"github.com/tableref/tableref/vision/synth"
)

// Every documented example runs: the "tableref …" lines of the fenced
// blocks of README.md and docs/*.md, and the Example lines of every
// command's help. They run in order, in a folder holding the photos and
// files they name (generated scenes), with the repository's testdata
// beside them; each must exit 0, or, where the documentation shows the
// error it prints, fail with exactly that message. Commands that run
// until stopped or measure for minutes (run, demo, bench, doctor) are
// parsed against the command tree instead: flags and arguments must be
// accepted.

// example is one documented command line.
type example struct {
	where string   // file:line, or "tableref X -h" for a command's Example
	args  []string // after "tableref"
	out   string   // stdout goes to this file (a "> FILE" redirection)
	err   string   // the error line the documentation shows, if any
	shown []string // the output lines the documentation shows (a $ block)
}

// docExamples reads the examples of a Markdown file. In a block where some
// lines start with "$ ", only those are commands (the others are their
// output); blocks marked text, yaml, json or similar are not examples.
func docExamples(t *testing.T, path string) []example {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []example
	lines := strings.Split(string(b), "\n")
	for i := 0; i < len(lines); i++ {
		fence, ok := strings.CutPrefix(lines[i], "```")
		if !ok {
			continue
		}
		start := i + 1
		for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
		}
		if lang := strings.TrimSpace(fence); lang != "" && lang != "sh" && lang != "console" && lang != "bash" {
			continue
		}
		block := lines[start:i]
		dollar := false
		for _, l := range block {
			dollar = dollar || strings.HasPrefix(l, "$ ")
		}
		for k, l := range block {
			line := strings.TrimSpace(l)
			if dollar {
				var isCmd bool
				if line, isCmd = strings.CutPrefix(l, "$ "); !isCmd {
					continue
				}
			}
			for _, sudo := range []string{"sudo -u tableref ", "sudo "} {
				line = strings.TrimPrefix(line, sudo)
			}
			rest, ok := strings.CutPrefix(line, "tableref ")
			if !ok {
				continue
			}
			ex := example{where: fmt.Sprintf("%s:%d", path, start+k+1)}
			ex.args, ex.out, err = shellWords(rest)
			if err != nil {
				t.Errorf("%s: %v", ex.where, err)
				continue
			}
			// A documented error: an output line of a $ command (before
			// the next one) that starts with the command's own name.
			for _, o := range block[k+1:] {
				if !dollar || strings.HasPrefix(o, "$ ") {
					break
				}
				if len(ex.args) > 0 && strings.HasPrefix(o, "tableref "+ex.args[0]) {
					ex.err = o
					break
				}
				ex.shown = append(ex.shown, o)
			}
			out = append(out, ex)
		}
	}
	return out
}

// shellWords splits a command line as sh would: quotes, backslashes, a
// "#" comment, one "> FILE". Anything else sh would treat specially
// (";", "|", "&", "<", "$") is an error: an example must be one command.
func shellWords(s string) (words []string, redirect string, err error) {
	var cur strings.Builder
	inWord, quote := false, rune(0)
	flush := func() {
		if inWord {
			words = append(words, cur.String())
			cur.Reset()
			inWord = false
		}
	}
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case quote == '\'':
			if r == '\'' {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case quote == '"':
			switch {
			case r == '"':
				quote = 0
			case r == '\\' && i+1 < len(rs):
				i++
				cur.WriteRune(rs[i])
			case r == '$' || r == '`':
				return nil, "", fmt.Errorf("%q: a shell expansion in quotes", s)
			default:
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == '\\' && i+1 < len(rs):
			i++
			cur.WriteRune(rs[i])
			inWord = true
		case r == ' ' || r == '\t':
			flush()
		case r == '#' && !inWord:
			flush()
			i = len(rs)
		case r == '>':
			flush()
			rest := strings.Fields(strings.SplitN(string(rs[i+1:]), "#", 2)[0])
			if len(rest) != 1 {
				return nil, "", fmt.Errorf("%q: want one file after >", s)
			}
			return words, rest[0], nil
		case strings.ContainsRune(";|&<$`*?", r):
			return nil, "", fmt.Errorf("%q: sh would read %q specially: quote it, an example must run as typed", s, r)
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, "", fmt.Errorf("%q: unclosed quote", s)
	}
	flush()
	return words, "", nil
}

// helpExamples are the Example lines of every command in the tree.
func helpExamples(t *testing.T) []example {
	t.Helper()
	var out []example
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, l := range strings.Split(c.Example, "\n") {
			rest, ok := strings.CutPrefix(strings.TrimSpace(l), "tableref ")
			if !ok {
				continue
			}
			ex := example{where: c.CommandPath() + " -h"}
			var err error
			if ex.args, ex.out, err = shellWords(rest); err != nil {
				t.Errorf("%s: %v", ex.where, err)
				continue
			}
			out = append(out, ex)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot())
	return out
}

// parsedOnly are the commands whose examples are parsed, not run: they run
// until stopped, measure for minutes, or report on a Raspberry Pi's
// hardware. Printing run's configuration is quick, and runs; say runs
// when it writes a WAV file (played, it needs a sound card).
func parsedOnly(args []string) bool {
	switch args[0] {
	case "demo", "doctor", "bench", "club":
		return true
	case "decks":
		// decks learn reads a camera, or photos of real cards, and asks
		// about what it is unsure of for as long as the user answers;
		// TestDecksLearnFromAPhoto runs it on a generated photo.
		return len(args) > 1 && args[1] == "learn"
	case "say":
		for _, a := range args {
			if a == "--wav" {
				return false
			}
		}
		return true
	case "run":
		for _, a := range args {
			if a == "--default-config" || a == "--print-config" {
				return false
			}
		}
		return true
	}
	return false
}

// parseOnly checks that the command tree accepts the line: a command,
// its flags and its arguments.
func parseOnly(args []string) error {
	root := newRoot()
	args = cli.LegacyFlags(root, args)
	cmd, rest, err := root.Find(args)
	if err != nil {
		return err
	}
	if cmd == root {
		return fmt.Errorf("no such command: %s", args[0])
	}
	if err := cmd.ParseFlags(rest); err != nil {
		return err
	}
	return cmd.ValidateArgs(cmd.Flags().Args())
}

// exampleFixtures makes the files the examples name in dir.
func exampleFixtures(t *testing.T, dir string) {
	t.Helper()
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"rules", "cmd", "docs"} {
		if err := os.Symlink(filepath.Join(repo, d), filepath.Join(dir, d)); err != nil {
			t.Fatal(err)
		}
	}
	o := scenes.Options{Seed: 61}
	photos := map[string]func() (scenes.Game, error){
		"sheet.jpg":   func() (scenes.Game, error) { return scenes.Sheet(o) },
		"table.jpg":   func() (scenes.Game, error) { return scenes.WitCartographer(o, 2) },
		"players.jpg": func() (scenes.Game, error) { return scenes.WitCartographer(scenes.Options{Seed: 62}, 2) },
		"photo.jpg":   func() (scenes.Game, error) { return scenes.MapIt(o) },
	}
	// Shake That City's calibration photos (docs/calibration.md §3), all
	// of one table: lamp.jpg is the same table in another light.
	city := scenes.City{Players: 2, Sites: true, WildCubes: 1}
	tab := scenes.NewCityTable(o, city)
	lamp := o
	lamp.Light = 0.3
	both := scenes.ColourLayout{Boards: []int{1, 2}, Rows: 3}
	for name, mk := range map[string]func() (scenes.Game, error){
		"empty.jpg":    tab.Empty,
		"sites.jpg":    tab.SitesLaid,
		"colours.jpg":  func() (scenes.Game, error) { return tab.Colours(both, 0) },
		"colours1.jpg": func() (scenes.Game, error) { return tab.Colours(both, 0) },
		"colours2.jpg": func() (scenes.Game, error) { return tab.Colours(scenes.ColourLayout{}, 1) },
		"lamp.jpg":     func() (scenes.Game, error) { return scenes.NewCityTable(lamp, city).Colours(both, 2) },
		"shake1.jpg":   func() (scenes.Game, error) { return tab.Shake(1) },
		"shake2.jpg":   func() (scenes.Game, error) { return tab.Shake(2) },
		"shake3.jpg":   func() (scenes.Game, error) { return tab.Shake(3) },
	} {
		photos[name] = mk
	}
	names := make([]string, 0, len(photos))
	for n := range photos {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		g, err := photos[n]()
		if err != nil {
			t.Fatal(err)
		}
		frame, _, err := synth.Render(g.Scene)
		if err != nil {
			t.Fatal(err)
		}
		ok := gocv.IMWrite(filepath.Join(dir, n), frame)
		frame.Close()
		if !ok {
			t.Fatalf("cannot write %s", n)
		}
		if n == "table.jpg" { // the calibration a user would have made for this table
			if err := g.Cal.Save(filepath.Join(dir, "state", "calibration.json")); err != nil {
				t.Fatal(err)
			}
		}
	}
	// docs/replay.md's broken game: a card no deck has on line 17.
	demo, err := os.ReadFile(filepath.Join("testdata", "demo-continental.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	first16 := strings.Join(strings.SplitAfterN(string(demo), "\n", 17)[:16], "")
	bad := `{"kind": "snapshot", "t": 300.0, "table": {"map": {"origin": [0, 0], "rows": [["Bogotá/B", "Caracas/B", ""], ["Lima/B", "Sucre/B", "Atlantis"]]}}}` + "\n"
	if err := os.WriteFile(filepath.Join(dir, "game.jsonl"), []byte(first16+bad), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestDocumentedExamplesRun(t *testing.T) {
	if testing.Short() {
		t.Skip("renders photos and runs every documented command")
	}
	dir := t.TempDir()
	// Two calibrations, as on two tables: the calibrate examples make
	// theirs from sheet.jpg; every other command reads the one made for
	// table.jpg's camera.
	tableState, calState := filepath.Join(dir, "state"), filepath.Join(dir, "state-calibrate")
	for _, d := range []string{tableState, calState} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	decks := filepath.Join(dir, "decks")
	t.Setenv("TABLEREF_DECKS", decks)
	exampleFixtures(t, dir)
	docs, _ := filepath.Glob("../../docs/*.md")
	var all []example
	for _, p := range append([]string{"../../README.md"}, docs...) {
		all = append(all, docExamples(t, p)...)
	}
	fromDocs := len(all)
	all = append(all, helpExamples(t)...)
	if fromDocs < 30 || len(all)-fromDocs < 40 {
		t.Fatalf("found %d examples in the docs and %d in the commands' help: the reader is broken", fromDocs, len(all)-fromDocs)
	}
	t.Chdir(dir)
	ran := 0
	for _, ex := range all {
		line := "tableref " + strings.Join(ex.args, " ")
		if parsedOnly(ex.args) {
			if err := parseOnly(ex.args); err != nil {
				t.Errorf("%s: %s: %v", ex.where, line, err)
			}
			continue
		}
		ran++
		if ex.args[0] == "calibrate" {
			t.Setenv("STATE_DIRECTORY", calState)
		} else {
			t.Setenv("STATE_DIRECTORY", tableState)
		}
		code, stdout, stderr := run(t, ex.args...)
		if ex.out != "" {
			if err := os.WriteFile(ex.out, []byte(stdout), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		switch {
		case ex.err != "":
			if first, _, _ := strings.Cut(stderr, "\n"); code == 0 || first != ex.err {
				t.Errorf("%s: %s: status %d, stderr's first line\n%s\nthe documentation shows\n%s", ex.where, line, code, first, ex.err)
			}
		case code != 0:
			t.Errorf("%s: %s: status %d\n%s", ex.where, line, code, stderr)
		default:
			if ex.out == "" {
				// The docs show the machine's deck folder, where this
				// test installs in a folder of its own.
				got := strings.ReplaceAll(stdout+stderr, decks, deckdir.SystemDir)
				for _, miss := range notShown(ex.shown, got) {
					t.Errorf("%s: %s: the documentation shows the line\n%s\nwhich the command does not print", ex.where, line, miss)
				}
			}
		}
	}
	t.Logf("%d examples: %d run, %d parsed", len(all), ran, len(all)-ran)
}

func TestShellWords(t *testing.T) {
	for in, want := range map[string]string{
		`display test "Hello"      # show`:          "display|test|Hello",
		`display test --scores 'Ana=12,Bo=9'`:       "display|test|--scores|Ana=12,Bo=9",
		`print preview Bogotá --deck wit-sa`:        "print|preview|Bogotá|--deck|wit-sa",
		`zones --polygon 'offer:1,2;3,4' a\ b.jpg`:  "zones|--polygon|offer:1,2;3,4|a b.jpg",
		`run --default-config > config.yaml # file`: "run|--default-config",
	} {
		got, _, err := shellWords(in)
		if err != nil || strings.Join(got, "|") != want {
			t.Errorf("shellWords(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{`zones --polygon offer:1,2;3,4`, `replay a | less`, `scan "$HOME/x.jpg"`, `say 'open`} {
		if _, _, err := shellWords(in); err == nil {
			t.Errorf("shellWords(%q) accepted a line sh would not run as typed", in)
		}
	}
	if _, out, _ := shellWords("run --default-config > config.yaml"); out != "config.yaml" {
		t.Errorf("redirect %q", out)
	}
}

// notShown returns the documented output lines the command did not print.
// A documentation block may leave lines out or cut one short with "…", so
// only whole lines without "…" are looked for, each anywhere in the output,
// with runs of spaces counted as one (tables are aligned by the terminal
// width of their widest cell).
func notShown(shown []string, got string) []string {
	squeeze := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	have := map[string]bool{}
	for _, l := range strings.Split(got, "\n") {
		have[squeeze(l)] = true
	}
	var miss []string
	for _, l := range shown {
		if l = squeeze(l); l == "" || strings.Contains(l, "…") || strings.Contains(l, "...") || have[l] {
			continue
		}
		miss = append(miss, l)
	}
	return miss
}
