// Package replay reads and writes tableref's replay format: JSON Lines with
// a header (game mode, players, options) followed by timestamped snapshot
// and input lines. The same format is the daemon's journal. See
// docs/replay.md for the format and docs/replay.schema.json for its schema.
package replay

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/tableref/tableref/rules"
)

// FormatVersion is the replay format this build writes and reads.
const FormatVersion = 1

// Kind is the type of a line.
type Kind string

const (
	KindHeader   Kind = "header"
	KindSnapshot Kind = "snapshot"
	KindInput    Kind = "input"
)

// Line is one parsed line of a replay.
type Line struct {
	Num   int     // 1-based line number in the file
	Kind  Kind    //
	T     float64 // seconds since the start of the game
	Setup rules.Setup
	Table rules.Table
	Input rules.Input
}

// header is the file form of the first line.
type header struct {
	Kind    Kind                       `json:"kind"`
	Format  int                        `json:"format"`
	Mode    string                     `json:"mode"`
	Players []string                   `json:"players"`
	Options map[string]json.RawMessage `json:"options,omitempty"`
}

// body is the file form of snapshot and input lines. Card fields of inputs
// are strings here so that names can be resolved with the mode's decks.
type body struct {
	Kind   Kind            `json:"kind"`
	T      *float64        `json:"t"`
	Table  json.RawMessage `json:"table,omitempty"`
	Type   string          `json:"type,omitempty"`
	Player int             `json:"player,omitempty"`
	Card   string          `json:"card,omitempty"`
	Other  string          `json:"other,omitempty"`
	Number int             `json:"number,omitempty"`
	Choice string          `json:"choice,omitempty"`
}

// ErrNoGame marks a file with no game in it: empty, only comments, or a
// header line cut short. A journal like that holds nothing of value (the
// daemon sets it aside and starts afresh); a replay like that is an error.
var ErrNoGame = errors.New("the file holds no game")

// MaxLine is the longest line a replay may hold. A longer line is refused
// when the reader gets to MaxLine bytes of it: it is never read whole.
const MaxLine = 16 << 20

// Reader reads a replay line by line. Its errors say "NAME:LINE: what".
type Reader struct {
	name     string
	br       *bufio.Reader
	buf      []byte // the line being read, reused
	num      int
	off      int64 // bytes of the lines read so far (a torn tail left out)
	res      rules.Resolver
	setup    *rules.Setup
	lastT    float64
	tornTail bool
	noFinal  bool

	// AllowTornTail makes a last line that is cut short (no newline and not
	// valid JSON, as a power cut leaves a journal) end the replay cleanly;
	// TornTail then reports it. Replays written by hand keep it false.
	AllowTornTail bool
	// Tee, when set, is given the bytes of every line read (newline
	// included), in order, but not a torn tail: a journal hashes what it
	// keeps with it.
	Tee io.Writer
	// Comment, when set, is given every comment line (its text after
	// '#', trimmed) with its line number.
	Comment func(line int, text string)
}

// NewReader reads a replay from r; name is used in error messages.
func NewReader(r io.Reader, name string) *Reader {
	return &Reader{name: name, br: bufio.NewReaderSize(r, 64*1024)}
}

// ResumeReader reads the rest of a replay from r, which is positioned
// after line lines (offset bytes) of a file whose header held s and whose
// last line before was at time lastT: a journal resumed from a checkpoint
// reads only its tail.
func ResumeReader(r io.Reader, name string, s rules.Setup, line int, offset int64, lastT float64) (*Reader, error) {
	mode, ok := rules.LookupMode(s.Mode)
	if !ok {
		return nil, fmt.Errorf("%s: unknown game mode %q", name, s.Mode)
	}
	rd := NewReader(r, name)
	rd.setup, rd.num, rd.off, rd.lastT = &s, line, offset, lastT
	rd.res = rules.Resolver{Decks: mode.DecksFor(s)}
	return rd, nil
}

// Name is the name the reader's messages give the file.
func (r *Reader) Name() string { return r.name }

// TornTail reports whether the last line was cut short and dropped.
func (r *Reader) TornTail() bool { return r.tornTail }

// Offset is the number of bytes of the lines read so far: after io.EOF,
// the length of the file's complete lines (a torn tail left out).
func (r *Reader) Offset() int64 { return r.off }

// Line is the number of the last line read.
func (r *Reader) Line() int { return r.num }

// NoFinalNewline reports, after io.EOF, that the last line is whole but has
// no newline (the power went between the two): appending must add one.
func (r *Reader) NoFinalNewline() bool { return r.noFinal }

func (r *Reader) errorf(format string, args ...any) error {
	return &LineError{File: r.name, Line: r.num, Err: fmt.Errorf(format, args...)}
}

// LineError is an error in one line of a replay.
type LineError struct {
	File string
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// ErrLineTooLong is the error (wrapped in a LineError) for a line of more
// than MaxLine bytes.
var ErrLineTooLong = errors.New("line longer than 16 MiB")

// readLine reads the next line into r.buf, newline included; complete is
// false for a last line without a newline. A line longer than MaxLine is
// refused as soon as MaxLine bytes of it are read.
func (r *Reader) readLine() (raw []byte, complete bool, err error) {
	r.buf = r.buf[:0]
	for {
		chunk, err := r.br.ReadSlice('\n')
		if len(r.buf)+len(chunk) > MaxLine {
			return nil, false, ErrLineTooLong
		}
		if need := len(r.buf) + len(chunk); need > cap(r.buf) {
			// Double (append grows a big slice by a quarter, which
			// allocates five times the line on the way to MaxLine).
			nb := make([]byte, len(r.buf), min(max(2*cap(r.buf), need), MaxLine))
			copy(nb, r.buf)
			r.buf = nb
		}
		r.buf = append(r.buf, chunk...)
		switch {
		case err == nil:
			return r.buf, true, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			if len(r.buf) == 0 {
				return nil, false, io.EOF
			}
			return r.buf, false, nil
		default:
			return nil, false, err
		}
	}
}

// keep counts a line read into the offset and gives it to Tee.
func (r *Reader) keep(raw []byte) error {
	r.off += int64(len(raw))
	r.noFinal = !bytes.HasSuffix(raw, []byte("\n"))
	if r.Tee != nil {
		if _, err := r.Tee.Write(raw); err != nil {
			return r.errorf("%w", err)
		}
	}
	return nil
}

// Next returns the next line, or io.EOF after the last. The first line
// must be the header. Blank lines and lines starting with '#' are skipped.
func (r *Reader) Next() (Line, error) {
	for {
		raw, complete, err := r.readLine()
		if errors.Is(err, io.EOF) {
			break
		}
		r.num++
		if errors.Is(err, ErrLineTooLong) {
			return Line{}, r.errorf("%w: refused before reading the rest of it", err)
		}
		if err != nil {
			return Line{}, r.errorf("%w", err)
		}
		text := bytes.TrimSpace(raw)
		if len(text) == 0 || text[0] == '#' {
			if err := r.keep(raw); err != nil {
				return Line{}, err
			}
			if len(text) > 0 && r.Comment != nil && complete {
				r.Comment(r.num, string(bytes.TrimSpace(text[1:])))
			}
			continue
		}
		line, err := r.parse(text)
		if err != nil && !complete && r.AllowTornTail && !json.Valid(text) {
			r.tornTail = true
			if r.setup == nil {
				return Line{}, r.errorf("%w: its header line was cut short (a power cut as the game started?)", ErrNoGame)
			}
			return Line{}, io.EOF
		}
		if err == nil {
			if kerr := r.keep(raw); kerr != nil {
				return Line{}, kerr
			}
		}
		return line, err
	}
	if r.setup == nil {
		return Line{}, r.errorf("%w: it is empty (or only comments), and a replay starts with a header line", ErrNoGame)
	}
	return Line{}, io.EOF
}

func (r *Reader) parse(text []byte) (Line, error) {
	var probe struct {
		Kind Kind `json:"kind"`
	}
	if err := json.Unmarshal(text, &probe); err != nil {
		return Line{}, r.errorf("not a JSON object: %v", err)
	}
	if r.setup == nil && probe.Kind != KindHeader {
		return Line{}, r.errorf("first line must be the header (\"kind\":\"header\"), got %q", probe.Kind)
	}
	switch probe.Kind {
	case KindHeader:
		if r.setup != nil {
			return Line{}, r.errorf("a second header: one replay holds one game")
		}
		return r.parseHeader(text)
	case KindSnapshot, KindInput:
		return r.parseBody(text)
	}
	return Line{}, r.errorf("unknown line kind %q (want header, snapshot or input)", probe.Kind)
}

func (r *Reader) parseHeader(text []byte) (Line, error) {
	var h header
	if err := strict(text, &h); err != nil {
		return Line{}, r.errorf("header: %v", err)
	}
	if h.Format != FormatVersion {
		return Line{}, r.errorf("header: format %d, this build reads format %d", h.Format, FormatVersion)
	}
	mode, ok := rules.LookupMode(h.Mode)
	if !ok {
		_, err := rules.NewGame(rules.Setup{Mode: h.Mode})
		return Line{}, r.errorf("header: %v", err)
	}
	s := rules.Setup{Mode: h.Mode, Players: h.Players, Options: map[string]string{}}
	for k, v := range h.Options {
		var str string
		var num json.Number
		var b bool
		switch {
		case string(bytes.TrimSpace(v)) == "null": // decodes into a string as ""
			return Line{}, r.errorf("header: option %q: null: want a string, a number or true/false", k)
		case json.Unmarshal(v, &str) == nil:
			s.Options[k] = str
		case json.Unmarshal(v, &num) == nil:
			s.Options[k] = num.String() // as written
		case json.Unmarshal(v, &b) == nil:
			s.Options[k] = strconv.FormatBool(b)
		default: // an object, an array or null: no option takes one
			return Line{}, r.errorf("header: option %q: %s: want a string, a number or true/false", k, bytes.TrimSpace(v))
		}
	}
	checked, err := mode.Check(s)
	if err != nil {
		return Line{}, r.errorf("header: %v", err)
	}
	r.setup = &checked
	r.res = rules.Resolver{Decks: mode.DecksFor(checked)}
	return Line{Num: r.num, Kind: KindHeader, Setup: checked}, nil
}

func (r *Reader) parseBody(text []byte) (Line, error) {
	var b body
	if err := strict(text, &b); err != nil {
		return Line{}, r.errorf("%v", err)
	}
	if b.T == nil {
		return Line{}, r.errorf("%s line without \"t\" (seconds since the start)", b.Kind)
	}
	t := *b.T
	if math.IsNaN(t) || t < 0 || t < r.lastT {
		return Line{}, r.errorf("time %v goes backwards (last line was at %v)", t, r.lastT)
	}
	r.lastT = t
	line := Line{Num: r.num, Kind: b.Kind, T: t}
	switch b.Kind {
	case KindSnapshot:
		if b.Type != "" || b.Player != 0 || b.Card != "" || b.Other != "" || b.Number != 0 || b.Choice != "" {
			return Line{}, r.errorf("a snapshot line holds only \"t\" and \"table\"")
		}
		if len(b.Table) == 0 {
			return Line{}, r.errorf("snapshot line without \"table\"")
		}
		tab, err := rules.DecodeTable(b.Table, r.res)
		if err != nil {
			return Line{}, r.errorf("%v", err)
		}
		line.Table = tab
	case KindInput:
		if len(b.Table) != 0 {
			return Line{}, r.errorf("an input line has no \"table\"")
		}
		if b.Type == "" {
			return Line{}, r.errorf("input line without \"type\"")
		}
		if b.Player < 0 || b.Player > len(r.setup.Players) {
			return Line{}, r.errorf("player %d: this game has players 1 to %d", b.Player, len(r.setup.Players))
		}
		in := rules.Input{Type: rules.InputType(b.Type), Player: b.Player, Number: b.Number, Choice: b.Choice}
		for _, f := range []struct {
			tok string
			dst *rules.CardID
		}{{b.Card, &in.Card}, {b.Other, &in.Other}} {
			if f.tok == "" {
				continue
			}
			ref, err := r.res.Resolve(f.tok)
			if err != nil {
				return Line{}, r.errorf("%v", err)
			}
			*f.dst = ref.ID
		}
		line.Input = in
	}
	return line, nil
}

func strict(text []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(text))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if d.More() {
		return errors.New("more than one JSON value on the line")
	}
	return nil
}

// Stamped is an event with where it came from: the replay line that caused
// it and that line's time.
type Stamped struct {
	Line int     `json:"line"`
	T    float64 `json:"t"`
	rules.Event
}

// Run referees a whole replay: it reads the header, starts the game and
// feeds every line to it, calling emit for each event as it comes, so
// that a malformed line stops the run after everything before it has been
// reported. It returns the game (nil if the header failed) and the first
// error.
func Run(r *Reader, emit func(Stamped)) (rules.Game, error) {
	var g rules.Game
	for {
		line, err := r.Next()
		if errors.Is(err, io.EOF) {
			return g, nil
		}
		if err != nil {
			return g, err
		}
		var evs []rules.Event
		switch line.Kind {
		case KindHeader:
			g, err = rules.NewGame(line.Setup)
			if err != nil {
				return nil, r.errorf("%v", err)
			}
			evs = g.Start()
		case KindSnapshot:
			evs = g.Observe(line.Table)
		case KindInput:
			evs = g.Input(line.Input)
		}
		for _, e := range evs {
			emit(Stamped{Line: line.Num, T: line.T, Event: e})
		}
	}
}

// Writer writes a replay (or journal): the header first, then lines.
type Writer struct {
	w io.Writer
}

// NewWriter writes the header line for s and returns a writer for the rest.
func NewWriter(w io.Writer, s rules.Setup) (*Writer, error) {
	h := header{Kind: KindHeader, Format: FormatVersion, Mode: s.Mode, Players: s.Players}
	if len(s.Options) > 0 {
		h.Options = map[string]json.RawMessage{}
		for k, v := range s.Options {
			b, _ := json.Marshal(v)
			h.Options[k] = b
		}
	}
	wr := &Writer{w: w}
	return wr, wr.write(h)
}

// Snapshot writes a snapshot line.
func (wr *Writer) Snapshot(t float64, tab rules.Table) error {
	tb, err := json.Marshal(tab)
	if err != nil {
		return err
	}
	return wr.write(body{Kind: KindSnapshot, T: &t, Table: tb})
}

// Input writes an input line.
func (wr *Writer) Input(t float64, in rules.Input) error {
	return wr.write(body{Kind: KindInput, T: &t, Type: string(in.Type), Player: in.Player,
		Card: in.Card.String(), Other: in.Other.String(), Number: in.Number, Choice: in.Choice})
}

func (wr *Writer) write(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if _, err := wr.w.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("writing replay line: %w", err)
	}
	return nil
}

// Describe renders an event as one human-readable line for a terminal.
func Describe(s Stamped) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%7.1fs  %-8s", s.T, s.Kind)
	if s.Long != "" {
		b.WriteString(s.Long)
	} else {
		b.WriteString(strings.TrimSpace(s.Short[0] + " " + s.Short[1]))
	}
	return b.String()
}

// Final reads a whole replay and returns its setup and its last snapshot:
// the finished table, as a photo of the end would show it.
func Final(r *Reader) (rules.Setup, rules.Table, error) {
	var s rules.Setup
	var last rules.Table
	for {
		l, err := r.Next()
		if errors.Is(err, io.EOF) {
			return s, last, nil
		}
		if err != nil {
			return s, last, err
		}
		switch l.Kind {
		case KindHeader:
			s = l.Setup
		case KindSnapshot:
			last = l.Table
		}
	}
}
