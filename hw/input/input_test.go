package input

import (
	"context"
	"reflect"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

var t0 = time.Date(2025, 1, 1, 20, 0, 0, 0, time.UTC)

func ms(n int) time.Time { return t0.Add(time.Duration(n) * time.Millisecond) }

type sample struct {
	at      int // ms
	pressed bool
}

type got struct {
	at   int
	long bool
}

func run(d *Debouncer, samples []sample) []got {
	var out []got
	for _, s := range samples {
		for _, e := range d.Update(ms(s.at), s.pressed) {
			out = append(out, got{int(e.At.Sub(t0) / time.Millisecond), e.Long})
		}
	}
	return out
}

func TestDebounceAndLockout(t *testing.T) {
	cases := []struct {
		name    string
		samples []sample
		want    []got
	}{
		{"clean press", []sample{{0, true}, {120, false}}, []got{{0, false}}},
		{"bounces are one press", []sample{{0, true}, {2, false}, {4, true}, {7, false}, {9, true}, {150, false}, {152, true}, {155, false}}, []got{{0, false}}},
		{"double press within lock-out", []sample{{0, true}, {80, false}, {160, true}, {240, false}}, []got{{0, false}}},
		{"second press after lock-out", []sample{{0, true}, {80, false}, {350, true}, {420, false}}, []got{{0, false}, {350, false}}},
		{"mashing does not extend the lock-out", []sample{{0, true}, {50, false}, {100, true}, {150, false}, {200, true}, {250, false}, {310, true}}, []got{{0, false}, {310, false}}},
		// The last bounce leaves the line pressed after a release was
		// accepted: the sample at the end of the window corrects it.
		{"resample after window", []sample{{0, true}, {100, false}, {110, true}, {130, true}}, []got{{0, false}}},
	}
	for _, c := range cases {
		if g := run(NewDebouncer(Next, Timing{}), c.samples); !reflect.DeepEqual(g, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, g, c.want)
		}
	}
}

func TestLongPress(t *testing.T) {
	tm := Timing{LongPress: time.Second}
	// Short press reports on release.
	if g := run(NewDebouncer(Menu, tm), []sample{{0, true}, {200, false}}); !reflect.DeepEqual(g, []got{{200, false}}) {
		t.Errorf("short: %v", g)
	}
	// Held: one long event at the deadline, nothing on release.
	d := NewDebouncer(Menu, tm)
	g := run(d, []sample{{0, true}})
	dl, ok := d.Deadline()
	if !ok || !dl.Equal(ms(1000)) {
		t.Fatalf("deadline %v %v, want 1 s after the press", dl, ok)
	}
	g = append(g, run(d, []sample{{999, true}, {1000, true}, {1500, true}, {2000, false}})...)
	if !reflect.DeepEqual(g, []got{{1000, true}}) {
		t.Errorf("long: %v", g)
	}
}

// script is a button pin whose edges come from a list with timestamps;
// waiting moves a fake clock instead of sleeping.
type script struct {
	gpiotest.Pin
	now    time.Time
	edges  []sample
	cancel func()
	waits  []time.Duration
}

func (s *script) Now() time.Time { return s.now }

func (s *script) WaitForEdge(timeout time.Duration) bool {
	s.waits = append(s.waits, timeout)
	if len(s.edges) == 0 {
		s.cancel()
		return false
	}
	e := s.edges[0]
	if at := ms(e.at); !at.After(s.now.Add(timeout)) {
		s.edges = s.edges[1:]
		s.now = at
		s.L = gpio.Level(!e.pressed) // active low
		return true
	}
	s.now = s.now.Add(timeout)
	return false
}

func TestWatchScriptedPin(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	p := &script{Pin: gpiotest.Pin{N: "GPIO19", L: gpio.High}, now: t0, cancel: cancel,
		edges: []sample{{10, true}, {12, false}, {14, true}, {1300, false}, {2000, true}, {2100, false}}}
	out := make(chan Event, 10)
	err := Watch(ctx, p, NewDebouncer(Menu, Timing{LongPress: time.Second}), true, p, out)
	if err != context.Canceled {
		t.Fatalf("Watch returned %v, want context.Canceled", err)
	}
	close(out)
	var evs []Event
	for e := range out {
		evs = append(evs, e)
	}
	want := []Event{{Button: Menu, Long: true, At: ms(1010)}, {Button: Menu, At: ms(2100)}}
	if !reflect.DeepEqual(evs, want) {
		t.Errorf("events %v, want %v", evs, want)
	}
	for _, w := range p.waits {
		if w <= 0 || w > maxWait {
			t.Errorf("WaitForEdge(%v): want 0 < timeout ≤ %v", w, maxWait)
		}
	}
}

func TestSetup(t *testing.T) {
	p := &gpiotest.Pin{N: "GPIO5", EdgesChan: make(chan gpio.Level, 1)}
	if err := Setup(p, true); err != nil || p.P != gpio.PullUp {
		t.Errorf("Setup active-low: %v, pull %v", err, p.P)
	}
	if err := Setup(&gpiotest.Pin{N: "GPIO6"}, false); err == nil {
		t.Error("Setup without edge support: no error")
	}
}
