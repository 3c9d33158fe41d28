package geo

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/tableref/tableref/rules"
)

// deckData is one catalogue in memory. It never changes once made:
// installing a deck again replaces the whole value, so an engine holding
// one keeps a consistent deck.
type deckData struct {
	code, name, game string
	cards            []Card         // in card-number order
	byNum            map[int]int    // card number → index in cards
	folds            map[string]int // every name and alias, folded → index in cards
	installed        bool           // read from a deck file: the box's own cards
}

func newDeckData(code, name, game string, cards []Card, installed bool) *deckData {
	d := &deckData{code: code, name: name, game: game, cards: cards, byNum: make(map[int]int, len(cards)), folds: map[string]int{}, installed: installed}
	for i, c := range cards {
		d.byNum[c.ID.Num] = i
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			if _, taken := d.folds[rules.Fold(n)]; !taken {
				d.folds[rules.Fold(n)] = i
			}
		}
	}
	return d
}

// byFold finds the card a folded name or alias names.
func (d *deckData) byFold(f string) (int, bool) {
	i, ok := d.folds[f]
	return i, ok
}

// catalogue holds every deck by code: the built-in ones from init, and the
// installed ones added at run time.
var catalogue = struct {
	sync.RWMutex
	m       map[string]*deckData
	builtin map[string]*deckData // the embedded decks, even when an installed one replaces them
}{m: map[string]*deckData{}, builtin: map[string]*deckData{}}

func setDeck(d *deckData) {
	catalogue.Lock()
	defer catalogue.Unlock()
	catalogue.m[d.code] = d
	if !d.installed {
		catalogue.builtin[d.code] = d
	}
}

func deckOf(code string) *deckData {
	catalogue.RLock()
	defer catalogue.RUnlock()
	return catalogue.m[strings.ToUpper(code)]
}

// DeckInfo describes a geography deck.
type DeckInfo struct {
	Code, Name, Game string
	Cards            int
	// Installed says the deck comes from a deck file: the cards of the
	// user's box. Otherwise it is one of tableref's own decks.
	Installed bool
	// Printed says the deck records what its cards print (circle numbers
	// or printed coordinates) for at least one card.
	Printed bool
	// Replaces says an installed deck took the place of the built-in deck
	// of the same code.
	Replaces bool
}

// Info describes the deck with the given code.
func Info(code string) (DeckInfo, bool) {
	d := deckOf(code)
	if d == nil {
		return DeckInfo{}, false
	}
	in := DeckInfo{Code: d.code, Name: d.name, Game: d.game, Cards: len(d.cards), Installed: d.installed}
	for _, c := range d.cards {
		if c.Printed != nil {
			in.Printed = true
			break
		}
	}
	catalogue.RLock()
	_, in.Replaces = catalogue.builtin[d.code]
	catalogue.RUnlock()
	in.Replaces = in.Replaces && d.installed
	return in, true
}

// Decks describes every geography deck, sorted by code.
func Decks() []DeckInfo {
	catalogue.RLock()
	codes := make([]string, 0, len(catalogue.m))
	for c := range catalogue.m {
		codes = append(codes, c)
	}
	catalogue.RUnlock()
	var out []DeckInfo
	sort.Strings(codes)
	for _, c := range codes {
		if in, ok := Info(c); ok {
			out = append(out, in)
		}
	}
	return out
}

// Builtin returns tableref's own deck of that code, even when an installed
// deck has replaced it, or nil.
func Builtin(code string) []Card {
	catalogue.RLock()
	d := catalogue.builtin[strings.ToUpper(code)]
	catalogue.RUnlock()
	if d == nil {
		return nil
	}
	out := make([]Card, len(d.cards))
	for i, c := range d.cards {
		out[i] = c.clone()
	}
	return out
}

// Check says whether a deck file can be installed beside the decks known
// now, without installing it: its code must not belong to another game's
// deck, and where it takes the code of a built-in deck every card number
// the two share must name the same card (QR codes and saved games say
// "SA-017"; it must stay Encarnación).
func Check(f *DeckFile) error {
	if f == nil || len(f.Cards) == 0 {
		return fmt.Errorf("deck has no cards")
	}
	if d, ok := rules.LookupDeck(f.Code); ok && d.Game != f.Game {
		return fmt.Errorf("deck code %s is taken by %s (%s): choose another code", f.Code, d.Name, d.Game)
	}
	catalogue.RLock()
	b := catalogue.builtin[f.Code]
	catalogue.RUnlock()
	if b == nil {
		return nil
	}
	if b.game != f.Game {
		return fmt.Errorf("deck code %s is tableref's %s deck: choose another code", f.Code, b.name)
	}
	var clash []string
	for _, c := range f.Cards {
		clash = append(clash, builtinClashes(f.Code, f.Game, c)...)
	}
	if len(clash) > 0 {
		more := ""
		if len(clash) > 5 {
			more = fmt.Sprintf(" (and %d more)", len(clash)-5)
			clash = clash[:5]
		}
		return fmt.Errorf("deck %s keeps tableref's card numbers, and %s%s: use the built-in numbers for these cards, or give the deck another code", f.Code, strings.Join(clash, "; "), more)
	}
	return nil
}

// builtinClashes says how card c of a deck under tableref's own code
// would renumber tableref's cards: c takes the name or an alias of
// another of them (SA-017 "Lima" aliased Encarnación renumbered Lima and
// passed the number check through its alias), or its number is another
// card's. None for a code that is not tableref's.
func builtinClashes(code, game string, c Card) []string {
	catalogue.RLock()
	b := catalogue.builtin[strings.ToUpper(code)]
	catalogue.RUnlock()
	if b == nil || b.game != game {
		return nil
	}
	var out []string
	for _, n := range append([]string{c.Name}, c.Aliases...) {
		if j, ok := b.byFold(rules.Fold(n)); ok && b.cards[j].ID.Num != c.ID.Num {
			out = append(out, fmt.Sprintf("%s calls itself %s, which is %s in tableref's deck", c.ID, n, b.cards[j].ID))
		}
	}
	if i, ok := b.byNum[c.ID.Num]; ok && !sameCard(b.cards[i], c) {
		out = append(out, fmt.Sprintf("%s is %s in tableref's deck, not %s", c.ID, b.cards[i].Name, c.Name))
	}
	return out
}

// sameCard says whether two cards share a name once folded, either way
// round through their aliases.
func sameCard(a, b Card) bool {
	names := map[string]bool{}
	for _, n := range append([]string{a.Name}, a.Aliases...) {
		names[rules.Fold(n)] = true
	}
	for _, n := range append([]string{b.Name}, b.Aliases...) {
		if names[rules.Fold(n)] {
			return true
		}
	}
	return false
}

// Install makes a deck file's deck known to every engine and to name
// look-ups, replacing an installed deck of the same code, or a built-in
// one (see Check). Cards without coordinates borrow them from tableref's
// deck of the same code where the card is there, so maps and warnings
// still work.
func Install(f *DeckFile) error {
	if err := Check(f); err != nil {
		return err
	}
	cards := make([]Card, len(f.Cards))
	catalogue.RLock()
	b := catalogue.builtin[f.Code]
	catalogue.RUnlock()
	for i, c := range f.Cards {
		c = c.clone()
		if b != nil && !c.HasCoords {
			if j, ok := b.byNum[c.ID.Num]; ok {
				bc := b.cards[j]
				c.Lat, c.Lon, c.HasCoords = bc.Lat, bc.Lon, true
				if c.Country == "" {
					c.Country = bc.Country
				}
			}
		}
		cards[i] = c
	}
	if err := rules.AddDeck(&rules.Deck{Code: f.Code, Name: f.Name, Game: f.Game, Cards: infos(cards)}, true); err != nil {
		return err
	}
	setDeck(newDeckData(f.Code, f.Name, f.Game, cards, true))
	return nil
}

// Remove forgets an installed deck; a built-in deck it replaced comes
// back. Removing a built-in deck is an error.
func Remove(code string) error {
	code = strings.ToUpper(code)
	catalogue.Lock()
	d := catalogue.m[code]
	b := catalogue.builtin[code]
	if d == nil || !d.installed {
		catalogue.Unlock()
		return fmt.Errorf("no installed deck %s", code)
	}
	delete(catalogue.m, code)
	if b != nil {
		catalogue.m[code] = b
	}
	catalogue.Unlock()
	if b != nil {
		return rules.AddDeck(&rules.Deck{Code: b.code, Name: b.name, Game: b.game, Cards: infos(b.cards)}, true)
	}
	rules.RemoveDeck(code)
	return nil
}
