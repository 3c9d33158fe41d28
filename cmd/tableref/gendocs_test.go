package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// gen-docs writes a man page for every command and the completion
// scripts, and every man: page the systemd unit names exists among them
// (the unit's Documentation= line used to name a page that did not).
func TestGenDocs(t *testing.T) {
	dir := t.TempDir()
	man, share := filepath.Join(dir, "man1"), filepath.Join(dir, "share")
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	code, _, errOut := run(t, "gen-docs", "--man", man, "--completions", share)
	if code != 0 {
		t.Fatalf("status %d: %s", code, errOut)
	}
	for _, words := range commandPaths(newRoot()) {
		if words[0] == "help" {
			continue
		}
		page := filepath.Join(man, "tableref-"+strings.Join(words, "-")+".1")
		if _, err := os.Stat(page); err != nil {
			t.Errorf("no man page for tableref %s", strings.Join(words, " "))
		}
	}
	top, err := os.ReadFile(filepath.Join(man, "tableref.1"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`.TH "TABLEREF" "1" "Nov 2023" "tableref `, "Exit status", "tableref-run(1)", "tableref-modes(1)"} {
		if !strings.Contains(string(top), want) {
			t.Errorf("tableref.1 lacks %q", want)
		}
	}
	unit, err := os.ReadFile("../../deploy/tableref.service")
	if err != nil {
		t.Fatal(err)
	}
	refs := regexp.MustCompile(`man:([a-z0-9-]+)\(([0-9])\)`).FindAllStringSubmatch(string(unit), -1)
	if len(refs) == 0 {
		t.Error("the unit names no man page")
	}
	for _, m := range refs {
		if _, err := os.Stat(filepath.Join(dir, "man"+m[2], m[1]+"."+m[2])); err != nil {
			t.Errorf("the unit names man:%s(%s), which gen-docs does not write", m[1], m[2])
		}
	}
	for p, want := range map[string]string{
		"bash-completion/completions/tableref":    "__start_tableref",
		"zsh/vendor-completions/_tableref":        "#compdef tableref",
		"fish/vendor_completions.d/tableref.fish": "complete -c tableref",
	} {
		b, err := os.ReadFile(filepath.Join(share, p))
		if err != nil || !strings.Contains(string(b), want) {
			t.Errorf("%s: %v, lacks %q", p, err, want)
		}
	}
	if code, _, _ := run(t, "gen-docs"); code != 2 {
		t.Errorf("gen-docs without a folder: status %d, want 2", code)
	}
}
