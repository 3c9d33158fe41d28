// Package decide makes learn's proposals from what was read on a card:
// a Where is That? card's circle numbers from its half-circles, a card's
// name from its lines, a Nord Sud Ovest Est or Map It! card's printed
// coordinates from the readings of its coordinates line. A proposal is
// sure only when nothing read contradicts it; otherwise it is a question
// for the user, and a proposal only where a user accepting it would not
// take a wrong value.
package decide

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tableref/tableref/vision/cardtext"
)

// DefaultThreshold is the Tesseract confidence (0–100) the best reading
// of a number both half-circles agree on must reach to be taken without
// asking. Tesseract's confidence on a small number is erratic (a clear
// "55" may score 54 at one size and 97 at another); the two half-circles
// read apart agreeing, each holding as many figures as the picture shows,
// are the stronger evidence (see the accuracy test).
const DefaultThreshold = 80

// Axis is one of a Where is That? card's two numbers.
type Axis int

const (
	NS Axis = iota // north–south: the blue half-circles, top and bottom
	WE             // west–east: the white half-circles, left and right
)

func (a Axis) String() string { return [2]string{"north–south", "west–east"}[a] }

// edges are the half-circles that print an axis's number.
func (a Axis) edges() [2]cardtext.Edge {
	if a == NS {
		return [2]cardtext.Edge{cardtext.Top, cardtext.Bottom}
	}
	return [2]cardtext.Edge{cardtext.Left, cardtext.Right}
}

// NumberRead is what was made of one axis of one card.
type NumberRead struct {
	Value int `json:"value"` // the proposal; 0 when nothing could be read
	// Seen are the two half-circles' reads (top and bottom, or left and
	// right).
	Seen [2]cardtext.Number `json:"-"`
	Sure bool               `json:"sure"`
	Why  string             `json:"why,omitempty"` // why it is asked about
}

// DecideNumber makes one axis's proposal from its two half-circles, each
// read at several sizes. A number is sure when both half-circles read it,
// nothing else is read on both or as often, and its best reading is
// confident or it is read at three sizes or more; a number only one
// half-circle shows, however clear, is asked about (a figure lost in both
// is rare, in one common). Where the half-circles read different numbers
// nothing is proposed: the user types what the card says, as a user who
// accepts every proposal would otherwise take a wrong one.
func DecideNumber(a Axis, seen [2]cardtext.Number, threshold float64) NumberRead {
	out := NumberRead{Seen: seen}
	e := a.edges()
	type tally struct {
		halves [2]bool
		n      int
		conf   float64
	}
	votes := map[int]*tally{}
	for i, n := range seen {
		for _, r := range n.Readings {
			if !plausible(r) {
				continue
			}
			t := votes[r.Value]
			if t == nil {
				t = &tally{}
				votes[r.Value] = t
			}
			t.halves[i] = true
			t.n++
			t.conf = max(t.conf, r.Conf)
		}
	}
	// The proposal: the value read most often, the most confident first.
	best, bt := 0, &tally{}
	for v, t := range votes {
		if t.n > bt.n || t.n == bt.n && (t.conf > bt.conf || t.conf == bt.conf && v < best) {
			best, bt = v, t
		}
	}
	out.Value = best
	read := func(i int) string {
		var vs []string
		for _, r := range seen[i].Readings {
			vs = append(vs, r.Text)
		}
		switch {
		case len(vs) > 0:
			return strings.Join(unique(vs), " or ")
		case seen[i].Text != "":
			return fmt.Sprintf("%q", seen[i].Text)
		}
		return "nothing"
	}
	switch {
	case best == 0:
		out.Why = "no number found in its half-circles"
		if seen[0].Text != "" || seen[1].Text != "" {
			out.Why = fmt.Sprintf("the %s half-circle reads %s, the %s one %s", e[0], read(0), e[1], read(1))
		}
		return out
	case !bt.halves[0] || !bt.halves[1]:
		out.Why = fmt.Sprintf("the %s half-circle reads %s, the %s one %s", e[0], read(0), e[1], read(1))
		// Proposed only when the other half-circle read no other number:
		// of two that disagree, either may be the figure lost.
		for v := range votes {
			if v != best {
				out.Value = 0
			}
		}
		return out
	}
	for v, t := range votes {
		if v != best && (t.n == bt.n || t.halves[0] && t.halves[1]) {
			out.Why = fmt.Sprintf("the %s half-circle reads %s, the %s one %s", e[0], read(0), e[1], read(1))
			out.Value = 0
			return out
		}
	}
	// Tesseract is never confident about a "11", but reads it the same
	// at every size: agreement at three sizes or more stands for its
	// confidence.
	if bt.conf < threshold && bt.n < 3 {
		out.Why = fmt.Sprintf("read %d, but not clearly (%.0f%% sure)", best, bt.conf)
		return out
	}
	out.Sure = true
	return out
}

func unique(s []string) []string {
	var out []string
	for _, x := range s {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// plausible says whether a reading can be a printed number: 1 to 3
// figures, no leading zero (a lost first figure often leaves one: "108"
// as "08").
func plausible(r cardtext.Reading) bool {
	t := r.Text
	return r.Value > 0 && len(t) >= 1 && len(t) <= 3 && t[0] != '0'
}

// NameRead is what was made of the card's name.
type NameRead struct {
	Text     string `json:"text"`     // the proposal: the deck's name when the card matches it, else what was read
	Read     string `json:"read"`     // the line read on the card that was used, if any
	Expected string `json:"expected"` // the name the deck gives the sticker's number ("" for a new card)
	Sure     bool   `json:"sure"`
	Why      string `json:"why,omitempty"`
}

// DecideName compares the lines read on the card with the name the deck
// gives the sticker's card. A match confirms the sticker sits on the right
// card; no match is asked about (a sticker on the wrong card is the
// likeliest mistake of all). A card the deck does not know yet always asks
// its name, proposing the likeliest line.
func DecideName(lines []cardtext.Line, expected string) NameRead {
	out := NameRead{Expected: expected}
	if expected != "" {
		best, score := "", 0.0
		for _, text := range cardtext.NameCandidates(lines) {
			if s := cardtext.Similarity(text, expected); s > score {
				best, score = text, s
			}
		}
		out.Text, out.Read = expected, best
		if score >= 0.75 {
			out.Sure = true
			return out
		}
		if best == "" {
			out.Why = fmt.Sprintf("the sticker says %s, but no name could be read on the card", expected)
		} else {
			out.Why = fmt.Sprintf("the sticker says %s, but the card reads %q: is the sticker on the right card?", expected, cardtext.CleanName(best))
		}
		return out
	}
	for _, l := range lines {
		if t := cardtext.CleanName(l.Text); utf8.RuneCountInString(t) > utf8.RuneCountInString(out.Text) {
			out.Text, out.Read = t, l.Text
		}
	}
	out.Why = "a card the deck does not have yet: check its name"
	if out.Text == "" {
		out.Why = "a card the deck does not have yet, and no name could be read: type it"
	}
	return out
}

// Doubt makes a read a question without a proposal.
func (n *NumberRead) Doubt(why string) {
	n.Sure, n.Value, n.Why = false, 0, why
}
