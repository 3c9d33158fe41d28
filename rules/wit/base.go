package wit

import (
	"fmt"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// Game phases, saved in the state.
const (
	phaseSetup   = "setup"   // waiting for the starting cities
	phasePlay    = "play"    // waiting for the active player's placement
	phaseUndo    = "undo"    // Continental: a push was refused; waiting for the cards to go back
	phaseDiscard = "discard" // Continental: a wrong card must leave the map
	phaseOver    = "over"
)

// base is what both modes share: setup, options, the deck and the turn
// counter. Turn order follows from the count of resolved placements, so
// nobody has to say whose turn it is.
type base struct {
	Setup    rules.Setup `json:"setup"`
	DeckCode string      `json:"deck"`
	Phase    string      `json:"phase"`
	Placed   int         `json:"placed"` // placements resolved so far
	// Print is who printed the cards seen so far, as their codes say
	// (geo.Print: tableref's own while every card says P, mixed once one
	// does not).
	Print geo.Print `json:"print,omitzero"`

	deck  *Deck // the deck judged and spoken with
	setUp *Deck // the deck the setup gives (options deck and printedBy)
	opts  options
}

// seePrint follows who printed the cards on the table. While every card
// seen carries tableref's print-and-play code, the referee judges and
// speaks with the numbers tableref prints on its own cards, with or
// without the printedBy option; once a card without it is seen (a sticker
// on a boxed game's card, or a card printed before the P kind), the table
// is mixed and the deck the setup gives is used for the rest of the game:
// its numbers are not on every card.
func (b *base) seePrint(t rules.Table) {
	b.Print = b.Print.See(t)
	b.deck = deckPrinted(b.setUp, b.Print)
}

// deckPrinted is the deck to judge with: the setup's, or, on a table of
// tableref's own cards only, the same ranks with their numbers said.
func deckPrinted(d *Deck, print geo.Print) *Deck {
	if print == geo.PrintTableref && !d.SaysNumbers() {
		return d.withNumbers()
	}
	return d
}

func newBase(s rules.Setup, d *Deck) (base, error) {
	o, err := parseOptions(s)
	if err != nil {
		return base{}, err
	}
	return base{Setup: s, DeckCode: d.Code, Phase: phaseSetup, deck: d, setUp: d, opts: o}, nil
}

// restore fills the unsaved fields after the state was read back.
func (b *base) restore() error {
	d, err := setupDeck(b.Setup, b.DeckCode)
	if err != nil {
		return err
	}
	o, err := parseOptions(b.Setup)
	if err != nil {
		return err
	}
	switch b.Phase {
	case phaseSetup, phasePlay, phaseUndo, phaseDiscard, phaseOver:
	default:
		return fmt.Errorf("saved phase %q unknown", b.Phase)
	}
	if err := b.Print.Check(); err != nil {
		return err
	}
	b.deck, b.setUp, b.opts = deckPrinted(d, b.Print), d, o
	if len(b.Setup.Players) == 0 || b.Placed < 0 || b.Placed > b.total() {
		return fmt.Errorf("saved placement count %d out of range", b.Placed)
	}
	return nil
}

func (b *base) players() int { return len(b.Setup.Players) }

func (b *base) total() int { return b.players() * b.opts.perPlayer }

// roundOf returns the 1-based round of the placement with 0-based index i.
func (b *base) roundOf(i int) int { return i/b.players() + 1 }

// firstOf returns the player who starts round r: the first player, then
// each round the player to the left of the previous round's first.
func (b *base) firstOf(r int) int { return (r-1)%b.players() + 1 }

// playerOf returns the player who makes the placement with 0-based index i:
// clockwise from the round's first player.
func (b *base) playerOf(i int) int {
	return (b.firstOf(b.roundOf(i))-1+i%b.players())%b.players() + 1
}

// active is the player whose placement is awaited.
func (b *base) active() int { return b.playerOf(b.Placed) }

func (b *base) name(p int) string { return b.Setup.PlayerName(p) }

func (b *base) short(p int) string { return rules.ShortName(b.name(p), 9) }

func (b *base) cardName(id rules.CardID) string { return b.deck.Name(id) }

// Finished reports whether the game is over.
func (b *base) Finished() bool { return b.Phase == phaseOver }

// Input answers any button: this game needs none, as every move is seen.
func (b *base) Input(in rules.Input) []rules.Event {
	if in.Type == rules.InputUndo {
		return nil // the daemon undoes by replaying the journal
	}
	return []rules.Event{{Kind: rules.EventInfo, Player: in.Player, Short: rules.Say("No button needed", "Just play"),
		Long: fmt.Sprintf("Where is That? needs no %q input: the referee sees every placement on the table", in.Type)}}
}

// turnEvents announces the next placement: a new round when one starts,
// then whose turn it is. verb and deal say what the round's first player
// does with the cards: "draws", "draws %d cards (one per player) and lays
// them flag side up".
func (b *base) turnEvents(verb, deal string) []rules.Event {
	var evs []rules.Event
	r, p := b.roundOf(b.Placed), b.active()
	if b.Placed%b.players() == 0 {
		first, n := b.firstOf(r), b.players()
		evs = append(evs, rules.Event{Kind: rules.EventRound, Round: r, Player: first,
			Short: rules.Say(fmt.Sprintf("Round %d of %d", r, b.opts.perPlayer), fmt.Sprintf("%s %s %d", b.short(first), verb, n)),
			Long:  fmt.Sprintf("Round %d of %d: %s %s.", r, b.opts.perPlayer, b.name(first), fmt.Sprintf(deal, n))})
	}
	evs = append(evs, rules.Event{Kind: rules.EventTurn, Round: r, Player: p,
		Short: rules.Say(b.short(p)+"'s turn", "Place a card"),
		Long:  fmt.Sprintf("%s's turn: take one of the available cards and place it flag side up.", b.name(p))})
	return evs
}

func warn(bm *badMove, player int, card rules.CardID) rules.Event {
	return rules.Event{Kind: rules.EventWarning, Player: player, Card: card, Short: bm.Short, Long: capital(bm.Long) + "."}
}

func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
