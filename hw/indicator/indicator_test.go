package indicator

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio/gpiotest"

	"github.com/tableref/tableref/hw/display"
)

// setup returns a Dev on fake pins whose sleeper records the outputs at
// every wait, as "G-B 80ms" frames.
func setup() (*Dev, *[]string) {
	var frames []string
	g, r, b := &gpiotest.Pin{N: "GPIO16"}, &gpiotest.Pin{N: "GPIO20"}, &gpiotest.Pin{N: "GPIO26"}
	state := func() string {
		s := ""
		for _, p := range []struct {
			p *gpiotest.Pin
			c string
		}{{g, "G"}, {r, "R"}, {b, "B"}} {
			if p.p.Read() {
				s += p.c
			} else {
				s += "-"
			}
		}
		return s
	}
	d := &Dev{Green: g, Red: r, Buzzer: b, Sleep: func(_ context.Context, dur time.Duration) error {
		frames = append(frames, fmt.Sprintf("%s %v", state(), dur))
		return nil
	}}
	return d, &frames
}

func final(d *Dev) string {
	s := ""
	for i, p := range []any{d.Green, d.Red, d.Buzzer} {
		if p.(*gpiotest.Pin).Read() {
			s += "GRB"[i : i+1]
		} else {
			s += "-"
		}
	}
	return s
}

func TestPatterns(t *testing.T) {
	cases := []struct {
		v    display.Verdict
		want []string
		end  string
	}{
		{display.Right, []string{"G-B 80ms"}, "G--"},
		{display.Wrong, []string{"-RB 250ms", "-R- 100ms", "-RB 250ms"}, "-R-"},
		{display.Warn, []string{"GRB 60ms", "--- 60ms", "GRB 60ms"}, "---"},
	}
	for _, c := range cases {
		d, frames := setup()
		if err := d.Play(context.Background(), For(c.v)); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(*frames, c.want) || final(d) != c.end {
			t.Errorf("%v: frames %q end %q, want %q end %q", c.v, *frames, final(d), c.want, c.end)
		}
	}
	if For(display.None) != nil {
		t.Error("None has a pattern")
	}
}

func TestCancelLeavesBuzzerOff(t *testing.T) {
	d, _ := setup()
	d.Sleep = func(ctx context.Context, _ time.Duration) error { return context.Canceled }
	if err := d.Play(context.Background(), WrongPattern); err != context.Canceled {
		t.Fatalf("Play: %v", err)
	}
	if final(d) != "---" {
		t.Errorf("after cancel: %s, want all off", final(d))
	}
	if !strings.Contains(d.String(), "GPIO26") {
		t.Errorf("String() = %q", d.String())
	}
}

func TestMissingOutputsAreSkipped(t *testing.T) {
	d := &Dev{Sleep: func(context.Context, time.Duration) error { return nil }}
	if err := d.Play(context.Background(), WrongPattern); err != nil {
		t.Errorf("no outputs fitted: %v", err)
	}
}
