// Package input reads the referee's push buttons: debouncing, a lock-out
// against accidental double presses and a long press (for the menu).
//
// periph's gpioutil.Debounce is not used: it ignores its debounce
// (lock-out) argument and only delays edges. The logic here is a pure
// state machine fed with (time, level) samples, so tests script edges
// with exact timestamps instead of sleeping.
package input

import (
	"context"
	"fmt"
	"time"

	"periph.io/x/conn/v3/gpio"
)

// Button names a referee button.
type Button int

// The four buttons of the default wiring.
const (
	Next Button = iota
	Undo
	Challenge
	Menu
)

var buttonNames = [...]string{"next", "undo", "challenge", "menu"}

func (b Button) String() string {
	if b < 0 || int(b) >= len(buttonNames) {
		return fmt.Sprintf("Button(%d)", int(b))
	}
	return buttonNames[b]
}

// Event is one accepted press.
type Event struct {
	Button Button
	Long   bool      // held for at least LongPress
	At     time.Time // when the press (or the long hold) was recognised
}

// Timing configures the Debouncer. Zero fields take the defaults below.
type Timing struct {
	// Debounce ignores level changes for this long after an accepted
	// change: contact bounce of cheap tactile switches lasts a few ms.
	Debounce time.Duration
	// Lockout swallows a second press of the same button that starts
	// within this time of the last accepted press: players hit "next"
	// twice in excitement, and a skipped turn is worse than a slow one.
	Lockout time.Duration
	// LongPress, when positive, makes the button report on release (short)
	// or after being held this long (long) instead of on press.
	LongPress time.Duration
}

// Default timings.
const (
	DefaultDebounce  = 30 * time.Millisecond
	DefaultLockout   = 300 * time.Millisecond
	DefaultLongPress = time.Second
)

// Debouncer turns raw samples of one button into events. The zero value
// is not ready: use NewDebouncer.
type Debouncer struct {
	b Button
	t Timing

	pressed    bool      // debounced state
	changedAt  time.Time // of the last accepted change
	started    bool      // changedAt is valid
	pressAt    time.Time // of the last accepted (not swallowed) press
	hasPress   bool
	swallowed  bool // the current press was swallowed by the lock-out
	longFired  bool
	pressStart time.Time
}

// NewDebouncer returns a debouncer for button b, released at first.
func NewDebouncer(b Button, t Timing) *Debouncer {
	if t.Debounce == 0 {
		t.Debounce = DefaultDebounce
	}
	if t.Lockout == 0 {
		t.Lockout = DefaultLockout
	}
	return &Debouncer{b: b, t: t}
}

// Update feeds one sample: pressed is the current (raw) state at time
// now. Call it on every edge and at Deadline when no edge came.
func (d *Debouncer) Update(now time.Time, pressed bool) []Event {
	if d.started && now.Sub(d.changedAt) < d.t.Debounce {
		return nil // still bouncing
	}
	if pressed == d.pressed {
		if pressed && d.t.LongPress > 0 && !d.longFired && !d.swallowed && now.Sub(d.pressStart) >= d.t.LongPress {
			d.longFired = true
			return []Event{{Button: d.b, Long: true, At: now}}
		}
		return nil
	}
	d.pressed, d.changedAt, d.started = pressed, now, true
	if pressed {
		d.pressStart, d.longFired = now, false
		d.swallowed = d.hasPress && now.Sub(d.pressAt) < d.t.Lockout
		if d.swallowed {
			return nil
		}
		d.pressAt, d.hasPress = now, true
		if d.t.LongPress <= 0 {
			return []Event{{Button: d.b, At: now}}
		}
		return nil
	}
	if d.t.LongPress > 0 && !d.longFired && !d.swallowed {
		return []Event{{Button: d.b, At: now}}
	}
	return nil
}

// Deadline is when Update must be called even without an edge: at the end
// of the debounce window (the last bounce may have been ignored and left
// the line in the other state), and when a long press becomes due.
// ok is false when nothing is pending.
func (d *Debouncer) Deadline() (t time.Time, ok bool) {
	if !d.started {
		return time.Time{}, false
	}
	end := d.changedAt.Add(d.t.Debounce)
	if d.pressed && d.t.LongPress > 0 && !d.longFired && !d.swallowed {
		return end.Add(max(d.t.LongPress-d.t.Debounce, 0)), true
	}
	return end, true
}

// Clock tells the time; tests pass a fake one.
type Clock interface{ Now() time.Time }

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

// RealClock is the system clock.
var RealClock Clock = realClock{}

// maxWait bounds WaitForEdge so that Watch notices a cancelled context.
const maxWait = 250 * time.Millisecond

// Watch reads one button pin until ctx is done, sending events to out.
// activeLow is true for the usual wiring (button to ground, pull-up).
// The pin must be set up for both edges (see Setup).
func Watch(ctx context.Context, p gpio.PinIn, d *Debouncer, activeLow bool, clk Clock, out chan<- Event) error {
	pressed := func() bool { return p.Read() == gpio.Level(!activeLow) }
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		wait := maxWait
		if dl, ok := d.Deadline(); ok {
			if until := dl.Sub(clk.Now()); until > 0 {
				wait = min(until, maxWait)
			}
		}
		p.WaitForEdge(wait) // an edge or a deadline: sample either way
		for _, ev := range d.Update(clk.Now(), pressed()) {
			select {
			case out <- ev:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
}

// Setup configures a button pin as input with the pull that matches the
// wiring and edge detection on both edges.
func Setup(p gpio.PinIn, activeLow bool) error {
	pull := gpio.PullDown
	if activeLow {
		pull = gpio.PullUp
	}
	if err := p.In(pull, gpio.BothEdges); err != nil {
		return fmt.Errorf("input: %s: %w", p, err)
	}
	return nil
}
