package rules

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// PayloadVersion is the payload format this build writes. Parsing accepts
// only the versions it knows, so an old binary reports a newer sticker as
// "not ours" instead of misreading it.
const PayloadVersion = 1

// MaxPayloadLen is the longest payload: what QR version 1 holds at error
// correction level Q in alphanumeric mode.
const MaxPayloadLen = 16

// ErrNotOurs marks a QR payload that must not be acted on: not a tableref
// code at all (a URL, another product's code), or one that looks like ours
// but is broken (ErrMalformed, ErrBadCheck also wrap it). Callers count
// and ignore such codes.
var ErrNotOurs = errors.New("not a tableref code")

// ErrMalformed marks a payload that starts like a tableref code ("TR1:")
// but does not follow the grammar, or is of another format version. It
// wraps ErrNotOurs.
var ErrMalformed error = notOurs("malformed tableref code")

// ErrBadCheck marks a tableref code whose check character does not match:
// a misprinted or damaged sticker, or a misread. It wraps ErrNotOurs.
var ErrBadCheck error = notOurs("wrong check character")

// notOurs is a kind of ErrNotOurs.
type notOurs string

func (e notOurs) Error() string { return string(e) }
func (e notOurs) Unwrap() error { return ErrNotOurs }

// PayloadKind says what a tableref QR code stands for.
type PayloadKind uint8

const (
	KindCard   PayloadKind = iota + 1 // a card face, or a deck's anonymous back
	KindMarker                        // a marker: calibration, player, board or shaker corner
)

func (k PayloadKind) String() string {
	switch k {
	case KindCard:
		return "card"
	case KindMarker:
		return "marker"
	}
	return "unknown kind"
}

// MarkerType is the family of a non-card code.
type MarkerType uint8

const (
	MarkerCalibration MarkerType = iota + 1 // corner of the printed calibration sheet: CAL-NW
	MarkerPlayer                            // player marker beside a player's area: P3
	MarkerBoard                             // corner of a player's city board: B3-NW
	MarkerShaker                            // corner of the shaker mat: SHK-NW
)

// Corner is a corner of a sheet, board or mat, named by compass point as it
// lies with its north edge up.
type Corner uint8

const (
	NW Corner = iota + 1
	NE
	SE
	SW
)

var cornerNames = [...]string{NW: "NW", NE: "NE", SE: "SE", SW: "SW"}

func (c Corner) String() string {
	if c >= NW && c <= SW {
		return cornerNames[c]
	}
	return "?"
}

func parseCorner(s string) (Corner, bool) {
	for c := NW; c <= SW; c++ {
		if cornerNames[c] == s {
			return c, true
		}
	}
	return 0, false
}

// MaxPlayers is the most players any tableref game has; player markers and
// boards are numbered 1 to MaxPlayers.
const MaxPlayers = 6

// Marker is a non-card code.
type Marker struct {
	Type   MarkerType
	Player int    // MarkerPlayer and MarkerBoard: 1..MaxPlayers
	Corner Corner // MarkerCalibration, MarkerBoard, MarkerShaker
}

func (m Marker) body() string {
	switch m.Type {
	case MarkerCalibration:
		return "CAL-" + m.Corner.String()
	case MarkerPlayer:
		return "P" + strconv.Itoa(m.Player)
	case MarkerBoard:
		return "B" + strconv.Itoa(m.Player) + "-" + m.Corner.String()
	case MarkerShaker:
		return "SHK-" + m.Corner.String()
	}
	return "?"
}

func (m Marker) String() string { return m.body() }

// Payload is the decoded content of one tableref QR code. Exactly one of
// Card and Marker is meaningful, as Kind says.
type Payload struct {
	Kind   PayloadKind
	Card   CardRef
	Marker Marker
	// Tableref marks a card code tableref printed on its own
	// print-and-play card (kind letter P), whose printed numbers are
	// tableref's; a card code without it (kind letter C) is a sticker on
	// a boxed game's card, or a card printed before the P kind existed.
	Tableref bool
}

// CardPayload returns the payload of a card side: a sticker's code.
func CardPayload(ref CardRef) Payload { return Payload{Kind: KindCard, Card: ref} }

// PrintedCardPayload returns the payload tableref prints on its own
// print-and-play card's side.
func PrintedCardPayload(ref CardRef) Payload {
	return Payload{Kind: KindCard, Card: ref, Tableref: true}
}

// MarkerPayload returns the payload of a marker.
func MarkerPayload(m Marker) Payload { return Payload{Kind: KindMarker, Marker: m} }

// String encodes the payload:
//
//	TR1:C:SA-017F:K   card SA-017, front (a sticker)
//	TR1:P:SA-017F:K   the same on tableref's print-and-play card
//	TR1:C:SW-BACK:K   Strange World's shared back
//	TR1:M:CAL-NW:K    calibration sheet, north-west corner
//
// where K is the check character. See docs/payload.md.
func (p Payload) String() string {
	var body string
	kind := "C"
	switch p.Kind {
	case KindCard:
		body = p.Card.ID.String()
		if !p.Card.ID.Anonymous() {
			body += string(p.Card.Side.Letter())
		}
		if p.Tableref {
			kind = "P"
		}
	case KindMarker:
		kind = "M"
		body = p.Marker.body()
	default:
		return ""
	}
	head := "TR" + strconv.Itoa(PayloadVersion) + ":" + kind + ":" + body
	return head + ":" + string(checkChar(head))
}

// MarshalText writes the encoded payload.
func (p Payload) MarshalText() ([]byte, error) {
	s := p.String()
	if s == "" {
		return nil, errors.New("payload of unknown kind")
	}
	return []byte(s), nil
}

// UnmarshalText parses an encoded payload.
func (p *Payload) UnmarshalText(b []byte) error {
	v, err := ParsePayload(string(b))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

func looksLikePayload(s string) bool {
	return strings.HasPrefix(strings.ToUpper(s), "TR") && strings.Contains(s, ":")
}

// ParsePayload decodes a QR code's text. It is strict: the text must be
// exactly what Payload.String writes (upper case, no spaces). Text that
// does not start with "TR<digit>:" wraps ErrNotOurs; a tableref-looking
// text that is malformed or fails its check character gets an error that
// says which part is wrong (and also wraps ErrNotOurs, since it must not
// be acted on).
func ParsePayload(s string) (Payload, error) {
	fail := func(format string, args ...any) (Payload, error) {
		return Payload{}, fmt.Errorf("payload %q: %s: %w", s, fmt.Sprintf(format, args...), ErrMalformed)
	}
	if len(s) < 4 || s[0] != 'T' || s[1] != 'R' || s[2] < '0' || s[2] > '9' || s[3] != ':' {
		return Payload{}, fmt.Errorf("payload %q: %w", s, ErrNotOurs)
	}
	if len(s) > MaxPayloadLen {
		return fail("%d characters, at most %d", len(s), MaxPayloadLen)
	}
	if v := int(s[2] - '0'); v != PayloadVersion {
		return fail("format version %d, this build reads version %d", v, PayloadVersion)
	}
	parts := strings.Split(s, ":")
	if len(parts) != 4 {
		return fail("want 4 parts separated by ':', got %d", len(parts))
	}
	kind, body, check := parts[1], parts[2], parts[3]
	if len(check) != 1 {
		return fail("check part %q: want one character", check)
	}
	head := s[:len(s)-2]
	if want := checkChar(head); check[0] != want {
		return Payload{}, fmt.Errorf("payload %q: check character %q does not match (misprint or misread): %w", s, check, ErrBadCheck)
	}
	switch kind {
	case "C", "P":
		ref, err := parseCardBody(body)
		if err != nil {
			return fail("%v", err)
		}
		return Payload{Kind: KindCard, Card: ref, Tableref: kind == "P"}, nil
	case "M":
		m, err := parseMarkerBody(body)
		if err != nil {
			return fail("%v", err)
		}
		return MarkerPayload(m), nil
	}
	return fail("unknown kind %q (want C, P or M)", kind)
}

// WhyNotOurs says in words why a decoded QR text is not used as a tableref
// code ("" when it is one): not ours at all, a tableref code with a wrong
// check character, or a tableref-looking code that is malformed (with what
// is wrong). `scan --codes` lists it; docs/payload.md promises it.
func WhyNotOurs(text string) string {
	_, err := ParsePayload(text)
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrBadCheck):
		return "tableref code with a wrong check character (misprint or damaged sticker)"
	case errors.Is(err, ErrMalformed):
		return err.Error()
	}
	return "not a tableref code"
}

func parseCardBody(body string) (CardRef, error) {
	deck, rest, ok := strings.Cut(body, "-")
	if !ok {
		return CardRef{}, fmt.Errorf("card %q: want DECK-NNNS", body)
	}
	if err := checkDeckCode(deck); err != nil {
		return CardRef{}, err
	}
	if rest == "BACK" {
		return CardRef{ID: CardID{Deck: deck}, Side: Back}, nil
	}
	if len(rest) != 4 {
		return CardRef{}, fmt.Errorf("card %q: want 3 digits and a side letter after the deck", body)
	}
	n, err := strconv.Atoi(rest[:3])
	if err != nil || n < 1 || rest[0] == '-' || rest[0] == '+' {
		return CardRef{}, fmt.Errorf("card %q: number %q is not 001 to 999", body, rest[:3])
	}
	ref := CardRef{ID: CardID{Deck: deck, Num: n}}
	switch rest[3] {
	case 'F':
	case 'B':
		ref.Side = Back
	default:
		return CardRef{}, fmt.Errorf("card %q: side %q, want F or B", body, rest[3:])
	}
	return ref, nil
}

func parseMarkerBody(body string) (Marker, error) {
	player := func(s string) (int, error) {
		if len(s) != 1 || s[0] < '1' || s[0] > '0'+MaxPlayers {
			return 0, fmt.Errorf("marker %q: player %q is not 1 to %d", body, s, MaxPlayers)
		}
		return int(s[0] - '0'), nil
	}
	corner := func(s string) (Corner, error) {
		c, ok := parseCorner(s)
		if !ok {
			return 0, fmt.Errorf("marker %q: corner %q is not NW, NE, SE or SW", body, s)
		}
		return c, nil
	}
	name, rest, hasCorner := strings.Cut(body, "-")
	switch {
	case name == "CAL" && hasCorner:
		c, err := corner(rest)
		return Marker{Type: MarkerCalibration, Corner: c}, err
	case name == "SHK" && hasCorner:
		c, err := corner(rest)
		return Marker{Type: MarkerShaker, Corner: c}, err
	case len(name) == 2 && name[0] == 'B' && hasCorner:
		p, err := player(name[1:])
		if err != nil {
			return Marker{}, err
		}
		c, err := corner(rest)
		return Marker{Type: MarkerBoard, Player: p, Corner: c}, err
	case len(name) == 2 && name[0] == 'P' && !hasCorner:
		p, err := player(name[1:])
		return Marker{Type: MarkerPlayer, Player: p}, err
	}
	return Marker{}, fmt.Errorf("marker %q: want CAL-<corner>, P<n>, B<n>-<corner> or SHK-<corner>", body)
}

// checkAlphabet is the set the check character is computed over and drawn
// from. Separators (':' and '-') are skipped: the grammar fixes them.
const checkAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// checkChar is the Luhn mod 36 check character of s's letters and digits.
// Luhn mod N catches every single-character error and every swap of two
// neighbouring characters, the misreads and typos worth guarding against
// on top of the QR code's own Reed–Solomon correction.
func checkChar(s string) byte {
	const n = len(checkAlphabet)
	factor, sum := 2, 0
	for i := len(s) - 1; i >= 0; i-- {
		v := strings.IndexByte(checkAlphabet, s[i])
		if v < 0 {
			continue
		}
		addend := factor * v
		addend = addend/n + addend%n
		sum += addend
		if factor == 2 {
			factor = 1
		} else {
			factor = 2
		}
	}
	return checkAlphabet[(n-sum%n)%n]
}
