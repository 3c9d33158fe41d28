package main

import (
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress is a bar on standard error for long work (bench, printing a
// big deck, filming the demo), drawn with github.com/schollz/progressbar
// only when standard error is a terminal: logs, pipes and tests get
// nothing. The zero value and nil draw nothing, so callers need no checks.
type progress struct {
	bar  *progressbar.ProgressBar
	done bool
}

// isTerminal tells whether w is a terminal; tests replace it.
var isTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// startProgress shows a bar of total steps described by what, or nothing
// when stderr is not a terminal.
func startProgress(stderr io.Writer, total int, what string) *progress {
	if !isTerminal(stderr) || total <= 0 {
		return nil
	}
	return &progress{bar: progressbar.NewOptions(total,
		progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30),
	)}
}

// Add counts n more steps done.
func (p *progress) Add(n int) {
	if p != nil && !p.done {
		_ = p.bar.Add(n) // a bar that cannot draw must not stop the work
	}
}

// Set says done of total steps are done (for callbacks that count).
func (p *progress) Set(done, total int) {
	if p != nil && !p.done {
		if int64(total) != p.bar.GetMax64() {
			p.bar.ChangeMax(total)
		}
		_ = p.bar.Set(done)
	}
}

// Done removes the bar, so the output that follows starts on a clean line;
// calling it again does nothing.
func (p *progress) Done() {
	if p != nil && !p.done {
		p.done = true
		_ = p.bar.Finish()
		_ = p.bar.Clear()
	}
}
