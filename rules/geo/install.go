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
	key              string // what picks it: its code, or CODE-BOX (KeyFor)
	code, name, game string
	source           string         // the file an installed deck was read from
	cards            []Card         // in card-number order
	byNum            map[int]int    // card number → index in cards
	folds            map[string]int // every name and alias, folded → index in cards
	installed        bool           // read from a deck file: the box's own cards
}

func newDeckData(code, name, game string, cards []Card, installed bool) *deckData {
	d := &deckData{key: code, code: code, name: name, game: game, cards: cards, byNum: make(map[int]int, len(cards)), folds: map[string]int{}, installed: installed}
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

// catalogue holds every deck by key (KeyFor): the built-in ones from init,
// and the installed ones added at run time. An installed deck never takes
// a built-in deck's key, so tableref's decks are always there.
var catalogue = struct {
	sync.RWMutex
	m       map[string]*deckData
	builtin map[string]*deckData // the embedded decks, by code
}{m: map[string]*deckData{}, builtin: map[string]*deckData{}}

// BoxSuffix makes the key of an installed deck that carries the code of
// one of tableref's decks: a box that kept tableref's SA stickers is
// SA-BOX, beside tableref's SA.
const BoxSuffix = "-BOX"

// KeyFor is the name deck file f is installed and picked by: its code,
// or its code and BoxSuffix when tableref has a deck of that code.
func KeyFor(f *DeckFile) string {
	code := strings.ToUpper(f.Code)
	catalogue.RLock()
	_, builtin := catalogue.builtin[code]
	catalogue.RUnlock()
	if builtin {
		return code + BoxSuffix
	}
	return code
}

func setDeck(d *deckData) {
	catalogue.Lock()
	defer catalogue.Unlock()
	catalogue.m[d.key] = d
	if !d.installed {
		catalogue.builtin[d.code] = d
	}
}

func deckOf(key string) *deckData {
	catalogue.RLock()
	defer catalogue.RUnlock()
	return catalogue.m[strings.ToUpper(key)]
}

// deckOfCode is the deck the cards of a code are looked up in by their ID
// alone (Lookup): the installed deck carrying the code, else tableref's.
func deckOfCode(code string) *deckData {
	code = strings.ToUpper(code)
	catalogue.RLock()
	defer catalogue.RUnlock()
	if d := catalogue.m[code+BoxSuffix]; d != nil && d.code == code {
		return d
	}
	return catalogue.m[code]
}

// DeckInfo describes a geography deck.
type DeckInfo struct {
	// Key picks the deck (the deck option, decks show); Code is what its
	// cards' QR codes carry. They differ for a box installed beside
	// tableref's deck of its code: key SA-BOX, code SA.
	Key              string
	Code, Name, Game string
	// Source is the file an installed deck was read from.
	Source string
	Cards  int
	// Installed says the deck comes from a deck file: the cards of the
	// user's box. Otherwise it is one of tableref's own decks.
	Installed bool
	// Printed says the deck records what its cards print (circle numbers
	// or printed coordinates) for at least one card.
	Printed bool
	// Beside says an installed deck carries the code of one of
	// tableref's decks, which stays in use under that code.
	Beside bool
}

// Info describes the deck picked by key.
func Info(key string) (DeckInfo, bool) {
	d := deckOf(key)
	if d == nil {
		return DeckInfo{}, false
	}
	in := DeckInfo{Key: d.key, Code: d.code, Name: d.name, Game: d.game, Source: d.source, Cards: len(d.cards), Installed: d.installed}
	for _, c := range d.cards {
		if c.Printed != nil {
			in.Printed = true
			break
		}
	}
	catalogue.RLock()
	_, in.Beside = catalogue.builtin[d.code]
	catalogue.RUnlock()
	in.Beside = in.Beside && d.installed
	return in, true
}

// Label names a deck in messages: "SA", or "SA-BOX (installed from
// /etc/tableref/decks/SA.csv)".
func (in DeckInfo) Label() string {
	if in.Source == "" {
		return in.Key
	}
	return in.Key + " (installed from " + in.Source + ")"
}

// Decks describes every geography deck, sorted by key.
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
	for _, key := range []string{f.Code, KeyFor(f)} {
		if d, ok := rules.LookupDeck(key); ok && d.Game != f.Game {
			return fmt.Errorf("deck code %s is taken by %s, %s (%s): choose another code", f.Code, d.Label(), d.Name, d.Game)
		}
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
// look-ups under KeyFor(f), replacing an installed deck of that key; a deck
// carrying the code of one of tableref's decks is installed beside it
// (see Check). Cards without coordinates borrow them from tableref's deck
// of the same code where the card is there, so maps and warnings still
// work.
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
	key := KeyFor(f)
	if err := rules.AddDeck(&rules.Deck{Code: f.Code, Key: key, Source: f.Source, Name: f.Name, Game: f.Game, Cards: infos(cards)}, true); err != nil {
		return err
	}
	d := newDeckData(f.Code, f.Name, f.Game, cards, true)
	d.key, d.source = key, f.Source
	setDeck(d)
	return nil
}

// Remove forgets the installed deck picked by key. tableref's own decks
// cannot be removed: removing one is an error that names the installed
// deck beside it, if any.
func Remove(key string) error {
	key = strings.ToUpper(key)
	catalogue.Lock()
	d := catalogue.m[key]
	if d == nil || !d.installed {
		box := catalogue.m[key+BoxSuffix]
		catalogue.Unlock()
		switch {
		case d != nil && box != nil:
			return fmt.Errorf("%s is tableref's own deck; the deck installed beside it is %s (from %s)", key, box.key, box.source)
		case d != nil:
			return fmt.Errorf("%s is tableref's own deck: only installed decks are removed", key)
		}
		return fmt.Errorf("no installed deck %s", key)
	}
	delete(catalogue.m, key)
	catalogue.Unlock()
	rules.RemoveDeck(key)
	return nil
}
