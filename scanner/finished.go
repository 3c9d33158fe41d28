package scanner

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/tableref/tableref/rules"
)

// Read reports whether the scan read cell p of a zone for sure
// (rules.ReadFunc): a card or a colour in its table, or a square of a mat
// or board it saw empty. A square whose colour was unknown, or of a board
// not found in the photo, was not read.
func (sc *Scan) Read(zone string, p rules.Pos) bool {
	if !sc.Table.Zone(zone).At(p).Empty() {
		return true
	}
	for _, c := range sc.Colours {
		if c.Zone == zone && c.Pos == p {
			return !c.Unknown
		}
	}
	return false
}

// CheckShape compares the scan's table with the shape its mode expects of a
// finished table (rules.Mode.Expect) and returns what the photo missed. Each
// gap is also added to the scan's problems (ProblemMissing, with its cells),
// so Annotate marks the cells. A mode without a shape has no gaps.
func (sc *Scan) CheckShape(m *rules.Mode, s rules.Setup) []rules.Gap {
	if m == nil || m.Expect == nil {
		return nil
	}
	gaps := rules.FindGaps(m.Expect(s, sc.Table), sc.Table, sc.Read)
	for _, g := range gaps {
		sc.Problems = append(sc.Problems, Problem{Kind: ProblemMissing, Zone: g.Zone, Cells: g.Cells, Text: g.Text})
	}
	return gaps
}

// Status is the outcome of a one-photo score, which `tableref scan` turns
// into its exit status (docs/scanner.md).
type Status string

const (
	// StatusOK: the table was read whole and scored (or judged).
	StatusOK Status = "ok"
	// StatusMissing: the photo missed part of the shape a finished table
	// has (a card, a square): no scores and no winner, the cells named.
	StatusMissing Status = "missing"
	// StatusUnsure: cards or cells were left out for a problem (two cards
	// in a cell, a card between cells, an unknown colour).
	StatusUnsure Status = "unsure"
)

// Finished is the score of a finished table seen in one photo.
type Finished struct {
	Mode    string        `json:"mode"`
	Players []string      `json:"players"`
	Plane   string        `json:"plane"`
	Cards   int           `json:"cards"`
	Cells   int           `json:"colour_cells"`
	Table   rules.Table   `json:"table"`
	Scores  []rules.Score `json:"scores"`
	Winners []int         `json:"winners"`
	// Undecided names the players tied on all tableref sees when the
	// tie-break is on their cards (Winners is then empty), and how they
	// settle it.
	Undecided *rules.Undecided `json:"undecided,omitempty"`
	Events    []rules.Event    `json:"events"`
	// Problems say what was left out and why (the gaps apart).
	Problems []string `json:"problems,omitempty"`
	// Gaps are what the photo missed of the finished table's shape.
	Gaps []rules.Gap `json:"gaps,omitempty"`
	// TieBreak says how a win was decided when a winner's total equals a
	// loser's ("tie-break: closest 26/30, gap 4"); empty otherwise.
	TieBreak string `json:"tie_break,omitempty"`
	// Accepted is set when the gaps were accepted (--allow-missing): the
	// scores count only what was read.
	Accepted bool   `json:"gaps_accepted,omitempty"`
	Status   Status `json:"status"`
}

// ScoreFinished scores the finished table a photo's scan shows with its
// mode's ScoreTable. A partial read never becomes a score: when the photo
// missed part of the table's shape, the result has no scores, no winner and
// no end event, unless allowMissing accepts the gaps (the scores then count
// only what was read, and say so). The same holds when a problem left a
// card or square of the game out (two cards in one cell, a card between
// cells, seen twice, …): the status is then unsure, and the scores are
// withheld unless allowMissing.
//
// A photo with no tableref code, or whose cards are all of decks the game
// is not played with (a photo of another game), is an error: nothing in it
// can be scored. Cards of other decks beside the game's own (a stray card
// from another box) are left out of the table before the shape check, so
// they never fill a cell of the finished shape, and named as a problem.
func ScoreFinished(m *rules.Mode, s rules.Setup, sc *Scan, allowMissing bool) (Finished, error) {
	out := Finished{Mode: m.ID, Players: s.Players, Plane: sc.Plane, Table: sc.Table, Status: StatusOK}
	if len(sc.Codes) == 0 && sc.Table.Equal(rules.Table{}) {
		others := ""
		if n := len(sc.Foreign); n > 0 {
			others = fmt.Sprintf(", only %s of other kinds", rules.Count(n, "QR code"))
		}
		return out, fmt.Errorf("no tableref code read in the photo%s: is it the photo of the table, in focus, with every card in view? ('tableref scan --codes PHOTO' lists the codes it holds)", others)
	}
	plays := playsDecks(m, s)
	if own, other := sc.cardsByDeck(plays); own == 0 && len(other) > 0 && len(plays) > 0 {
		// Every card read, placed or not, is of another deck: the photo
		// of another game, or --game names the wrong one.
		return out, otherGameError(m, s, other)
	}
	if other := sc.leaveOutOtherDecks(plays); len(other) > 0 {
		them := "them"
		if len(other) == 1 {
			them = "it"
		}
		sc.Problems = append(sc.Problems, Problem{Kind: ProblemOtherGame, Cards: other,
			Text: fmt.Sprintf("%s not of %s: %s; left out: take %s off the table, or scan with the right --game",
				rules.Count(len(other), "card"), playedWith(m, s), byDeck(other), them)})
	}
	out.Gaps = sc.CheckShape(m, s)
	for _, c := range sc.Cards {
		if c.Zone != "" && plays[c.Ref.ID.Deck] {
			out.Cards++
		}
	}
	for _, c := range sc.Colours {
		if c.Colour != "" {
			out.Cells++
		}
	}
	if m.ScoreTable != nil {
		var err error
		out.Scores, out.Events, err = m.ScoreTable(s, sc.Table)
		if err != nil {
			return out, fmt.Errorf("scoring %s: %w", m.ID, err)
		}
		out.Winners = winnersOf(out.Scores, out.Events)
		if len(out.Winners) == 0 {
			out.Undecided = rules.UndecidedIn(out.Scores)
		}
		out.TieBreak = tieBreakWords(out.Scores, out.Winners, out.Events)
	}
	switch {
	case len(out.Gaps) > 0 && allowMissing:
		out.Accepted = true
	case len(out.Gaps) > 0:
		out.Status = StatusMissing
		out.withhold()
	}
	scored := scoredZones(m, s, sc.Table)
	partial := false
	for _, p := range sc.Problems {
		if p.Kind == ProblemMissing {
			continue // in Gaps
		}
		out.Problems = append(out.Problems, p.Text)
		if p.Blocking() && out.Status != StatusMissing && !(out.Accepted && within(p, out.Gaps)) {
			out.Status = StatusUnsure
			// A card of the game left out for a problem (two in one
			// cell, between cells, seen twice …) makes the read partial
			// even where the shape looks whole; a card of another box
			// left out does not.
			// Nor does a problem in a zone the finished shape does not
			// hold (a cube of Shake That City's shaker: the boards
			// alone are scored).
			partial = partial || (p.Kind != ProblemOtherGame && (p.Zone == "" || scored == nil || scored[p.Zone]))
		}
	}
	if partial {
		if allowMissing {
			out.Accepted = true
		} else {
			out.withhold()
		}
	}
	return out, nil
}

// scoredZones are the zones a mode's finished shape holds (nil when the
// mode declares no shape: every zone may count).
func scoredZones(m *rules.Mode, s rules.Setup, t rules.Table) map[string]bool {
	if m.Expect == nil {
		return nil
	}
	exp := m.Expect(s, t)
	if len(exp) == 0 {
		return nil
	}
	out := map[string]bool{}
	for _, e := range exp {
		out[e.Zone] = true
	}
	return out
}

// withhold drops what a partial read must not print: the scores, the
// winner and the end of the game. Pair verdicts of cards read for sure
// stay.
func (out *Finished) withhold() {
	out.Scores, out.Winners, out.TieBreak, out.Undecided = nil, nil, "", nil
	kept := out.Events[:0:0]
	for _, e := range out.Events {
		if e.Kind != rules.EventEnd {
			kept = append(kept, e)
		}
	}
	out.Events = kept
}

// within reports whether every cell a problem names is in an accepted gap
// of its zone (an unknown colour the user chose to leave out).
func within(p Problem, gaps []rules.Gap) bool {
	if len(p.Cells) == 0 {
		return false
	}
	in := map[rules.Pos]bool{}
	for _, g := range gaps {
		if g.Zone == p.Zone {
			for _, c := range g.Cells {
				in[c] = true
			}
		}
	}
	for _, c := range p.Cells {
		if !in[c] {
			return false
		}
	}
	return true
}

// winnersOf takes the winners from the score's end event when it names
// them (conditions beyond the totals), else from the totals.
func winnersOf(scores []rules.Score, evs []rules.Event) []int {
	for _, e := range evs {
		if e.Kind == rules.EventEnd && e.Winners != nil {
			return e.Winners
		}
	}
	if len(scores) == 0 {
		return nil
	}
	return rules.Winners(scores)
}

// tieBreakWords says how a win beyond the points was decided: from the end
// event when the mode names the tie-break there (Shake That City), else,
// when a winner's total equals a loser's, from the winner's "tie-break"
// part (Cartographer's Corner's closest circle).
func tieBreakWords(scores []rules.Score, winners []int, evs []rules.Event) string {
	for _, e := range evs {
		if e.Kind == rules.EventEnd {
			for _, s := range e.More {
				if strings.HasPrefix(s[0], "tie-break") {
					return strings.TrimSpace(s[0] + " " + s[1])
				}
			}
			return ""
		}
	}
	if !rules.TiedOnTotal(scores, winners) {
		return ""
	}
	for _, s := range scores {
		if s.Player != winners[0] {
			continue
		}
		for _, p := range s.Parts {
			if p.Category == "tie-break" && p.Detail != "" {
				return "tie-break: " + p.Detail
			}
		}
	}
	return "tie-break"
}

// playsDecks is the set of card codes of the decks the game is played
// with as set up: a box installed as SA-BOX plays cards whose codes say SA.
func playsDecks(m *rules.Mode, s rules.Setup) map[string]bool {
	plays := map[string]bool{}
	for _, key := range m.DecksFor(s) {
		plays[key] = true
		if d, ok := rules.LookupDeck(key); ok {
			plays[d.Code] = true
		}
	}
	return plays
}

// cardsByDeck counts the cards read of the played decks and lists the
// others, every card read counted, whether or not it found a cell (a card
// of the game lying in a conflict still shows which game the photo is of).
func (sc *Scan) cardsByDeck(plays map[string]bool) (own int, other []rules.CardRef) {
	for _, c := range sc.Cards {
		if plays[c.Ref.ID.Deck] {
			own++
		} else {
			other = append(other, c.Ref)
		}
	}
	return own, other
}

// leaveOutOtherDecks takes the cards of decks the game is not played with
// out of the scan's table and returns them, zone by zone in reading order.
func (sc *Scan) leaveOutOtherDecks(plays map[string]bool) (other []rules.CardRef) {
	for _, n := range sc.Table.ZoneNames() {
		z := sc.Table.Zones[n]
		for _, p := range z.Positions() {
			c := z.At(p)
			if !c.Card.IsZero() && !plays[c.Card.ID.Deck] {
				other = append(other, c.Card)
				z.Set(p, rules.Cell{Colour: c.Colour})
			}
		}
		kept := z.Items[:0:0]
		for _, it := range z.Items {
			if plays[it.Card.ID.Deck] {
				kept = append(kept, it)
				continue
			}
			other = append(other, it.Card)
		}
		z.Items = kept
	}
	return other
}

// playedWith names what a game is played with: "Where is That? South
// America — Cartographer's Corner (deck SA)".
func playedWith(m *rules.Mode, s rules.Setup) string {
	decks := m.DecksFor(s)
	if len(decks) == 0 {
		return m.Name + ", which is played without cards"
	}
	return fmt.Sprintf("%s (deck %s)", m.Name, strings.Join(decks, ", "))
}

// byDeck names cards by deck: "Strange World above the clouds cards
// (SW-102, SW-103 and 5 more)", the first few of each deck by code.
func byDeck(cards []rules.CardRef) string {
	var order []string
	ids := map[string][]rules.CardID{}
	for _, c := range cards {
		d := c.ID.Deck
		if _, ok := ids[d]; !ok {
			order = append(order, d)
		}
		ids[d] = append(ids[d], c.ID)
	}
	sort.Strings(order)
	var parts []string
	for _, d := range order {
		// By number, so the same table is named the same way whatever
		// order the codes were read in.
		sort.Slice(ids[d], func(i, j int) bool { return ids[d][i].Num < ids[d][j].Num })
		var list []string
		for i, id := range ids[d] {
			if i > 0 && id == ids[d][i-1] {
				continue // Strange World's face-down cards all read SW-BACK
			}
			list = append(list, id.String())
		}
		shown := strings.Join(list, ", ")
		if len(list) > 4 {
			shown = fmt.Sprintf("%s and %d more", strings.Join(list[:3], ", "), len(list)-3)
		}
		name := "deck " + d
		if deck, ok := rules.LookupDeck(d); ok {
			name = deck.Name
		}
		parts = append(parts, fmt.Sprintf("%s cards (%s)", name, shown))
	}
	return strings.Join(parts, "; ")
}

// otherGameError says that a photo shows only cards of other decks, and
// what to type instead: the game of those cards, or the option that plays
// the user's own deck of the same game.
func otherGameError(m *rules.Mode, s rules.Setup, other []rules.CardRef) error {
	var decks []string
	seen := map[string]bool{}
	for _, c := range other {
		if !seen[c.ID.Deck] {
			seen[c.ID.Deck] = true
			decks = append(decks, c.ID.Deck)
		}
	}
	var hints []string
	for _, code := range decks {
		d, ok := rules.LookupDeck(code)
		if !ok {
			continue
		}
		if d.Game == m.Game && takesDeckOption(m) {
			hints = append(hints, fmt.Sprintf("to score deck %s (%s), add --option deck=%s", d.Code, d.Name, d.Code))
			continue
		}
		var ids []string
		for _, mm := range rules.Modes() {
			if mm.Game == d.Game {
				ids = append(ids, mm.ID)
			}
		}
		if len(ids) > 0 {
			hints = append(hints, fmt.Sprintf("for %s, --game %s", d.Name, strings.Join(ids, " or ")))
		}
	}
	msg := fmt.Sprintf("none of the %s read is a card of %s: they are %s", rules.Count(len(other), "card"), playedWith(m, s), byDeck(other))
	if len(hints) > 0 {
		msg += "; " + strings.Join(hints, "; ")
	}
	return errors.New(msg)
}

// takesDeckOption reports whether a mode plays the deck its "deck" option
// names (the geography games), so a hint may offer --option deck=CODE.
func takesDeckOption(m *rules.Mode) bool {
	for _, o := range m.Options {
		if o.Key == "deck" {
			return true
		}
	}
	return false
}
