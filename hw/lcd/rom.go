package lcd

import (
	"strings"
	"unicode"

	"github.com/tableref/tableref/hw/display"
)

// CGRAM codes of the custom characters loaded by New.
const (
	CodeCheck = 0x00 // ✓
	CodeCross = 0x01 // ✗
)

// Custom holds the 5×8 patterns written to CGRAM, one byte per row, bit 4
// the leftmost dot. Bold strokes: one-dot lines are hard to see on the
// dim LCDs at the distance of a table.
var Custom = [][8]byte{
	CodeCheck: {0x00, 0x01, 0x03, 0x16, 0x1C, 0x08, 0x00, 0x00},
	CodeCross: {0x11, 0x1B, 0x0E, 0x04, 0x0E, 0x1B, 0x11, 0x00},
}

// romA00 lists the non-ASCII characters that the common A00 (Japanese)
// character ROM has, with their codes. A00 also puts ¥ at 0x5C and arrows
// at 0x7E/0x7F, so backslash and tilde have no glyph of their own.
var romA00 = map[rune]byte{
	'¥': 0x5C, '→': 0x7E, '←': 0x7F,
	'°': 0xDF, 'ä': 0xE1, 'ß': 0xE2, 'µ': 0xE4, 'ñ': 0xEE, 'ö': 0xEF, 'ü': 0xF5,
	'✓': CodeCheck, '✔': CodeCheck, '✗': CodeCross, '✘': CodeCross,
}

// folds maps letters without a ROM glyph to the plain letters a reader
// expects (Brasília → Brasilia, Łódź → Lodz). Uppercase umlauts fold to
// the plain letter: A00 has lowercase ä/ö/ü only.
var folds = map[string]string{
	"A": "ÀÁÂÃÄÅĀĂĄ", "a": "àáâãåāăą", "C": "ÇĆĈĊČ", "c": "çćĉċč", "D": "ĎĐÐ", "d": "ďđ",
	"E": "ÈÉÊËĒĔĖĘĚ", "e": "èéêëēĕėęě", "G": "ĜĞĠĢ", "g": "ĝğġģ", "H": "ĤĦ", "h": "ĥħ",
	"I": "ÌÍÎÏĨĪĬĮİ", "i": "ìíîïĩīĭįı", "J": "Ĵ", "j": "ĵ", "K": "Ķ", "k": "ķ",
	"L": "ĹĻĽĿŁ", "l": "ĺļľŀł", "N": "ÑŃŅŇ", "n": "ńņňŉ", "O": "ÒÓÔÕÖØŌŎŐ", "o": "òóôõøōŏő",
	"R": "ŔŖŘ", "r": "ŕŗř", "S": "ŚŜŞŠȘ", "s": "śŝşšș", "T": "ŢŤŦȚ", "t": "ţťŧț",
	"U": "ÙÚÛÜŨŪŬŮŰŲ", "u": "ùúûũūŭůűų", "W": "Ŵ", "w": "ŵ", "Y": "ÝŶŸ", "y": "ýÿŷ",
	"Z": "ŹŻŽ", "z": "źżž",
	"AE": "Æ", "ae": "æ", "OE": "Œ", "oe": "œ", "Th": "Þ", "th": "þ",
	"'": "‘’‚′`", "\"": "“”„″«»", "-": "–—‐−~", "/": "\\", "...": "…", "x": "×", "*": "·•",
	" ": "\u00a0\u2009\u202f",
}

var foldMap = func() map[rune]string {
	m := map[rune]string{}
	for to, from := range folds {
		for _, r := range from {
			m[r] = to
		}
	}
	return m
}()

// Encode maps text to the LCD's ROM codes: ASCII as is, the few letters the
// A00 ROM has to their codes, other accented letters to plain ones, and
// anything else to '?'.
func Encode(s string) []byte {
	out := make([]byte, 0, len(s))
	for _, r := range s {
		if c, ok := romA00[r]; ok {
			out = append(out, c)
			continue
		}
		if f, ok := foldMap[r]; ok {
			out = append(out, f...)
			continue
		}
		if r >= 0x20 && r < 0x7E && r != '\\' {
			out = append(out, byte(r))
			continue
		}
		if unicode.IsSpace(r) {
			out = append(out, ' ')
			continue
		}
		out = append(out, '?')
	}
	return out
}

// cells encodes s and returns one rune per LCD cell (rune(code)), so that
// the rune-counting layout helpers of package display can cut and wrap
// ROM codes without breaking them.
func cells(s string) string {
	b := Encode(s)
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

// Screen lays a message out as rows×cols ROM codes. The verdict symbol
// goes at the right end of the first row with a free column before it,
// so a short line keeps its whole text; if no row has room it replaces
// the last cell of the first row.
func Screen(m display.Message, cols, rows int) [][]byte {
	lines := make([]string, len(m.Lines))
	for i, l := range m.Lines {
		lines[i] = cells(l)
	}
	scr := layout(display.Fit(lines, cols, rows), cols, rows)
	sym, ok := symbol(m.Verdict)
	if !ok {
		return scr
	}
	for _, row := range scr {
		if len(strings.TrimRight(string(row), " ")) <= cols-2 {
			row[cols-1] = sym
			return scr
		}
	}
	scr[0][cols-1] = sym
	return scr
}

// ScoreScreen lays the score screen out as rows×cols ROM codes.
func ScoreScreen(s display.Scores, cols, rows int) [][]byte {
	ps := make([]display.PlayerScore, len(s.Players))
	for i, p := range s.Players {
		ps[i] = display.PlayerScore{Name: cells(p.Name), Points: p.Points}
	}
	return layout(display.ScoreLines(display.Scores{Title: cells(s.Title), Players: ps}, cols, rows), cols, rows)
}

func symbol(v display.Verdict) (byte, bool) {
	switch v {
	case display.Right:
		return CodeCheck, true
	case display.Wrong:
		return CodeCross, true
	case display.Warn:
		return '!', true
	}
	return 0, false
}

// layout turns cell runes back into ROM codes, padding every row to cols.
func layout(lines []string, cols, rows int) [][]byte {
	scr := make([][]byte, rows)
	for r := range scr {
		row := []byte(strings.Repeat(" ", cols))
		if r < len(lines) {
			i := 0
			for _, c := range lines[r] {
				if i == cols {
					break
				}
				row[i] = byte(c)
				i++
			}
		}
		scr[r] = row
	}
	return scr
}
