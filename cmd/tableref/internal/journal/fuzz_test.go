package journal

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// memFile is a journal file in memory.
type memFile struct{ *bytes.Buffer }

func (memFile) Sync() error              { return nil }
func (memFile) Close() error             { return nil }
func (f memFile) Truncate(n int64) error { f.Buffer.Truncate(int(n)); return nil }

// FuzzRead feeds the journal reader arbitrary bytes (what a power cut,
// a full disk or a bad SD card can leave): it must never panic, every
// error must name the file and line, and what it accepts must be
// consistent: the complete lines end where Size says, a torn tail holds
// no newline, entries come in line order, and rebuilding the game from
// them (what a resume does) must not panic.
func FuzzRead(f *testing.F) {
	var buf bytes.Buffer
	w, err := NewWriter(memFile{&buf}, "seed", 0, setup)
	if err != nil {
		f.Fatal(err)
	}
	w.Snapshot(1.5, table(2))
	w.Input(2, rules.Input{Type: rules.InputNext, Player: 1})
	w.Snapshot(3, table(2, 3))
	f.Add(buf.Bytes())
	f.Add(buf.Bytes()[:buf.Len()-7])
	f.Add([]byte(Mark + "\n"))
	f.Add([]byte(Mark + "\n" + strings.Repeat("\x00", 40)))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Read(data, "fuzz.jsonl")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.jsonl") {
				t.Fatalf("error does not name the file: %v", err)
			}
			var le *replay.LineError
			if !errors.As(err, &le) && !strings.Contains(err.Error(), "not a journal") {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		if l.Size < 0 || l.Size > int64(len(data)) {
			t.Fatalf("Size %d of %d bytes", l.Size, len(data))
		}
		if l.TornTail && bytes.IndexByte(data[l.Size:], '\n') >= 0 {
			t.Fatalf("the torn tail after %d holds a newline", l.Size)
		}
		if !l.TornTail && l.Size != int64(len(data)) {
			t.Fatalf("no torn tail, yet Size %d of %d", l.Size, len(data))
		}
		for i := 1; i < len(l.Entries); i++ {
			if l.Entries[i].Line <= l.Entries[i-1].Line || l.Entries[i].T < l.Entries[i-1].T {
				t.Fatalf("entries out of order: %+v", l.Entries)
			}
		}
		m, _, err := NewMatch(l.Setup)
		if err != nil {
			return // a header the engine refuses: resume says so
		}
		for _, e := range l.Entries {
			m.Apply(e)
		}
		_ = m.History()
	})
}
