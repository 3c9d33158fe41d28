package strangeworld

import (
	"bytes"
	"fmt"
	"sort"

	"github.com/tableref/tableref/rules"
)

// DeckCode is the code on every Strange World sticker.
const DeckCode = "SW"

// Kind is what a physical card is for.
type Kind uint8

const (
	KindStart     Kind = iota + 1 // one of the 4 starting Land cards
	KindLand                      // a Land card of the deck (Tzimime back)
	KindFumarole                  // covers a card next to a volcano
	KindCity                      // Dark City, on the junction of two Fumaroles
	KindTraveller                 // beside two rows of a world
	KindSun                       // sets the draft direction and play order
)

var kindNames = map[Kind]string{KindStart: "start", KindLand: "land", KindFumarole: "fumarole",
	KindCity: "dark city", KindTraveller: "traveller", KindSun: "sun"}

func (k Kind) String() string { return kindNames[k] }

// Card numbers of the fixed cards; Land copies start at firstLandNum and
// take the numbers the deck list gives them.
const (
	firstStartNum    = 1  // 1–4: starting Blue, Grey, Green, Yellow
	firstFumaroleNum = 11 // 11–21
	numFumaroles     = 11
	firstCityNum     = 31 // 31–35: 9, 7, 5, 4, 4
	firstTravNum     = 41 // 41–48
	sunNum           = 50
	firstLandNum     = 101
)

// cityValues are the Dark Cities' stars, highest first: the stack order.
var cityValues = []int{9, 7, 5, 4, 4}

// Card is one physical card of the catalogue.
type Card struct {
	Num       int
	Kind      Kind
	Name      string    // unique: "Grey-Green (Goat) #2"
	Type      *LandType // starting and Land cards
	Mark      int       // player-count mark 1–4 (Land cards only)
	Copy      int       // 1-based copy of its type
	Value     int       // Dark City stars
	Traveller *Traveller
}

// ID is the card's identity on its sticker.
func (c *Card) ID() rules.CardID { return rules.CardID{Deck: DeckCode, Num: c.Num} }

// Short is a name of at most 11 characters for the display.
func (c *Card) Short() string {
	switch {
	case c.Type != nil:
		return c.Type.Short
	case c.Kind == KindCity:
		return fmt.Sprintf("Dark City %d", c.Value)
	}
	return rules.ShortName(c.Name, 11)
}

// MarkLabel is the mark as printed: "1+", "2+", "3+" or "4".
func MarkLabel(m int) string {
	if m == 4 {
		return "4"
	}
	return fmt.Sprintf("%d+", m)
}

// Catalogue is every card of one deck list, by number.
type Catalogue struct {
	Types []*LandType
	Cards map[int]*Card
	order []int
}

// startTypes are the 4 starting cards: one terrain each, the Green one
// with a Bear (REFERENCE.md §7.2).
func startTypes() []*LandType {
	mk := func(key, name string, i Icon, animals ...string) *LandType {
		t := &LandType{Key: key, Name: name, Short: rules.ShortName(name, 11), Start: true, Animals: animals}
		t.Icons[i] = 1
		return t
	}
	return []*LandType{
		mk("start-blue", "Starting Blue", Water),
		mk("start-grey", "Starting Grey", Mountain),
		mk("start-green", "Starting Green", Plant, "Bear"),
		mk("start-yellow", "Starting Yellow", Swamp),
	}
}

// NewCatalogue numbers every physical card of a deck list.
func NewCatalogue(types []*LandType) (*Catalogue, error) {
	if err := checkNumbering(types); err != nil {
		return nil, err
	}
	c := &Catalogue{Types: types, Cards: map[int]*Card{}}
	add := func(card *Card) {
		c.Cards[card.Num] = card
		c.order = append(c.order, card.Num)
	}
	for i, t := range startTypes() {
		t.First = firstStartNum + i
		add(&Card{Num: t.First, Kind: KindStart, Name: t.Name, Type: t, Copy: 1})
	}
	for _, t := range types {
		n, copyNo := t.First, 1
		for m := 0; m < 4; m++ {
			for k := 0; k < t.Marks[m]; k++ {
				add(&Card{Num: n, Kind: KindLand, Name: fmt.Sprintf("%s #%d", t.Label(), copyNo),
					Type: t, Mark: m + 1, Copy: copyNo})
				n++
				copyNo++
			}
		}
	}
	for i := 0; i < numFumaroles; i++ {
		add(&Card{Num: firstFumaroleNum + i, Kind: KindFumarole, Name: fmt.Sprintf("Fumarole %d", i+1), Copy: i + 1})
	}
	for i, v := range cityValues {
		name := fmt.Sprintf("Dark City %d", v)
		if v == 4 {
			name = fmt.Sprintf("Dark City 4 #%d", i-2)
		}
		add(&Card{Num: firstCityNum + i, Kind: KindCity, Name: name, Value: v, Copy: 1})
	}
	for i := range Travellers {
		tr := &Travellers[i]
		add(&Card{Num: firstTravNum + i, Kind: KindTraveller, Name: tr.Name, Traveller: tr, Copy: 1})
	}
	add(&Card{Num: sunNum, Kind: KindSun, Name: "Sun", Copy: 1})
	sort.Ints(c.order)
	return c, nil
}

// Card returns the card with number n.
func (c *Catalogue) Card(n int) (*Card, bool) {
	card, ok := c.Cards[n]
	return card, ok
}

// Lookup returns the catalogue card behind a card ID of this deck.
func (c *Catalogue) Lookup(id rules.CardID) (*Card, bool) {
	if id.Deck != DeckCode {
		return nil, false
	}
	return c.Card(id.Num)
}

// Deck is the catalogue as a rules.Deck, so that replays may name cards:
// "Grey-Green (Goat) #2" or "grey-green#2", "Starting Grey" or
// "start-grey", "Fumarole 3" or "F3", "Dark City 9" or "DC9" (the 4s:
// "DC4a", "DC4b"), Traveller names, "Sun".
func (c *Catalogue) Deck() *rules.Deck {
	d := &rules.Deck{Code: DeckCode, Name: "Strange World above the clouds", Game: "strangeworld", Aliases: []string{"strange world"}}
	for _, n := range c.order {
		card := c.Cards[n]
		info := rules.CardInfo{ID: card.ID(), Name: card.Name, Kind: card.Kind.String()}
		switch card.Kind {
		case KindStart:
			info.Aliases = []string{card.Type.Key}
		case KindLand:
			info.Aliases = []string{fmt.Sprintf("%s#%d", card.Type.Key, card.Copy)}
		case KindFumarole:
			info.Aliases = []string{fmt.Sprintf("F%d", card.Copy), fmt.Sprintf("fumarole#%d", card.Copy)}
		case KindCity:
			alias := fmt.Sprintf("DC%d", card.Value)
			if card.Value == 4 {
				alias += string(rune('a' + card.Num - firstCityNum - 3))
			}
			info.Aliases = []string{alias}
		case KindTraveller:
			info.Aliases = card.Traveller.Aliases
		case KindSun:
			info.Aliases = []string{"Sun card"}
		}
		d.Cards = append(d.Cards, info)
	}
	return d
}

// Sticker is one QR sticker to print: the card side it names and a short
// human label to find the right card when sticking it on.
type Sticker struct {
	Card  rules.CardRef
	Label string
}

// Stickers lists every sticker a physical deck needs, in card-number
// order: one front per card; a Tzimime back ("SW-BACK", the same for all)
// for every Land card; the other face of each Dark City (stacked
// Fumaroles) and of the Sun (arrow right).
func (c *Catalogue) Stickers() []Sticker {
	var out []Sticker
	back := rules.CardRef{ID: rules.CardID{Deck: DeckCode}, Side: rules.Back}
	for _, n := range c.order {
		card := c.Cards[n]
		front := rules.CardRef{ID: card.ID()}
		switch card.Kind {
		case KindLand:
			out = append(out, Sticker{front, fmt.Sprintf("%s [%s]", card.Name, MarkLabel(card.Mark))},
				Sticker{back, card.Name + " back (Tzimime)"})
		case KindCity:
			out = append(out, Sticker{front, card.Name + " (side by side)"},
				Sticker{rules.CardRef{ID: card.ID(), Side: rules.Back}, card.Name + " (stacked)"})
		case KindSun:
			out = append(out, Sticker{front, "Sun (arrow left)"},
				Sticker{rules.CardRef{ID: card.ID(), Side: rules.Back}, "Sun (arrow right)"})
		default:
			out = append(out, Sticker{front, card.Name})
		}
	}
	return out
}

// DeckSize is the number of Land cards a game with the given number of
// players uses (solo: 1): every copy whose mark is at most that number.
func (c *Catalogue) DeckSize(players int) int {
	n := 0
	for _, t := range c.Types {
		for m := 0; m < players && m < 4; m++ {
			n += t.Marks[m]
		}
	}
	return n
}

// std is the catalogue of the embedded deck list.
var std = mustStd()

func mustStd() *Catalogue {
	types, err := ParseDeckList(bytes.NewReader(defaultDeckList))
	if err != nil {
		panic("strangeworld: embedded deck list: " + err.Error())
	}
	c, err := NewCatalogue(types)
	if err != nil {
		panic("strangeworld: embedded deck list: " + err.Error())
	}
	return c
}

// Default returns the catalogue of the embedded deck list.
func Default() *Catalogue { return std }

// Stickers lists the stickers of the embedded deck list (see
// Catalogue.Stickers).
func Stickers() []Sticker { return std.Stickers() }
