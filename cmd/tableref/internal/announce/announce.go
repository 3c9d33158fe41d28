// Package announce turns what the referee says into what a voice says
// aloud: the display's two short lines made into a spoken sentence ("Quito:
// RIGHT" / "Ana +1" becomes "Quito: right. Ana, plus 1."), names the
// display shortened said in full, a card's name in the language it is
// printed in, and the referee's own words in English or German.
package announce

import (
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

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

// Say is what a voice says for e in lang ("en", "en-gb", "en-us" or "de").
// players are the names in seat order (the display shortens them).
func Say(e rules.Event, players []string, lang string, at time.Time) speech.Utterance {
	text := ""
	if strings.HasPrefix(lang, "de") {
		text = german(e, players)
	}
	own := text != "" || !strings.HasPrefix(lang, "de")
	if text == "" {
		text = english(e, players)
	}
	u := speech.Utterance{At: at}
	if !own {
		// No German words for this: it is said in English, as the
		// display says it, rather than not at all.
		u.Parts = []speech.Part{{Text: text, Lang: "en"}}
		return withName(u, e)
	}
	u.Parts = []speech.Part{{Text: text}}
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

// english is the display's two lines as a sentence.
func english(e rules.Event, players []string) string {
	var parts []string
	for _, l := range e.Short {
		l = strings.TrimSpace(strings.ReplaceAll(l, rules.Cut, ""))
		if l == "" {
			continue
		}
		l = expandNames(l, e, players)
		l = coords.ReplaceAllStringFunc(l, func(m string) string {
			s := coords.FindStringSubmatch(m)
			return fmt.Sprintf("%s %s, %s %s", s[1], map[string]string{"N": "north", "S": "south"}[s[2]], s[3], map[string]string{"E": "east", "W": "west"}[s[4]])
		})
		l = ofTotal.ReplaceAllString(l, "$1 of $2")
		l = signed.ReplaceAllStringFunc(l, func(m string) string {
			s := signed.FindStringSubmatch(m)
			word := "plus"
			if s[2] == "-" {
				word = "minus"
			}
			return s[1] + word + " " + s[3]
		})
		l = shouted.ReplaceAllStringFunc(l, func(w string) string {
			if w == "OK" {
				return "okay"
			}
			return strings.ToLower(w)
		})
		parts = append(parts, l)
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
	s = strings.ReplaceAll(s, " plus ", ", plus ")
	s = strings.ReplaceAll(s, ",, plus", ", plus")
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

// german says the events it has words for; "" for the others.
func german(e rules.Event, players []string) string {
	who := func(p int) string {
		if p >= 1 && p <= len(players) {
			return players[p-1]
		}
		return ""
	}
	card := ""
	if !e.Card.IsZero() && !e.Card.Anonymous() {
		card = rules.CardName(e.Card)
	}
	points := func(p, n int) string {
		if who(p) == "" || n == 0 {
			return ""
		}
		if n < 0 {
			return fmt.Sprintf(" %s, minus %d.", who(p), -n)
		}
		return fmt.Sprintf(" %s, plus %d.", who(p), n)
	}
	switch e.Kind {
	case rules.EventVerdict:
		subject := card
		if subject == "" {
			subject = who(e.Player)
		}
		if subject == "" {
			return ""
		}
		word := "richtig"
		if e.Verdict == rules.Wrong {
			word = "falsch"
		}
		return subject + ": " + word + "." + points(e.Player, e.Points)
	case rules.EventPoints:
		return strings.TrimSpace(points(e.Player, e.Points))
	case rules.EventTurn:
		if who(e.Player) == "" {
			return ""
		}
		return who(e.Player) + " ist dran."
	case rules.EventRound:
		if e.Round == 0 {
			return ""
		}
		return fmt.Sprintf("Runde %d.", e.Round)
	case rules.EventEnd:
		if u := e.Undecided; u != nil {
			var ts []string
			for _, p := range u.Players {
				ts = append(ts, who(p))
			}
			return "Das Spiel ist aus. Gleichstand: " + strings.Join(ts[:len(ts)-1], ", ") + " und " + ts[len(ts)-1] + ". Den Stichentscheid zeigen eure Karten: sagt mir, wer gewinnt."
		}
		var ws []string
		for _, p := range e.Winners {
			if who(p) != "" {
				ws = append(ws, who(p))
			}
		}
		switch len(ws) {
		case 0:
			return "Das Spiel ist aus."
		case 1:
			return "Das Spiel ist aus. " + ws[0] + " gewinnt!"
		}
		return "Das Spiel ist aus. " + strings.Join(ws[:len(ws)-1], ", ") + " und " + ws[len(ws)-1] + " gewinnen!"
	case rules.EventDo:
		switch e.Action {
		case "reshake":
			return "Neu schütteln!"
		case "flip":
			if card != "" {
				return card + " umdrehen."
			}
		case "remove":
			if card != "" {
				return card + " wegnehmen."
			}
		}
	}
	return ""
}
