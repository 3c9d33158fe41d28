package rules

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// CardInfo is what every deck says about a card, whatever the game. Games
// keep their own richer records (coordinates, icons) keyed by CardID.
type CardInfo struct {
	ID      CardID
	Name    string   // as printed, in the game's language
	Aliases []string // other names it may be called by (other languages, short forms)
	Kind    string   // game-specific: "city", "start", "monument", "land", "fumarole", …
	// Lang is the language Name is printed in (BCP 47: "es", "pt-BR",
	// "it"), where it differs from the deck's; a voice says the name in it.
	Lang string
}

// Deck is a catalogue of the cards of one game edition.
type Deck struct {
	Code string // 2–3 characters, as in payloads: "SA", "WLD", "EU", "SW"
	// Key is the name the deck is registered and picked by (a mode's deck
	// option, decks show, print stickers); empty means Code. Two decks may
	// carry the same Code: a user's box that kept tableref's SA stickers
	// is installed as "SA-BOX" beside tableref's SA, so that neither hides
	// the other while their cards' QR codes both say SA-017.
	Key string
	// Source is the file an installed deck was read from, "" for a deck
	// built into tableref; errors about its cards name it.
	Source string
	Name   string // "Where is That? South America"
	Game   string // the family: "wit", "mapit", "nsoe", "shakecity", "strangeworld"
	// Aliases are other names people type for the deck ("wit-sa",
	// "south america"); FindDeck also takes the code, Name and Game.
	Aliases []string
	// Lang is the language the cards' names are printed in (BCP 47:
	// "es" for South America's Spanish edition, "it" for Nord Sud Ovest
	// Est); "" where the cards print no names or it is not known.
	Lang  string
	Cards []CardInfo

	once   sync.Once
	byNum  map[int]int
	byName map[string][]int
}

// Pick is the name the deck is picked by: its Key, else its Code.
func (d *Deck) Pick() string {
	if d.Key != "" {
		return d.Key
	}
	return d.Code
}

// Label names the deck in messages: "SA", or "SA-BOX (installed from
// /etc/tableref/decks/SA.csv)", so a user whose error comes from an
// installed file knows which file.
func (d *Deck) Label() string {
	if d.Source == "" {
		return d.Pick()
	}
	return d.Pick() + " (installed from " + d.Source + ")"
}

func (d *Deck) index() {
	d.once.Do(func() {
		d.byNum = make(map[int]int, len(d.Cards))
		d.byName = make(map[string][]int, 2*len(d.Cards))
		for i, c := range d.Cards {
			d.byNum[c.ID.Num] = i
			seen := map[string]bool{}
			for _, n := range append([]string{c.Name}, c.Aliases...) {
				f := Fold(n)
				if f == "" || seen[f] {
					continue
				}
				seen[f] = true
				d.byName[f] = append(d.byName[f], i)
			}
		}
	})
}

// Card returns the card with the given number.
func (d *Deck) Card(num int) (CardInfo, bool) {
	d.index()
	i, ok := d.byNum[num]
	if !ok {
		return CardInfo{}, false
	}
	return d.Cards[i], true
}

// Named returns the cards whose name or alias folds to the same text as
// name (see Fold).
func (d *Deck) Named(name string) []CardInfo {
	d.index()
	var out []CardInfo
	for _, i := range d.byName[Fold(name)] {
		out = append(out, d.Cards[i])
	}
	return out
}

// Validate checks the deck's own consistency: code, unique numbers, names.
func (d *Deck) Validate() error {
	if err := checkDeckCode(d.Code); err != nil {
		return fmt.Errorf("deck %q: %w", d.Name, err)
	}
	seen := map[int]bool{}
	for i, c := range d.Cards {
		switch {
		case c.ID.Deck != d.Code:
			return fmt.Errorf("deck %s: card %d (%s) has deck code %q", d.Code, i, c.Name, c.ID.Deck)
		case c.ID.Num < 1 || c.ID.Num > MaxCardNum:
			return fmt.Errorf("deck %s: card %q has number %d, want 1 to %d", d.Code, c.Name, c.ID.Num, MaxCardNum)
		case seen[c.ID.Num]:
			return fmt.Errorf("deck %s: number %d used twice (second: %q)", d.Code, c.ID.Num, c.Name)
		case strings.TrimSpace(c.Name) == "":
			return fmt.Errorf("deck %s: card %d has no name", d.Code, c.ID.Num)
		}
		seen[c.ID.Num] = true
	}
	return nil
}

var decks = struct {
	sync.RWMutex
	m map[string]*Deck
}{m: map[string]*Deck{}}

// RegisterDeck makes a deck known by its code. Game packages call it from
// init with their embedded catalogues; a broken or duplicate deck is a
// programming error and panics there, where a test catches it.
func RegisterDeck(d *Deck) {
	if err := d.Validate(); err != nil {
		panic(err)
	}
	decks.Lock()
	defer decks.Unlock()
	if _, dup := decks.m[d.Pick()]; dup {
		panic("rules: deck registered twice: " + d.Pick())
	}
	decks.m[d.Pick()] = d
}

// AddDeck makes a deck known at run time: an installed deck file, under
// its Key (else its Code). A key already in use is an error unless replace
// is set, and a deck never replaces one of another game. FindDeck and
// FindCard resolve it by its key, aliases, name and game like a built-in
// deck. It takes none of the names of a deck it replaces: "wit-sa" names
// tableref's SA, never a box installed beside it.
func AddDeck(d *Deck, replace bool) error {
	if err := d.Validate(); err != nil {
		return err
	}
	decks.Lock()
	defer decks.Unlock()
	if old, dup := decks.m[d.Pick()]; dup {
		if !replace {
			return fmt.Errorf("deck %s exists already (%s)", old.Label(), old.Name)
		}
		if old.Game != d.Game {
			return fmt.Errorf("deck %s is %s, a %s deck, not %s", old.Label(), old.Name, old.Game, d.Game)
		}
	}
	decks.m[d.Pick()] = d
	return nil
}

// RemoveDeck forgets a deck added with AddDeck, by its key.
func RemoveDeck(key string) {
	decks.Lock()
	defer decks.Unlock()
	delete(decks.m, strings.ToUpper(key))
}

// LookupDeck returns the deck picked by key (case-insensitive): for a
// card's code ("SA"), the deck of that code tableref has, or the
// installed one where tableref has none.
func LookupDeck(key string) (*Deck, bool) {
	decks.RLock()
	defer decks.RUnlock()
	d, ok := decks.m[strings.ToUpper(key)]
	return d, ok
}

// Decks returns every registered deck, sorted by key.
func Decks() []*Deck {
	decks.RLock()
	defer decks.RUnlock()
	out := make([]*Deck, 0, len(decks.m))
	for _, d := range decks.m {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pick() < out[j].Pick() })
	return out
}

// LookupCard finds card id and its deck: in the deck its code picks (for
// SA-017, tableref's SA), else in another deck carrying that code (a card
// only a user's box has, SA-109 of SA-BOX).
func LookupCard(id CardID) (CardInfo, *Deck, bool) {
	if d, ok := LookupDeck(id.Deck); ok {
		if c, ok := d.Card(id.Num); ok {
			return c, d, true
		}
	}
	for _, d := range Decks() {
		if d.Code != id.Deck || d.Pick() == id.Deck {
			continue
		}
		if c, ok := d.Card(id.Num); ok {
			return c, d, true
		}
	}
	return CardInfo{}, nil, false
}

// CardName returns the printed name of a card, or its ID when the deck or
// card is unknown (so messages always have something to show).
func CardName(id CardID) string {
	if id.Anonymous() {
		return "face-down card"
	}
	if c, _, ok := LookupCard(id); ok {
		return c.Name
	}
	return id.String()
}

// CardLang is the language card id's name is printed in: the card's own,
// else its deck's; "" when neither is known.
func CardLang(id CardID) string {
	c, d, ok := LookupCard(id)
	if !ok {
		if d, ok := LookupDeck(id.Deck); ok {
			return d.Lang
		}
		return ""
	}
	if c.Lang != "" {
		return c.Lang
	}
	return d.Lang
}

// Resolver turns what a person or a file calls a card into a CardRef.
// Its zero value knows payloads and IDs only; with Decks set it also
// resolves names and aliases in those decks.
type Resolver struct {
	Decks []string // deck codes searched for names, in order
}

// Resolve reads a payload, an ID ("SA-017", "SA-017/B") or a name or alias
// ("Bogotá", "bogota/B"). A name that matches several cards is an error
// listing them; so is a name that matches none.
func (r Resolver) Resolve(tok string) (CardRef, error) {
	tok = strings.TrimSpace(tok)
	if tok == "" {
		return CardRef{}, fmt.Errorf("empty card reference")
	}
	ref, idErr := ParseCardRef(tok)
	if idErr == nil {
		return ref, nil
	}
	if looksLikePayload(tok) {
		return CardRef{}, idErr
	}
	name, side := tok, Front
	if i := strings.LastIndexByte(tok, '/'); i >= 0 {
		if err := side.UnmarshalText([]byte(tok[i+1:])); err == nil {
			name = tok[:i]
		} else {
			side = Front
		}
	}
	var found []CardInfo
	seen := map[CardID]bool{}
	for _, key := range r.Decks {
		d, ok := LookupDeck(key)
		if !ok {
			continue
		}
		for _, c := range d.Named(name) {
			// tableref's SA and a box installed beside it both have
			// SA-001 Bogotá: one card, not two.
			if !seen[c.ID] {
				seen[c.ID] = true
				found = append(found, c)
			}
		}
	}
	switch len(found) {
	case 1:
		return CardRef{ID: found[0].ID, Side: side}, nil
	case 0:
		if len(r.Decks) == 0 {
			return CardRef{}, idErr
		}
		return CardRef{}, noSuchCard(fmt.Sprintf("unknown card %q: not a payload, an ID or a name in deck %s", tok, strings.Join(deckLabels(r.Decks), ", ")))
	}
	return CardRef{}, &ambiguousCard{name: name, cards: found}
}

// deckLabels names decks for a message, each installed one with its file.
func deckLabels(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k
		if d, ok := LookupDeck(k); ok {
			out[i] = d.Label()
		}
	}
	return out
}

// noSuchCard is Resolver's error for a name no card has.
type noSuchCard string

func (e noSuchCard) Error() string        { return string(e) }
func (e noSuchCard) Is(target error) bool { return target == errNoSuchName }
