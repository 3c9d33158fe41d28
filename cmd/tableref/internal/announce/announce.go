// Package announce turns what the referee says into what a voice says
// aloud: the display's two short lines made into a spoken sentence ("Quito:
// RIGHT" / "Ana +1" becomes "Quito: right. Ana, plus 1."), names the
// display shortened said in full, a card's name in the language it is
// printed in, and the referee's own words in the players' language
// (English, Italian, German, Spanish or Portuguese: package words).
package announce

import (
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/tableref/tableref/cmd/tableref/internal/words"
	"github.com/tableref/tableref/hw/speech"
	"github.com/tableref/tableref/rules"
)

// Spoken says which events are said aloud: verdicts, points not already in
// a verdict, orders, turns, rounds, warnings, the end and what else the
// referee tells the table; an order seen done ("Flipped: Quito") is not
// (the table already sees it).
func Spoken(e rules.Event, batch []rules.Event) bool {
	switch e.Kind {
	case rules.EventDone:
		return false
	case rules.EventPoints:
		for _, v := range batch {
			if v.Kind == rules.EventVerdict && v.Player == e.Player && v.Points == e.Points && e.Points != 0 {
				return false // "Quito: right. Ana, plus 1." said it
			}
		}
	}
	return e.Short[0] != "" || e.Short[1] != ""
}

// Minor reports whether an announcement only says what comes next (a turn,
// a round): a newer verdict makes it stale before it is said.
func Minor(e rules.Event) bool { return e.Kind == rules.EventTurn || e.Kind == rules.EventRound }

// Say is what a voice says for e in lang (en, en-gb, en-us, it, de, es
// or pt): the display's lines as a sentence in that language, the card's
// name in the language the card prints it in. players are the names in seat order (the display
// shortens them).
func Say(e rules.Event, players []string, lang string, at time.Time) speech.Utterance {
	l, err := words.Parse(lang)
	if err != nil || l == "" {
		l = words.English // en-gb, en-us
	}
	u := speech.Utterance{At: at, Parts: []speech.Part{{Text: sentence(l, e, players)}}}
	return withName(u, e)
}

// withName marks the event's card name, wherever the sentence says it,
// as said in the card's own language.
func withName(u speech.Utterance, e rules.Event) speech.Utterance {
	if e.Card.IsZero() || e.Card.Anonymous() {
		return u
	}
	name, lang := rules.CardName(e.Card), rules.CardLang(e.Card)
	if lang == "" || name == e.Card.String() {
		return u
	}
	var out []speech.Part
	for _, p := range u.Parts {
		rest := p.Text
		for {
			i := strings.Index(rest, name)
			if i < 0 {
				break
			}
			if i > 0 {
				out = append(out, speech.Part{Text: rest[:i], Lang: p.Lang})
			}
			out = append(out, speech.Part{Text: name, Lang: lang})
			rest = rest[i+len(name):]
		}
		if rest != "" {
			out = append(out, speech.Part{Text: rest, Lang: p.Lang})
		}
	}
	u.Parts = out
	return u
}

var (
	coords  = regexp.MustCompile(`\b(\d+)([NS]) (\d+)([EW])\b`)
	ofTotal = regexp.MustCompile(`\b(\d+)/(\d+)\b`)
	signed  = regexp.MustCompile(`(^|\s)([+-])(\d+)\b`)
	shouted = regexp.MustCompile(`\b\p{Lu}{2,}\b`)
)

// spokenWords are the words a voice says for the display's shorthand:
// the compass letters, "3/5", "+2" and "-1".
type spokenWords struct{ north, south, east, west, of, plus, minus string }

var spokenIn = map[words.Lang]spokenWords{
	words.English:    {"north", "south", "east", "west", "of", "plus", "minus"},
	words.Italian:    {"nord", "sud", "est", "ovest", "su", "più", "meno"},
	words.German:     {"Nord", "Süd", "Ost", "West", "von", "plus", "minus"},
	words.Spanish:    {"norte", "sur", "este", "oeste", "de", "más", "menos"},
	words.Portuguese: {"norte", "sul", "leste", "oeste", "de", "mais", "menos"},
}

// sentence is the display's two lines as a sentence in l.
func sentence(l words.Lang, e rules.Event, players []string) string {
	w := spokenIn[l]
	var parts []string
	for _, line := range e.Short {
		line = strings.TrimSpace(strings.ReplaceAll(line, rules.Cut, ""))
		if line == "" {
			continue
		}
		line = expandNames(line, e, players)
		if coords.MatchString(line) {
			line = coords.ReplaceAllStringFunc(line, func(m string) string {
				s := coords.FindStringSubmatch(m)
				return fmt.Sprintf("%s %s, %s %s", s[1], map[string]string{"N": w.north, "S": w.south}[s[2]], s[3], map[string]string{"E": w.east, "W": w.west}[s[4]])
			})
		} else {
			line, _ = words.Spoken(l, line)
		}
		line = ofTotal.ReplaceAllString(line, "$1 "+w.of+" $2")
		line = signed.ReplaceAllStringFunc(line, func(m string) string {
			s := signed.FindStringSubmatch(m)
			word := w.plus
			if s[2] == "-" {
				word = w.minus
			}
			return s[1] + word + " " + s[3]
		})
		line = shouted.ReplaceAllStringFunc(line, func(x string) string {
			if x == "OK" {
				return "okay"
			}
			return strings.ToLower(x)
		})
		parts = append(parts, line)
	}
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			last, _ := utf8.DecodeLastRuneInString(parts[i-1])
			first, _ := utf8.DecodeRuneInString(p)
			switch {
			case unicode.IsPunct(last): // "Flipped:" "Quito"
				b.WriteString(" ")
			case unicode.IsLower(first): // "Flip Quito" "map side up"
				b.WriteString(", ")
			default:
				b.WriteString(". ")
			}
		}
		b.WriteString(p)
	}
	s := strings.TrimSpace(b.String())
	// "Ana +1" reads better as "Ana, plus 1".
	s = strings.ReplaceAll(s, " "+w.plus+" ", ", "+w.plus+" ")
	s = strings.ReplaceAll(s, ",, "+w.plus, ", "+w.plus)
	if last, _ := utf8.DecodeLastRuneInString(s); s != "" && !unicode.IsPunct(last) {
		s += "."
	}
	return s
}

// expandNames puts back the names the display had to shorten ("Rio de
// J." is Rio de Janeiro, "Alexandr." is Alexandra).
func expandNames(l string, e rules.Event, players []string) string {
	names := append([]string(nil), players...)
	if !e.Card.IsZero() && !e.Card.Anonymous() {
		names = append(names, rules.CardName(e.Card))
	}
	for _, full := range names {
		r := []rune(full)
		// Three letters at least ("Ben." is not "B.", which may be a
		// colour), standing as a word of its own ("D.C." holds no "C.").
		for n := len(r) - 1; n >= 3; n-- {
			short := rules.ShortName(full, n)
			if !strings.HasSuffix(short, ".") {
				continue
			}
			if i := wordAt(l, short); i >= 0 && !strings.HasPrefix(l[i:], full) {
				l = l[:i] + full + l[i+len(short):]
				break
			}
		}
	}
	return l
}

// wordAt is the index of w in l where it starts a word, or -1.
func wordAt(l, w string) int {
	for off := 0; ; {
		i := strings.Index(l[off:], w)
		if i < 0 {
			return -1
		}
		i += off
		if before, _ := utf8.DecodeLastRuneInString(l[:i]); i == 0 || unicode.IsSpace(before) || unicode.IsPunct(before) {
			return i
		}
		off = i + 1
	}
}
