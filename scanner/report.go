package scanner

import (
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/qr"
)

// WriteFinished writes the scan of a finished table as `tableref scan`
// says it: the players and what was read, why there is no score if there
// is none, the scores with their parts, the winner, the pairs judged and
// the problems.
func WriteFinished(w io.Writer, mode *rules.Mode, r Finished) {
	what := fmt.Sprintf("%d cards", r.Cards)
	if r.Cells > 0 {
		what = fmt.Sprintf("%d cubes and tiles", r.Cells)
	}
	fmt.Fprintf(w, "%s: %s, %s read (table plane: %s)\n", mode.Name, rules.Count(len(r.Players), "player"), what, r.Plane)
	switch {
	case r.Status == StatusMissing:
		fmt.Fprintln(w, "no score: the photo missed part of the finished table (a score from a partial read could be wrong):")
	case r.Status == StatusUnsure && r.Scores == nil && mode.ScoreTable != nil && len(r.Players) > 0:
		fmt.Fprintln(w, "no score: a problem below left cards or squares of the game out (a score from a partial read could be wrong)")
	case r.Accepted:
		fmt.Fprintln(w, "scored without what the photo missed or a problem left out (--allow-missing): those cards and squares count for nothing:")
	}
	for _, g := range r.Gaps {
		fmt.Fprintf(w, "  missing: %s\n", g.Text)
	}
	if r.Scores != nil {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, s := range r.Scores {
			var parts []string
			for _, p := range s.Parts {
				part := fmt.Sprintf("%s %d", p.Category, p.Points)
				if p.Detail != "" {
					part += " (" + p.Detail + ")"
				}
				parts = append(parts, part)
			}
			fmt.Fprintf(tw, "  %s\t%d\t%s\n", s.Name, s.Total, strings.Join(parts, "; "))
		}
		tw.Flush()
		fmt.Fprintln(w, WinnerLine(r))
	}
	right, wrong := 0, 0
	var wrongs []string
	for _, e := range r.Events {
		switch {
		case e.Kind == rules.EventVerdict && e.Verdict == rules.Right:
			right++
		case e.Kind == rules.EventVerdict:
			wrong++
			wrongs = append(wrongs, e.Long)
		case e.Kind == rules.EventInfo || e.Kind == rules.EventWarning:
			fmt.Fprintf(w, "%s: %s\n", e.Kind, e.Long)
		}
	}
	if right+wrong > 0 {
		fmt.Fprintf(w, "pairs judged: %d, right %d, wrong %d\n", right+wrong, right, wrong)
		for _, s := range wrongs {
			fmt.Fprintf(w, "  wrong: %s\n", s)
		}
	}
	if mode.ScoreTable == nil {
		fmt.Fprintln(w, "this mode cannot be judged from a photo")
	}
	for _, p := range r.Problems {
		fmt.Fprintf(w, "problem: %s\n", p)
	}
}

// WinnerLine says who won a finished table, or that nobody did, and how
// a tie on points was broken.
func WinnerLine(r Finished) string {
	if u := r.Undecided; u != nil && len(r.Winners) == 0 {
		var names []string
		for _, p := range u.Players {
			names = append(names, r.Players[p-1])
		}
		return "undecided: " + rules.JoinNames(names) + " tie; " + u.Settle
	}
	if len(r.Winners) == 0 {
		return "winner: nobody (no player meets the winning conditions)"
	}
	var names []string
	for _, p := range r.Winners {
		names = append(names, r.Players[p-1])
	}
	line := "shared win: " + rules.JoinNames(names)
	if len(names) == 1 {
		line = "winner: " + names[0]
	}
	if r.TieBreak != "" {
		line += " (equal on points; " + r.TieBreak + ")"
	}
	return line
}

// TitleLines are the annotated picture's heading: mode, scores, winner or
// the pair count.
func TitleLines(mode *rules.Mode, r Finished) []string {
	out := []string{mode.Name}
	var parts []string
	for _, s := range r.Scores {
		parts = append(parts, fmt.Sprintf("%s %d", s.Name, s.Total))
	}
	if len(parts) > 0 {
		out = append(out, strings.Join(parts, "  ")+"  -  "+WinnerLine(r))
	}
	if len(r.Gaps) > 0 {
		cells := 0
		for _, g := range r.Gaps {
			cells += len(g.Cells)
		}
		line := fmt.Sprintf("NOT SCORED: %s missed", rules.Count(len(r.Gaps), "gap"))
		if r.Accepted {
			line = fmt.Sprintf("scored without %s (--allow-missing)", rules.Count(len(r.Gaps), "gap"))
		}
		if cells > 0 {
			line += fmt.Sprintf(", %s marked ?", rules.Count(cells, "cell"))
		}
		out = append(out, line)
	} else if r.Status == StatusUnsure && r.Scores == nil && mode.ScoreTable != nil {
		out = append(out, fmt.Sprintf("NOT SCORED: %s left cards out", rules.Count(len(r.Problems), "problem")))
	}
	right, all := 0, 0
	for _, e := range r.Events {
		if e.Kind == rules.EventVerdict {
			all++
			if e.Verdict == rules.Right {
				right++
			}
		}
	}
	if all > 0 {
		out = append(out, fmt.Sprintf("%d of %d pairs right", right, all))
	}
	return out
}

// CodeLine is one code of a photo as `scan --codes` lists it.
type CodeLine struct {
	Text       string     `json:"text"`
	Ours       bool       `json:"ours"`
	Means      string     `json:"means"`
	Centre     [2]float64 `json:"centre_px"`
	ModulePx   float64    `json:"module_px"`
	Confidence float64    `json:"confidence"`
	// Unsure marks a code too small or blurred to read for sure: seen,
	// not named (Text is empty), never used.
	Unsure bool `json:"unsure,omitempty"`
}

// UnsureMeans is what `scan --codes` says of an unsure code.
const UnsureMeans = "unsure: too small or blurred to read for sure (not used)"

// ListCodes is every code of a read, ours or not, top to bottom, with a
// summary line that counts them (damaged tableref codes apart).
func ListCodes(res qr.Result) (lines []CodeLine, summary string) {
	add := func(c qr.Code, ours bool, means string) {
		ctr := c.Centre()
		lines = append(lines, CodeLine{Text: c.Text, Ours: ours, Means: means, Centre: [2]float64{round1(ctr.X), round1(ctr.Y)},
			ModulePx: round1(c.ModulePx), Confidence: round1(c.Confidence)})
	}
	for _, c := range res.Codes {
		add(c.Code, true, c.Payload.Describe())
	}
	damaged := 0 // tableref-looking codes that cannot be used: a wrong check character, malformed
	for _, c := range res.Foreign {
		if _, err := rules.ParsePayload(c.Text); errors.Is(err, rules.ErrBadCheck) || errors.Is(err, rules.ErrMalformed) {
			damaged++
		}
		add(c, false, rules.WhyNotOurs(c.Text))
	}
	for _, c := range res.Unsure {
		add(c, false, UnsureMeans)
		lines[len(lines)-1].Unsure = true
	}
	summary = fmt.Sprintf("%d codes: %d tableref, %d not ours", len(lines), len(res.Codes), len(res.Foreign)-damaged)
	if damaged > 0 {
		summary = fmt.Sprintf("%d codes: %d tableref, %d damaged or misprinted tableref, %d not ours", len(lines), len(res.Codes), damaged, len(res.Foreign)-damaged)
	}
	if n := len(res.Unsure); n > 0 {
		summary += fmt.Sprintf(", %d unsure", n)
	}
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].Centre[1] < lines[j].Centre[1] })
	return lines, summary
}

// WriteCodes writes the summary and a table of the codes.
func WriteCodes(w io.Writer, lines []CodeLine, summary string) error {
	fmt.Fprintln(w, summary)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  text\tmeans\tcentre px\tpx/module")
	for _, l := range lines {
		text := l.Text
		if text == "" {
			text = "?"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%.0f,%.0f\t%.1f\n", text, l.Means, l.Centre[0], l.Centre[1], l.ModulePx)
	}
	return tw.Flush()
}

// CodesScan is the scan that draws a read's codes alone (scan --codes
// --annotate): no table, no zones.
func CodesScan(res qr.Result) *Scan {
	sc := &Scan{Foreign: res.Foreign, Unsure: res.Unsure}
	for _, c := range res.Codes {
		sc.Codes = append(sc.Codes, Code{Tableref: c})
	}
	return sc
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }
