package web

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// pinClock is a clock that sleeping moves forward.
type pinClock struct{ t time.Time }

func (f *pinClock) now() time.Time { return f.t }
func (f *pinClock) sleep(_ context.Context, d time.Duration) error {
	f.t = f.t.Add(d)
	return nil
}

// Guesses spread over many addresses are held to the shared rate: 400
// addresses guessing once each take at least (400 − burst) / rate seconds
// (issue 34: 3 000 IPv6 addresses tried every 4-digit PIN in 0.25 s), and
// the right PIN afterwards still goes through.
func TestWrongPINsAcrossAddressesShareOneRate(t *testing.T) {
	clk := &pinClock{t: time.Unix(1_800_000_000, 0)}
	g := newPINGuard()
	g.now, g.sleep = clk.now, clk.sleep
	start := clk.t
	const guesses = 400
	for i := 0; i < guesses; i++ {
		addr := fmt.Sprintf("2001:db8::%x", i)
		if right, _, err := g.check(context.Background(), addr, func() bool { return false }); right || err != nil {
			t.Fatalf("guess %d: right %v, err %v", i, right, err)
		}
	}
	took := clk.t.Sub(start)
	if want := time.Duration((guesses-wrongBurst)/wrongPerSecond) * time.Second; took < want {
		t.Fatalf("%d wrong PINs from %d addresses took %v, want at least %v", guesses, guesses, took, want)
	}
	right, _, err := g.check(context.Background(), "192.0.2.7", func() bool { return true })
	if !right || err != nil {
		t.Fatalf("the right PIN after the guesses: right %v, err %v", right, err)
	}
	t.Logf("%d wrong PINs from as many addresses: %v (%.1f guesses/s)", guesses, took, guesses/took.Seconds())
}
