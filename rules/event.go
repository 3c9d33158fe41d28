package rules

import (
	"strings"
	"unicode/utf8"
)

// EventKind says what sort of thing the referee says.
type EventKind string

const (
	EventSetup   EventKind = "setup"   // the game is set up: who plays, what to lay out
	EventVerdict EventKind = "verdict" // a placement was judged right or wrong (Verdict, Reason)
	EventPoints  EventKind = "points"  // Player scores Points (or tokens)
	EventDo      EventKind = "do"      // players must act: Action on Card (remove, flip, cover, reshake, place, draw)
	EventDone    EventKind = "done"    // an action the referee asked for has been seen done
	EventTurn    EventKind = "turn"    // it is Player's turn (Round given)
	EventRound   EventKind = "round"   // a round ends or starts
	EventWarning EventKind = "warning" // something is wrong with what the camera sees or the move made
	EventInfo    EventKind = "info"    // anything else worth showing
	EventEnd     EventKind = "end"     // the game is over: Scores and Winners
)

// ActionOffer is the Action of an EventInfo that offers the players a move
// they may make now (challenge the card just laid, welcome a Traveller):
// the display shows it even when a verdict comes before it was read,
// unless the verdict answers it (judges its Card).
const ActionOffer = "offer"

// Verdict is the judgement of a placement.
type Verdict string

const (
	Right Verdict = "right"
	Wrong Verdict = "wrong"
)

// ShortWidth is the width of a line of the smallest display, a 16×2 LCD.
const ShortWidth = 16

// Event is one thing the referee says. Short fits a 16×2 display (two
// lines of at most ShortWidth characters); Long is a full sentence for the
// web page and logs.
type Event struct {
	Kind    EventKind `json:"kind"`
	Player  int       `json:"player,omitzero"`
	Card    CardID    `json:"card,omitzero"`
	Verdict Verdict   `json:"verdict,omitzero"`
	Points  int       `json:"points,omitzero"`
	Action  string    `json:"action,omitzero"`
	Round   int       `json:"round,omitzero"`
	Short   [2]string `json:"short"`
	// More are further 16×2 screens shown after Short, in order, when
	// one screen cannot say it all (a tie between long names).
	More    [][2]string `json:"more,omitzero"`
	Long    string      `json:"long"`
	Scores  []Score     `json:"scores,omitzero"`
	Winners []int       `json:"winners,omitzero"`
	// Undecided is set on an EventEnd whose winner tableref cannot see
	// (a tie-break on numbers the cards print): Winners is then empty,
	// never a shared win the rules do not give.
	Undecided *Undecided `json:"undecided,omitzero"`
}

// Undecided is a result the referee cannot decide: Players tie on all it
// sees, and the tie-break lies on what it cannot see. Settle says how the
// players break the tie; they tell the referee with an InputSettle naming
// the winner.
type Undecided struct {
	Players []int  `json:"players"`
	Settle  string `json:"settle"`
}

// Say builds the short message from two lines. A line longer than
// ShortWidth is cut and ends in "…", so that it still fits the smallest
// display and the cut shows; engines choose words that fit, and
// rulestest.CheckEvents fails on a cut line.
func Say(line1, line2 string) [2]string {
	return [2]string{fit(line1), fit(line2)}
}

// Cut is the mark Say leaves at the end of a line it had to shorten.
const Cut = "…"

func fit(s string) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= ShortWidth {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:ShortWidth-1])) + Cut
}

// AbbrevWidth is the width of every abbreviated name that has room for
// it: a name is written in full where it fits, else always the same way
// ("Buenos A."), whatever room a screen has left, so the players never
// see one city under two abbreviations ("Buenos Ai." on one screen,
// "Buenos A." on the next).
const AbbrevWidth = 9

// ShortName shortens a card or player name to at most n characters for a
// short message: the name itself where it fits, else its abbreviation of
// AbbrevWidth characters keeping its start ("Punta del Este" → "Punta de."),
// and only where even that does not fit, the start that does.
func ShortName(name string, n int) string {
	r := []rune(strings.TrimSpace(name))
	if len(r) <= n || n < 2 {
		return string(r)
	}
	if n >= AbbrevWidth {
		n = AbbrevWidth
	}
	return strings.TrimSpace(string(r[:n-1])) + "."
}

// Score is a player's score with its breakdown.
type Score struct {
	Player int         `json:"player"`
	Name   string      `json:"name"`
	Total  int         `json:"total"`
	Parts  []ScorePart `json:"parts,omitzero"`
	// TieBreak holds the values that decide between equal totals, in
	// order, bigger is better (an engine negates "smaller is better").
	TieBreak []int `json:"tiebreak,omitzero"`
	// LowerWins marks a total where less is better (Nord Sud Ovest Est
	// counts the cards left in hand). All scores of a game agree on it.
	LowerWins bool `json:"lowerWins,omitzero"`
	// Unseen, when set, says the tie-break is on something tableref
	// cannot see, and how the players settle it: a tie on everything
	// else is then undecided (UndecidedIn), never a shared win.
	Unseen string `json:"unseen,omitzero"`
}

// ScorePart is one line of a breakdown: "roads 7", "circles 11".
type ScorePart struct {
	Category string `json:"category"`
	Points   int    `json:"points"`
	Detail   string `json:"detail,omitzero"`
}

// Winners returns the players with the best total (the highest, or the
// lowest where LowerWins), then the best tie-break values in order;
// players still equal share the win, unless the tie-break is one
// tableref cannot see (Score.Unseen): then nobody is named, and
// UndecidedIn says who ties.
func Winners(scores []Score) []int {
	best := bestScores(scores)
	if len(best) > 1 && best[0].Unseen != "" {
		return nil
	}
	out := make([]int, len(best))
	for i, s := range best {
		out[i] = s.Player
	}
	return out
}

// UndecidedIn returns the tie tableref cannot break (players equal on
// all it sees, the tie-break on their cards), or nil when Winners names
// the winners.
func UndecidedIn(scores []Score) *Undecided {
	best := bestScores(scores)
	if len(best) < 2 || best[0].Unseen == "" {
		return nil
	}
	u := &Undecided{Settle: best[0].Unseen}
	for _, s := range best {
		u.Players = append(u.Players, s.Player)
	}
	return u
}

func bestScores(scores []Score) []Score {
	var best []Score
	for _, s := range scores {
		switch c := compareScore(s, best); {
		case len(best) == 0 || c > 0:
			best = []Score{s}
		case c == 0:
			best = append(best, s)
		}
	}
	return best
}

func compareScore(s Score, best []Score) int {
	if len(best) == 0 {
		return 1
	}
	b := best[0]
	if s.Total != b.Total {
		if s.LowerWins {
			return sign(b.Total - s.Total)
		}
		return sign(s.Total - b.Total)
	}
	for i := 0; i < len(s.TieBreak) || i < len(b.TieBreak); i++ {
		var x, y int
		has := func(v []int) bool { return i < len(v) }
		switch {
		case has(s.TieBreak) && has(b.TieBreak):
			x, y = s.TieBreak[i], b.TieBreak[i]
		case has(s.TieBreak):
			return 1 // a value beats none (e.g. a scored circle beats no circle)
		default:
			return -1
		}
		if x != y {
			return sign(x - y)
		}
	}
	return 0
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}
