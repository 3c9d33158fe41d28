package words

import (
	"fmt"
	"strings"

	"golang.org/x/text/language"

	"github.com/tableref/tableref/rules"
)

// Lang is a language the referee speaks: one of Langs.
type Lang string

// The languages of the referee's words. The games come from Italy
// (Nord Sud Ovest Est), Germany (Shake That City) and South America
// (Where is That?'s Spanish and Portuguese cities).
const (
	English    Lang = "en"
	Italian    Lang = "it"
	German     Lang = "de"
	Spanish    Lang = "es"
	Portuguese Lang = "pt"
)

// Langs are the languages the referee speaks, English first.
var Langs = []Lang{English, Italian, German, Spanish, Portuguese}

// Names are the languages in their own words, for a picker.
var Names = map[Lang]string{
	English: "English", Italian: "Italiano", German: "Deutsch", Spanish: "Español", Portuguese: "Português",
}

var matcher = language.NewMatcher([]language.Tag{language.English, language.Italian, language.German, language.Spanish, language.Portuguese})

// Parse reads a language as a user types it: a code ("it", "de-CH",
// "pt-BR", "en-gb"), "" (none given) or "auto" for the game's own. A
// language the referee does not speak is an error that lists those it
// does.
func Parse(s string) (Lang, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.EqualFold(s, "auto") {
		return "", nil
	}
	for l, name := range Names {
		if strings.EqualFold(s, name) {
			return l, nil
		}
	}
	t, err := language.Parse(s)
	if err != nil {
		return "", fmt.Errorf("%q: want one of %s, or auto (%w)", s, list(), err)
	}
	_, i, c := matcher.Match(t)
	if c < language.High {
		return "", fmt.Errorf("%q: want one of %s, or auto", s, list())
	}
	return Langs[i], nil
}

func list() string {
	var out []string
	for _, l := range Langs {
		out = append(out, string(l))
	}
	return strings.Join(out, ", ")
}

// Tag is the language as a BCP 47 tag.
func (l Lang) Tag() language.Tag {
	switch l {
	case Italian:
		return language.Italian
	case German:
		return language.German
	case Spanish:
		return language.Spanish
	case Portuguese:
		return language.Portuguese
	}
	return language.English
}

// Name is the language in its own words ("Deutsch").
func (l Lang) Name() string {
	if n, ok := Names[l]; ok {
		return n
	}
	return Names[English]
}

// ownLang is the language of a game whose cards print no names, taken
// from its box: Shake That City's rulebook is German.
var ownLang = map[string]Lang{"shakecity": German}

// ForGame is the language a game speaks by default: the language its
// deck prints card names in (Spanish for Where is That? South America,
// Italian for Nord Sud Ovest Est), else its box's, else English.
func ForGame(mode string) Lang {
	m, ok := rules.LookupMode(mode)
	if !ok {
		return English
	}
	if l, ok := ownLang[m.Game]; ok {
		return l
	}
	for _, code := range m.Decks {
		if d, ok := rules.LookupDeck(code); ok && d.Lang != "" {
			if l, err := Parse(d.Lang); err == nil && l != "" {
				return l
			}
		}
	}
	return English
}

// Choose is the language the referee speaks for a game: the one
// configured, else the game's own (ForGame).
func Choose(configured Lang, mode string) Lang {
	if configured != "" {
		return configured
	}
	return ForGame(mode)
}
