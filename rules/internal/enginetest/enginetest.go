// Package enginetest holds the small test helpers the geography engines'
// tests (mapit, nsoe) share: feeding a game and reading its events.
package enginetest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/rulestest"
)

// Observe feeds a snapshot and checks that the events fit the display.
func Observe(t testing.TB, g rules.Game, tab rules.Table) []rules.Event {
	t.Helper()
	evs := g.Observe(tab)
	rulestest.CheckEvents(t, evs)
	return evs
}

// Input feeds an input and checks that the events fit the display.
func Input(t testing.TB, g rules.Game, in rules.Input) []rules.Event {
	t.Helper()
	evs := g.Input(in)
	rulestest.CheckEvents(t, evs)
	return evs
}

// Only returns the events of one kind, in order.
func Only(evs []rules.Event, k rules.EventKind) []rules.Event {
	var out []rules.Event
	for _, e := range evs {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// Describe lists events one per line, for failure messages.
func Describe(evs []rules.Event) string {
	var b strings.Builder
	for _, e := range evs {
		fmt.Fprintf(&b, "\n  %s %q %s", e.Kind, e.Short, e.Long)
	}
	return b.String()
}

// WantKinds stops the test unless the events have exactly these kinds in
// this order.
func WantKinds(t testing.TB, evs []rules.Event, kinds ...rules.EventKind) {
	t.Helper()
	ok := len(evs) == len(kinds)
	for i := 0; ok && i < len(kinds); i++ {
		ok = evs[i].Kind == kinds[i]
	}
	if !ok {
		t.Fatalf("want events %v, got:%s", kinds, Describe(evs))
	}
}
