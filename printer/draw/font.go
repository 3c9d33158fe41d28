package draw

import (
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The Go fonts are embedded through their Go module (BSD licence) and cover
// Latin-1 and Latin Extended-A, so Bogotá, São Paulo, Encarnación and Łódź
// all print without any font file on the machine.

// TTF returns the font file of f, for backends that embed it.
func TTF(f Font) []byte {
	if f == Bold {
		return gobold.TTF
	}
	return goregular.TTF
}

// FamilyName is how backends name f.
func FamilyName(f Font) string {
	if f == Bold {
		return "GoBold"
	}
	return "GoRegular"
}

var (
	parseOnce sync.Once
	parsed    [2]*sfnt.Font
	parseErr  error
	measureMu sync.Mutex
	buf       sfnt.Buffer
)

// Parsed returns the parsed font f.
func Parsed(f Font) (*sfnt.Font, error) {
	parseOnce.Do(func() {
		for i, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
			parsed[i], parseErr = sfnt.Parse(ttf)
			if parseErr != nil {
				return
			}
		}
	})
	return parsed[f], parseErr
}

// PtToMM converts typographic points to millimetres.
const PtToMM = 25.4 / 72

// Width is the advance width of s in millimetres at size points, without
// kerning (PDF text is set without it too, so both agree).
func Width(f Font, size float64, s string) float64 {
	fnt, err := Parsed(f)
	if err != nil {
		return 0
	}
	measureMu.Lock()
	defer measureMu.Unlock()
	upm := float64(fnt.UnitsPerEm())
	total := 0.0
	for _, r := range s {
		gi, err := fnt.GlyphIndex(&buf, r)
		if err != nil {
			continue
		}
		adv, err := fnt.GlyphAdvance(&buf, gi, fixed.I(int(upm)), font.HintingNone)
		if err != nil {
			continue
		}
		total += float64(adv) / 64 / upm
	}
	return total * size * PtToMM
}

// Covers reports whether every rune of s has a glyph in f, so a label
// that would print as empty boxes is caught in tests.
func Covers(f Font, s string) bool {
	fnt, err := Parsed(f)
	if err != nil {
		return false
	}
	measureMu.Lock()
	defer measureMu.Unlock()
	for _, r := range s {
		if r == ' ' {
			continue
		}
		gi, err := fnt.GlyphIndex(&buf, r)
		if err != nil || gi == 0 {
			return false
		}
	}
	return true
}

// Fit returns the largest size ≤ max (points) at which s is at most w
// millimetres wide, but not below min: long names shrink instead of
// spilling off a card.
func Fit(f Font, max, min, w float64, s string) float64 {
	size := max
	for size > min && Width(f, size, s) > w {
		size -= 0.25
	}
	return size
}

// StartX is where a text anchored at x with align starts.
func StartX(x float64, f Font, size float64, a Align, s string) float64 {
	switch a {
	case Center:
		return x - Width(f, size, s)/2
	case Right:
		return x - Width(f, size, s)
	}
	return x
}
