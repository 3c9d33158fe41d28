package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// Side is the face of a card that is up. The zero value is Front, the side a
// card is usually placed with (flag, name or picture side).
type Side uint8

const (
	Front Side = iota // name / flag / picture side
	Back              // map / coordinates / Tzimime side
)

// Letter is the one-letter code of the side used in payloads and tokens.
func (s Side) Letter() byte {
	if s == Back {
		return 'B'
	}
	return 'F'
}

func (s Side) String() string {
	if s == Back {
		return "back"
	}
	return "front"
}

// MarshalText writes "F" or "B".
func (s Side) MarshalText() ([]byte, error) { return []byte{s.Letter()}, nil }

// UnmarshalText reads F/B or front/back, in any case.
func (s *Side) UnmarshalText(b []byte) error {
	switch strings.ToLower(string(b)) {
	case "f", "front":
		*s = Front
	case "b", "back":
		*s = Back
	default:
		return fmt.Errorf("side %q: want F or B", b)
	}
	return nil
}

// CardID names one physical card: a deck code and a number within the
// deck, written "SA-017". Number 0 is the anonymous back shared by every
// card of a deck whose backs carry no identity (Strange World's Tzimime),
// written "SW-BACK". The zero CardID means "no card".
type CardID struct {
	Deck string
	Num  int
}

// MaxCardNum is the largest card number a payload can carry (3 digits).
const MaxCardNum = 999

// IsZero reports whether id names no card.
func (id CardID) IsZero() bool { return id.Deck == "" }

// Anonymous reports whether id is a deck's shared back, which says that a
// card lies face down but not which one.
func (id CardID) Anonymous() bool { return id.Deck != "" && id.Num == 0 }

func (id CardID) String() string {
	if id.IsZero() {
		return ""
	}
	if id.Num == 0 {
		return id.Deck + "-BACK"
	}
	return fmt.Sprintf("%s-%03d", id.Deck, id.Num)
}

// MarshalText writes the ID form ("SA-017").
func (id CardID) MarshalText() ([]byte, error) { return []byte(id.String()), nil }

// UnmarshalText reads an ID ("SA-017", "sa-17", "SW-BACK") or a card
// payload ("TR1:C:SA-017F:K", whose side is dropped).
func (id *CardID) UnmarshalText(b []byte) error {
	ref, err := ParseCardRef(string(b))
	if err != nil {
		return err
	}
	*id = ref.ID
	return nil
}

// ParseCardID reads "SA-017" (case-insensitive, the number with or without
// leading zeros) or "SW-BACK".
func ParseCardID(s string) (CardID, error) {
	deck, num, ok := strings.Cut(strings.ToUpper(strings.TrimSpace(s)), "-")
	if !ok {
		return CardID{}, fmt.Errorf("card ID %q: want DECK-NUMBER such as SA-017", s)
	}
	if err := checkDeckCode(deck); err != nil {
		return CardID{}, fmt.Errorf("card ID %q: %w", s, err)
	}
	if num == "BACK" {
		return CardID{Deck: deck}, nil
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 || n > MaxCardNum || len(num) > 3 {
		return CardID{}, fmt.Errorf("card ID %q: number %q is not 1 to %d", s, num, MaxCardNum)
	}
	return CardID{Deck: deck, Num: n}, nil
}

// checkDeckCode accepts 2 or 3 characters: an upper-case letter then
// letters or digits, all in the QR alphanumeric set.
// CheckDeckCode says whether d can be a deck code in a payload: 2 or 3
// characters, A-Z then A-Z or 0-9.
func CheckDeckCode(d string) error { return checkDeckCode(d) }

func checkDeckCode(d string) error {
	if len(d) < 2 || len(d) > 3 {
		return fmt.Errorf("deck code %q: want 2 or 3 characters", d)
	}
	for i := 0; i < len(d); i++ {
		c := d[i]
		if !(c >= 'A' && c <= 'Z') && !(i > 0 && c >= '0' && c <= '9') {
			return fmt.Errorf("deck code %q: want A-Z then A-Z or 0-9", d)
		}
	}
	return nil
}

// CardRef is a card as it lies: which card and which side is up.
type CardRef struct {
	ID   CardID
	Side Side
}

// IsZero reports whether r names no card.
func (r CardRef) IsZero() bool { return r.ID.IsZero() }

// String writes the token form: "SA-017" for the front, "SA-017/B" for the
// back. An anonymous back is just "SW-BACK".
func (r CardRef) String() string {
	if r.ID.IsZero() {
		return ""
	}
	if r.Side == Back && !r.ID.Anonymous() {
		return r.ID.String() + "/B"
	}
	return r.ID.String()
}

// MarshalText writes the token form.
func (r CardRef) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads the token form or a payload.
func (r *CardRef) UnmarshalText(b []byte) error {
	ref, err := ParseCardRef(string(b))
	if err != nil {
		return err
	}
	*r = ref
	return nil
}

// ParseCardRef reads a card reference given as a payload
// ("TR1:C:SA-017B:K") or as an ID with an optional side suffix
// ("SA-017", "SA-017/B", "sa-17/f", "SW-BACK"). Names are resolved by
// Resolver.Resolve, not here.
func ParseCardRef(s string) (CardRef, error) {
	s = strings.TrimSpace(s)
	if looksLikePayload(s) {
		p, err := ParsePayload(s)
		if err != nil {
			return CardRef{}, err
		}
		if p.Kind != KindCard {
			return CardRef{}, fmt.Errorf("payload %q is a %s, not a card", s, p.Kind)
		}
		return p.Card, nil
	}
	idPart, sidePart, hasSide := strings.Cut(s, "/")
	id, err := ParseCardID(idPart)
	if err != nil {
		return CardRef{}, err
	}
	ref := CardRef{ID: id}
	if id.Anonymous() {
		ref.Side = Back
	}
	if hasSide {
		if err := ref.Side.UnmarshalText([]byte(sidePart)); err != nil {
			return CardRef{}, fmt.Errorf("card %q: %w", s, err)
		}
		if id.Anonymous() && ref.Side != Back {
			return CardRef{}, fmt.Errorf("card %q: an anonymous back has no front", s)
		}
	}
	return ref, nil
}
