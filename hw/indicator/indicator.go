// Package indicator drives the verdict LEDs (green: right, red: wrong) and
// an active buzzer (it beeps by itself when powered, so a pattern is just
// on/off timing).
package indicator

import (
	"context"
	"fmt"
	"time"

	"periph.io/x/conn/v3/gpio"

	"github.com/tableref/tableref/hw/display"
)

// Step is one part of a pattern: every listed output on (the others off)
// for D.
type Step struct {
	Green, Red, Buzz bool
	D                time.Duration
}

// Pattern is played once; all outputs end off, except the verdict LED
// which the last step may leave on (see Hold).
type Pattern []Step

// The patterns, kept short so that the game never waits for them. Wrong
// is longer and louder than right: a mistake must be noticed.
var (
	RightPattern = Pattern{{Green: true, Buzz: true, D: 80 * time.Millisecond}, {Green: true, D: 0}}
	WrongPattern = Pattern{
		{Red: true, Buzz: true, D: 250 * time.Millisecond}, {Red: true, D: 100 * time.Millisecond},
		{Red: true, Buzz: true, D: 250 * time.Millisecond}, {Red: true, D: 0},
	}
	WarnPattern = Pattern{
		{Green: true, Red: true, Buzz: true, D: 60 * time.Millisecond}, {D: 60 * time.Millisecond},
		{Green: true, Red: true, Buzz: true, D: 60 * time.Millisecond}, {D: 0},
	}
	ClickPattern = Pattern{{Buzz: true, D: 15 * time.Millisecond}, {D: 0}} // a button was accepted
)

// For returns the pattern of a verdict (nil for None).
func For(v display.Verdict) Pattern {
	switch v {
	case display.Right:
		return RightPattern
	case display.Wrong:
		return WrongPattern
	case display.Warn:
		return WarnPattern
	}
	return nil
}

// Sleeper waits for d or until ctx is done; tests pass a recorder.
type Sleeper func(ctx context.Context, d time.Duration) error

// Sleep is the real Sleeper.
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Dev holds the outputs; any of them may be nil (not fitted).
type Dev struct {
	Green, Red, Buzzer gpio.PinOut
	Sleep              Sleeper // nil: Sleep
}

// Play runs p. A cancelled context stops it with everything off, so the
// buzzer never stays on.
func (d *Dev) Play(ctx context.Context, p Pattern) error {
	sleep := d.Sleep
	if sleep == nil {
		sleep = Sleep
	}
	for _, s := range p {
		if err := d.set(s.Green, s.Red, s.Buzz); err != nil {
			return err
		}
		if s.D > 0 {
			if err := sleep(ctx, s.D); err != nil {
				_ = d.Off()
				return err
			}
		}
	}
	return nil
}

// Off switches every output off.
func (d *Dev) Off() error { return d.set(false, false, false) }

// Halt implements conn.Resource.
func (d *Dev) Halt() error { return d.Off() }

func (d *Dev) String() string {
	return fmt.Sprintf("indicator(green %v, red %v, buzzer %v)", d.Green, d.Red, d.Buzzer)
}

func (d *Dev) set(g, r, b bool) error {
	for _, o := range []struct {
		p  gpio.PinOut
		on bool
	}{{d.Green, g}, {d.Red, r}, {d.Buzzer, b}} {
		if o.p == nil {
			continue
		}
		if err := o.p.Out(gpio.Level(o.on)); err != nil {
			return fmt.Errorf("indicator: %s: %w", o.p, err)
		}
	}
	return nil
}
