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
