// Package journal is the daemon's crash-safe record of a game: every stable
// snapshot and every input is appended to a JSON Lines file in the replay
// format (rules/replay) and fsync'd before the referee acts on it, so that
// after a crash or a power cut the game is rebuilt exactly by replaying the
// file through the engine.
//
// A journal starts with the comment line Mark, which lets `tableref replay`
// recognise it, then the replay header. A torn last line (a power cut in
// the middle of a write) is detected on loading, dropped with a warning and
// cut from the file before anything new is appended.
package journal

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc64"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/archive"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// Mark is the first line of every journal: a replay comment that says the
// file is a daemon journal (torn tail allowed, undo handled by replay).
const Mark = "# tableref journal: every stable snapshot and input, fsync'd before the referee acted on it"

// ErrDiskFull is returned (wrapped) when the journal cannot be written
// because the disk is full. The daemon must not act on an entry it could
// not journal, so it stops refereeing and says so.
var ErrDiskFull = errors.New("the disk is full")

// ErrBroken is returned once a failed write could not be taken back: the
// file may end in a partial line, so nothing more may be appended to it.
var ErrBroken = errors.New("journal is broken by an earlier write error")

// File is what a Writer writes to: an *os.File, or a fake in tests (one
// that fails with ENOSPC, for instance).
type File interface {
	io.Writer
	Sync() error
	Truncate(size int64) error
	Close() error
}

// Writer appends entries to a journal. It is not safe for concurrent use:
// the daemon's referee goroutine owns it.
type Writer struct {
	path   string
	f      File
	size   int64  // bytes of complete, synced lines
	sum    uint64 // their CRC-64 (ECMA), for checkpoints
	lines  int    // their newlines: the number of the last line written
	decks  []DeckPrint
	broken error
}

// Create starts a new journal for setup s at path. An existing journal
// there is kept under a name of its own (Archive: NAME-YYYYMMDD-HHMMSS.jsonl
// beside it, never over another file), so that a finished game stays
// available for `tableref replay`. The caller
// holds the path's Lock (TakeLock).
func Create(path string, s rules.Setup, now time.Time) (*Writer, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	if _, err := os.Stat(path); err == nil {
		if _, err := archive.Keep(path, "", now); err != nil {
			return nil, fmt.Errorf("journal: keeping the last game: %w", err)
		}
	}
	// The last game's checkpoint stands for nothing now.
	if err := os.Remove(CheckpointPath(path)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("journal: %w", err)
	}
	// Append-only: every write lands at the end of the file, whoever else
	// might have it open.
	// 0640: the journal names the players; the service and its group read it.
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY|os.O_APPEND, 0o640)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	if err := lockFile(f, path); err != nil {
		f.Close()
		return nil, err
	}
	w, err := NewWriter(f, path, 0, s)
	if err != nil {
		f.Close()
		return nil, err
	}
	if err := archive.SyncDir(filepath.Dir(path)); err != nil {
		w.Close()
		return nil, err
	}
	return w, nil
}

// NewWriter writes a new journal (the mark, the header for s and the
// decks that judge it: DeckPrint) to f,
// which holds size bytes already (0 for a new file).
func NewWriter(f File, path string, size int64, s rules.Setup) (*Writer, error) {
	w := &Writer{path: path, f: f, size: size}
	var buf bytes.Buffer
	buf.WriteString(Mark + "\n")
	if _, err := replay.NewWriter(&buf, s); err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	if w.decks = DeckPrints(s); len(w.decks) > 0 {
		line, err := decksLine(w.decks)
		if err != nil {
			return nil, fmt.Errorf("journal: %w", err)
		}
		buf.Write(line)
	}
	if err := w.commit(buf.Bytes()); err != nil {
		return nil, err
	}
	return w, nil
}

// Resume returns a writer that appends to an existing journal of size
// bytes of complete lines, lines newlines and CRC-64 sum (Open says them).
func Resume(f File, path string, size int64, sum uint64, lines int) *Writer {
	return &Writer{path: path, f: f, size: size, sum: sum, lines: lines}
}

// Decks are the decks the journal records as judging its game.
func (w *Writer) Decks() []DeckPrint { return w.decks }

// Line is the number of the last line written (an entry just written is
// on it).
func (w *Writer) Line() int { return w.lines }

// Size is the length of the journal's complete lines, and Sum their CRC-64
// (ECMA): an entry just written ends there.
func (w *Writer) Size() int64 { return w.size }

// Sum is the CRC-64 (ECMA) of the journal's first Size bytes.
func (w *Writer) Sum() uint64 { return w.sum }

// Snapshot journals a stable table snapshot at t seconds.
func (w *Writer) Snapshot(t float64, tab rules.Table) error {
	b, err := bodyLine(func(rw *replay.Writer) error { return rw.Snapshot(t, tab) })
	if err != nil {
		return err
	}
	return w.commit(b)
}

// Input journals an input at t seconds.
func (w *Writer) Input(t float64, in rules.Input) error {
	b, err := bodyLine(func(rw *replay.Writer) error { return rw.Input(t, in) })
	if err != nil {
		return err
	}
	return w.commit(b)
}

// bodyLine renders one snapshot or input line with the replay package's
// writer (the one format for replays and journals), without its header.
func bodyLine(write func(*replay.Writer) error) ([]byte, error) {
	var buf bytes.Buffer
	rw, err := replay.NewWriter(&buf, rules.Setup{})
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	buf.Reset() // drop the header: only the body line is wanted
	if err := write(rw); err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	return bytes.Clone(buf.Bytes()), nil
}

// commit writes line(s) b and syncs them. A failure takes the partial
// write back (truncating to the last synced size) so the file never holds
// a torn line in its middle; if even that fails the writer is broken.
func (w *Writer) commit(b []byte) error {
	if w.broken != nil {
		return w.broken
	}
	_, err := w.f.Write(b)
	if err == nil {
		err = w.f.Sync()
	}
	if err == nil {
		w.size += int64(len(b))
		w.sum = crc64.Update(w.sum, crcTable, b)
		w.lines += bytes.Count(b, []byte("\n"))
		return nil
	}
	err = describe(w.path, err)
	if terr := w.f.Truncate(w.size); terr != nil {
		w.broken = fmt.Errorf("%w: %w (and taking the partial line back failed: %v)", ErrBroken, err, terr)
		return w.broken
	}
	return err
}

// describe turns a write error into one that says what it means.
func describe(path string, err error) error {
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) {
		return fmt.Errorf("journal %s: %w: %w", path, ErrDiskFull, err)
	}
	return fmt.Errorf("journal %s: %w", path, err)
}

// Path is the journal file's path.
func (w *Writer) Path() string { return w.path }

// Close closes the file.
func (w *Writer) Close() error { return w.f.Close() }
