package daemon

import (
	"testing"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/scanner"
)

// The stability window has one name and one default: the configuration's
// scanner.stable is the scanner's Options.Stable, and its default is the
// scanner's DefaultStable (they were 300 ms and 1 s).
func TestOneStabilityDefault(t *testing.T) {
	if got := config.Default().Scanner.Stable; got != scanner.DefaultStable {
		t.Errorf("config's scanner.stable defaults to %v, the scanner's window to %v", got, scanner.DefaultStable)
	}
}
