package geo

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// A deck of 999 cards whose every pair contradicts its coordinates is
// read in bounded memory, with the worst pairs named and the rest
// counted (issue 34: a 42 KB file of such cards took 576 MB to import,
// and every later command paid it at start).
func TestContradictingDeckReadsInBoundedMemory(t *testing.T) {
	var b strings.Builder
	b.WriteString("# code: ZZ\n# game: wit\nnumber,name,lat,lon,ns,we\n")
	for i := 1; i <= 999; i++ {
		// Further north and further west each card, yet higher numbers
		// both ways: every pair disagrees twice.
		fmt.Fprintf(&b, "%d,Town %d,%.2f,%.2f,%d,%d\n", i, i, -50+float64(i)*0.07, -35-float64(i)*0.03, i, i)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	d, err := read(t, b.String(), ParseOptions{})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	allocated := after.TotalAlloc - before.TotalAlloc
	if allocated > 64<<20 {
		t.Errorf("reading %d bytes allocated %d MB, want under 64 MB", b.Len(), allocated>>20)
	}
	more := false
	for _, w := range d.Warnings {
		more = more || strings.Contains(w.Msg, "more pairs whose printed numbers disagree")
	}
	if len(d.Warnings) == 0 || !more {
		t.Errorf("warnings: %d, the count of the pairs not shown: %v", len(d.Warnings), more)
	}
	t.Logf("%d bytes, %d cards: %d KB allocated, %d warnings", b.Len(), len(d.Cards), allocated>>10, len(d.Warnings))
}
