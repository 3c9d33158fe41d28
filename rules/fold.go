package rules

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Fold returns s in the form names are compared in: lower case, accents
// removed, runs of spaces, dots, hyphens and apostrophes made one space.
// So "Bogotá", "BOGOTA" and "bogota" match, as do "São Paulo" and
// "Sao-Paulo", and "Washington D.C." and "washington dc"; "!" and "?"
// drop too, so "Where is That?" is typed without them.
func Fold(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	plain, _, err := transform.String(t, s)
	if err != nil {
		plain = s
	}
	plain = strings.Map(foldSpecial, plain)
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(plain) {
		switch {
		case r == '.' || r == '\'' || r == '’' || r == '!' || r == '?':
			continue // "D.C." ~ "DC", "Côte d'Ivoire" ~ "cote divoire", "Map It!" ~ "map it"
		case unicode.IsSpace(r) || r == '-' || r == '_' || r == ',':
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// foldSpecial maps letters that carry no combining accent in Unicode, so
// NFD leaves them alone, to their plain Latin look-alikes.
func foldSpecial(r rune) rune {
	switch r {
	case 'ł':
		return 'l'
	case 'Ł':
		return 'L'
	case 'ø':
		return 'o'
	case 'Ø':
		return 'O'
	case 'đ':
		return 'd'
	case 'Đ':
		return 'D'
	case 'ı':
		return 'i'
	case 'ß':
		return 's' // "Straße" ~ "strase": good enough for look-up
	}
	return r
}
