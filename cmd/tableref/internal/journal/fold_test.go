package journal

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

var longSetup = rules.Setup{Mode: setup.Mode, Players: setup.Players, Options: map[string]string{"cards": "100000"}}

// longGame writes a journal of n entries at path: cards laid one at a
// time (even: right, a step undo can take back; odd: wrong), turns passed,
// and an undo now and then. It returns the match that followed it live.
func longGame(t testing.TB, path string, n int) *Match {
	t.Helper()
	w, err := Create(path, longSetup, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	m, _, err := NewMatch(longSetup)
	if err != nil {
		t.Fatal(err)
	}
	m.OnFold = func(cp *Checkpoint) {
		if err := SaveCheckpoint(path, cp); err != nil {
			t.Fatal(err)
		}
	}
	for i := 1; i <= n; i++ {
		tt := float64(i)
		e := Entry{T: tt, Seq: i, Line: i + 2}
		switch {
		case i%11 == 0:
			e.Kind, e.Input = replay.KindInput, rules.Input{Type: rules.InputUndo}
			err = w.Input(tt, e.Input)
		case i%3 == 0:
			e.Kind, e.Input = replay.KindInput, rules.Input{Type: rules.InputNext, Player: 1}
			err = w.Input(tt, e.Input)
		default:
			e.Kind, e.Table = replay.KindSnapshot, table(2+i%50)
			err = w.Snapshot(tt, e.Table)
		}
		if err != nil {
			t.Fatal(err)
		}
		e.End, e.Sum = w.Size(), w.Sum()
		if e.Line != w.Line() {
			t.Fatalf("entry %d on line %d, the writer says %d", i, e.Line, w.Line())
		}
		m.Apply(e)
	}
	return m
}

// state is what must be the same however a game was rebuilt: the
// engine's saved state and everything said.
func state(t testing.TB, m *Match) string {
	t.Helper()
	g, err := json.Marshal(m.Game())
	if err != nil {
		t.Fatal(err)
	}
	// The test game names missing cards in map order: compare what was
	// said as a sorted list.
	var said []string
	for _, e := range m.History() {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		said = append(said, string(b))
	}
	slices.Sort(said)
	return string(g) + "\n" + strings.Join(said, "\n")
}

func smallReach(t *testing.T, n int) {
	old := undoReach
	undoReach = n
	t.Cleanup(func() { undoReach = old })
}

// A long game is folded as it goes: a match keeps a bounded number of
// entries and events however long the game, and played live, resumed
// from its checkpoint, resumed without one and replayed it undoes alike.
func TestLongGameFoldsAndUndoesAlikeEverywhere(t *testing.T) {
	smallReach(t, 8)
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	live := longGame(t, path, 2000)
	if len(live.kept) > 2*undoReach || len(live.hist) > 400 {
		t.Errorf("after 2000 entries the match keeps %d entries and %d events, want at most %d and 400", len(live.kept), len(live.hist), 2*undoReach)
	}
	want := state(t, live)

	l, w, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	if !strings.HasPrefix(l.Checkpoint, "used") || l.Replayed > 3*undoReach || l.Count != 2000 {
		t.Errorf("resumed: checkpoint %q, %d of %d entries replayed; want the checkpoint used and at most %d replayed", l.Checkpoint, l.Replayed, l.Count, 3*undoReach)
	}
	if got := state(t, l.Match); got != want {
		t.Errorf("resumed from the checkpoint, the game differs: %s", firstDiff(got, want))
	}
	// The undo goes on alike after the resume.
	undo := Entry{T: 3000, Kind: replay.KindInput, Input: rules.Input{Type: rules.InputUndo}, Line: 99999}
	live.Apply(undo)
	l.Match.Apply(undo)
	if state(t, live) != state(t, l.Match) {
		t.Error("an undo after the resume differs from the same undo live")
	}

	os.Remove(CheckpointPath(path))
	l2, w2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	w2.Close()
	if l2.Replayed != 2000 || state(t, l2.Match) != want {
		t.Errorf("resumed without a checkpoint: %d replayed, %s", l2.Replayed, firstDiff(state(t, l2.Match), want))
	}
	if _, err := os.Stat(CheckpointPath(path)); err != nil {
		t.Errorf("a whole replay leaves no checkpoint for next time: %v", err)
	}

	f, _ := os.Open(path)
	defer f.Close()
	rm, err := Run(replay.NewReader(f, path), func(replay.Stamped) {})
	if err != nil {
		t.Fatal(err)
	}
	if g1, _ := json.Marshal(rm); !strings.HasPrefix(want, string(g1)+"\n") {
		t.Errorf("replayed, the game differs: %s", g1)
	}
}

// A checkpoint that does not stand for its journal is ignored, with the
// reason, and the journal replayed from its start.
func TestCheckpointThatDoesNotMatchIsIgnored(t *testing.T) {
	smallReach(t, 8)
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	want := state(t, longGame(t, path, 300))
	data, _ := os.ReadFile(path)
	edited := bytes.Replace(data, []byte(`"player":1`), []byte(`"player":2`), 1)
	os.WriteFile(path, edited, 0o640)
	l, w, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	if !strings.Contains(l.Checkpoint, "ignored: the journal's first bytes differ") || l.Replayed != 300 {
		t.Errorf("an edited journal: checkpoint %q, %d replayed; want it ignored and 300 replayed", l.Checkpoint, l.Replayed)
	}
	_ = want
	os.WriteFile(path, data[:len(data)/10], 0o640)
	SaveCheckpoint(path, &Checkpoint{Format: checkpointFormat, Offset: int64(len(data)), Setup: longSetup})
	l, w, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	if !strings.Contains(l.Checkpoint, "ignored: it stands for") {
		t.Errorf("a shortened journal: checkpoint %q, want it ignored", l.Checkpoint)
	}
}

// A line longer than replay.MaxLine is refused with its line number, and
// resuming reads no more of it than that (it used to read the file whole).
func TestResumeRefusesAHugeLineWithoutReadingIt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	w, err := Create(path, setup, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	w.Snapshot(1, table(2))
	w.Close()
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	big := bytes.Repeat([]byte("x"), 1<<20)
	for range 96 {
		f.Write(big)
	}
	f.Write([]byte("\n"))
	f.Close()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, _, err = Open(path)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "journal.jsonl:4: line longer than 16 MiB") {
		t.Errorf("a 96 MB line: %v, want it refused at line 4", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 48<<20 {
		t.Errorf("refusing a 96 MB line allocated %d MB, want under 48", got>>20)
	}
}

func firstDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	return "got …" + got[max(0, i-300):min(len(got), i+200)] + "\nwant …" + want[max(0, i-300):min(len(want), i+200)]
}

// A checkpoint damaged on the card, or one whose state the engine cannot
// take, is ignored and the journal replayed: never restored, never a crash.
func TestDamagedCheckpointIsIgnored(t *testing.T) {
	smallReach(t, 8)
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	want := state(t, longGame(t, path, 300))
	cpData, err := os.ReadFile(CheckpointPath(path))
	if err != nil {
		t.Fatal(err)
	}
	damaged := bytes.Replace(cpData, []byte(`"Right":`), []byte(`"Right":9`), 1)
	os.WriteFile(CheckpointPath(path), damaged, 0o640)
	l, w, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	if !strings.Contains(l.Checkpoint, "ignored") || !strings.Contains(l.Checkpoint, "damaged") || state(t, l.Match) != want {
		t.Errorf("a damaged checkpoint: %q, same game %v", l.Checkpoint, state(t, l.Match) == want)
	}
}

// FuzzCheckpoint: whatever the checkpoint file holds, a resume neither
// panics nor takes a game other than the journal's.
func FuzzCheckpoint(f *testing.F) {
	old := undoReach
	undoReach = 8
	dir := f.TempDir()
	path := filepath.Join(dir, "journal.jsonl")
	longGame(f, path, 60)
	undoReach = old
	journalData, _ := os.ReadFile(path)
	good, err := loadCheckpoint(path)
	if err != nil || good == nil {
		f.Fatalf("no checkpoint: %v", err)
	}
	body, _ := json.Marshal(good)
	f.Add(body)
	f.Add([]byte(`{"format":1,"setup":{"mode":"test-counter","players":["A"]},"state":{"Points":null,"Turn":7},"said":[{"line":-4}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "journal.jsonl")
		os.WriteFile(p, journalData, 0o640)
		// Whatever it says, it is a checkpoint of this journal (its
		// place and CRC right), so the engine is given its state.
		var cp Checkpoint
		if json.Unmarshal(data, &cp) != nil {
			os.WriteFile(CheckpointPath(p), data, 0o640)
		} else {
			cp.Format, cp.Offset, cp.Sum, cp.Line = checkpointFormat, good.Offset, good.Sum, good.Line
			b, err := encodeCheckpoint(&cp)
			if err != nil {
				return
			}
			os.WriteFile(CheckpointPath(p), b, 0o640)
		}
		if _, w, err := Open(p); err == nil {
			w.Close()
		}
	})
}
