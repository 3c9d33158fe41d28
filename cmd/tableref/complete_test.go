package main

import (
	"strings"
	"testing"
)

// TestCompletionOffersNames: the shell's completion (cobra's hidden
// __complete, which the completion scripts call) offers mode, deck, card
// and language names where a command takes them (issue 31: none were).
func TestCompletionOffersNames(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
		not  []string
	}{
		{[]string{"__complete", "run", "--mode", "wit"}, []string{"wit-continental", "wit-cartographer"}, []string{"mapit"}},
		{[]string{"__complete", "scan", "--game", "strange"}, []string{"strangeworld", "strangeworld-solo"}, nil},
		{[]string{"__complete", "print", "deck", ""}, []string{"SA", "SW", "WLD"}, nil},
		{[]string{"__complete", "print", "preview", "Bog"}, []string{"Bogotá"}, []string{"Lima"}},
		{[]string{"__complete", "run", "--language", ""}, []string{"auto", "it", "de", "es", "pt"}, nil},
		{[]string{"__complete", "say", "--language", "en"}, []string{"en-gb"}, []string{"auto"}},
	} {
		code, out, errOut := run(t, tc.args...)
		if code != 0 {
			t.Errorf("%v: status %d %s", tc.args, code, errOut)
			continue
		}
		lines := strings.Split(out, "\n")
		has := func(w string) bool {
			for _, l := range lines {
				if l == w {
					return true
				}
			}
			return false
		}
		for _, w := range tc.want {
			if !has(w) {
				t.Errorf("%v: %q not offered:\n%s", tc.args, w, out)
			}
		}
		for _, w := range tc.not {
			if has(w) {
				t.Errorf("%v: %q offered though it does not match", tc.args, w)
			}
		}
		if !strings.Contains(out, ":4") { // no file names
			t.Errorf("%v: completion may fall back to file names:\n%s", tc.args, out)
		}
	}
}
