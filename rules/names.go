package rules

import (
	"errors"
	"fmt"
	"strings"
)

// One name resolver for what people type: game modes, decks and cards.
// Every command resolves its names here, so "SA", "sa", "wit-sa", "wit"
// and "Where is That? South America" name the same deck wherever a deck
// is asked for. Names are compared folded (Fold: case, accents, spaces and
// hyphens do not matter). The names live with what they name (Deck.Aliases,
// Mode.Aliases, CardInfo.Aliases), so a deck registered later, such as a
// user's own deck, resolves the same way without touching this file.

// ErrUnknownName and ErrAmbiguousName classify a NameError (errors.Is).
var (
	ErrUnknownName   = errors.New("unknown name")
	ErrAmbiguousName = errors.New("ambiguous name")
)

// NameError is a name that resolves to nothing, or to several things. Its
// message lists the choices, so the user can type one of them.
type NameError struct {
	Kind      string   // "game mode", "deck", "card"
	Name      string   // as typed
	Ambiguous bool     // several matched; Choices are those
	Choices   []string // what to type instead, each with what it is
	Hint      string   // how to narrow it down ("add --deck"), or where to look
}

func (e *NameError) Error() string {
	var b strings.Builder
	if e.Ambiguous {
		fmt.Fprintf(&b, "%s %q is ambiguous: it names %s", e.Kind, e.Name, strings.Join(e.Choices, ", "))
	} else {
		fmt.Fprintf(&b, "unknown %s %q", e.Kind, e.Name)
		if len(e.Choices) > 0 {
			fmt.Fprintf(&b, " (known: %s)", strings.Join(e.Choices, ", "))
		}
	}
	if e.Hint != "" {
		b.WriteString("; " + e.Hint)
	}
	return b.String()
}

// Is makes errors.Is(err, ErrUnknownName / ErrAmbiguousName) work.
func (e *NameError) Is(target error) bool {
	if e.Ambiguous {
		return target == ErrAmbiguousName
	}
	return target == ErrUnknownName
}

// A name is matched in tiers: the code or ID first, then the thing's own
// names (aliases and full name), then the names of its family (game,
// decks). The first tier with a match decides; several matches there make
// the name ambiguous.
type tiered[T any] struct {
	item  T
	tiers [3][]string // folded names per tier
}

func match[T any](key string, all []tiered[T]) []T {
	if key == "" {
		return nil
	}
	for tier := 0; tier < 3; tier++ {
		var found []T
		for _, c := range all {
			if contains(c.tiers[tier], key) {
				found = append(found, c.item)
			}
		}
		if len(found) > 0 {
			return found
		}
	}
	return nil
}

// describe is how a deck is shown among choices: "SA (Where is That? South America)".
func (d *Deck) describe() string { return d.Label() + " (" + d.Name + ")" }

// FindDeck resolves a deck's code, alias, name or game ("SA", "sa",
// "wit-sa", "Where is That? South America", "wit"), or the name of a mode
// played with it ("continental", "Map It!"). A code always wins; a name
// several decks share is an ambiguous NameError listing them.
func FindDeck(name string) (*Deck, error) {
	all := Decks()
	modes := Modes()
	cands := make([]tiered[*Deck], len(all))
	for i, d := range all {
		family := []string{d.Game} // and the names of the modes played with it
		for _, m := range modes {
			if contains(m.Decks, d.Pick()) {
				family = append(append(family, m.ID, m.Name), m.Aliases...)
			}
		}
		cands[i] = tiered[*Deck]{d, [3][]string{foldAll([]string{d.Pick()}), foldAll(append([]string{d.Name}, d.Aliases...)), foldAll(family)}}
	}
	found := match(Fold(name), cands)
	if len(found) == 1 {
		return found[0], nil
	}
	e := &NameError{Kind: "deck", Name: name, Ambiguous: len(found) > 1, Hint: "tableref decks lists them"}
	if !e.Ambiguous {
		found = all
		if m, err := FindMode(name); err == nil && len(m.Decks) == 0 {
			e.Hint = m.Name + " is played without cards"
		}
	}
	for _, d := range found {
		choice := d.describe()
		if !e.Ambiguous && len(d.Aliases) > 0 {
			choice = d.Pick() + " or " + strings.Join(d.Aliases, ", ") + " (" + d.Name + ")"
		}
		e.Choices = append(e.Choices, choice)
	}
	return nil, e
}

// FindMode resolves a game mode's ID, alias, name or game
// ("wit-continental", "continental", "Continental Shake Up", "mapit",
// "Map It! World Edition"). An ID always wins ("strangeworld" is the
// multiplayer mode); a name several modes share ("wit", "SA") is an
// ambiguous NameError listing them.
func FindMode(name string) (*Mode, error) {
	found := MatchModes(name)
	if len(found) == 1 {
		return found[0], nil
	}
	e := &NameError{Kind: "game mode", Name: name, Ambiguous: len(found) > 1, Hint: "tableref modes lists them"}
	if !e.Ambiguous {
		found = Modes()
	}
	for _, m := range found {
		e.Choices = append(e.Choices, m.ID+" ("+m.Name+")")
	}
	return nil, e
}

// MatchModes returns every mode the name fits equally well: one for an ID
// or a mode's own name, all of a family's modes for its game ("wit").
func MatchModes(name string) []*Mode {
	all := Modes()
	cands := make([]tiered[*Mode], len(all))
	for i, m := range all {
		family := []string{m.Game}
		for _, code := range m.Decks {
			family = append(family, code)
			if d, ok := LookupDeck(code); ok {
				family = append(family, d.Aliases...)
			}
		}
		cands[i] = tiered[*Mode]{m, [3][]string{foldAll([]string{m.ID}), foldAll(append([]string{m.Name}, m.Aliases...)), foldAll(family)}}
	}
	return match(Fold(name), cands)
}

// FindCard resolves a card: a payload, an ID ("SW-010", "SA-017/B") or a
// name or alias ("Bogotá", "bogota/B") looked up in the decks named (any
// name FindDeck takes), or in every deck when none is named. A name found
// in several decks is an ambiguous NameError listing each card with its
// deck, so the user can type its ID or name the deck.
func FindCard(name string, decks ...string) (CardRef, error) {
	var keys []string
	for _, dn := range decks {
		d, err := FindDeck(dn)
		if err != nil {
			return CardRef{}, err
		}
		keys = append(keys, d.Pick())
	}
	if len(keys) == 0 {
		for _, d := range Decks() {
			keys = append(keys, d.Pick())
		}
	}
	ref, err := Resolver{Decks: keys}.Resolve(name)
	var amb *ambiguousCard
	switch {
	case err == nil:
		if ref.ID.Anonymous() {
			if _, ok := LookupDeck(ref.ID.Deck); ok {
				return ref, nil
			}
		}
		if _, _, ok := LookupCard(ref.ID); ok {
			return ref, nil
		}
		d, ok := LookupDeck(ref.ID.Deck)
		if !ok {
			return CardRef{}, &NameError{Kind: "card", Name: name, Hint: "no deck has the code " + ref.ID.Deck + "; tableref decks lists them"}
		}
		return CardRef{}, &NameError{Kind: "card", Name: name, Hint: fmt.Sprintf("%s has no card %d; tableref decks show %s lists them", d.Name, ref.ID.Num, d.Pick())}
	case errors.As(err, &amb):
		e := &NameError{Kind: "card", Name: name, Ambiguous: true, Hint: "type its ID"}
		if len(decks) == 0 {
			e.Hint = "type its ID, or name the deck"
		}
		for _, c := range amb.cards {
			in := c.ID.Deck
			if _, d, ok := LookupCard(c.ID); ok {
				in = d.Name
			}
			e.Choices = append(e.Choices, c.ID.String()+" "+c.Name+" in "+in)
		}
		return CardRef{}, e
	case errors.Is(err, errNoSuchName):
		return CardRef{}, &NameError{Kind: "card", Name: name, Hint: "not a card ID (such as " + keyCode(keys[0]) + "-001) or a card's name in " + strings.Join(deckLabels(keys), ", ")}
	}
	return CardRef{}, err
}

// keyCode is the code of the cards of the deck picked by key.
func keyCode(key string) string {
	if d, ok := LookupDeck(key); ok {
		return d.Code
	}
	return key
}

// ambiguousCard is Resolver's error for a name several cards share.
type ambiguousCard struct {
	name  string
	cards []CardInfo
}

func (e *ambiguousCard) Error() string {
	ids := make([]string, len(e.cards))
	for i, c := range e.cards {
		ids[i] = c.ID.String() + " " + c.Name
	}
	return fmt.Sprintf("card name %q is ambiguous: %s; use the ID", e.name, strings.Join(ids, ", "))
}

// errNoSuchName marks Resolver's error for a name no card has.
var errNoSuchName = errors.New("no card has this name")

func foldAll(names []string) []string {
	out := make([]string, 0, len(names))
	for _, n := range names {
		if f := Fold(n); f != "" {
			out = append(out, f)
		}
	}
	return out
}
