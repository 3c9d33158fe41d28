package scanner

import (
	"fmt"
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
	Events  []rules.Event `json:"events"`
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
// only what was read, and say so).
func ScoreFinished(m *rules.Mode, s rules.Setup, sc *Scan, allowMissing bool) (Finished, error) {
	out := Finished{Mode: m.ID, Players: s.Players, Plane: sc.Plane, Table: sc.Table, Status: StatusOK}
	out.Gaps = sc.CheckShape(m, s)
	for _, c := range sc.Cards {
		if c.Zone != "" {
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
		out.TieBreak = tieBreakWords(out.Scores, out.Winners, out.Events)
	}
	switch {
	case len(out.Gaps) > 0 && allowMissing:
		out.Accepted = true
	case len(out.Gaps) > 0:
		out.Status = StatusMissing
		out.Scores, out.Winners, out.TieBreak = nil, nil, ""
		kept := out.Events[:0:0]
		for _, e := range out.Events {
			if e.Kind != rules.EventEnd {
				kept = append(kept, e)
			}
		}
		out.Events = kept
	}
	for _, p := range sc.Problems {
		if p.Kind == ProblemMissing {
			continue // in Gaps
		}
		out.Problems = append(out.Problems, p.Text)
		if p.Blocking() && p.Kind != ProblemMissing && out.Status == StatusOK && !(out.Accepted && within(p, out.Gaps)) {
			out.Status = StatusUnsure
		}
	}
	return out, nil
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
