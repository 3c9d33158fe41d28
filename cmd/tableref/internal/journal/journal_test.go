package journal

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/fakegame"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

var setup = rules.Setup{Mode: fakegame.ModeID, Players: []string{"Ana", "Ben"}, Options: map[string]string{"cards": "3"}}

// table lays the given card numbers (deck SA) in a row of zone "map".
func table(nums ...int) rules.Table {
	z := &rules.Zone{}
	for i, n := range nums {
		z.Set(rules.Pos{Row: 0, Col: i}, rules.Cell{Card: rules.CardRef{ID: rules.CardID{Deck: "SA", Num: n}}})
	}
	return rules.Table{Zones: map[string]*rules.Zone{"map": z}}
}

func TestCreateAppendLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j", "journal.jsonl")
	w, err := Create(path, setup, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Snapshot(1.5, table(2)); err != nil {
		t.Fatal(err)
	}
	if err := w.Input(2, rules.Input{Type: rules.InputNext, Player: 1}); err != nil {
		t.Fatal(err)
	}
	w.Close()
	data, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(data), Mark+"\n{\"kind\":\"header\"") {
		t.Fatalf("journal does not start with the mark and the header:\n%s", data)
	}
	l, w2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer w2.Close()
	if l.TornTail || l.Count != 2 || l.LastT() != 2 || l.Setup.Mode != fakegame.ModeID || l.Size != int64(len(data)) {
		t.Fatalf("loaded %+v", l)
	}
	if rl, err := Read(data, path); err != nil || !rl.Entries[0].Table.Equal(table(2)) || rl.Entries[1].Input.Type != rules.InputNext {
		t.Errorf("entries read back wrong: %v %+v", err, rl)
	}
	// A second Create keeps the first game under an archive name.
	w3, err := Create(path, setup, time.Date(2025, 3, 1, 10, 20, 30, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	w3.Close()
	if _, err := os.Stat(filepath.Join(filepath.Dir(path), "journal-20250301-102030.jsonl")); err != nil {
		t.Errorf("previous journal not archived: %v", err)
	}
}

func TestTornTailIsCutAndAppendGoesOn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	w, err := Create(path, setup, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	w.Snapshot(1, table(2))
	w.Close()
	good, _ := os.ReadFile(path)
	torn := append(bytes.Clone(good), `{"kind":"snapshot","t":3,"table":{"map":{"rows":[["SA-0`...)
	os.WriteFile(path, torn, 0o644)

	l, w2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if !l.TornTail || l.Count != 1 || l.Size != int64(len(good)) {
		t.Fatalf("torn tail not detected: torn=%v entries=%d size=%d want %d", l.TornTail, l.Count, l.Size, len(good))
	}
	if err := w2.Input(4, rules.Input{Type: rules.InputNext}); err != nil {
		t.Fatal(err)
	}
	w2.Close()
	l2, w3, err := Open(path)
	if err != nil {
		t.Fatalf("journal unreadable after appending past a torn tail: %v", err)
	}
	w3.Close()
	if data, _ := os.ReadFile(path); l2.TornTail || l2.Count != 2 || !strings.HasSuffix(string(data), `"type":"next"}`+"\n") {
		t.Errorf("after append: torn=%v entries=%d", l2.TornTail, l2.Count)
	}
}

func TestMissingFinalNewlineIsAdded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	w, _ := Create(path, setup, time.Now())
	w.Snapshot(1, table(2))
	w.Close()
	data, _ := os.ReadFile(path)
	os.WriteFile(path, bytes.TrimSuffix(data, []byte("\n")), 0o644)
	l, w2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if l.TornTail || !l.NeedsNewline || l.Count != 1 {
		t.Fatalf("complete last line without newline: %+v", l)
	}
	w2.Snapshot(2, table(2, 4))
	w2.Close()
	l2, w3, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	w3.Close()
	if l2.Count != 2 {
		t.Errorf("want 2 entries after appending, got %d", l2.Count)
	}
}

// fullDisk accepts the first limit bytes and then fails with ENOSPC, as a
// file on a full disk does.
type fullDisk struct {
	buf   bytes.Buffer
	limit int
	short bool // write part of the line before failing
}

func (f *fullDisk) Write(b []byte) (int, error) {
	room := f.limit - f.buf.Len()
	if room >= len(b) {
		return f.buf.Write(b)
	}
	if f.short && room > 0 {
		f.buf.Write(b[:room])
		return room, &os.PathError{Op: "write", Path: "journal", Err: syscall.ENOSPC}
	}
	return 0, &os.PathError{Op: "write", Path: "journal", Err: syscall.ENOSPC}
}
func (f *fullDisk) Sync() error               { return nil }
func (f *fullDisk) Close() error              { return nil }
func (f *fullDisk) Truncate(size int64) error { f.buf.Truncate(int(size)); return nil }

func TestDiskFullIsReportedAndLeavesNoTornLine(t *testing.T) {
	f := &fullDisk{limit: 1 << 20, short: true}
	w, err := NewWriter(f, "journal.jsonl", 0, setup)
	if err != nil {
		t.Fatal(err)
	}
	before := f.buf.Len()
	f.limit = before + 20 // room for part of the next line only
	err = w.Snapshot(1, table(2, 4, 6))
	if !errors.Is(err, ErrDiskFull) || !strings.Contains(err.Error(), "disk is full") {
		t.Fatalf("want ErrDiskFull, got %v", err)
	}
	if f.buf.Len() != before {
		t.Errorf("the partial line was not taken back: %d bytes, had %d", f.buf.Len(), before)
	}
	l, err := Read(f.buf.Bytes(), "journal.jsonl")
	if err != nil || l.TornTail || len(l.Entries) != 0 {
		t.Errorf("journal after a full disk: %v %+v", err, l)
	}
	// Space freed: the next line goes in.
	f.limit = 1 << 20
	if err := w.Snapshot(2, table(2)); err != nil {
		t.Errorf("after space was freed: %v", err)
	}
}

func TestHeaderOnFullDisk(t *testing.T) {
	if _, err := NewWriter(&fullDisk{limit: 10}, "j", 0, setup); !errors.Is(err, ErrDiskFull) {
		t.Errorf("want ErrDiskFull for the header, got %v", err)
	}
}

func TestReadRejectsBadMiddleLine(t *testing.T) {
	data := Mark + "\n" + `{"kind":"header","format":1,"mode":"test-counter","players":["A"]}` + "\n{oops\n" + `{"kind":"input","t":1,"type":"next"}` + "\n"
	_, err := Read([]byte(data), "j.jsonl")
	var le *replay.LineError
	if !errors.As(err, &le) || le.Line != 3 {
		t.Errorf("a bad line in the middle must be an error at line 3, got %v", err)
	}
}
