package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Package main is wiring only (DESIGN.md): one explicit command list and,
// per command, flags → one library call → print. This fails when it grows
// logic again: more than mainBudget lines of non-test Go, an init function
// (commands registering themselves), or a function that is not a command
// builder and runs longer than helperLimit lines (work that belongs in the
// package that owns the job).
const (
	mainBudget  = 2500
	helperLimit = 40
)

func TestMainIsWiringOnly(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	lines := 0
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lines += strings.Count(string(src), "\n")
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			if fn.Name.Name == "init" {
				t.Errorf("%s: func init in package main: add the command to addCommands (commands.go) instead", fset.Position(fn.Pos()))
			}
			n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line
			if n > helperLimit && !isBuilder(fn) && fn.Name.Name != "main" {
				t.Errorf("%s: %s is %d lines of logic in package main: move it to the package that owns the job", fset.Position(fn.Pos()), fn.Name.Name, n)
			}
		}
	}
	if lines > mainBudget {
		t.Errorf("package main has %d lines of non-test Go, over its %d: move logic to a library package", lines, mainBudget)
	}
	t.Logf("package main: %d lines of non-test Go", lines)
}

// isBuilder reports whether fn makes a command: func newX() *cobra.Command.
func isBuilder(fn *ast.FuncDecl) bool {
	if fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "new") || fn.Type.Results == nil || len(fn.Type.Results.List) != 1 {
		return false
	}
	star, ok := fn.Type.Results.List[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Command"
}

// The arrows a review found running the wrong way (issue 27): learn took
// the printed card's geometry from the printer although rules/physical.go
// is where facts both sides need live; the page and the camera stages
// imported a hardware package for its Sleep. Each entry is a package
// directory (its non-test files) and the import paths it must not use.
var forbiddenImports = map[string][]string{
	"internal/learn": {"github.com/tableref/tableref/printer"},
	"internal/web":   {"github.com/tableref/tableref/hw/"},
	"internal/live":  {"github.com/tableref/tableref/hw/indicator"},
}

func TestNoArrowRunsBack(t *testing.T) {
	fset := token.NewFileSet()
	for dir, banned := range forbiddenImports {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v): update forbiddenImports", dir, err)
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				p := strings.Trim(imp.Path.Value, `"`)
				for _, b := range banned {
					if strings.HasPrefix(p, b) {
						t.Errorf("%s imports %s: %s must not depend on %s", fset.Position(imp.Pos()), p, dir, b)
					}
				}
			}
		}
	}
}

// No package under cmd/tableref/internal grows past internalBudget lines
// of non-test Go (issue 27: the daemon was 2 979 lines doing five jobs):
// one that does is doing more than one job.
const internalBudget = 1500

func TestInternalPackagesStaySmall(t *testing.T) {
	dirs := map[string]int{}
	err := filepath.WalkDir("internal", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		dirs[filepath.Dir(path)] += strings.Count(string(src), "\n")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir, n := range dirs {
		if n > internalBudget {
			t.Errorf("cmd/tableref/%s has %d lines of non-test Go, over %d: split it by job", dir, n, internalBudget)
		}
	}
}
