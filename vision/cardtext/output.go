package cardtext

import (
	"image"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// What Tesseract gives back is read as untrusted: its text is bytes a
// model chose (any UTF-8 or none, control characters, digits of other
// scripts, signs), its confidence a float and its boxes any four ints.
// These turn it into what the reader keeps.

// numberText is a number's words joined as one reading, and the least
// confidence among them (0 to 100).
func numberText(words []word) (string, float64) {
	var text strings.Builder
	conf := 100.0
	for _, w := range words {
		text.WriteString(clean(w.text, false))
		conf = math.Min(conf, confidence(w.conf))
	}
	if text.Len() == 0 {
		return "", 0
	}
	return text.String(), conf
}

// numberValue is the value of a number read: figures 0-9 alone, at least
// one not 0 and at most maxFigures of them. A sign, a space, another
// script's digits or a letter make it no number (strconv.Atoi alone
// took "+7" for 7).
func numberValue(text string) (int, bool) {
	if text == "" || len(text) > maxFigures || strings.IndexFunc(text, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return 0, false
	}
	v, err := strconv.Atoi(text)
	return v, err == nil && v > 0
}

// maxFigures bounds a card's number: no deck numbers its cards past
// six figures.
const maxFigures = 6

// textLines are the lines of words holding at least three letters, their
// spacing made single, each once (seen holds those already taken), with
// its box inside bounds.
func textLines(words []word, bounds image.Rectangle, seen map[string]bool) []Line {
	var out []Line
	for _, b := range words {
		t := strings.Join(strings.Fields(clean(b.text, true)), " ")
		if letters(t) < 3 || seen[t] {
			continue
		}
		seen[t] = true
		out = append(out, Line{Text: t, Conf: confidence(b.conf), Box: b.box.Intersect(bounds)})
	}
	return out
}

// byConfidence sorts lines clearest first.
func byConfidence(lines []Line) {
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].Conf > lines[j].Conf })
}

// clean is text Tesseract gave, as valid UTF-8 without control or
// format characters (NUL, ESC and terminal sequences, bidi overrides): a
// line read may become a card's name in a deck file, on the page and on
// a terminal. keepSpace keeps spaces and line breaks as spaces.
func clean(s string, keepSpace bool) string {
	s = strings.ToValidUTF8(s, "")
	return strings.Map(func(r rune) rune {
		switch {
		case unicode.IsSpace(r):
			if keepSpace {
				return ' '
			}
			return -1
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r), r == unicode.ReplacementChar:
			return -1
		}
		return r
	}, s)
}

// confidence is Tesseract's confidence kept within 0 to 100 (it says -1
// for none; a NaN would sort anywhere and cannot be written as JSON).
func confidence(c float64) float64 {
	if math.IsNaN(c) || c < 0 {
		return 0
	}
	return math.Min(c, 100)
}
