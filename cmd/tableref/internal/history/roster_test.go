package history

import (
	"reflect"
	"testing"
)

// A roster keeps every name as typed, spaces, quotes, newlines and
// accents included, and a damaged one is an error, not a wrong list.
func TestRosterRoundTrip(t *testing.T) {
	ps := []Player{{Seat: 1, Name: "Ana María", Total: 12, Winner: true}, {Seat: 2, Name: "Ben \"B\"\n2", Total: -3}, {Seat: 3, Name: "", Total: 0}}
	got, err := parseRoster(roster(ps))
	if err != nil || !reflect.DeepEqual(got, ps) {
		t.Fatalf("roster %q read back %+v, %v", roster(ps), got, err)
	}
	for _, bad := range []string{"1 2", "x 1 0 \"A\"", "1 1 2 \"A\"", "1 1 0 A"} {
		if _, err := parseRoster(bad); err == nil {
			t.Errorf("roster %q accepted", bad)
		}
	}
}
