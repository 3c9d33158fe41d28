package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docs/layout.md lists every package of the repository with its one job
// (DESIGN's table went out of date once): this fails when a package is
// added, moved or removed and the page does not follow.
func TestLayoutDocListsEveryPackage(t *testing.T) {
	doc, err := os.ReadFile("../../docs/layout.md")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, l := range strings.Split(string(doc), "\n") {
		if p, ok := strings.CutPrefix(l, "| `"); ok {
			if end := strings.Index(p, "` |"); end > 0 {
				listed[p[:end]] = true
			}
		}
	}
	seen := map[string]bool{}
	err = filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != "../.." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		pkg := filepath.ToSlash(strings.TrimPrefix(filepath.Dir(path), "../../"))
		seen[pkg] = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for pkg := range seen {
		if !listed[pkg] {
			t.Errorf("package %s is not listed in docs/layout.md", pkg)
		}
	}
	for pkg := range listed {
		if !seen[pkg] {
			t.Errorf("docs/layout.md lists %s, which has no Go code", pkg)
		}
	}
}
