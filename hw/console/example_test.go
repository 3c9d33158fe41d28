package console_test

import (
	"os"

	"github.com/tableref/tableref/hw/console"
	"github.com/tableref/tableref/hw/display"
)

// A console display draws the same 16×2 frame as the LCD, so the demo
// shows players exactly what the hardware would.
func ExampleNew() {
	d := console.New(os.Stdout, 16, 2)
	_ = d.Show(display.Message{Lines: []string{"Ana: +3 points", "Bo's turn"}, Verdict: display.Right})
	// Output:
	// ┌────────────────┐
	// │Ana: +3 points  │ ✓ right
	// │Bo's turn       │
	// └────────────────┘
}
