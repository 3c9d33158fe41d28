package history

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"slices"

	"github.com/tableref/tableref/cmd/tableref/internal/journal"
	"github.com/tableref/tableref/rules"
)

// follower reads a journal in play as it grows: each verdict's record
// reads and referees only the lines written since the one before, so a
// long game does not pay for its whole journal at every verdict.
type follower struct {
	path string
	file os.FileInfo // the file followed: another one at path starts afresh
	p    play
	sum  hash.Hash // SHA-256 of the lines read: the game's ID
	// ids: the IDs of the journal's first bytes at the sizes asked for (earlier records, the game's end)
	ids     map[int]string
	ends    map[int]int // the line that ended the game → where it ends
	read    int64       // bytes read from the file, for the tests
	applied int         // entries refereed, for the tests
}

// maxRecorded bounds ids and ends: only a game's last record stands.
const maxRecorded = 64

func newFollower(path string) *follower {
	return &follower{path: path, p: play{l: &journal.Loaded{}}, sum: sha256.New(), ids: map[int]string{}, ends: map[int]int{}}
}

// catchUp reads the journal's complete lines written since the last call
// and returns the game they record so far. wanted are sizes whose ID is
// asked for (earlier records of the journal), read only when catching up
// from the start.
func (f *follower) catchUp(wanted func() ([]int, error)) (*Game, error) {
	file, err := os.Open(f.path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil {
		return nil, err
	}
	if f.file != nil && (!os.SameFile(f.file, fi) || fi.Size() < f.p.l.Size) {
		*f = *newFollower(f.path) // a new game's journal, or one cut short: read it afresh
	}
	if f.file == nil {
		f.file = fi
		want, err := wanted()
		if err != nil {
			return nil, err
		}
		for _, s := range want {
			f.ids[s] = ""
		}
		if err := f.fromCheckpoint(file); err != nil {
			*f = *newFollower(f.path)
			return nil, err
		}
	}
	end, err := f.lastNewline(file, fi.Size())
	if err != nil {
		return nil, err
	}
	if end > f.p.l.Size {
		r := &counting{r: io.NewSectionReader(file, f.p.l.Size, end-f.p.l.Size), n: &f.read}
		err := f.p.l.More(r, f.path, f.sum, func(s rules.Setup, e journal.Entry) {
			ended := f.p.m != nil && f.p.m.Game().Finished()
			f.p.apply(s, e)
			f.applied++
			if _, ok := f.ids[int(e.End)]; ok {
				f.ids[int(e.End)] = f.id()
			}
			if !ended && f.p.m != nil && f.p.m.Game().Finished() && len(f.ends) < maxRecorded {
				f.ends[e.Line] = int(e.End)
				f.ids[int(e.End)] = f.id()
			}
		})
		if err != nil {
			*f = *newFollower(f.path) // read it all again next time rather than half
			return nil, fmt.Errorf("history: %w", err)
		}
	}
	if f.p.l.Setup.Mode == "" {
		return nil, fmt.Errorf("history: %s: no game in it (no header line)", f.path)
	}
	size := int(f.p.l.Size)
	f.ids[size] = f.id()
	g, err := f.p.game(f.path, fi.ModTime(), size, func(line int) int { return f.ends[line] }, func(size int) (string, bool) {
		id, ok := f.ids[size]
		return id, ok && id != ""
	})
	if err == nil && len(f.ids) > maxRecorded {
		// Only the last record of this journal stands (Record replaced
		// the shorter ones): the other sizes will not be asked for.
		for s := range f.ids {
			if s != size && s != g.size {
				delete(f.ids, s)
			}
		}
	}
	return g, err
}

// fromCheckpoint starts a fresh follower at the journal's checkpoint (the
// game restored, not refereed from the start: 10⁶ entries took minutes),
// hashing the bytes before it for the IDs asked for and the game's end.
// Undos before it are not counted (an all-undone game says "abandoned").
func (f *follower) fromCheckpoint(file *os.File) error {
	l, err := journal.AtCheckpoint(f.path)
	if err != nil || l == nil {
		return err
	}
	var endLines []int
	if l.Match.Game().Finished() {
		for _, s := range l.Match.History() {
			if s.Kind == rules.EventEnd && s.Line > 0 {
				endLines = append(endLines, s.Line)
			}
		}
	}
	// The bytes before the checkpoint: the IDs at the sizes asked for and
	// at the ends of the lines that ended the game.
	buf := make([]byte, 1<<20)
	line, pos := 0, int64(0)
	for pos < l.Size {
		n, err := file.ReadAt(buf[:min(int64(len(buf)), l.Size-pos)], pos)
		if n == 0 && err != nil {
			return fmt.Errorf("history: %s: %w", f.path, err)
		}
		f.read += int64(n)
		chunk := buf[:n]
		for len(chunk) > 0 {
			k := bytes.IndexByte(chunk, '\n')
			if k < 0 {
				f.sum.Write(chunk)
				pos += int64(len(chunk))
				break
			}
			f.sum.Write(chunk[:k+1])
			pos += int64(k + 1)
			chunk = chunk[k+1:]
			line++
			if slices.Contains(endLines, line) {
				f.ends[line] = int(pos)
				f.ids[int(pos)] = ""
			}
			if _, ok := f.ids[int(pos)]; ok {
				f.ids[int(pos)] = f.id()
			}
		}
	}
	f.p = play{l: l, m: l.Match}
	return nil
}

func (f *follower) id() string { return hex.EncodeToString(f.sum.Sum(nil)[:6]) }

// lastNewline is where the journal's complete lines end: after its last
// newline, found reading back from the end (a line being written is left
// for later).
func (f *follower) lastNewline(file *os.File, size int64) (int64, error) {
	buf := make([]byte, 4096)
	for end := size; end > f.p.l.Size; {
		n := min(int64(len(buf)), end-f.p.l.Size)
		if _, err := file.ReadAt(buf[:n], end-n); err != nil && !errors.Is(err, io.EOF) {
			return 0, err
		}
		f.read += n
		for i := n - 1; i >= 0; i-- {
			if buf[i] == '\n' {
				return end - n + i + 1, nil
			}
		}
		end -= n
	}
	return f.p.l.Size, nil
}

// counting counts the bytes read through it.
type counting struct {
	r io.Reader
	n *int64
}

func (c *counting) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	*c.n += int64(n)
	return n, err
}
