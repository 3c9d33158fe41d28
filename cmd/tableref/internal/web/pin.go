package web

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"

	"github.com/tableref/tableref/cmd/tableref/internal/clock"
)

// PIN attempts back off per address instead of locking it out: the first
// freeAttempts wrong PINs cost nothing (a typo), then each further one
// makes the next attempt from that address wait twice as long, from
// firstDelay up to maxDelay. Attempts from one address are checked one at
// a time, so a burst of parallel guesses waits like a sequence; the
// right PIN still goes through, after at most maxDelay (the old rule
// locked it out for a whole minute after five wrong ones). A 4-digit PIN
// then takes days to guess from one address.
const (
	freeAttempts = 3
	firstDelay   = 500 * time.Millisecond
	maxDelay     = 10 * time.Second
	maxQueued    = 2                // attempts of one address being checked or waiting; more are refused
	forgetAfter  = 10 * time.Minute // an address quiet this long starts afresh
)

// Wrong PINs from all addresses together are held to wrongPerSecond, after
// a burst of wrongBurst: per-address back-off alone let 3 000 IPv6
// addresses try every 4-digit PIN in a quarter of a second. Only wrong
// PINs spend the shared allowance, so a player typing the right PIN
// waits only while guesses are being paid for; every 6-digit PIN (the
// Pi package's) then takes days to try from any number of addresses.
const (
	wrongPerSecond = 2
	wrongBurst     = 10
)

// delayAfter is how long the next attempt waits after fails wrong PINs.
func delayAfter(fails int) time.Duration {
	if fails < freeAttempts {
		return 0
	}
	d := firstDelay << (fails - freeAttempts)
	if d > maxDelay || d <= 0 {
		d = maxDelay
	}
	return d
}

// attempts is one address's record.
type attempts struct {
	turn    chan struct{} // held while an attempt is checked: one at a time
	queued  atomic.Int32
	fails   int       // wrong PINs in a row; under turn
	next    time.Time // no attempt is checked before; under turn
	touched time.Time // under pinGuard.mu
}

// pinGuard keeps the records of every address.
type pinGuard struct {
	mu    sync.Mutex
	addrs map[string]*attempts
	now   func() time.Time
	sleep func(ctx context.Context, d time.Duration) error
	// wrong is the allowance of wrong PINs shared by every address.
	wrong *rate.Limiter
}

func newPINGuard() *pinGuard {
	return &pinGuard{addrs: map[string]*attempts{}, now: time.Now, sleep: clock.Sleep,
		wrong: rate.NewLimiter(wrongPerSecond, wrongBurst)}
}

// waitShared waits until the shared allowance has room for one more wrong
// PIN. A burst of waiters may go together and run it into debt; the debt
// then delays everyone, so the rate holds over time.
func (g *pinGuard) waitShared(ctx context.Context) error {
	for {
		tokens := g.wrong.TokensAt(g.now())
		if tokens >= 1 {
			return nil
		}
		wait := time.Duration((1 - tokens) / wrongPerSecond * float64(time.Second))
		if err := g.sleep(ctx, max(wait, time.Millisecond)); err != nil {
			return err
		}
	}
}

func (g *pinGuard) record(addr string) *attempts {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	for k, a := range g.addrs { // forget quiet addresses: the map stays small
		if now.Sub(a.touched) > forgetAfter && a.queued.Load() == 0 {
			delete(g.addrs, k)
		}
	}
	a := g.addrs[addr]
	if a == nil {
		a = &attempts{turn: make(chan struct{}, 1)}
		g.addrs[addr] = a
	}
	a.touched = now
	return a
}

// errBusy is returned when an address has too many attempts in flight.
type errBusy struct{ retry time.Duration }

func (e errBusy) Error() string {
	return "too many PIN attempts at once from this address: wait a moment"
}

// check waits for addr's turn and back-off, then calls ok to compare the
// PIN, and records the outcome. It returns whether the PIN was right and
// the wait before the next attempt from addr.
func (g *pinGuard) check(ctx context.Context, addr string, ok func() bool) (bool, time.Duration, error) {
	a := g.record(addr)
	if a.queued.Add(1) > maxQueued {
		a.queued.Add(-1)
		return false, 0, errBusy{retry: maxDelay}
	}
	defer a.queued.Add(-1)
	select {
	case a.turn <- struct{}{}:
	case <-ctx.Done():
		return false, 0, ctx.Err()
	}
	defer func() { <-a.turn }()
	if wait := a.next.Sub(g.now()); wait > 0 {
		if err := g.sleep(ctx, wait); err != nil {
			return false, 0, err
		}
	}
	if err := g.waitShared(ctx); err != nil {
		return false, 0, err
	}
	if ok() {
		a.fails, a.next = 0, time.Time{}
		return true, 0, nil
	}
	g.wrong.ReserveN(g.now(), 1)
	a.fails++
	d := delayAfter(a.fails)
	a.next = g.now().Add(d)
	return false, d, nil
}
