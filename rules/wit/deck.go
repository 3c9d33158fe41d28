package wit

import (
	"fmt"
	"sort"

	"github.com/tableref/tableref/rules"
)

// Card kinds, as the geography deck names them.
const (
	KindCity     = "city"
	KindStart    = "start"    // a starting-city card (white edge)
	KindMonument = "monument" // a landmark, played like a city in the monument variant
)

// Card is what the referee needs to know about one card: its kind and its
// place in the deck's north–south and west–east orders, which are the
// numbers printed in the card's half-circles.
type Card struct {
	ID   rules.CardID
	Name string
	Kind string
	NS   int // 1 = the northernmost card of the deck; grows southwards
	WE   int // 1 = the westernmost card of the deck; grows eastwards
}

// Deck is a rank table: every card of one edition with its ranks. The
// engines take one so that tests can use the rulebook's printed numbers.
type Deck struct {
	Code  string
	cards map[rules.CardID]Card
	ids   []rules.CardID // in card-number order
	// words is set when the cards on the table do not print these
	// numbers: tableref's deck on a boxed game, ranked from tableref's
	// coordinates. The referee then judges with them but never says
	// them; it says what is right in words.
	words bool
}

// SaysNumbers reports whether the deck's numbers are the ones the cards on
// the table print, so that messages may show them.
func (d *Deck) SaysNumbers() bool { return !d.words }

// withNumbers returns the deck for cards that print its numbers
// (tableref's print-and-play cards of a deck ranked from coordinates).
func (d *Deck) withNumbers() *Deck {
	c := *d
	c.words = false
	return &c
}

// inWords returns the deck for cards that do not print its numbers.
func (d *Deck) inWords() *Deck {
	c := *d
	c.words = true
	return &c
}

// NewDeck checks a rank table: known kinds, one entry per card, and ranks
// that are positive and unique on each axis (equal numbers would make a
// circle undecidable).
func NewDeck(code string, cards []Card) (*Deck, error) {
	d := &Deck{Code: code, cards: make(map[rules.CardID]Card, len(cards))}
	ns, we := map[int]rules.CardID{}, map[int]rules.CardID{}
	for _, c := range cards {
		switch {
		case c.ID.IsZero() || c.ID.Anonymous():
			return nil, fmt.Errorf("deck %s: card %q has no ID", code, c.Name)
		case c.Kind != KindCity && c.Kind != KindStart && c.Kind != KindMonument:
			return nil, fmt.Errorf("deck %s: card %s has kind %q, want city, start or monument", code, c.ID, c.Kind)
		case c.NS < 1 || c.WE < 1:
			return nil, fmt.Errorf("deck %s: card %s has ranks %d/%d, want 1 or more", code, c.ID, c.NS, c.WE)
		}
		if _, dup := d.cards[c.ID]; dup {
			return nil, fmt.Errorf("deck %s: card %s listed twice", code, c.ID)
		}
		if o, dup := ns[c.NS]; dup {
			return nil, fmt.Errorf("deck %s: %s and %s share north–south rank %d", code, o, c.ID, c.NS)
		}
		if o, dup := we[c.WE]; dup {
			return nil, fmt.Errorf("deck %s: %s and %s share west–east rank %d", code, o, c.ID, c.WE)
		}
		ns[c.NS], we[c.WE] = c.ID, c.ID
		if c.Name == "" {
			c.Name = c.ID.String()
		}
		d.cards[c.ID] = c
		d.ids = append(d.ids, c.ID)
	}
	sort.Slice(d.ids, func(i, j int) bool { return lessID(d.ids[i], d.ids[j]) })
	return d, nil
}

func lessID(a, b rules.CardID) bool {
	if a.Deck != b.Deck {
		return a.Deck < b.Deck
	}
	return a.Num < b.Num
}

// Card returns the entry of a card of this deck.
func (d *Deck) Card(id rules.CardID) (Card, bool) {
	c, ok := d.cards[id]
	return c, ok
}

// Cards returns every card in card-number order.
func (d *Deck) Cards() []Card {
	out := make([]Card, len(d.ids))
	for i, id := range d.ids {
		out[i] = d.cards[id]
	}
	return out
}

// Name is the card's printed name, or its ID for a card outside the deck.
func (d *Deck) Name(id rules.CardID) string {
	if c, ok := d.cards[id]; ok {
		return c.Name
	}
	return id.String()
}

// Place is a card with its coordinates, the input to RankPlaces.
type Place struct {
	ID       rules.CardID
	Name     string
	Kind     string
	Lat, Lon float64 // decimal degrees, north and east positive
}

// RankPlaces builds a deck's rank table from coordinates: NS rank 1 is the
// northernmost card, WE rank 1 the westernmost. Equal coordinates are
// ordered by card number so that every rank is unique and the result does
// not depend on the input order.
func RankPlaces(code string, places []Place) (*Deck, error) {
	byNS := append([]Place(nil), places...)
	sort.SliceStable(byNS, func(i, j int) bool {
		if byNS[i].Lat != byNS[j].Lat {
			return byNS[i].Lat > byNS[j].Lat
		}
		return lessID(byNS[i].ID, byNS[j].ID)
	})
	byWE := append([]Place(nil), places...)
	sort.SliceStable(byWE, func(i, j int) bool {
		if byWE[i].Lon != byWE[j].Lon {
			return byWE[i].Lon < byWE[j].Lon
		}
		return lessID(byWE[i].ID, byWE[j].ID)
	})
	ns := make(map[rules.CardID]int, len(places))
	we := make(map[rules.CardID]int, len(places))
	for i := range byNS {
		ns[byNS[i].ID] = i + 1
		we[byWE[i].ID] = i + 1
	}
	cards := make([]Card, len(places))
	for i, p := range places {
		cards[i] = Card{ID: p.ID, Name: p.Name, Kind: p.Kind, NS: ns[p.ID], WE: we[p.ID]}
	}
	return NewDeck(code, cards)
}
