package daemon

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/live"

	"github.com/tableref/tableref/cmd/tableref/internal/referee"

	"github.com/tableref/tableref/cmd/tableref/internal/fakegame"
	"github.com/tableref/tableref/cmd/tableref/internal/journal"
	"github.com/tableref/tableref/cmd/tableref/internal/present"
	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/rules"
)

// diskFile is a journal file on a disk that fills up and is freed again.
type diskFile struct {
	buf  bytes.Buffer
	full bool
}

func (f *diskFile) Write(b []byte) (int, error) {
	if f.full {
		return 0, &os.PathError{Op: "write", Path: "journal.jsonl", Err: syscall.ENOSPC}
	}
	return f.buf.Write(b)
}
func (f *diskFile) Sync() error            { return nil }
func (f *diskFile) Close() error           { return nil }
func (f *diskFile) Truncate(n int64) error { f.buf.Truncate(int(n)); return nil }

// A full disk stops the referee loudly: the snapshot it could not journal
// is not judged, the display and the page say why, and refereeing goes on
// once there is room again.
func TestJournalOnFullDisk(t *testing.T) {
	setup := rules.Setup{Mode: fakegame.ModeID, Players: []string{"Ana"}, Options: map[string]string{"cards": "3"}}
	m, _, err := journal.NewMatch(setup)
	if err != nil {
		t.Fatal(err)
	}
	f := &diskFile{}
	w, err := journal.NewWriter(f, "journal.jsonl", 0, setup)
	if err != nil {
		t.Fatal(err)
	}
	ref := referee.New("journal.jsonl", w, m, time.Now)
	disp := &recDisplay{}
	d := &daemon{ref: ref, pres: present.NewPresenter(disp, nil)}

	f.full = true
	d.observe(live.Snapshot{Table: table(2), T: 1})
	if !strings.Contains(d.h.journal, "the disk is full") {
		t.Errorf("health after a full disk: %q", d.h.journal)
	}
	if got := ref.Game().Scores()[0].Total; got != 0 {
		t.Errorf("the snapshot that was not journaled was judged (score %d)", got)
	}
	select {
	case sc := <-d.pres.Sent():
		if sc[0].Msg.Verdict != display.Wrong || strings.Join(sc[0].Msg.Lines, " ") != "REFEREE STOPPED Disk full!" {
			t.Errorf("display told %+v", sc[0].Msg)
		}
	default:
		t.Error("nothing sent to the display")
	}
	if err := d.input(rules.Input{Type: rules.InputNext}, 2); !errors.Is(err, journal.ErrDiskFull) {
		t.Errorf("an input on a full disk: %v, want ErrDiskFull (the page shows it)", err)
	}

	f.full = false
	d.observe(live.Snapshot{Table: table(2), T: 3})
	if d.h.journal != "" || ref.Game().Scores()[0].Total != 1 {
		t.Errorf("after space was freed: health %q, score %d", d.h.journal, ref.Game().Scores()[0].Total)
	}
	l, err := journal.Read(f.buf.Bytes(), "journal.jsonl")
	if err != nil || len(l.Entries) != 1 {
		t.Errorf("journal holds %v entries (%v), want only the one judged", l, err)
	}
}

func TestSecondInstanceOnTheSameCamera(t *testing.T) {
	dir := t.TempDir()
	l, err := live.LockCamera(dir, "/dev/video0")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := live.LockCamera(dir, "0"); !errors.Is(err, live.ErrInUse) || !strings.Contains(err.Error(), "pid") {
		t.Errorf("second lock on the same camera (named differently): %v", err)
	}
	other, err := live.LockCamera(dir, "/dev/video1")
	if err != nil {
		t.Errorf("another camera must not be refused: %v", err)
	}
	other.Release()
	l.Release()
	l2, err := live.LockCamera(dir, "0")
	if err != nil {
		t.Errorf("after release: %v", err)
	}
	l2.Release()

	src := filepath.Join(dir, "game.jsonl")
	os.WriteFile(src, nil, 0o644)
	a, _ := live.LockCamera(dir, live.ReplayPrefix+src)
	defer a.Release()
	rel, _ := filepath.Rel(mustWd(t), src)
	if _, err := live.LockCamera(dir, live.ReplayPrefix+rel); !errors.Is(err, live.ErrInUse) {
		t.Errorf("a relative path to the same recording: %v", err)
	}
}

func mustWd(t *testing.T) string {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return wd
}

func TestScreens(t *testing.T) {
	evs := []rules.Event{
		{Kind: rules.EventVerdict, Verdict: rules.Wrong, Player: 1, Points: 2, Short: rules.Say("Lima: WRONG", "Ana +2")},
		{Kind: rules.EventPoints, Player: 1, Points: 2, Short: rules.Say("Ana +2", "Total 5")},
		{Kind: rules.EventPoints, Player: 2, Points: 1, Short: rules.Say("Ben +1 token", "from Ana")},
		{Kind: rules.EventTurn, Short: rules.Say("Ben's turn", "")},
		{Kind: rules.EventEnd, Short: rules.Say("Game over", "Ana wins"), Scores: []rules.Score{{Name: "Ana", Total: 5}}},
	}
	sc := present.Screens(evs, time.Time{})
	if len(sc) != 5 {
		t.Fatalf("%d screens, want 5 (points the verdict says folded into it, tokens to another player shown, the turn, the end and its score screen)", len(sc))
	}
	if sc[0].Class != present.ClassVerdict || sc[0].Msg.Verdict != display.Wrong || sc[0].Hold != present.VerdictHold || sc[1].Msg.Lines[0] != "Ben +1 token" || sc[1].Class != present.ClassFact ||
		sc[2].Hold != present.ReadHold || sc[4].Scores == nil || sc[4].Scores.Title != "Final" {
		t.Errorf("screens %+v", sc)
	}
}

// An end message that needs two screens (a tie between long names) shows
// both, in order, each held, before the final scores (issue 18).
func TestScreensShowEveryScreenOfAnEnd(t *testing.T) {
	e := rules.Event{Kind: rules.EventEnd, Scores: []rules.Score{{Name: "Alexandra", Total: 5}, {Name: "Bartholomew", Total: 5}}}
	e.SetScreens(rules.EndScreens([]string{"Alexandra", "Bartholomew", "Constantin"}, "5 points each"))
	sc := present.Screens([]rules.Event{e}, time.Time{})
	var lines []string
	for _, s := range sc {
		if s.Scores == nil {
			lines = append(lines, s.Msg.Lines...)
			if s.Hold == 0 {
				t.Errorf("screen %q is not held", s.Msg.Lines)
			}
		}
	}
	if got := strings.Join(lines, " "); !strings.Contains(got, "Constantin win") || !strings.Contains(got, "5 points each") || sc[len(sc)-1].Scores == nil {
		t.Errorf("screens %q, want every winner, the points, then the scores", got)
	}
}
