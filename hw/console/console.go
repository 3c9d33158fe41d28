// Package console shows referee messages in a terminal, framed like the
// LCD, for the demo and for machines without a display.
package console

import (
	"fmt"
	"io"
	"strings"

	"golang.org/x/term"

	"github.com/tableref/tableref/hw/display"
)

// Dev writes each screen to w.
type Dev struct {
	w          io.Writer
	cols, rows int
}

var _ display.Display = (*Dev)(nil)

// Logged reports whether the screens go to a log rather than a terminal
// someone watches: under systemd the console display writes to the
// system journal, which more people may read than the display's room, so
// secrets (the page's PIN) are not shown on it.
func (d *Dev) Logged() bool {
	f, ok := d.w.(interface{ Fd() uintptr })
	return !ok || !term.IsTerminal(int(f.Fd()))
}

// New returns a console display of cols×rows characters (16×2 if zero).
func New(w io.Writer, cols, rows int) *Dev {
	if cols <= 0 || rows <= 0 {
		cols, rows = 16, 2
	}
	return &Dev{w: w, cols: cols, rows: rows}
}

var symbols = map[display.Verdict]string{display.Right: "✓ right", display.Wrong: "✗ wrong", display.Warn: "! check"}

// Show implements display.Display.
func (d *Dev) Show(m display.Message) error {
	return d.frame(display.Fit(m.Lines, d.cols, d.rows), symbols[m.Verdict])
}

// ShowScores implements display.Display.
func (d *Dev) ShowScores(s display.Scores) error {
	return d.frame(display.ScoreLines(s, d.cols, d.rows), "")
}

func (d *Dev) frame(lines []string, note string) error {
	var b strings.Builder
	b.WriteString("┌" + strings.Repeat("─", d.cols) + "┐\n")
	for r := 0; r < d.rows; r++ {
		l := ""
		if r < len(lines) {
			l = lines[r]
		}
		b.WriteString("│" + l + strings.Repeat(" ", d.cols-len([]rune(l))) + "│")
		if r == 0 && note != "" {
			b.WriteString(" " + note)
		}
		b.WriteString("\n")
	}
	b.WriteString("└" + strings.Repeat("─", d.cols) + "┘\n")
	if _, err := io.WriteString(d.w, b.String()); err != nil {
		return fmt.Errorf("console: %w", err)
	}
	return nil
}

// Size implements display.Display.
func (d *Dev) Size() (cols, rows int) { return d.cols, d.rows }

// Halt implements display.Display; a terminal has nothing to switch off.
func (d *Dev) Halt() error { return nil }

func (d *Dev) String() string { return fmt.Sprintf("console %d×%d", d.cols, d.rows) }
