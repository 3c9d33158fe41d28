package display

import (
	"strconv"
	"strings"
)

// Fit lays lines out on a text screen of cols×rows characters. A line that
// is too long is wrapped at spaces when the extra rows exist, so that bigger
// displays show the whole text; otherwise it is cut, because a cut message
// still tells more than a message whose second line was pushed off screen.
// Characters are counted as runes: drivers map them to one cell each.
func Fit(lines []string, cols, rows int) []string {
	if cols <= 0 || rows <= 0 {
		return nil
	}
	var wrapped []string
	for _, l := range lines {
		wrapped = append(wrapped, wrap(strings.TrimRight(l, " "), cols)...)
	}
	if len(wrapped) <= rows {
		return wrapped
	}
	out := make([]string, 0, rows)
	for _, l := range lines {
		if len(out) == rows {
			break
		}
		out = append(out, cut(strings.TrimRight(l, " "), cols))
	}
	return out
}

// wrap splits s into rows of at most cols runes, breaking at spaces and
// cutting only words longer than a whole row.
func wrap(s string, cols int) []string {
	if len([]rune(s)) <= cols {
		return []string{s}
	}
	var rows []string
	var cur []rune
	for _, w := range strings.Fields(s) {
		r := []rune(w)
		for len(r) > cols { // a word longer than a row: cut it
			if len(cur) > 0 {
				rows = append(rows, string(cur))
				cur = nil
			}
			rows = append(rows, string(r[:cols]))
			r = r[cols:]
		}
		switch {
		case len(cur) == 0:
			cur = r
		case len(cur)+1+len(r) <= cols:
			cur = append(append(cur, ' '), r...)
		default:
			rows = append(rows, string(cur))
			cur = r
		}
	}
	if len(cur) > 0 {
		rows = append(rows, string(cur))
	}
	return rows
}

func cut(s string, cols int) string {
	r := []rune(s)
	if len(r) > cols {
		r = r[:cols]
	}
	return strings.TrimRight(string(r), " ")
}

// Cell formats one score entry into exactly width runes: the name on the
// left (cut if needed), the points right-aligned, at least one space
// between them. Points always stay whole: they matter more than the name.
func Cell(p PlayerScore, width int) string {
	pts := strconv.Itoa(p.Points)
	room := width - len(pts) - 1
	name := []rune(p.Name)
	if room < 0 {
		room = 0
	}
	if len(name) > room {
		name = name[:room]
	}
	pad := width - len(name) - len(pts)
	if pad < 0 {
		pad = 0
	}
	return string(name) + strings.Repeat(" ", pad) + pts
}

// ScoreLines lays the score screen out for a text display: one player per
// row with a title row when everything fits, two players per row when
// there are more players than rows. Players that still do not fit are left
// out and the last cell says how many ("+2").
func ScoreLines(s Scores, cols, rows int) []string {
	if cols <= 0 || rows <= 0 {
		return nil
	}
	title := s.Title
	if title == "" {
		title = "Score"
	}
	ps := s.Players
	switch {
	case len(ps) == 0:
		return Fit([]string{title, "no players"}, cols, rows)
	case len(ps) < rows:
		out := []string{cut(title, cols)}
		for _, p := range ps {
			out = append(out, Cell(p, cols))
		}
		return out
	case len(ps) == rows:
		out := make([]string, 0, rows)
		for _, p := range ps {
			out = append(out, Cell(p, cols))
		}
		return out
	}
	// Two columns separated by one space; the left one takes the odd column.
	left := cols / 2
	right := cols - 1 - left
	capacity := 2 * rows
	shown := ps
	more := 0
	if len(ps) > capacity {
		shown = ps[:capacity-1]
		more = len(ps) - len(shown)
	}
	cells := make([]string, 0, capacity)
	for i, p := range shown {
		w := left
		if i%2 == 1 {
			w = right
		}
		cells = append(cells, Cell(p, w))
	}
	if more > 0 {
		m := "+" + strconv.Itoa(more)
		cells = append(cells, strings.Repeat(" ", max(right-len(m), 0))+m)
	}
	var out []string
	for i := 0; i < len(cells); i += 2 {
		line := cells[i]
		if i+1 < len(cells) {
			line += " " + cells[i+1]
		}
		out = append(out, line)
	}
	return out
}
