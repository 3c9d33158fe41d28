package input_test

import (
	"fmt"
	"time"

	"github.com/tableref/tableref/hw/input"
)

// The Debouncer is fed (time, level) samples, so a bouncy press can be
// scripted with exact timestamps: one press is reported, and a second
// press within the lock-out is swallowed.
func ExampleDebouncer() {
	d := input.NewDebouncer(input.Next, input.Timing{})
	t0 := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	samples := []struct {
		ms      int
		pressed bool
	}{{0, true}, {2, false}, {4, true}, {120, false}, {200, true}, {260, false}, {600, true}}
	for _, s := range samples {
		for _, e := range d.Update(t0.Add(time.Duration(s.ms)*time.Millisecond), s.pressed) {
			fmt.Printf("%v pressed at %v (long: %v)\n", e.Button, e.At.Sub(t0), e.Long)
		}
	}
	// Output:
	// next pressed at 0s (long: false)
	// next pressed at 600ms (long: false)
}
