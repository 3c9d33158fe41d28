package learn

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/tableref/tableref/cmd/tableref/internal/pidlock"
	"io/fs"
	"math"
	"os"
	"sort"
	"strings"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// Card is one card the user confirmed: its number (the sticker's), name
// and circle numbers.
type Card struct {
	Num  int    `json:"num"`
	Name string `json:"name"`
	NS   int    `json:"ns"`
	WE   int    `json:"we"`
	// LatText and LonText are the coordinates a Nord Sud Ovest Est or
	// Map It! card prints, as it writes them ("41°N", "38°54'N").
	LatText string `json:"lat,omitzero"`
	LonText string `json:"lon,omitzero"`
	// Asked says the user answered a question about this card rather
	// than taking a sure read.
	Asked bool `json:"asked,omitzero"`
}

// Values is what the card prints that the rules use, for the terminal.
func (c Card) Values() string {
	if c.LatText != "" || c.LonText != "" {
		return c.LatText + " " + c.LonText
	}
	return fmt.Sprintf("%3d %3d", c.NS, c.WE)
}

// printed parses a card's printed coordinates for a Nord Sud Ovest Est
// (whole degrees) or Map It! session.
func (s *Session) printed(c Card) (*geo.Printed, error) {
	p := &geo.Printed{LatText: c.LatText, LonText: c.LonText, HasCoords: true}
	var err error
	if p.Lat, err = geo.ParseCoord(c.LatText, geo.AxisLat); err == nil {
		p.Lon, err = geo.ParseCoord(c.LonText, geo.AxisLon)
	}
	if err == nil && s.Game == geo.GameNSOE && (p.Lat != math.Trunc(p.Lat) || p.Lon != math.Trunc(p.Lon)) {
		err = errors.New("the cards of Nord Sud Ovest Est print whole degrees")
	}
	if err != nil {
		return nil, fmt.Errorf("card %d (%s): its coordinates %q %q: %w", c.Num, c.Name, c.LatText, c.LonText, err)
	}
	return p, nil
}

// Session is a learn session kept in a file: a header line, then one line
// per confirmed card, each written and synced the moment it is confirmed.
// A later line for the same card replaces the earlier one. An interrupted
// session (a closed terminal, a power cut) loses nothing confirmed; a line
// torn by the cut is left out.
type Session struct {
	Code, Game string
	path       string
	cards      map[int]Card
	lock       *pidlock.Lock
	// Torn says the file ended in a torn line, which was left out.
	Torn bool
}

// Close lets another learn open the session.
func (s *Session) Close() {
	if s.lock != nil {
		s.lock.Release()
		s.lock = nil
	}
}

type sessionLine struct {
	Kind   string `json:"kind"` // "session", "card" or "forget"
	Format int    `json:"format,omitzero"`
	Code   string `json:"code,omitzero"`
	Game   string `json:"game,omitzero"`
	Card   *Card  `json:"card,omitzero"`
	Num    int    `json:"num,omitzero"`
}

const sessionFormat = 1

// Open resumes the session in path, or starts it there. A session file
// belongs to one deck and game: opening it for another is an error.
//
// One learn at a time has a session: Open locks it (path + ".lock") until
// Close, and a second learn on it is refused, naming the one that has it
// (two learns on one file both ended well, and the last to write the deck
// file won: 24 cards in the session, 12 in the file).
func Open(path, code, game string) (s *Session, err error) {
	code, game = strings.ToUpper(code), strings.ToLower(game)
	if err := rules.CheckDeckCode(code); err != nil {
		return nil, err
	}
	lock, err := pidlock.Take(path+".lock", "decks learn "+code)
	if err != nil {
		var held *pidlock.HeldError
		if errors.As(err, &held) {
			return nil, fmt.Errorf("%s: another learn has this session (%s): finish it first, or give another --session file", path, held.Holder)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	defer func() {
		if err != nil {
			lock.Release()
		}
	}()
	return open(path, code, game, lock)
}

func open(path, code, game string, lock *pidlock.Lock) (*Session, error) {
	s := &Session{Code: code, Game: game, path: path, cards: map[int]Card{}, lock: lock}
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return s, s.append(sessionLine{Kind: "session", Format: sessionFormat, Code: code, Game: game})
	case err != nil:
		return nil, err
	}
	lines := bytes.Split(data, []byte("\n"))
	offset := 0 // where the line being read starts
	header := false
	for i, l := range lines {
		start := offset
		offset += len(l) + 1
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		var sl sessionLine
		if err := json.Unmarshal(bytes.TrimSpace(l), &sl); err != nil {
			if i == len(lines)-1 || i == len(lines)-2 && len(bytes.TrimSpace(lines[len(lines)-1])) == 0 {
				// The last line, cut short by a crash: cut it off, so
				// the next card starts a line of its own.
				s.Torn = true
				if err := os.Truncate(path, int64(start)); err != nil {
					return nil, err
				}
				break
			}
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		if !header && sl.Kind != "session" {
			return nil, fmt.Errorf("%s:%d: not a learn session (its first line is no session header)", path, i+1)
		}
		switch sl.Kind {
		case "session":
			header = true
			if sl.Code != code || sl.Game != game {
				return nil, fmt.Errorf("%s is a learn session of deck %s (%s), not %s (%s): give another --session file", path, sl.Code, sl.Game, code, game)
			}
			if sl.Format != sessionFormat {
				return nil, fmt.Errorf("%s: session format %d, this tableref reads %d", path, sl.Format, sessionFormat)
			}
		case "card":
			if sl.Card == nil || sl.Card.Num < 1 || sl.Card.Num > rules.MaxCardNum {
				return nil, fmt.Errorf("%s:%d: a card line without a card number", path, i+1)
			}
			s.cards[sl.Card.Num] = *sl.Card
		case "forget":
			delete(s.cards, sl.Num)
		default:
			return nil, fmt.Errorf("%s:%d: unknown line kind %q", path, i+1, sl.Kind)
		}
	}
	if header && !s.Torn && len(data) > 0 && data[len(data)-1] != '\n' {
		// A whole last line without its newline: give it one, so the
		// next card starts a line of its own.
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return nil, err
		}
		_, err = f.WriteString("\n")
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, err
		}
	}
	if !header { // empty, or its header torn: it holds nothing; start it again
		if err := os.Truncate(path, 0); err != nil {
			return nil, err
		}
		return s, s.append(sessionLine{Kind: "session", Format: sessionFormat, Code: code, Game: game})
	}
	return s, nil
}

// Path is the session file.
func (s *Session) Path() string { return s.path }

// append writes one line and syncs it to the disk.
func (s *Session) append(l sessionLine) error {
	b, err := json.Marshal(l)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(s.path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(b, '\n')); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Confirm records a card. Its circle numbers must be new on each axis:
// every card prints its own.
func (s *Session) Confirm(c Card) error {
	if c.Num < 1 || c.Num > rules.MaxCardNum {
		return fmt.Errorf("card number %d: want 1 to %d", c.Num, rules.MaxCardNum)
	}
	if strings.TrimSpace(c.Name) == "" {
		return fmt.Errorf("card %d has no name", c.Num)
	}
	if s.Game != geo.GameWIT {
		if _, err := s.printed(c); err != nil {
			return err
		}
	} else {
		if c.NS < 1 || c.WE < 1 || c.NS > 999 || c.WE > 999 {
			return fmt.Errorf("card %d (%s): circle numbers %d and %d: want 1 to 999", c.Num, c.Name, c.NS, c.WE)
		}
		if o, ok := s.holder(NS, c.NS, c.Num); ok {
			return fmt.Errorf("%s's north–south number %d is already %s's", c.Name, c.NS, o.Name)
		}
		if o, ok := s.holder(WE, c.WE, c.Num); ok {
			return fmt.Errorf("%s's west–east number %d is already %s's", c.Name, c.WE, o.Name)
		}
	}
	c.Name = strings.TrimSpace(c.Name)
	if err := s.append(sessionLine{Kind: "card", Card: &c}); err != nil {
		return fmt.Errorf("saving the session: %w", err)
	}
	s.cards[c.Num] = c
	return nil
}

// Forget takes a confirmed card back out of the session.
func (s *Session) Forget(num int) error {
	if _, ok := s.cards[num]; !ok {
		return nil
	}
	if err := s.append(sessionLine{Kind: "forget", Num: num}); err != nil {
		return err
	}
	delete(s.cards, num)
	return nil
}

// holder is the confirmed card, other than num, printing v on axis a.
func (s *Session) holder(a Axis, v, num int) (Card, bool) {
	for _, c := range s.cards {
		if c.Num == num {
			continue
		}
		if a == NS && c.NS == v || a == WE && c.WE == v {
			return c, true
		}
	}
	return Card{}, false
}

// Card returns a confirmed card.
func (s *Session) Card(num int) (Card, bool) {
	c, ok := s.cards[num]
	return c, ok
}

// Cards returns the confirmed cards in number order.
func (s *Session) Cards() []Card {
	out := make([]Card, 0, len(s.cards))
	for _, c := range s.cards {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Num < out[j].Num })
	return out
}

// contradiction returns a confirmed card whose printed order disagrees
// with v on axis a for the card at lat/lon: one clearly north (west) of
// it by tableref's coordinates but printing a higher number. Coordinates
// closer than margin degrees are not compared: the publisher may place a
// town a little differently.
func (s *Session) contradiction(a Axis, v int, num int, lat, lon float64) (Card, bool) {
	const margin = 1.5
	for _, c := range s.cards {
		if c.Num == num {
			continue
		}
		g, ok := deckCard(rules.CardID{Deck: s.Code, Num: c.Num})
		if !ok || !g.HasCoords {
			continue
		}
		if a == NS {
			if d := g.Lat - lat; math.Abs(d) > margin && (d > 0) != (c.NS < v) {
				return c, true
			}
		} else {
			if d := lon - g.Lon; math.Abs(d) > margin && (d > 0) != (c.WE < v) {
				return c, true
			}
		}
	}
	return Card{}, false
}

// deckCard is what tableref knows of card id: the deck installed under its
// code, else tableref's own deck of that code. A learned deck installed
// after the first dozen replaces tableref's deck and holds only the cards
// learned so far; the next dozen are still tableref's cards, and their
// names and coordinates are still wanted (to check the name read, to
// check the order, and to keep in the deck file).
func deckCard(id rules.CardID) (geo.Card, bool) {
	if c, ok := geo.Lookup(id); ok {
		return c, true
	}
	for _, c := range geo.Builtin(id.Deck) {
		if c.ID.Num == id.Num {
			return c, true
		}
	}
	return geo.Card{}, false
}

// DeckFile is the session as a deck file: the confirmed cards with their
// circle numbers, each keeping what the deck of the same code knows of it
// (aliases, country, coordinates, kind), so the referee can still warn and
// draw maps. name is the deck's name ("" keeps the current deck's).
func (s *Session) DeckFile(name string) (*geo.DeckFile, error) {
	if len(s.cards) == 0 {
		return nil, errors.New("no card confirmed yet")
	}
	d := &geo.DeckFile{Code: s.Code, Game: s.Game, Name: name}
	if in, ok := geo.Info(s.Code); ok && name == "" {
		d.Name = in.Name
	}
	if d.Name == "" {
		d.Name = geo.GameName(s.Game) + " (" + s.Code + ")"
	}
	for _, c := range s.Cards() {
		card, ok := deckCard(rules.CardID{Deck: s.Code, Num: c.Num})
		if !ok {
			card = geo.Card{Kind: geo.KindCity}
		}
		if !ok || rules.Fold(card.Name) != rules.Fold(c.Name) {
			// A new card, or one the user named otherwise: nothing the
			// deck knows of that number belongs to it.
			card = geo.Card{Name: c.Name, Kind: geo.KindCity}
		}
		card.ID = rules.CardID{Deck: s.Code, Num: c.Num}
		card.Printed = &geo.Printed{NS: c.NS, WE: c.WE}
		if s.Game != geo.GameWIT {
			var err error
			if card.Printed, err = s.printed(c); err != nil {
				return nil, err
			}
		}
		card.Aliases = dropFolded(card.Aliases, card.Name)
		d.Cards = append(d.Cards, card)
	}
	// Read it back through the deck-file checks: what learn writes,
	// import reads.
	var buf bytes.Buffer
	if err := geo.WriteDeckFile(&buf, d); err != nil {
		return nil, err
	}
	return geo.ReadDeckFile(&buf, geo.ParseOptions{File: s.path})
}

// dropFolded removes aliases equal to name once folded, and duplicates.
func dropFolded(aliases []string, name string) []string {
	seen := map[string]bool{rules.Fold(name): true}
	var out []string
	for _, a := range aliases {
		if f := rules.Fold(a); !seen[f] {
			seen[f] = true
			out = append(out, a)
		}
	}
	return out
}
