package journal

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc64"
	"io"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/tableref/tableref/cmd/tableref/internal/archive"
	"github.com/tableref/tableref/cmd/tableref/internal/smallfile"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// A Checkpoint is a Match's folded state saved beside its journal
// (JOURNAL.checkpoint), so that a resume restores it and replays only the
// journal's tail instead of the whole game. It is written (atomically: a
// temporary file, fsync, rename) at each fold, every UndoReach entries or
// so. It names the journal prefix it stands for by length and CRC-64; a
// checkpoint that does not match its journal (another game, an edited or
// shortened journal, a torn write) is ignored and the journal replayed
// from its start. The CRC guards against mistakes, not attacks: whoever
// can write the journal can write its checkpoint too.
type Checkpoint struct {
	Format  int         `json:"format"`
	Offset  int64       `json:"offset"` // bytes of the journal it stands for
	Sum     uint64      `json:"crc64"`  // CRC-64 (ECMA) of those bytes
	Line    int         `json:"line"`   // lines in them
	Entries int         `json:"entries"`
	T       float64     `json:"t"` // time of the last entry folded
	Setup   rules.Setup `json:"setup"`
	// Decks are the decks the journal recorded (they are in the part of
	// it a resume from here does not read again).
	Decks []DeckPrint `json:"decks,omitempty"`
	// State is the game's saved state (its mode's Restore reads it).
	State json.RawMessage `json:"state"`
	// Said is what the referee had said up to there, in short.
	Said []replay.Stamped `json:"said"`
}

// checkpointFormat is the Checkpoint format this build writes and reads.
const checkpointFormat = 1

// maxCheckpoint bounds the checkpoint file read at a resume.
const maxCheckpoint = 64 << 20

// CRC is the table of the checksum journals and checkpoints use.
var crcTable = crc64.MakeTable(crc64.ECMA)

// CheckpointPath is where the checkpoint of the journal at path lives.
func CheckpointPath(path string) string { return path + ".checkpoint" }

// histTail is how many of the last events before a fold are kept whole.
const histTail = 64

// compact keeps, of what was said, what the page and the display look
// back for: the start of the game, the last verdict on each card, the
// last verdict, end or setup, and the last histTail events or so (whole
// lines), in order.
func compact(hist []replay.Stamped) []replay.Stamped {
	keep := make([]bool, len(hist))
	seen := map[rules.CardID]bool{}
	last := false
	// The tail starts at a line's first event: what one line caused is
	// kept whole or not at all.
	tail := max(0, len(hist)-histTail)
	for tail > 0 && hist[tail-1].Line == hist[tail].Line {
		tail--
	}
	for i := len(hist) - 1; i >= 0; i-- {
		e := hist[i]
		switch {
		case e.Line == 0, i >= tail:
			keep[i] = true
		case e.Kind == rules.EventVerdict && !e.Card.IsZero() && !seen[e.Card]:
			keep[i] = true
		case !last && (e.Kind == rules.EventVerdict || e.Kind == rules.EventEnd || e.Kind == rules.EventSetup):
			keep[i] = true
		}
		if e.Kind == rules.EventVerdict && !e.Card.IsZero() {
			seen[e.Card] = true
		}
		if e.Kind == rules.EventVerdict || e.Kind == rules.EventEnd || e.Kind == rules.EventSetup {
			last = true
		}
	}
	var out []replay.Stamped
	for i, k := range keep {
		if k {
			out = append(out, hist[i])
		}
	}
	return out
}

// fold saves the game as it stood after all but the last undoReach kept
// entries and drops those entries. A state that cannot be saved leaves
// the match as it is (it then grows, as before folding existed).
func (m *Match) fold() {
	n := len(m.kept) - undoReach
	state := m.mid
	if n != undoReach+1 || state == nil { // not where the state was saved on the way
		g, _, err := m.fresh()
		if err != nil {
			slog.Warn("journal: cannot fold the game's early moves", "err", err)
			m.restore = nil
			return
		}
		for _, k := range m.kept[:n] {
			play(g, k.e)
		}
		if state, err = json.Marshal(g); err != nil {
			slog.Warn("journal: cannot save the game's state", "err", err)
			m.restore = nil
			return
		}
	}
	m.mid = nil
	at := m.kept[n-1].e
	// What was said about the folded entries: the notes of undos after
	// the last of them stay with the entries kept, since a resume from
	// this fold reads those undos again.
	split := len(m.hist)
	for i, k := range m.kept {
		if i >= n {
			split -= k.n + k.after
		}
	}
	split -= m.kept[n-1].after
	m.lead = m.kept[n-1].after
	m.baseHist = compact(m.hist[:split])
	m.hist = append(append([]replay.Stamped(nil), m.baseHist...), m.hist[split:]...)
	m.base, m.baseAt = state, at
	m.kept = append([]kept(nil), m.kept[n:]...)
	if m.OnFold != nil && at.End > 0 {
		m.OnFold(m.Checkpoint())
	}
}

// saveMid saves the game's state once kept[i] is applied, when that is
// where the next fold will cut (the entry at index undoReach), so that the
// fold need not replay the entries before it.
func (m *Match) saveMid(i int) {
	if m.restore == nil || i != undoReach {
		return
	}
	state, err := json.Marshal(m.game)
	if err != nil {
		m.mid = nil
		return
	}
	m.mid = state
}

// Checkpoint is the match's folded state; nil before the first fold.
func (m *Match) Checkpoint() *Checkpoint {
	if m.base == nil {
		return nil
	}
	return &Checkpoint{Format: checkpointFormat, Offset: m.baseAt.End, Sum: m.baseAt.Sum, Line: m.baseAt.Line,
		Entries: m.baseAt.Seq, T: m.baseAt.T, Setup: m.setup, State: m.base, Said: m.baseHist}
}

// RestoreMatch is the match a checkpoint saved, before the journal's tail.
// A state the engine cannot take (it panics on it) is an error, never a
// crash: the journal is then replayed from its start.
func RestoreMatch(cp *Checkpoint) (m *Match, err error) {
	defer func() {
		if p := recover(); p != nil {
			m, err = nil, fmt.Errorf("checkpoint: the game's saved state cannot be restored: %v", p)
		}
	}()
	mode, ok := rules.LookupMode(cp.Setup.Mode)
	if !ok || mode.Restore == nil {
		return nil, fmt.Errorf("checkpoint: game mode %q cannot be restored", cp.Setup.Mode)
	}
	m = &Match{setup: cp.Setup, restore: mode.Restore, base: cp.State, baseHist: cp.Said,
		baseAt: Entry{Line: cp.Line, T: cp.T, End: cp.Offset, Sum: cp.Sum, Seq: cp.Entries}}
	if err := m.rebuild(); err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	return m, nil
}

// SaveCheckpoint writes cp for the journal at path, atomically: a crash
// leaves the old checkpoint or the new one, never half of one.
func SaveCheckpoint(path string, cp *Checkpoint) error {
	data, err := encodeCheckpoint(cp)
	if err != nil {
		return err
	}
	dst := CheckpointPath(path)
	f, err := os.CreateTemp(filepath.Dir(dst), filepath.Base(dst)+".*.tmp")
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o640) // it holds the players' names, as the journal does
	}
	if err == nil {
		err = os.Rename(tmp, dst)
	}
	if err != nil {
		os.Remove(tmp)
		return describe(dst, err)
	}
	return archive.SyncDir(filepath.Dir(dst))
}

// encodeCheckpoint is a checkpoint file's content: the JSON, then the
// file's own SHA-256, so that one damaged on the card is ignored rather
// than restored into the engine.
func encodeCheckpoint(cp *Checkpoint) ([]byte, error) {
	body, err := json.Marshal(cp)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	sum := sha256.Sum256(body)
	return append(append(body, "\nsha256 "...), hex.EncodeToString(sum[:])+"\n"...), nil
}

// loadCheckpoint reads the checkpoint of the journal at path; nil (and no
// error) when there is none.
func loadCheckpoint(path string) (*Checkpoint, error) {
	data, err := smallfile.Read(CheckpointPath(path), maxCheckpoint)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	body, tail, _ := bytes.Cut(data, []byte("\nsha256 "))
	sum := sha256.Sum256(body)
	if string(bytes.TrimSpace(tail)) != hex.EncodeToString(sum[:]) {
		return nil, fmt.Errorf("%s: damaged (its SHA-256 does not match)", CheckpointPath(path))
	}
	var cp Checkpoint
	if err := json.Unmarshal(body, &cp); err != nil {
		return nil, fmt.Errorf("%s: %w", CheckpointPath(path), err)
	}
	if cp.Format != checkpointFormat {
		return nil, fmt.Errorf("%s: format %d, this build reads %d", CheckpointPath(path), cp.Format, checkpointFormat)
	}
	return &cp, nil
}

// matches reports whether cp stands for the first cp.Offset bytes of the
// journal f (read from its start, in a bounded buffer), and why not.
func (cp *Checkpoint) matches(f io.ReadSeeker, size int64) (bool, string, error) {
	if cp.Offset <= 0 || cp.Offset > size {
		return false, fmt.Sprintf("it stands for %d bytes and the journal has %d", cp.Offset, size), nil
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return false, "", err
	}
	h := crc64.New(crcTable)
	if _, err := io.Copy(h, io.LimitReader(f, cp.Offset)); err != nil {
		return false, "", err
	}
	if h.Sum64() != cp.Sum {
		return false, "the journal's first bytes differ from those it was made from", nil
	}
	return true, "", nil
}
