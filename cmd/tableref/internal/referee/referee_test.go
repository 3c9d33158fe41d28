package referee

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/fakegame"
	"github.com/tableref/tableref/cmd/tableref/internal/journal"
	"github.com/tableref/tableref/rules"
)

// A journal that holds no game — empty, only its mark, or its header cut
// short by a power cut as a new game started — is set aside with a warning
// and a new game starts. It used to stop `tableref run` ("move it away"):
// a restart loop under systemd until someone logged in.
func TestJournalWithoutGameIsSetAside(t *testing.T) {
	setup := rules.Setup{Mode: fakegame.ModeID, Players: []string{"Ana", "Ben"}, Options: map[string]string{"cards": "3"}}
	now := func() time.Time { return time.Date(2025, 3, 1, 10, 20, 30, 0, time.UTC) }
	for name, content := range map[string]string{
		"empty":       "",
		"mark only":   journal.Mark + "\n",
		"mark cut":    journal.Mark[:20],
		"header cut":  journal.Mark + "\n" + `{"kind":"header","format":1,"mode":"test-co`,
		"zero-filled": journal.Mark + "\n" + strings.Repeat("\x00", 512),
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "journal.jsonl")
			os.WriteFile(path, []byte(content), 0o644)
			ref, evs, resumed, err := Open(path, setup, now)
			if err != nil {
				t.Fatalf("start on a journal with no game (%q): %v", content, err)
			}
			defer ref.Close()
			if resumed || len(evs) == 0 || ref.Setup().Mode != fakegame.ModeID {
				t.Errorf("resumed=%v events=%v mode=%q: want a new game of the configured mode", resumed, evs, ref.Setup().Mode)
			}
			aside := filepath.Join(dir, "journal-nogame-20250301-102030.jsonl")
			if kept, err := os.ReadFile(aside); err != nil || string(kept) != content {
				t.Errorf("set aside as %s: %q, %v; want the old content kept", aside, kept, err)
			}
			if _, err := ref.Observe(1, fakegame.Table(2)); err != nil {
				t.Fatal(err)
			}
			data, _ := os.ReadFile(path)
			if l, err := journal.Read(data, path); err != nil || len(l.Entries) != 1 {
				t.Errorf("the new journal: %v entries, %v", l, err)
			}
		})
	}
}

// A journal that holds a game but cannot be read is still refused: it is
// never thrown away.
func TestBrokenJournalWithAGameIsRefused(t *testing.T) {
	setup := rules.Setup{Mode: fakegame.ModeID, Players: []string{"Ana"}}
	dir := t.TempDir()
	path := filepath.Join(dir, "journal.jsonl")
	content := journal.Mark + "\n" + `{"kind":"header","format":1,"mode":"test-counter","players":["Ana"]}` + "\n" +
		`{"kind":"snapshot","t":1,"table":{"map":{"rows":[["SA-002"]]}}}` + "\n" + "garbage in the middle\n" +
		`{"kind":"snapshot","t":2,"table":{"map":{"rows":[["SA-002","SA-004"]]}}}` + "\n"
	os.WriteFile(path, []byte(content), 0o644)
	_, _, _, err := Open(path, setup, nil)
	if err == nil || !strings.Contains(err.Error(), ":4: not a JSON object") || !strings.Contains(err.Error(), "move it away") {
		t.Errorf("broken journal: %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != content {
		t.Error("the broken journal was changed")
	}
	// The failed start released the journal's lock.
	l, err := journal.TakeLock(path)
	if err != nil {
		t.Errorf("lock after a failed start: %v", err)
	}
	l.Release()
}
