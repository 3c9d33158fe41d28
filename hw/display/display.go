// Package display defines what the referee shows and the small interface
// every display driver of tableref implements (LCD, OLED, console, preview).
//
// It imports nothing of tableref: the daemon converts the rules engine's
// events into a Message or a Scores value, so the drivers never depend on
// the rules vocabulary.
package display

import (
	"fmt"
	"strings"
)

// Verdict is the referee's judgement that goes with a message. Drivers show
// it as a symbol (✓ / ✗ / !) and the LEDs and buzzer as light and sound.
type Verdict int

// The verdicts. The zero value means "no verdict", so a plain Message{} is
// just text.
const (
	None  Verdict = iota // information only
	Right                // a legal placement, points scored
	Wrong                // an illegal placement: the player must take it back
	Warn                 // something to check: unknown card, card seen twice
)

var verdictNames = [...]string{"none", "right", "wrong", "warn"}

// String returns the lower-case name used in profiles and flags.
func (v Verdict) String() string {
	if v < 0 || int(v) >= len(verdictNames) {
		return fmt.Sprintf("Verdict(%d)", int(v))
	}
	return verdictNames[v]
}

// ParseVerdict is the inverse of Verdict.String.
func ParseVerdict(s string) (Verdict, error) {
	for i, n := range verdictNames {
		if strings.EqualFold(s, n) {
			return Verdict(i), nil
		}
	}
	return None, fmt.Errorf("unknown verdict %q (want one of %s)", s, strings.Join(verdictNames[:], ", "))
}

// Message is one screen of referee text. The rules engine guarantees a
// short form of two lines of at most 16 characters; drivers with more room
// may show more lines, drivers with less cut (never wrap mid-word) what
// does not fit.
type Message struct {
	Lines   []string
	Verdict Verdict
}

// PlayerScore is one row of the score screen.
type PlayerScore struct {
	Name   string
	Points int
}

// Scores is the score screen: players in the order the daemon wants them
// shown (usually seating order, so players find themselves quickly).
type Scores struct {
	Title   string // e.g. "Score" or "Final"; empty means "Score"
	Players []PlayerScore
}

// Display is a device that shows referee messages. Implementations are not
// safe for concurrent use: the daemon owns one goroutine that talks to it.
type Display interface {
	// Show replaces the whole screen with m.
	Show(m Message) error
	// ShowScores replaces the whole screen with the score screen.
	ShowScores(s Scores) error
	// Size is the text capacity in characters of the basic font.
	Size() (cols, rows int)
	// Halt clears and switches off the display (periph's conn.Resource).
	Halt() error
	String() string
}
