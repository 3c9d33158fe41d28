package warn

import (
	"errors"
	"testing"

	"github.com/tableref/tableref/rules"
)

func TestEventsUseTheProblemsLines(t *testing.T) {
	evs := Events(New("Remove first:", "a very long city name indeed", "first take %s off", "Oslo"))
	if len(evs) != 1 || evs[0].Kind != rules.EventWarning || evs[0].Short != [2]string{"Remove first:", "a very long cit…"} || evs[0].Long != "First take Oslo off." {
		t.Fatalf("got %+v", evs)
	}
	evs = Events(errors.New("plain error"))
	if evs[0].Short[0] != "Check the table" || evs[0].Long != "Plain error." {
		t.Fatalf("got %+v", evs)
	}
}

func TestSentence(t *testing.T) {
	for in, want := range map[string]string{"": "", "ok.": "Ok.", "Why?": "Why?", "3 cards": "3 cards."} {
		if got := Sentence(in); got != want {
			t.Errorf("Sentence(%q) = %q, want %q", in, got, want)
		}
	}
}
