package journal

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

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
}

// Loaded is a journal read back.
type Loaded struct {
	Setup   rules.Setup
	Entries []Entry
	// TornTail is true when the last line was cut short and dropped.
	TornTail bool
	// Size is the length in bytes of the complete lines: where appending
	// goes on (a torn tail is cut off there).
	Size int64
	// NeedsNewline is true when the last complete line has no newline (the
	// power went after the line and before its newline): appending must
	// write one first.
	NeedsNewline bool
}

// LastT is the time of the last entry (0 when there is none).
func (l *Loaded) LastT() float64 {
	if len(l.Entries) == 0 {
		return 0
	}
	return l.Entries[len(l.Entries)-1].T
}

// Read reads a whole journal; name is used in messages. A torn last line is
// dropped (TornTail); any other bad line is an error "NAME:LINE: what".
func Read(data []byte, name string) (*Loaded, error) {
	r := replay.NewReader(bytes.NewReader(data), name)
	r.AllowTornTail = true
	l := &Loaded{}
	header := false
	for {
		line, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		switch line.Kind {
		case replay.KindHeader:
			l.Setup, header = line.Setup, true
		case replay.KindSnapshot, replay.KindInput:
			l.Entries = append(l.Entries, Entry{Line: line.Num, T: line.T, Kind: line.Kind, Table: line.Table, Input: line.Input})
		}
	}
	if !header {
		return nil, fmt.Errorf("%s: no header line: not a journal", name)
	}
	l.TornTail = r.TornTail()
	l.Size = int64(len(data))
	if l.TornTail {
		l.Size = int64(bytes.LastIndexByte(data, '\n') + 1)
	} else if len(data) > 0 && data[len(data)-1] != '\n' {
		l.NeedsNewline = true
	}
	return l, nil
}

// Open loads the journal at path and opens it for appending (the caller
// holds the path's Lock: TakeLock): a torn tail is
// cut off the file (Loaded.TornTail says so, for a warning) and a missing
// final newline is added, so that new lines always start on a line of
// their own.
func Open(path string) (*Loaded, *Writer, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("journal: %w", err)
	}
	l, err := Read(data, path)
	if err != nil {
		return nil, nil, fmt.Errorf("journal: %w", err)
	}
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
	w := Resume(f, path, l.Size)
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
