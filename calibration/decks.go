package calibration

import (
	"fmt"
	"math"

	"github.com/tableref/tableref/rules"
)

// Deck is the physical size of a deck's cards and of the codes on them, in
// mm. The scanner needs the card size to turn positions into grid cells;
// the code size lets the table plane be found from cards alone.
type Deck struct {
	Card [2]float64 `json:"card_mm"` // width, height as the card lies upright
	Code float64    `json:"code_mm"` // printed code side without quiet zone
}

func (d Deck) validate(p *problems, field string) {
	if !(d.Card[0] >= 20 && d.Card[0] <= 300) || !(d.Card[1] >= 20 && d.Card[1] <= 300) {
		p.add(field+".card_mm", "%v: want width and height from 20 to 300 mm", d.Card)
	}
	if !(d.Code >= 5) || d.Code > math.Min(d.Card[0], d.Card[1]) {
		p.add(field+".code_mm", "%v: want at least 5 mm and no wider than the card", d.Code)
	}
}

// PrintedModule is the module size `tableref print markers` uses by
// default (mm), so the marker codes it prints are 21 × 1.6 = 33.6 mm wide.
const PrintedModule = 1.6

// PrintedCode is the side of a printed version-1 marker code at
// PrintedModule.
const PrintedCode = 21 * PrintedModule

// defaultDecks are the decks tableref prints (poker size, codes of
// rules.CardCodeMM) and Strange World's boxed cards with stickers (63×89
// mm, version-2 codes of rules.StickerCodeMM).
var defaultDecks = map[string]Deck{
	"SA":  {Card: [2]float64{63.5, 88.9}, Code: rules.CardCodeMM},
	"WLD": {Card: [2]float64{63.5, 88.9}, Code: rules.CardCodeMM},
	"EU":  {Card: [2]float64{63.5, 88.9}, Code: rules.CardCodeMM},
	"SW":  {Card: [2]float64{63, 89}, Code: rules.StickerCodeMM},
}

// DefaultDeck is the geometry of a deck nobody described: a printed poker
// card.
var DefaultDeck = Deck{Card: [2]float64{63.5, 88.9}, Code: rules.CardCodeMM}

// DeckOf returns the geometry of a deck: the file's override, else the
// built-in default, else DefaultDeck.
func (f *File) DeckOf(code string) Deck {
	if f != nil {
		if d, ok := f.Decks[code]; ok {
			return d
		}
	}
	if d, ok := defaultDecks[code]; ok {
		return d
	}
	return DefaultDeck
}

// CodeSize returns the printed side of a code (mm): a card's from its
// deck, a marker's from markerMM (the module the markers were printed
// with, times 21). It is what FitCodes needs.
func (f *File) CodeSize(markerMM float64) func(rules.Payload) (float64, bool) {
	return func(p rules.Payload) (float64, bool) {
		switch p.Kind {
		case rules.KindCard:
			return f.DeckOf(p.Card.ID.Deck).Code, true
		case rules.KindMarker:
			return markerMM, markerMM > 0
		}
		return 0, false
	}
}

// LegacyModuleMM is the module tableref printed card and sticker codes
// with before they shrank to rules.CardModuleMM (issue 28): cards printed
// then carry 31.5 mm codes, stickers 37.5 mm. They still lie on tables.
const LegacyModuleMM = 1.5

// LegacyCodeSize is CodeSize for a table of codes printed at
// LegacyModuleMM: decks the file does not describe take codes of 21 (25
// for Strange World's stickers) legacy modules.
func (f *File) LegacyCodeSize(markerMM float64) func(rules.Payload) (float64, bool) {
	now := f.CodeSize(markerMM)
	return func(p rules.Payload) (float64, bool) {
		if p.Kind != rules.KindCard {
			return now(p)
		}
		if f != nil {
			if _, described := f.Decks[p.Card.ID.Deck]; described {
				return now(p)
			}
		}
		if defaultDecks[p.Card.ID.Deck].Code == rules.StickerCodeMM {
			return 25 * LegacyModuleMM, true
		}
		return 21 * LegacyModuleMM, true
	}
}

// String describes a deck's geometry for messages.
func (d Deck) String() string {
	return fmt.Sprintf("%g×%g mm cards, %g mm codes", d.Card[0], d.Card[1], d.Code)
}
