package history

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/journal"
)

// Read a line at a time as the referee writes it, the journal gives the
// game FromJournal gives from the whole file at every step: the same id
// (a finished game's included), status, players and events; a line still
// being written is left for later.
func TestFollowerGivesWhatTheWholeJournalGives(t *testing.T) {
	for _, src := range recorded {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "journal.jsonl")
		f := newFollower(path)
		none := func() ([]int, error) { return nil, nil }
		var written []byte
		for i, line := range bytes.SplitAfter(data, []byte("\n")) {
			if len(line) == 0 {
				continue
			}
			// Half the line first: it is not read until it is whole.
			half := append(append([]byte{}, written...), line[:len(line)/2]...)
			if err := os.WriteFile(path, half, 0o644); err != nil {
				t.Fatal(err)
			}
			before := f.p.l.Size
			if _, err := f.catchUp(none); err == nil && f.p.l.Size != before && bytes.IndexByte(line[:len(line)/2], '\n') < 0 {
				t.Fatalf("%s line %d: half a line was read", src, i+1)
			}
			written = append(written, line...)
			if err := os.WriteFile(path, written, 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := f.catchUp(none)
			want, werr := FromJournal(written, path, time.Now())
			if (err == nil) != (werr == nil) {
				t.Fatalf("%s line %d: follower %v, whole journal %v", src, i+1, err, werr)
			}
			if err != nil {
				continue
			}
			if got.ID != want.ID || got.Status != want.Status || got.size != want.size || got.entries != want.entries ||
				!reflect.DeepEqual(got.Players, want.Players) || !reflect.DeepEqual(got.Events, want.Events) {
				t.Fatalf("%s line %d: follower %s %s %d bytes %+v, whole journal %s %s %d bytes %+v", src, i+1,
					got.ID, got.Status, got.size, got.Players, want.ID, want.Status, want.size, want.Players)
			}
		}
	}
}

// The recorder's work for one more verdict does not grow with the
// journal: the bytes the process reads (Linux's rchar, every read(2)) to
// record one added line are the same after 100 lines as after 5 000. The
// recorder used to read the whole journal again at every verdict.
func TestRecordingAVerdictReadsWhatWasAdded(t *testing.T) {
	data, err := os.ReadFile(recorded[0])
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	// The game in play: its first verdicts, then the camera journaling
	// the same table for a long time.
	head := bytes.Join(lines[:30], nil)
	last := lines[29]
	if !bytes.Contains(last, []byte(`"snapshot"`)) {
		t.Fatalf("line 30 of %s is no snapshot: %s", recorded[0], last)
	}
	cost := map[int]int64{}
	for _, n := range []int{100, 5000} {
		dir := t.TempDir()
		path := filepath.Join(dir, "journal.jsonl")
		var b bytes.Buffer
		b.Write(head)
		for i := 0; i < n; i++ {
			b.Write(retime(t, last, 1000+float64(i)))
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		r := NewRecorder(context.Background(), filepath.Join(dir, "history.db"))
		r.Note(path)
		r.Flush()
		var step int64
		for k := 0; k < 3; k++ { // the least of three: the database's own reads vary a little
			f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.Write(retime(t, last, 1000+float64(n+k)))
			f.Close()
			before := rchar(t)
			r.Note(path)
			r.Flush()
			if d := rchar(t) - before; k == 0 || d < step {
				step = d
			}
		}
		gs, err := r.Store().List(context.Background(), Filter{})
		if err != nil || len(gs) != 1 || gs[0].Seconds != 1000+float64(n+2) {
			t.Fatalf("%d lines: %v, %+v", n, err, gs)
		}
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
		cost[n] = step
		t.Logf("journal of %d bytes: recording one more line read %d bytes", b.Len(), step)
	}
	if cost[5000] > cost[100]+16<<10 {
		t.Errorf("recording a line read %d bytes after 5 000 lines, %d after 100: it grows with the journal", cost[5000], cost[100])
	}
}

// retime is a journal line at time t.
func retime(t *testing.T, line []byte, at float64) []byte {
	t.Helper()
	i := bytes.Index(line, []byte(`"t": `))
	j := bytes.IndexByte(line[i:], ',')
	if i < 0 || j < 0 {
		t.Fatalf("no time in %s", line)
	}
	return []byte(fmt.Sprintf("%s\"t\": %.1f%s", line[:i], at, line[i+j:]))
}

// rchar is how many bytes this process has read so far.
func rchar(t *testing.T) int64 {
	t.Helper()
	f, err := os.Open("/proc/self/io")
	if err != nil {
		t.Skipf("no /proc/self/io: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "rchar: "); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatal("no rchar in /proc/self/io")
	return 0
}

// A note taken as the daemon stops is still recorded: the game's last
// record is read and written as the recorder closes.
func TestLastNoteRecordedOnClose(t *testing.T) {
	data, err := os.ReadFile(recorded[0])
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		dir := t.TempDir()
		path, db := filepath.Join(dir, "journal.jsonl"), filepath.Join(dir, "history.db")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		r := NewRecorder(context.Background(), db)
		r.Note(path)
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
		s, err := Open(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		gs, err := s.List(context.Background(), Filter{})
		s.Close()
		if err != nil || len(gs) != 1 {
			t.Fatalf("try %d: %v, %d games recorded, want the one noted as the recorder closed", i+1, err, len(gs))
		}
	}
}

// A journal with a checkpoint is followed from it: the first record after
// a start referees only the tail (a 10⁶-entry journal took minutes of
// CPU), and the game is the one the whole journal gives, a finished
// game's id (up to the line that ended it, before the checkpoint)
// included.
func TestFollowerStartsAtTheCheckpoint(t *testing.T) {
	data, err := os.ReadFile(recorded[0])
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	last := lines[len(lines)-2]
	for _, c := range []struct {
		name string
		head []byte
		snap []byte
	}{
		{"in play", bytes.Join(lines[:30], nil), lines[29]},
		{"finished", data, last},
	} {
		path := filepath.Join(t.TempDir(), "journal.jsonl")
		var b bytes.Buffer
		b.Write(c.head)
		for i := 0; i < 5000; i++ {
			b.Write(retime(t, c.snap, 1000+float64(i)))
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		// A resume writes the checkpoint, as the daemon's start does.
		_, w, err := journal.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		w.Close()
		if _, err := os.Stat(journal.CheckpointPath(path)); err != nil {
			t.Fatalf("%s: no checkpoint: %v", c.name, err)
		}
		f := newFollower(path)
		got, err := f.catchUp(func() ([]int, error) { return nil, nil })
		if err != nil {
			t.Fatal(err)
		}
		want, err := FromJournal(b.Bytes(), path, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if f.applied > 3*1024 {
			t.Errorf("%s: %d entries refereed of %d: not from the checkpoint", c.name, f.applied, want.entries)
		}
		if got.ID != want.ID || got.Status != want.Status || got.size != want.size || got.entries != want.entries ||
			!reflect.DeepEqual(got.Players, want.Players) || !reflect.DeepEqual(got.Events, want.Events) {
			t.Errorf("%s: follower %s %s %d bytes %d entries %+v, whole journal %s %s %d bytes %d entries %+v", c.name,
				got.ID, got.Status, got.size, got.entries, got.Players, want.ID, want.Status, want.size, want.entries, want.Players)
		}
		t.Logf("%s: %d of %d entries refereed, id %s", c.name, f.applied, want.entries, got.ID)
	}
}
