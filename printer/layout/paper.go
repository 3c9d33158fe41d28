// Package layout is page geometry: paper sizes, where each card or label
// lies on a sheet, crop marks and cut lines, and where a card's back lies
// so that it meets its front after long-edge duplex printing.
package layout

import (
	"fmt"
	"strings"
)

// Paper is a sheet size in millimetres, portrait.
type Paper struct {
	Name string
	W, H float64
}

// The two papers tableref prints on.
var (
	A4     = Paper{"A4", 210, 297}
	Letter = Paper{"Letter", 215.9, 279.4}
)

// ParsePaper reads "a4" or "letter" (any case).
func ParsePaper(s string) (Paper, error) {
	switch strings.ToLower(s) {
	case "a4":
		return A4, nil
	case "letter", "us-letter", "usletter":
		return Letter, nil
	}
	return Paper{}, fmt.Errorf("paper %q: want a4 or letter", s)
}

// MinMargin is how close to the paper's edge anything is put: most office
// printers cannot print the outer 3–5 mm.
const MinMargin = 4.0

// MinTrimMargin is the least room left outside the cards' cut lines: a
// card's own edge must print even on printers with a wide dead border.
const MinTrimMargin = 3.0
