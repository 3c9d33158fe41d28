package cardtext

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/agnivade/levenshtein"

	"github.com/tableref/tableref/rules"
)

// CleanName drops what is not part of a name from the ends of a read
// line: a map's frame read as "|", stray dots.
func CleanName(s string) string {
	words := strings.Fields(s)
	for len(words) > 0 && letters(words[0]) < 2 {
		words = words[1:]
	}
	for len(words) > 0 && letters(words[len(words)-1]) < 2 {
		words = words[:len(words)-1]
	}
	return strings.Join(words, " ")
}

// Similarity compares a read line with a name, both folded (case and
// accents do not count: OCR loses accents at camera resolution), as 1 −
// edit distance / length. A line holding the name (with art read beside
// it) matches fully.
func Similarity(line, name string) float64 {
	a, b := rules.Fold(CleanName(line)), rules.Fold(name)
	if a == "" || b == "" {
		return 0
	}
	if strings.Contains(" "+a+" ", " "+b+" ") {
		return 1
	}
	d := levenshtein.ComputeDistance(a, b) // by runes
	n := max(utf8.RuneCountInString(a), utf8.RuneCountInString(b))
	return 1 - float64(d)/float64(n)
}

// NameCandidates are the texts a card's name may be read as: each line,
// and each line followed by the one just under it, as a publisher wraps a
// long name ("Ciudad del" over "Este") that no single line matches.
func NameCandidates(lines []Line) []string {
	var out []string
	for _, a := range lines {
		out = append(out, a.Text)
		for _, b := range lines {
			gap := b.Box.Min.Y - a.Box.Max.Y
			overlap := min(a.Box.Max.X, b.Box.Max.X) - max(a.Box.Min.X, b.Box.Min.X)
			if b.Box.Min.Y > a.Box.Min.Y && gap <= a.Box.Dy() && overlap > 0 {
				out = append(out, a.Text+" "+b.Text)
			}
		}
	}
	return out
}

// mergeLines adds to a the lines of b whose text a does not hold, the
// most confident first.
func mergeLines(a, b []Line) []Line {
	seen := map[string]bool{}
	for _, l := range a {
		seen[l.Text] = true
	}
	for _, l := range b {
		if !seen[l.Text] {
			seen[l.Text] = true
			a = append(a, l)
		}
	}
	sort.SliceStable(a, func(i, j int) bool { return a[i].Conf > a[j].Conf })
	return a
}
