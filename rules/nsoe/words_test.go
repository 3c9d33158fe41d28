package nsoe

import (
	"regexp"
	"testing"

	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/rules/rulestest"
)

// printedDegrees matches a coordinate as the referee writes one ("41N
// 12E", "latitude 44", "is 3 away from 41").
var printedDegrees = regexp.MustCompile(`\b\d+[NSEWO]\b|(latitude|longitude) -?\d|away from -?\d|not (above|below|at least|at most) -?\d`)

// With tableref's Europe deck on the boxed game's cards, whose printed
// degrees tableref does not know, nothing the referee says shows degrees;
// the same games on tableref's own cards do (so the check can fail).
func TestNoDegreesTheCardDoesNotPrint(t *testing.T) {
	for _, path := range []string{"testdata/europe-three-players.jsonl", "testdata/small-deck-piles-run-out.jsonl"} {
		shown := 0
		for _, s := range rulestest.Texts(t, path, geo.OptPrintedBy, geo.PrintedByTableref) {
			if printedDegrees.MatchString(s) {
				shown++
			}
		}
		if shown == 0 {
			t.Errorf("%s on tableref's cards shows no degrees: the check cannot fail", path)
		}
		for _, s := range rulestest.Texts(t, path, geo.OptPrintedBy, geo.PrintedByPublisher) {
			if printedDegrees.MatchString(s) {
				t.Errorf("%s on the publisher's cards: %q shows degrees the cards may not print", path, s)
			}
		}
	}
}
