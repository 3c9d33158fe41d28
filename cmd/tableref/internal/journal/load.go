package journal

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc64"
	"io"
	"log/slog"
	"os"
	"reflect"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// Entry is one journaled line after the header: a snapshot or an input.
type Entry struct {
	Line  int         // line number in the file (0 for an entry not yet written)
	T     float64     // seconds since the start of the game
	Kind  replay.Kind // replay.KindSnapshot or replay.KindInput
	Table rules.Table
	Input rules.Input
	// Where the entry ends in the journal: the byte offset after its line,
	// the CRC-64 (ECMA) of the journal up to there, and its count among the
	// entries (1 for the first). A checkpoint folded at this entry holds them.
	End int64
	Sum uint64
	Seq int
}

// Loaded is a journal read back.
type Loaded struct {
	Setup rules.Setup
	// Entries are the entries, for Read; Open leaves them out (it gives
	// the Match instead) and says how many there are in Count.
	Entries []Entry
	Count   int
	// Last is the time of the last entry, and Table the last snapshot
	// (HaveTable false when the journal's tail read holds none).
	Last      float64
	Table     rules.Table
	HaveTable bool
	// Match is the game refereed from the journal, for Open.
	Match *Match
	// Checkpoint says how Open went about it: "" (none), "used: …" or why
	// it was not used.
	Checkpoint string
	// Replayed is how many entries Open referred to the engine.
	Replayed int
	// Decks are the decks the journal says judged the game (none in a
	// journal older than that record), and DecksChanged, from Open, says
	// how those installed now differ (CheckDecks).
	Decks        []DeckPrint
	DecksChanged error
	// TornTail is true when the last line was cut short and dropped.
	TornTail bool
	// Size is the length in bytes of the complete lines: where appending
	// goes on (a torn tail is cut off there).
	Size int64
	// NeedsNewline is true when the last complete line has no newline (the
	// power went after the line and before its newline): appending must
	// write one first.
	NeedsNewline bool
	sum          uint64 // CRC-64 of the first Size bytes
	lines        int    // newlines in the first Size bytes
}

// LastT is the time of the last entry (0 when there is none).
func (l *Loaded) LastT() float64 { return l.Last }

// Read reads a whole journal; name is used in messages. A torn last line is
// dropped (TornTail); any other bad line is an error "NAME:LINE: what".
func Read(data []byte, name string) (*Loaded, error) {
	l := &Loaded{}
	err := l.stream(replay.NewReader(bytes.NewReader(data), name), func(e Entry) {
		l.Entries = append(l.Entries, e)
	})
	if err != nil {
		return nil, err
	}
	return l, nil
}

// Each reads a whole journal like Read but hands each entry to fn instead
// of keeping them (Loaded.Count says how many): the memory it takes
// besides data does not grow with the journal.
func Each(data []byte, name string, fn func(rules.Setup, Entry)) (*Loaded, error) {
	l := &Loaded{}
	err := l.stream(replay.NewReader(bytes.NewReader(data), name), func(e Entry) { fn(l.Setup, e) })
	if err != nil {
		return nil, err
	}
	return l, nil
}

// More reads on in a journal l has read part of (More from a zero
// Loaded reads it from its start): r holds the journal's bytes from l.Size
// on, complete lines only (the caller stops at the last newline: a line
// still being written waits for the next call). tee, when not nil, is
// given every byte read. So a journal followed as it grows costs what was
// added to it, whatever its length.
func (l *Loaded) More(r io.Reader, name string, tee io.Writer, fn func(rules.Setup, Entry)) error {
	rd := replay.NewReader(r, name)
	if l.Setup.Mode != "" {
		var err error
		if rd, err = replay.ResumeReader(r, name, l.Setup, l.lines, l.Size, l.Last); err != nil {
			return err
		}
	}
	rd.Tee = tee
	return l.stream(rd, func(e Entry) { fn(l.Setup, e) })
}

// AtCheckpoint is the journal at path as its checkpoint saved it (the
// Match restored, Size where its tail begins), to read on from with More:
// a journal followed from a checkpoint is not refereed from its start.
// nil, nil when it has no checkpoint or one that does not match it.
func AtCheckpoint(path string) (*Loaded, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	l := &Loaded{}
	r, err := l.fromCheckpoint(f, path, fi.Size())
	if err != nil || r == nil {
		return nil, err
	}
	l.lines = r.Line()
	return l, nil
}

// stream reads a journal's lines from r, calling entry for each; the
// header goes to l.Setup (a reader resumed from a checkpoint has had it).
// r.Tee, when set, is given the lines as well.
func (l *Loaded) stream(r *replay.Reader, entry func(Entry)) error {
	h := resumeCRC(l.sum) // 0 at the start of the file
	if r.Tee != nil {
		r.Tee = io.MultiWriter(h, r.Tee)
	} else {
		r.Tee = h
	}
	r.AllowTornTail = true
	r.Comment = func(_ int, text string) {
		if p, ok := parseDecks(text); ok && l.Decks == nil {
			l.Decks = p
		}
	}
	header := l.Setup.Mode != ""
	for {
		line, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		switch line.Kind {
		case replay.KindHeader:
			l.Setup, header = line.Setup, true
		case replay.KindSnapshot, replay.KindInput:
			l.Count++
			l.Last = line.T
			if line.Kind == replay.KindSnapshot {
				l.Table, l.HaveTable = line.Table, true
			}
			entry(Entry{Line: line.Num, T: line.T, Kind: line.Kind, Table: line.Table, Input: line.Input,
				End: r.Offset(), Sum: h.Sum64(), Seq: l.Count})
		}
	}
	if !header {
		return fmt.Errorf("%s: no header line: not a journal", r.Name())
	}
	l.TornTail, l.NeedsNewline = r.TornTail(), r.NoFinalNewline()
	l.Size, l.sum, l.lines = r.Offset(), h.Sum64(), r.Line()
	if l.TornTail {
		l.lines--
	}
	if l.NeedsNewline {
		l.lines--
	}
	return nil
}

// resumeCRC is a CRC-64 hash that goes on from sum.
func resumeCRC(sum uint64) hash.Hash64 { return &crcFrom{sum: sum} }

type crcFrom struct{ sum uint64 }

func (c *crcFrom) Write(p []byte) (int, error) {
	c.sum = crc64.Update(c.sum, crcTable, p)
	return len(p), nil
}
func (c *crcFrom) Sum64() uint64       { return c.sum }
func (c *crcFrom) Sum(b []byte) []byte { return binary.BigEndian.AppendUint64(b, c.sum) }
func (c *crcFrom) Reset()              { c.sum = 0 }
func (c *crcFrom) Size() int           { return 8 }
func (c *crcFrom) BlockSize() int      { return 1 }

// Open loads the journal at path and opens it for appending (the caller
// holds the path's Lock: TakeLock): a torn tail is
// cut off the file (Loaded.TornTail says so, for a warning) and a missing
// final newline is added, so that new lines always start on a line of
// their own.
//
// The game is refereed as the journal is read, a line at a time, so the
// memory it takes does not grow with the journal (Loaded.Match; Entries is
// left empty). When the journal's checkpoint matches it, the game starts
// from there and only the tail after it is read and replayed; one that
// does not match is ignored, with a warning, and the whole journal
// replayed. Each fold on the way saves a new checkpoint.
func Open(path string) (*Loaded, *Writer, error) {
	rf, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("journal: %w", err)
	}
	defer rf.Close()
	fi, err := rf.Stat()
	if err != nil {
		return nil, nil, fmt.Errorf("journal: %w", err)
	}
	l := &Loaded{}
	r, err := l.fromCheckpoint(rf, path, fi.Size())
	if err != nil {
		return nil, nil, fmt.Errorf("journal: %w", err)
	}
	if r != nil {
		err = l.replay(r, path)
		var bad *badState
		if errors.As(err, &bad) { // the checkpoint's state broke the engine
			slog.Warn("journal: the checkpoint's state cannot be played on: ignored, the journal is replayed from its start", "journal", path, "why", bad)
			l, r = &Loaded{Checkpoint: "ignored: " + bad.Error()}, nil
		}
	}
	if r == nil {
		if _, err := rf.Seek(0, io.SeekStart); err != nil {
			return nil, nil, fmt.Errorf("journal: %w", err)
		}
		err = l.replay(replay.NewReader(rf, path), path)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("journal: %w", err)
	}
	l.Match.OnFold = nil
	l.DecksChanged = CheckDecks(path, l.Decks)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("journal: %w", err)
	}
	if err := lockFile(f, path); err != nil {
		f.Close()
		return nil, nil, err
	}
	if err := f.Truncate(l.Size); err != nil { // appending goes on from here
		f.Close()
		return nil, nil, describe(path, err)
	}
	w := Resume(f, path, l.Size, l.sum, l.lines)
	w.decks = l.Decks
	if l.NeedsNewline {
		if err := w.commit([]byte("\n")); err != nil {
			f.Close()
			return nil, nil, err
		}
	} else if l.TornTail {
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, nil, describe(path, err)
		}
	}
	return l, w, nil
}

// badState is a panic of the engine on a state restored from a checkpoint.
type badState struct{ p any }

func (b *badState) Error() string {
	return fmt.Sprintf("the game's saved state breaks the engine: %v", b.p)
}

// replay referees the journal's lines from r on l.Match (a new one at the
// header when l has none), saving a checkpoint at each fold. An engine
// that panics on a state restored from a checkpoint is a *badState error.
func (l *Loaded) replay(r *replay.Reader, path string) (err error) {
	if l.Match != nil {
		defer func() {
			if p := recover(); p != nil {
				err = &badState{p: p}
			}
		}()
	}
	save := func(cp *Checkpoint) {
		cp.Decks = l.Decks
		if err := SaveCheckpoint(path, cp); err != nil {
			slog.Warn("journal: saving a checkpoint", "err", err)
		}
	}
	if l.Match != nil {
		l.Match.OnFold = save
	}
	var merr error
	err = l.stream(r, func(e Entry) {
		if l.Match == nil && merr == nil {
			l.Match, _, merr = NewMatch(l.Setup)
			if merr == nil {
				l.Match.OnFold = save
			}
		}
		if merr == nil {
			l.Match.Apply(e)
			l.Replayed++
		}
	})
	if err != nil {
		return err
	}
	if merr == nil && l.Match == nil {
		l.Match, _, merr = NewMatch(l.Setup)
	}
	if merr != nil {
		return fmt.Errorf("%s: %w", path, merr)
	}
	return nil
}

// fromCheckpoint restores the match from the journal's checkpoint when it
// matches the journal, and returns a reader of the tail after it; nil when
// there is no checkpoint or it does not match (Loaded.Checkpoint says why).
func (l *Loaded) fromCheckpoint(f *os.File, path string, size int64) (*replay.Reader, error) {
	cp, err := loadCheckpoint(path)
	if cp == nil && err == nil {
		return nil, nil
	}
	ignore := func(why string) (*replay.Reader, error) {
		l.Checkpoint = "ignored: " + why
		slog.Warn("journal: the checkpoint does not match the journal: ignored, the journal is replayed from its start", "journal", path, "why", why)
		return nil, nil
	}
	if err != nil {
		return ignore(err.Error())
	}
	ok, why, err := cp.matches(f, size)
	if err != nil {
		return nil, err
	}
	if !ok {
		return ignore(why)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	if head, err := replay.NewReader(f, path).Next(); err != nil || !reflect.DeepEqual(head.Setup, cp.Setup) {
		return ignore("it is of another game than the journal's header")
	}
	m, err := RestoreMatch(cp)
	if err != nil {
		return ignore(err.Error())
	}
	if _, err := f.Seek(cp.Offset, io.SeekStart); err != nil {
		return nil, err
	}
	r, err := replay.ResumeReader(f, path, cp.Setup, cp.Line, cp.Offset, cp.T)
	if err != nil {
		return ignore(err.Error())
	}
	m.OnFold = nil
	l.Match, l.Setup, l.Count, l.Last, l.Size, l.sum, l.Decks = m, cp.Setup, cp.Entries, cp.T, cp.Offset, cp.Sum, cp.Decks
	l.Checkpoint = fmt.Sprintf("used: %d entries restored, the tail from line %d replayed", cp.Entries, cp.Line+1)
	return r, nil
}
