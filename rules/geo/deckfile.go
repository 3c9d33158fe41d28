package geo

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"golang.org/x/text/encoding/charmap"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tableref/tableref/rules"
)

// The games a deck file can describe, as rules.Deck.Game names them.
const (
	GameWIT   = "wit"
	GameMapIt = "mapit"
	GameNSOE  = "nsoe"
)

// GameName is a game's name for messages ("Where is That?").
func GameName(game string) string {
	switch game {
	case GameWIT:
		return "Where is That?"
	case GameMapIt:
		return "Map It!"
	case GameNSOE:
		return "Nord Sud Ovest Est"
	}
	return game
}

// Games lists the games a deck file can be for.
func Games() []string { return []string{GameWIT, GameMapIt, GameNSOE} }

// Printed is what a boxed game's card prints that the rules use, as a deck
// file records it. The printed card is the authority at the table: the
// referee judges and speaks with these values when they are known.
type Printed struct {
	// NS and WE are the numbers in a Where is That? card's half-circles:
	// blue at the top and bottom (north–south order), white at the left
	// and right (west–east order).
	NS, WE int
	// Lat and Lon are the coordinates a Nord Sud Ovest Est card (whole
	// degrees) or a Map It! card prints, signed like Card.Lat and Card.Lon.
	Lat, Lon float64
	// LatText and LonText are those coordinates written as the card
	// writes them ("41°N", "38°54'N"), for messages.
	LatText, LonText string
	// HasCoords says Lat and Lon are given (a Where is That? card prints
	// none).
	HasCoords bool
}

// Deck-file columns (docs/decks.md). A file names its columns in a header
// line, in any order.
const (
	colNumber     = "number"
	colName       = "name"
	colAliases    = "aliases"
	colCountry    = "country"
	colLat        = "lat"
	colLon        = "lon"
	colKind       = "kind"
	colLevel      = "level"
	colNS         = "ns"
	colWE         = "we"
	colPrintedLat = "printed_lat"
	colPrintedLon = "printed_lon"
	colSource     = "source"
)

// columnsFor lists the columns a game's deck file may have, in the order
// WriteDeckFile writes them.
func columnsFor(game string) []string {
	common := []string{colNumber, colName, colAliases, colCountry, colLat, colLon, colKind}
	switch game {
	case GameWIT:
		return append(common, colNS, colWE, colSource)
	case GameMapIt:
		return append(common, colLevel, colPrintedLat, colPrintedLon, colSource)
	case GameNSOE:
		return append(common, colPrintedLat, colPrintedLon, colSource)
	}
	return nil
}

// kindsFor lists the card kinds of a game.
func kindsFor(game string) []Kind {
	switch game {
	case GameWIT:
		return []Kind{KindCity, KindStart, KindMonument}
	case GameMapIt:
		return []Kind{KindCity, KindMonument}
	}
	return []Kind{KindCity}
}

// DeckFile is a deck read from a deck file: the cards of a box as they
// print them.
type DeckFile struct {
	Code  string // the deck code in the cards' QR codes: "SA", "MYB"
	Game  string // GameWIT, GameMapIt or GameNSOE
	Name  string // shown by `tableref decks`
	Cards []Card // in card-number order
	// Source is the file the deck is installed from, set by whoever
	// installs it: messages about the installed deck name it.
	Source string
	// Warnings are things worth checking that do not stop the deck from
	// being used: printed numbers that contradict the coordinates.
	Warnings []Problem
}

// Problem is one thing wrong with a deck file, at a place in it. Line and
// Column count from 1 (Column in characters); 0 means the whole file or
// the whole line.
type Problem struct {
	File   string
	Line   int
	Column int
	Msg    string
}

func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		fmt.Fprintf(&b, ":%d", p.Line)
		if p.Column > 0 {
			fmt.Fprintf(&b, ":%d", p.Column)
		}
	}
	b.WriteString(": ")
	b.WriteString(p.Msg)
	return b.String()
}

// FileError is a deck file that cannot be used, with every problem found.
type FileError struct {
	Problems []Problem
	More     int // problems found beyond the listed ones
}

func (e *FileError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.String()
	}
	if e.More > 0 {
		lines = append(lines, fmt.Sprintf("… and %d more problems", e.More))
	}
	return strings.Join(lines, "\n")
}

// ParseOptions say what ReadDeckFile must know beyond the file itself.
// Code and Game, when set, must agree with the file's own "# code:" and
// "# game:" lines; Name replaces the file's "# name:".
type ParseOptions struct {
	File             string // the name used in messages
	Code, Game, Name string
}

// Limits that keep a hostile or mistaken file from eating memory.
const (
	maxDeckFileBytes = 4 << 20
	maxProblems      = 50
	maxNameRunes     = 60
	maxWarnPairs     = 20
	maxColumns       = 32 // a game has at most 12; more is not a deck file
)

// ReadDeckFile reads and checks a deck file (docs/decks.md): a CSV file
// with a header line, one card per line. It reports every problem it finds
// as a *FileError naming file:line:column; a deck is returned only when
// there are none. Printed numbers that contradict the coordinates are not
// errors: they come back as Warnings, since the printed card is the
// authority at the table.
func ReadDeckFile(r io.Reader, opt ParseOptions) (*DeckFile, error) {
	if opt.File == "" {
		opt.File = "deck file"
	}
	data, err := io.ReadAll(io.LimitReader(r, maxDeckFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", opt.File, err)
	}
	p := &deckParser{opt: opt}
	if len(data) > maxDeckFileBytes {
		p.fail(0, 0, "larger than %d MB: a deck file holds one line per card", maxDeckFileBytes>>20)
		return nil, p.err()
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff")) // a spreadsheet's byte order mark
	latin := false
	if !utf8.Valid(data) {
		// A spreadsheet on Windows saves "CSV" in Windows-1252 (Latin-1
		// with curly quotes): every byte is a letter there, so the file
		// is read, with a warning, unless a byte is one it leaves
		// undefined, which no such file holds.
		if text, err := charmap.Windows1252.NewDecoder().Bytes(data); err == nil && !bytes.ContainsRune(text, utf8.RuneError) {
			data, latin = text, true
		}
	}
	p.lines = strings.Split(string(data), "\n")
	if !utf8.Valid(data) {
		for i, l := range p.lines {
			if !utf8.ValidString(l) {
				col := 1
				for j, r := range l {
					if r == utf8.RuneError {
						col = utf8.RuneCountInString(l[:j]) + 1
						break
					}
				}
				p.fail(i+1, col, "not UTF-8 text: save the file as UTF-8 (CSV UTF-8 in a spreadsheet)")
				return nil, p.err()
			}
		}
	}
	if latin {
		p.warn(0, 0, "read as Windows-1252 (Latin-1), not UTF-8: check the accents, and save it as UTF-8 (CSV UTF-8 in a spreadsheet) to be sure")
	}
	d := p.parse(data)
	if err := p.err(); err != nil {
		return nil, err
	}
	return d, nil
}

// deckParser collects problems while reading one file.
type deckParser struct {
	opt      ParseOptions
	lines    []string
	problems []Problem
	more     int
	warnings []Problem
	// decimalComma is set for a file separated by semicolons, which
	// spreadsheets write where the decimal mark is a comma.
	decimalComma bool
	// the last position runeCol counted to
	colLine, colByte, colRunes int
}

func (p *deckParser) fail(line, col int, format string, a ...any) {
	if len(p.problems) >= maxProblems {
		p.more++
		return
	}
	p.problems = append(p.problems, Problem{File: p.opt.File, Line: line, Column: col, Msg: fmt.Sprintf(format, a...)})
}

func (p *deckParser) warn(line, col int, format string, a ...any) {
	p.warnings = append(p.warnings, Problem{File: p.opt.File, Line: line, Column: col, Msg: "warning: " + fmt.Sprintf(format, a...)})
}

func (p *deckParser) err() error {
	if len(p.problems) == 0 {
		return nil
	}
	return &FileError{Problems: p.problems, More: p.more}
}

// runeCol turns encoding/csv's byte column on a line into a character
// column, which is what editors show. Fields are asked for left to right,
// so it counts on from the last answer on the same line: a long line
// costs its length once, not once per field.
func (p *deckParser) runeCol(line, byteCol int) int {
	if line < 1 || line > len(p.lines) || byteCol < 1 {
		return byteCol
	}
	l := p.lines[line-1]
	b := min(byteCol-1, len(l))
	from, runes := 0, 0
	if p.colLine == line && p.colByte <= b {
		from, runes = p.colByte, p.colRunes
	}
	runes += utf8.RuneCountInString(l[from:b])
	p.colLine, p.colByte, p.colRunes = line, b, runes
	return runes + 1
}

// directives reads the "# key: value" lines before the header.
func (p *deckParser) directives() (code, game, name string, codeLine, gameLine int) {
	for i, l := range p.lines {
		t := strings.TrimSpace(strings.TrimSuffix(l, "\r"))
		if t == "" {
			continue
		}
		if !strings.HasPrefix(t, "#") {
			break
		}
		k, v, ok := strings.Cut(strings.TrimSpace(t[1:]), ":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		switch strings.ToLower(strings.TrimSpace(k)) {
		case "code":
			code, codeLine = v, i+1
		case "game":
			game, gameLine = v, i+1
		case "name":
			name = v
		}
	}
	return
}

// header maps column names to their index.
type header struct {
	index map[string]int
	names []string
}

func (h header) has(col string) bool { _, ok := h.index[col]; return ok }

// row is one card line with where each of its fields starts.
type row struct {
	line int
	rec  []string
	pos  [][2]int // line, character column of each field
}

func (r row) field(h header, col string) (string, bool) {
	i, ok := h.index[col]
	if !ok || i >= len(r.rec) {
		return "", false
	}
	return strings.TrimSpace(r.rec[i]), true
}

func (r row) at(h header, col string) (int, int) {
	if i, ok := h.index[col]; ok && i < len(r.pos) {
		return r.pos[i][0], r.pos[i][1]
	}
	return r.line, 0
}

func (p *deckParser) parse(data []byte) *DeckFile {
	code, game, name, codeLine, gameLine := p.directives()
	d := &DeckFile{Code: strings.ToUpper(strings.TrimSpace(code)), Game: strings.ToLower(strings.TrimSpace(game)), Name: name}
	if o := strings.ToUpper(strings.TrimSpace(p.opt.Code)); o != "" {
		if d.Code != "" && d.Code != o {
			p.fail(codeLine, 0, "the file is deck %s, but the command says %s", d.Code, o)
		}
		d.Code = o
	}
	if o := strings.ToLower(strings.TrimSpace(p.opt.Game)); o != "" {
		if d.Game != "" && d.Game != o {
			p.fail(gameLine, 0, "the file is for %s, but the command says %s", d.Game, o)
		}
		d.Game = o
	}
	if p.opt.Name != "" {
		d.Name = p.opt.Name
	}
	switch {
	case d.Game == "":
		p.fail(0, 0, "which game is it for? Give --game %s, or a line '# game: wit' before the header", strings.Join(Games(), "|"))
	case columnsFor(d.Game) == nil:
		p.fail(gameLine, 0, "game %q: want %s", d.Game, strings.Join(Games(), ", "))
	}
	if d.Code == "" {
		p.fail(0, 0, "which deck code do its QR codes carry? Give --code XX, or a line '# code: XX' before the header")
	} else if err := rules.CheckDeckCode(d.Code); err != nil {
		p.fail(codeLine, 0, "%v", err)
	}
	if len(p.problems) > 0 {
		return nil
	}
	if d.Name == "" {
		d.Name = GameName(d.Game) + " (" + d.Code + ")"
	}

	cr := csv.NewReader(bytes.NewReader(data))
	cr.Comment = '#'
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	if semicolons(p.lines) {
		cr.Comma = ';' // a spreadsheet saving CSV in a locale with decimal commas
		p.decimalComma = true
	}
	var h header
	var rows []row
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				p.fail(pe.Line, p.runeCol(pe.Line, pe.Column), "%v", pe.Err)
			} else {
				p.fail(0, 0, "%v", err)
			}
			return nil
		}
		if len(rec) > maxColumns {
			l, _ := cr.FieldPos(0)
			p.fail(l, 0, "%d fields: a deck file has at most %d columns", len(rec), maxColumns)
			return nil
		}
		pos := make([][2]int, len(rec))
		for i := range rec {
			l, c := cr.FieldPos(i)
			pos[i] = [2]int{l, p.runeCol(l, c)}
		}
		if h.index == nil {
			h = p.header(d.Game, rec, pos)
			continue
		}
		if len(rec) != len(h.names) {
			p.fail(pos[0][0], 0, "%d fields, but the header names %d columns", len(rec), len(h.names))
			continue
		}
		rows = append(rows, row{line: pos[0][0], rec: rec, pos: pos})
	}
	if h.index == nil {
		p.fail(0, 0, "no header line: the first line names the columns (%s)", strings.Join(columnsFor(d.Game), ","))
		return nil
	}
	if len(rows) == 0 && len(p.problems) == 0 {
		p.fail(0, 0, "no cards: one line per card after the header")
	}
	if len(p.problems) > 0 && len(rows) == 0 {
		return nil
	}
	p.cards(d, h, rows)
	d.Warnings = p.warnings
	return d
}

// semicolons says whether the header line is separated by semicolons and
// not commas.
func semicolons(lines []string) bool {
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		return strings.Contains(t, ";") && !strings.Contains(t, ",")
	}
	return false
}

// header checks the column names.
func (p *deckParser) header(game string, rec []string, pos [][2]int) header {
	allowed := columnsFor(game)
	h := header{index: map[string]int{}, names: make([]string, len(rec))}
	for i, raw := range rec {
		n := strings.ToLower(strings.TrimSpace(raw))
		h.names[i] = n
		switch {
		case n == "":
			p.fail(pos[i][0], pos[i][1], "column %d has no name", i+1)
		case !contains(allowed, n):
			hint := ""
			for _, g := range Games() {
				if g != game && contains(columnsFor(g), n) {
					hint = fmt.Sprintf(" (it belongs to %s decks)", GameName(g))
					break
				}
			}
			p.fail(pos[i][0], pos[i][1], "unknown column %q%s; a %s deck has %s", raw, hint, GameName(game), strings.Join(allowed, ", "))
		default:
			if j, dup := h.index[n]; dup {
				p.fail(pos[i][0], pos[i][1], "column %q twice (also column %d)", n, j+1)
				continue
			}
			h.index[n] = i
		}
	}
	line := 0
	if len(pos) > 0 {
		line = pos[0][0]
	}
	for _, c := range []string{colNumber, colName} {
		if !h.has(c) {
			p.fail(line, 0, "missing column %q", c)
		}
	}
	for _, pair := range [][2]string{{colLat, colLon}, {colNS, colWE}, {colPrintedLat, colPrintedLon}} {
		if h.has(pair[0]) != h.has(pair[1]) {
			have, miss := pair[0], pair[1]
			if h.has(pair[1]) {
				have, miss = pair[1], pair[0]
			}
			p.fail(line, 0, "missing column %q: it goes with %q", miss, have)
		}
	}
	switch game {
	case GameWIT:
		if !h.has(colNS) && !h.has(colLat) {
			p.fail(line, 0, "missing columns ns and we (the numbers in the card's half-circles), or lat and lon: a Where is That? deck needs one or the other")
		}
	default:
		if !h.has(colPrintedLat) && !h.has(colLat) {
			p.fail(line, 0, "missing columns printed_lat and printed_lon (the coordinates the card prints), or lat and lon")
		}
	}
	return h
}

func contains[T comparable](list []T, v T) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// seenName is where a folded name was first used.
type seenName struct {
	line, col int
	text      string
}

// cards reads every row into a card and checks the deck as a whole.
func (p *deckParser) cards(d *DeckFile, h header, rows []row) {
	byNum := map[int]int{} // number → line
	names := map[string]seenName{}
	ns, we := map[int]row{}, map[int]row{}
	var withNums, withoutNums []row
	lines := map[rules.CardID]row{}
	for _, r := range rows {
		// A line with a bad field is still checked against the others
		// (its number, names and circle numbers), so one pass lists every
		// problem of the file (issue 30: it took three rounds).
		c, ok := p.card(d, h, r)
		if c.ID.Num != 0 {
			if line, dup := byNum[c.ID.Num]; dup {
				l, col := r.at(h, colNumber)
				p.fail(l, col, "number %d is also on line %d", c.ID.Num, line)
				ok = false
			} else {
				byNum[c.ID.Num] = r.line
			}
		}
		for i, n := range append([]string{c.Name}, c.Aliases...) {
			if n == "" {
				continue
			}
			f := rules.Fold(n)
			if i > 0 && f == rules.Fold(c.Name) {
				continue // an alias that only adds the accents back
			}
			col := colName
			if i > 0 {
				col = colAliases
			}
			l, cc := r.at(h, col)
			if s, dup := names[f]; dup {
				if s.line == l {
					continue // the same name twice on one card is harmless
				}
				if s.text == n {
					p.fail(l, cc, "name %q is also on line %d", n, s.line)
				} else {
					p.fail(l, cc, "name %q is the same as %q on line %d once accents and case are ignored", n, s.text, s.line)
				}
				continue
			}
			names[f] = seenName{l, cc, n}
		}
		if d.Game == GameWIT && c.Printed != nil && c.Printed.NS > 0 {
			withNums = append(withNums, r)
			for _, ax := range []struct {
				seen map[int]row
				v    int
				col  string
				what string
			}{{ns, c.Printed.NS, colNS, "north–south"}, {we, c.Printed.WE, colWE, "west–east"}} {
				if o, dup := ax.seen[ax.v]; dup {
					l, cc := r.at(h, ax.col)
					p.fail(l, cc, "%s number %d is also on line %d: every card prints its own", ax.what, ax.v, o.line)
				} else {
					ax.seen[ax.v] = r
				}
			}
		} else if d.Game == GameWIT {
			withoutNums = append(withoutNums, r)
		}
		if c.ID.Num != 0 {
			for _, msg := range builtinClashes(d.Code, d.Game, c) {
				l, col := r.at(h, colName)
				p.fail(l, col, "%s", msg)
				ok = false
			}
		}
		if !ok {
			continue
		}
		lines[c.ID] = r
		d.Cards = append(d.Cards, c)
	}
	if len(withNums) > 0 && len(withoutNums) > 0 {
		r := withoutNums[0]
		l, col := r.at(h, colNS)
		p.fail(l, col, "no circle numbers here, but %d other cards have them (first on line %d): the numbers of one card only mean something beside the others', so give them for every card or for none",
			len(withNums), withNums[0].line)
	}
	sort.Slice(d.Cards, func(i, j int) bool { return d.Cards[i].ID.Num < d.Cards[j].ID.Num })
	if len(p.problems) == 0 {
		p.contradictions(d, h, lines)
	}
}

// card reads one row. Every field is checked, so one line can report
// several problems.
func (p *deckParser) card(d *DeckFile, h header, r row) (Card, bool) {
	ok := true
	bad := func(col string, format string, a ...any) {
		l, c := r.at(h, col)
		p.fail(l, c, format, a...)
		ok = false
	}
	get := func(col string) string {
		v, _ := r.field(h, col)
		if i := strings.IndexFunc(v, isControl); i >= 0 {
			bad(col, "%s: a control character (%U) at character %d: card text is printed, shown and spoken, so it may hold none", col, []rune(v[i:])[0], utf8.RuneCountInString(v[:i])+1)
			return strings.Map(dropControl, v)
		}
		return unquoteFormula(v)
	}
	num := func(col string) string {
		v := get(col)
		if p.decimalComma {
			v = strings.ReplaceAll(v, ",", ".")
		}
		return v
	}
	c := Card{Kind: KindCity}
	number := get(colNumber)
	if n, err := strconv.Atoi(number); err != nil || n < 1 || n > rules.MaxCardNum {
		if number == "" {
			bad(colNumber, "no card number (1 to %d, as in the card's QR code)", rules.MaxCardNum)
		} else {
			bad(colNumber, "number %q: want a whole number from 1 to %d", number, rules.MaxCardNum)
		}
	} else {
		c.ID = rules.CardID{Deck: d.Code, Num: n}
	}
	c.Name = get(colName)
	switch n := utf8.RuneCountInString(c.Name); {
	case n == 0:
		bad(colName, "no name: write the name the card prints")
	case n > maxNameRunes:
		bad(colName, "name of %d characters: at most %d", n, maxNameRunes)
	case rules.Fold(c.Name) == "":
		bad(colName, "name %q has no letters or digits", c.Name)
	}
	for _, a := range strings.Split(get(colAliases), "|") {
		if a = strings.TrimSpace(a); a != "" {
			if rules.Fold(a) == "" || utf8.RuneCountInString(a) > maxNameRunes {
				bad(colAliases, "alias %q: want a name of 1 to %d characters with letters or digits", a, maxNameRunes)
				continue
			}
			c.Aliases = append(c.Aliases, a)
		}
	}
	c.Country, c.Source = get(colCountry), get(colSource)
	if k := strings.ToLower(get(colKind)); k != "" {
		if !contains(kindsFor(d.Game), Kind(k)) {
			bad(colKind, "kind %q: a %s card is %s", k, GameName(d.Game), kindList(kindsFor(d.Game)))
		} else {
			c.Kind = Kind(k)
		}
	}
	if d.Game == GameMapIt {
		c.Level = LevelBeginner
		switch l := strings.ToLower(get(colLevel)); l {
		case "", LevelBeginner:
		case LevelExpert:
			c.Level = LevelExpert
		default:
			bad(colLevel, "level %q: want beginner (black bars around the name) or expert", l)
		}
	}
	lat, lon := num(colLat), num(colLon)
	switch {
	case lat == "" && lon == "":
	case lat == "" || lon == "":
		bad(map[bool]string{true: colLat, false: colLon}[lat == ""], "latitude and longitude go together: give both or neither")
	default:
		var err error
		if c.Lat, err = ParseCoord(lat, AxisLat); err != nil {
			bad(colLat, "%v", err)
		}
		if c.Lon, err = ParseCoord(lon, AxisLon); err != nil {
			bad(colLon, "%v", err)
		}
		c.HasCoords = true
	}
	pr := &Printed{}
	switch d.Game {
	case GameWIT:
		sn, sw := get(colNS), get(colWE)
		switch {
		case sn == "" && sw == "":
			pr = nil
		case sn == "" || sw == "":
			bad(map[bool]string{true: colNS, false: colWE}[sn == ""], "the two circle numbers go together: give ns and we, or neither")
		default:
			for _, f := range []struct {
				col, text string
				dst       *int
			}{{colNS, sn, &pr.NS}, {colWE, sw, &pr.WE}} {
				n, err := strconv.Atoi(f.text)
				if err != nil || n < 1 || n > 999 {
					bad(f.col, "%s %q: want the whole number printed in the half-circle (1 to 999)", f.col, f.text)
					continue
				}
				*f.dst = n
			}
		}
		if ok && pr == nil && !c.HasCoords {
			bad(colName, "%s has neither circle numbers (ns, we) nor coordinates (lat, lon): the referee cannot judge it", c.Name)
		}
	default:
		plat, plon := num(colPrintedLat), num(colPrintedLon)
		switch {
		case plat == "" && plon == "":
			pr = nil
		case plat == "" || plon == "":
			bad(map[bool]string{true: colPrintedLat, false: colPrintedLon}[plat == ""], "printed_lat and printed_lon go together: give both or neither")
		default:
			pr.HasCoords, pr.LatText, pr.LonText = true, plat, plon
			for _, f := range []struct {
				col, text string
				ax        Axis
				dst       *float64
			}{{colPrintedLat, plat, AxisLat, &pr.Lat}, {colPrintedLon, plon, AxisLon, &pr.Lon}} {
				v, err := ParseCoord(f.text, f.ax)
				if err == nil && d.Game == GameNSOE && v != math.Trunc(v) {
					err = fmt.Errorf("%q: the card prints whole degrees, so write a whole number", f.text)
				}
				if err != nil {
					bad(f.col, "%v", err)
				}
				*f.dst = v // a negative zero keeps the hemisphere London's 0°O prints
			}
			if d.Game == GameNSOE {
				c.PrintedLat, c.PrintedLon = int(pr.Lat), int(pr.Lon)
				pr.LatText, pr.LonText = FormatWholeDegrees(pr.Lat, AxisLat), FormatWholeDegrees(pr.Lon, AxisLon)
			}
		}
		if ok && pr == nil && !c.HasCoords {
			bad(colName, "%s has neither printed coordinates (printed_lat, printed_lon) nor coordinates (lat, lon): the referee cannot judge it", c.Name)
		}
	}
	c.Printed = pr
	return c, ok
}

func kindList(ks []Kind) string {
	s := make([]string, len(ks))
	for i, k := range ks {
		s[i] = string(k)
	}
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// contradictions warns where the printed values disagree with the
// coordinates given beside them. Nothing is changed: the card is the
// authority, and a warning may equally mean a typo in the coordinates.
func (p *deckParser) contradictions(d *DeckFile, h header, lines map[rules.CardID]row) {
	switch d.Game {
	case GameWIT:
		p.circleContradictions(d, h, lines)
	default:
		// A whole degree printed on the card is the coordinate truncated
		// or rounded, so it is at most a degree away; Map It! prints
		// coordinates to about a hundredth, so a tenth is plenty.
		tol := 0.1
		if d.Game == GameNSOE {
			tol = 1
		}
		for _, c := range d.Cards {
			if c.Printed == nil || !c.Printed.HasCoords || !c.HasCoords {
				continue
			}
			r := lines[c.ID]
			for _, ax := range []struct {
				col            string
				printed, coord float64
				text           string
			}{{colPrintedLat, c.Printed.Lat, c.Lat, c.Printed.LatText}, {colPrintedLon, c.Printed.Lon, c.Lon, c.Printed.LonText}} {
				if math.Abs(ax.printed-ax.coord) > tol+1e-9 {
					l, col := r.at(h, ax.col)
					p.warn(l, col, "%s prints %s but its %s is %.4g: check one of them (the printed value is used)", c.Name, ax.text, strings.TrimPrefix(ax.col, "printed_"), ax.coord)
				}
			}
		}
	}
}

// circleContradictions lists the pairs of Where is That? cards whose
// printed order disagrees with their coordinates: A north of B by its
// latitude but printing the higher north–south number, and the same
// west–east. One mistyped number makes many such pairs, so the cards in
// the most pairs are named first.
func (p *deckParser) circleContradictions(d *DeckFile, h header, lines map[rules.CardID]row) {
	// Two passes over the pairs, keeping none of them: the first counts
	// each card's contradictions, the second keeps the maxWarnPairs pairs
	// to show. A deck of 999 cards that all disagree has half a million
	// pairs; holding them (each with both cards) took 576 MB.
	type pair struct {
		a, b Card // a lies north (west) of b by coordinates
		gap  float64
		ns   bool
	}
	count := map[rules.CardID]int{}
	total := 0
	eachWrong := func(visit func(n, s Card, gap float64, ns bool)) {
		for i, a := range d.Cards {
			if a.Printed == nil || !a.HasCoords {
				continue
			}
			for _, b := range d.Cards[i+1:] {
				if b.Printed == nil || !b.HasCoords {
					continue
				}
				for _, ns := range []bool{true, false} {
					n, s, gap := a, b, a.Lat-b.Lat // n north of s
					if !ns {
						gap = b.Lon - a.Lon // n west of s
					}
					if gap < 0 {
						n, s, gap = b, a, -gap
					}
					if gap == 0 {
						continue
					}
					wrong := n.Printed.NS > s.Printed.NS
					if !ns {
						wrong = n.Printed.WE > s.Printed.WE
					}
					if wrong {
						visit(n, s, gap, ns)
					}
				}
			}
		}
	}
	eachWrong(func(n, s Card, _ float64, _ bool) {
		count[n.ID]++
		count[s.ID]++
		total++
	})
	if total == 0 {
		return
	}
	// before: the pair whose likelier typo is in more pairs, then the
	// wider gap; among equals the first found stays first.
	before := func(x, y pair) bool {
		cx, cy := max(count[x.a.ID], count[x.b.ID]), max(count[y.a.ID], count[y.b.ID])
		if cx != cy {
			return cx > cy
		}
		return x.gap > y.gap
	}
	pairs := make([]pair, 0, maxWarnPairs)
	eachWrong(func(n, s Card, gap float64, ns bool) {
		pr := pair{n, s, gap, ns}
		if len(pairs) == maxWarnPairs && !before(pr, pairs[len(pairs)-1]) {
			return
		}
		i := sort.Search(len(pairs), func(i int) bool { return before(pr, pairs[i]) })
		if len(pairs) < maxWarnPairs {
			pairs = append(pairs, pair{})
		}
		copy(pairs[i+1:], pairs[i:len(pairs)-1])
		pairs[i] = pr
	})
	for _, pr := range pairs {
		// Point at the card of the pair that is in more pairs: the likelier typo.
		suspect := pr.a
		if count[pr.b.ID] > count[pr.a.ID] {
			suspect = pr.b
		}
		col, where, num := colWE, "west", func(c Card) int { return c.Printed.WE }
		a1, b1 := fmt.Sprintf("%.4g", pr.a.Lon), fmt.Sprintf("%.4g", pr.b.Lon)
		if pr.ns {
			col, where, num = colNS, "north", func(c Card) int { return c.Printed.NS }
			a1, b1 = fmt.Sprintf("%.4g", pr.a.Lat), fmt.Sprintf("%.4g", pr.b.Lat)
		}
		l, c := lines[suspect.ID].at(h, col)
		p.warn(l, c, "%s (%s %d, line %d) lies %s of %s (%s %d, line %d) by its coordinates (%s against %s) but prints the higher number",
			pr.a.Name, col, num(pr.a), lines[pr.a.ID].line, where, pr.b.Name, col, num(pr.b), lines[pr.b.ID].line, a1, b1)
	}
	if total > len(pairs) {
		p.warn(0, 0, "… and %d more pairs whose printed numbers disagree with their coordinates", total-len(pairs))
	}
	var suspects []rules.CardID
	for id, n := range count {
		if n >= 3 {
			suspects = append(suspects, id)
		}
	}
	sort.Slice(suspects, func(i, j int) bool {
		if count[suspects[i]] != count[suspects[j]] {
			return count[suspects[i]] > count[suspects[j]]
		}
		return suspects[i].Num < suspects[j].Num
	})
	for _, id := range suspects[:min(len(suspects), 5)] {
		r := lines[id]
		var name string
		for _, c := range d.Cards {
			if c.ID == id {
				name = c.Name
			}
		}
		p.warn(r.line, 0, "%s is in %d of these pairs: check its numbers and coordinates first", name, count[id])
	}
}

// WriteDeckFile writes a deck in the deck-file format ReadDeckFile reads:
// the "# code:", "# game:" and "# name:" lines, the header with every
// column of the game, one line per card in number order.
func WriteDeckFile(w io.Writer, d *DeckFile) error {
	cols := columnsFor(d.Game)
	if cols == nil {
		return fmt.Errorf("deck %s: game %q: want %s", d.Code, d.Game, strings.Join(Games(), ", "))
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# tableref deck file (docs/decks.md)\n# code: %s\n# game: %s\n", d.Code, d.Game)
	if d.Name != "" {
		fmt.Fprintf(&b, "# name: %s\n", strings.NewReplacer("\n", " ", "\r", " ").Replace(d.Name))
	}
	cw := csv.NewWriter(&b)
	if err := cw.Write(cols); err != nil {
		return err
	}
	cards := append([]Card(nil), d.Cards...)
	sort.Slice(cards, func(i, j int) bool { return cards[i].ID.Num < cards[j].ID.Num })
	for _, c := range cards {
		rec := make([]string, len(cols))
		for i, col := range cols {
			rec[i] = fieldOf(c, col)
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// fieldOf writes one column of a card.
func fieldOf(c Card, col string) string {
	coord := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	switch col {
	case colNumber:
		return strconv.Itoa(c.ID.Num)
	case colName:
		return quoteFormula(c.Name)
	case colAliases:
		return quoteFormula(strings.Join(c.Aliases, "|"))
	case colCountry:
		return quoteFormula(c.Country)
	case colLat:
		if c.HasCoords {
			return coord(c.Lat)
		}
	case colLon:
		if c.HasCoords {
			return coord(c.Lon)
		}
	case colKind:
		return string(c.Kind)
	case colLevel:
		return c.Level
	case colSource:
		return c.Source
	}
	if c.Printed == nil {
		return ""
	}
	switch col {
	case colNS:
		if c.Printed.NS > 0 {
			return strconv.Itoa(c.Printed.NS)
		}
	case colWE:
		if c.Printed.WE > 0 {
			return strconv.Itoa(c.Printed.WE)
		}
	case colPrintedLat:
		if c.Printed.HasCoords {
			return c.Printed.LatText
		}
	case colPrintedLon:
		if c.Printed.HasCoords {
			return c.Printed.LonText
		}
	}
	return ""
}

// isControl reports a C0 or C1 control character, NUL and the terminal's
// escape (ESC[31m…) among them: none belongs in a card's printed text.
func isControl(r rune) bool { return unicode.IsControl(r) }

func dropControl(r rune) rune {
	if isControl(r) {
		return -1
	}
	return r
}

// quoteFormula keeps a spreadsheet from running an exported text cell:
// one that begins with =, +, -, @ (or a tab or carriage return) is written
// after an apostrophe, which spreadsheets show as text and
// unquoteFormula takes off again on import (OWASP's advice for CSV).
func quoteFormula(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}

// unquoteFormula reverses quoteFormula: an apostrophe before a formula's
// first character is the export's, not the card's.
func unquoteFormula(v string) string {
	if len(v) > 1 && v[0] == '\'' && strings.ContainsRune("=+-@", rune(v[1])) {
		return v[1:]
	}
	return v
}
