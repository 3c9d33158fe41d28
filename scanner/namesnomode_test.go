package scanner

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/modes" // every mode, to know their IDs
)

// The scanner never names a game: what it needs of a mode comes from the
// mode's Layout (rules.Mode.Layout), so a new game edits only its own
// package. This fails when a string in the scanner's code (not its tests)
// is a mode's ID or a game family's name.
func TestScannerNamesNoMode(t *testing.T) {
	names := map[string]bool{}
	for _, m := range rules.Modes() {
		names[m.ID] = true
		names[m.Game] = true
	}
	if !names["wit-continental"] || !names["shakecity"] {
		t.Fatalf("the modes are not registered: %v", names)
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	sub, _ := filepath.Glob("colourgrid/*.go")
	fset := token.NewFileSet()
	for _, path := range append(files, sub...) {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil && names[s] {
				t.Errorf("%s: the scanner names the game %q: declare what it needs in the mode's Layout instead", fset.Position(lit.Pos()), s)
			}
			return true
		})
	}
}
