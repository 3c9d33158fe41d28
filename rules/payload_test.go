package rules

import (
	"encoding/json"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"
)

func TestPayloadRoundTrip(t *testing.T) {
	cases := []struct {
		p    Payload
		want string
	}{
		{CardPayload(CardRef{ID: CardID{"SA", 17}}), "TR1:C:SA-017F:"},
		{CardPayload(CardRef{ID: CardID{"SA", 17}, Side: Back}), "TR1:C:SA-017B:"},
		{CardPayload(CardRef{ID: CardID{"STC", 999}, Side: Back}), "TR1:C:STC-999B:"},
		{CardPayload(CardRef{ID: CardID{Deck: "SW"}, Side: Back}), "TR1:C:SW-BACK:"},
		{MarkerPayload(Marker{Type: MarkerCalibration, Corner: SE}), "TR1:M:CAL-SE:"},
		{MarkerPayload(Marker{Type: MarkerPlayer, Player: 6}), "TR1:M:P6:"},
		{MarkerPayload(Marker{Type: MarkerBoard, Player: 3, Corner: NW}), "TR1:M:B3-NW:"},
		{MarkerPayload(Marker{Type: MarkerShaker, Corner: NE}), "TR1:M:SHK-NE:"},
	}
	for _, c := range cases {
		s := c.p.String()
		if !strings.HasPrefix(s, c.want) || len(s) != len(c.want)+1 {
			t.Errorf("%+v encodes as %q, want %q plus a check character", c.p, s, c.want)
		}
		if len(s) > MaxPayloadLen {
			t.Errorf("%q is longer than %d characters", s, MaxPayloadLen)
		}
		for _, r := range s {
			if !strings.ContainsRune("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:", r) {
				t.Errorf("%q has %q, outside QR alphanumeric mode", s, r)
			}
		}
		got, err := ParsePayload(s)
		if err != nil {
			t.Fatalf("ParsePayload(%q): %v", s, err)
		}
		if got != c.p {
			t.Errorf("ParsePayload(%q) = %+v, want %+v", s, got, c.p)
		}
	}
}

func TestParsePayloadRejects(t *testing.T) {
	good := CardPayload(CardRef{ID: CardID{"SA", 17}}).String()
	cases := map[string]string{
		"":                      "",
		"https://example.org/x": "",
		"tr1:c:sa-017f:x":       "",
		"TR2:C:SA-017F:K":       "version 2",
		"TR1:C:SA-017F":         "4 parts",
		"TR1:X:SA-017F:K":       "check character",
		"TR1:C:SA-017X:K":       "check character",
		"TR1:C:SA-017F:K:Z":     "characters",
		good[:len(good)-1]:      "check part",
	}
	for in, wantMsg := range cases {
		_, err := ParsePayload(in)
		if !errors.Is(err, ErrNotOurs) {
			t.Errorf("ParsePayload(%q) = %v, want an ErrNotOurs error", in, err)
			continue
		}
		if !strings.Contains(err.Error(), wantMsg) {
			t.Errorf("ParsePayload(%q) error %q does not say %q", in, err, wantMsg)
		}
	}
	// Well-formed bodies with a valid check character but bad content.
	for body, wantMsg := range map[string]string{
		"C:SA-000F": "not 001 to 999",
		"C:SA-017Q": "side",
		"C:S-017F":  "deck code",
		"C:1A-017F": "deck code",
		"M:P7":      "player",
		"M:CAL-N":   "corner",
		"M:FOO":     "want CAL",
		"Z:SA-017F": "unknown kind",
	} {
		head := "TR1:" + body
		in := head + ":" + string(checkChar(head))
		_, err := ParsePayload(in)
		if err == nil || !strings.Contains(err.Error(), wantMsg) {
			t.Errorf("ParsePayload(%q) = %v, want an error saying %q", in, err, wantMsg)
		}
	}
}

// Every single-character change and every swap of two neighbouring
// characters of a valid payload must be caught.
func TestCheckCharacterCatchesTyposAndSwaps(t *testing.T) {
	for _, p := range []Payload{
		CardPayload(CardRef{ID: CardID{"SA", 17}}),
		CardPayload(CardRef{ID: CardID{"WLD", 203}, Side: Back}),
		MarkerPayload(Marker{Type: MarkerBoard, Player: 2, Corner: SW}),
	} {
		s := p.String()
		for i := 0; i < len(s); i++ {
			for _, r := range checkAlphabet {
				if byte(r) == s[i] {
					continue
				}
				bad := s[:i] + string(r) + s[i+1:]
				if got, err := ParsePayload(bad); err == nil && got == p {
					t.Errorf("%q changed to %q still parses as the same payload", s, bad)
				} else if err == nil {
					t.Errorf("%q changed to %q parses as another payload %v", s, bad, got)
				}
			}
			if i+1 < len(s) && s[i] != s[i+1] {
				swapped := s[:i] + string(s[i+1]) + string(s[i]) + s[i+2:]
				if _, err := ParsePayload(swapped); err == nil {
					t.Errorf("%q with positions %d,%d swapped (%q) still parses", s, i, i+1, swapped)
				}
			}
		}
	}
}

func FuzzParsePayload(f *testing.F) {
	f.Add("TR1:C:SA-017F:" + string(checkChar("TR1:C:SA-017F")))
	f.Add("TR1:M:B3-NW:X")
	f.Add("TR1:C:SW-BACK:0")
	f.Add("TR1:P:SA-017F:" + string(checkChar("TR1:P:SA-017F")))
	f.Add("hello")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePayload(s)
		if err != nil {
			if !errors.Is(err, ErrNotOurs) {
				t.Fatalf("ParsePayload(%q) error %v does not wrap ErrNotOurs", s, err)
			}
			return
		}
		// Strict: whatever parses is exactly what we would write.
		if p.String() != s {
			t.Fatalf("ParsePayload(%q) = %+v, which encodes as %q", s, p, p.String())
		}
	})
}

func TestParseCardRef(t *testing.T) {
	cases := map[string]CardRef{
		"SA-017":    {ID: CardID{"SA", 17}},
		"sa-17/b":   {ID: CardID{"SA", 17}, Side: Back},
		" SA-017/F": {ID: CardID{"SA", 17}},
		"SW-BACK":   {ID: CardID{Deck: "SW"}, Side: Back},
		CardPayload(CardRef{ID: CardID{"EU", 5}, Side: Back}).String(): {ID: CardID{"EU", 5}, Side: Back},
	}
	for in, want := range cases {
		got, err := ParseCardRef(in)
		if err != nil || got != want {
			t.Errorf("ParseCardRef(%q) = %v, %v; want %v", in, got, err, want)
		}
		if err == nil {
			back, err := ParseCardRef(got.String())
			if err != nil || back != got {
				t.Errorf("token %q of %v reads back as %v, %v", got.String(), got, back, err)
			}
		}
	}
	for _, bad := range []string{"SA", "SA-0", "SA-1000", "SA-017/X", "SW-BACK/F", "TR1:M:P3:" + string(checkChar("TR1:M:P3"))} {
		if _, err := ParseCardRef(bad); err == nil {
			t.Errorf("ParseCardRef(%q) accepted it", bad)
		}
	}
}

// The examples in docs/payload.md must be real payloads.
func TestPayloadDocExamplesParse(t *testing.T) {
	doc, err := os.ReadFile("../docs/payload.md")
	if err != nil {
		t.Skipf("docs not beside the package: %v", err)
	}
	examples := regexp.MustCompile("`(TR1:[CPM]:[A-Z0-9-]+:[A-Z0-9])`").FindAllStringSubmatch(string(doc), -1)
	if len(examples) < 6 {
		t.Fatalf("found %d payload examples in docs/payload.md, want at least 6", len(examples))
	}
	for _, m := range examples {
		if _, err := ParsePayload(m[1]); err != nil {
			t.Errorf("docs/payload.md example: %v", err)
		}
	}
}

// A code that looks like ours but fails its check character is told apart
// from one that is not ours at all, and from one that is malformed: a
// damaged sticker must be said as such (docs/payload.md).
func TestWhyNotOurs(t *testing.T) {
	good := CardPayload(CardRef{ID: CardID{Deck: "SA", Num: 17}}).String()
	bad := good[:len(good)-1] + string(rune('A'+(good[len(good)-1]-'A'+1)%26))
	for text, want := range map[string]string{
		good:                  "",
		bad:                   "tableref code with a wrong check character (misprint or damaged sticker)",
		"HTTPS://EXAMPLE.COM": "not a tableref code",
		"TR2:C:SA-017F:K":     `payload "TR2:C:SA-017F:K": format version 2, this build reads version 1: malformed tableref code`,
	} {
		if got := WhyNotOurs(text); got != want {
			t.Errorf("WhyNotOurs(%q) = %q, want %q", text, got, want)
		}
	}
	_, err := ParsePayload(bad)
	if !errors.Is(err, ErrBadCheck) || !errors.Is(err, ErrNotOurs) || errors.Is(err, ErrMalformed) {
		t.Errorf("wrong check character: %v", err)
	}
	_, err = ParsePayload("TR1:C:SA-17F:" + string(checkChar("TR1:C:SA-17F"))) // right check, bad number
	if !errors.Is(err, ErrMalformed) || !errors.Is(err, ErrNotOurs) || errors.Is(err, ErrBadCheck) {
		t.Errorf("malformed: %v", err)
	}
}

// Tableref's print-and-play cards carry kind P, stickers kind C: the code
// says who printed the card, and old C codes read as before (issue 29).
func TestPayloadSaysWhoPrintedTheCard(t *testing.T) {
	ref := CardRef{ID: CardID{"WLD", 117}, Side: Back}
	printed := PrintedCardPayload(ref)
	s := printed.String()
	if !strings.HasPrefix(s, "TR1:P:WLD-117B:") || len(s) > MaxPayloadLen {
		t.Fatalf("printed card payload %q: want TR1:P:WLD-117B:<check>, at most %d characters", s, MaxPayloadLen)
	}
	got, err := ParsePayload(s)
	if err != nil || !got.Tableref || got.Kind != KindCard || got.Card != ref {
		t.Errorf("ParsePayload(%q) = %+v, %v; want a tableref-printed card %v", s, got, err, ref)
	}
	sticker := CardPayload(ref).String()
	got, err = ParsePayload(sticker)
	if err != nil || got.Tableref || got.Card != ref {
		t.Errorf("ParsePayload(%q) = %+v, %v; want a sticker's card %v", sticker, got, err, ref)
	}
	if sticker[4] != 'C' {
		t.Errorf("sticker payload %q: old codes keep kind C", sticker)
	}
	if ref2, err := ParseCardRef(s); err != nil || ref2 != ref {
		t.Errorf("ParseCardRef(%q) = %v, %v; want %v", s, ref2, err, ref)
	}
	// A table says which of its cards tableref printed, and keeps it
	// through its JSON (journals, replays).
	var tab Table
	tab.Zones = map[string]*Zone{"map": {}}
	tab.Zones["map"].Set(Pos{0, 0}, Cell{Card: ref})
	tab.MarkTableref(ref.ID)
	b, err := json.Marshal(tab)
	if err != nil {
		t.Fatal(err)
	}
	var back Table
	if err := json.Unmarshal(b, &back); err != nil || !back.Tableref[ref.ID] || !back.Equal(tab) {
		t.Errorf("table %s reads back as %+v, %v", b, back, err)
	}
}
