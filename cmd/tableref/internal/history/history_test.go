package history

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/journal"
	"github.com/tableref/tableref/cmd/tableref/internal/words"
	_ "github.com/tableref/tableref/rules/modes" // the games the recorded games play
)

var recorded = []string{
	"../../testdata/demo-continental.jsonl",
	"../../../../rules/nsoe/testdata/europe-three-players.jsonl",
	"../../../../rules/shakecity/testdata/standard-2p.jsonl",
}

func open(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "history.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

func TestRebuildRecordsEveryGame(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "history.db")
	res, err := Rebuild(ctx, path, recorded, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 3 || len(res.Skipped) != 0 {
		t.Fatalf("rebuild: %+v", res)
	}
	// Again: the same journals are the same games, never twice.
	if _, err := Rebuild(ctx, path, recorded, false, nil); err != nil {
		t.Fatal(err)
	}
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	games, err := s.List(ctx, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 3 {
		t.Fatalf("%d games listed, want 3: %+v", len(games), games)
	}
	byMode := map[string]Game{}
	for _, g := range games {
		byMode[g.Mode] = g
	}
	demo, ok := byMode["wit-continental"]
	if !ok {
		t.Fatalf("no wit-continental game in %+v", games)
	}
	if demo.Status != Finished || len(demo.Players) != 3 || demo.Verdicts == 0 {
		t.Errorf("demo game: %+v", demo)
	}
	// The history says what the replay's standings say.
	var want bytes.Buffer
	if _, err := journal.ReplayFile(ctx, recorded[0], journal.ReplayOptions{}, &want, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	win := demo.Winners()
	if len(win) == 0 || !strings.Contains(want.String(), "Winner: "+win[0]) && !strings.Contains(want.String(), win[0]) {
		t.Errorf("winners %v, replay says:\n%s", win, want.String())
	}
	full, err := s.Get(ctx, demo.ID[:6])
	if err != nil {
		t.Fatal(err)
	}
	if len(full.Events) == 0 || full.Players[0].Name != "Ana" {
		t.Errorf("detail: %+v", full)
	}
	var out bytes.Buffer
	WriteGame(&out, full, words.English)
	if !strings.Contains(out.String(), "Verdicts (") || !strings.Contains(out.String(), "Ana") {
		t.Errorf("show:\n%s", out.String())
	}
	// In the players' language: the verdicts' sentences in Italian.
	out.Reset()
	WriteGame(&out, full, words.Italian)
	if !strings.Contains(out.String(), "Caro ha posato Arequipa dopo aver spinto Cobija a sud: 1 dei suoi 4 cerchi errati") || strings.Contains(out.String(), " placed ") {
		t.Errorf("show in Italian:\n%s", out.String())
	}
	if _, err := s.Get(ctx, "zzzz"); !errors.Is(err, ErrUnknown) {
		t.Errorf("unknown id: %v", err)
	}
}

func TestFilters(t *testing.T) {
	ctx := context.Background()
	s, path := open(t)
	if _, err := Rebuild(ctx, path, recorded, false, nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		f    Filter
		want int
	}{
		{Filter{Game: "wit"}, 1},
		{Filter{Game: "wit-continental"}, 1},
		{Filter{Game: "wi"}, 0},
		{Filter{Player: "ana"}, 3},
		{Filter{Player: "caro"}, 2},
		{Filter{Player: "Nobody"}, 0},
		{Filter{Since: time.Now().Add(time.Hour)}, 0},
		{Filter{Until: time.Now().Add(time.Hour)}, 3},
		{Filter{Limit: 2}, 2},
	} {
		got, err := s.List(ctx, c.f)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != c.want {
			t.Errorf("%+v: %d games, want %d", c.f, len(got), c.want)
		}
	}
	recs, err := s.Players(ctx, Filter{Player: "Ana", Game: "wit"})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 || recs[0].Games != 1 || recs[0].Mode != "wit-continental" {
		t.Errorf("Ana's record: %+v", recs)
	}
}

func TestExport(t *testing.T) {
	ctx := context.Background()
	s, path := open(t)
	if _, err := Rebuild(ctx, path, recorded[:1], false, nil); err != nil {
		t.Fatal(err)
	}
	games, err := s.List(ctx, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	var c bytes.Buffer
	if err := WriteExport(&c, games, "csv"); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&c).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || rows[0][6] != "player" || rows[1][6] != "Ana" {
		t.Errorf("csv: %v", rows)
	}
	var j bytes.Buffer
	if err := WriteExport(&j, games, "json"); err != nil {
		t.Fatal(err)
	}
	var back []Game
	if err := json.Unmarshal(j.Bytes(), &back); err != nil || len(back) != 1 || back[0].ID != games[0].ID {
		t.Errorf("json: %v %+v", err, back)
	}
	if err := WriteExport(&j, games, "xml"); err == nil {
		t.Error("xml export accepted")
	}
}

func TestUndoneAndAbandoned(t *testing.T) {
	data, err := os.ReadFile(recorded[0])
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	var head, firstSnaps []string
	n := 0
	for _, l := range lines {
		if strings.Contains(l, `"kind": "snapshot"`) {
			n++
			if n > 5 {
				break
			}
			firstSnaps = append(firstSnaps, l)
			continue
		}
		if n == 0 {
			head = append(head, l)
		}
	}
	part := strings.Join(head, "") + strings.Join(firstSnaps, "")
	g, err := FromJournal([]byte(part), "part.jsonl", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if g.Status != Abandoned || g.Verdicts == 0 {
		t.Fatalf("cut game: status %s, %d verdicts", g.Status, g.Verdicts)
	}
	undo := part
	for i := 0; i < 10; i++ {
		undo += `{"kind": "input", "t": 600, "type": "undo"}` + "\n"
	}
	g, err = FromJournal([]byte(undo), "undone.jsonl", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if g.Status != Undone {
		t.Errorf("undone game: status %s, %d verdicts", g.Status, g.Verdicts)
	}
	if _, err := FromJournal([]byte("# nothing\n"), "empty.jsonl", time.Now()); err == nil {
		t.Error("a journal without a game was recorded")
	}
}

// A database of schema 1 (the first release) is migrated, its games kept.
func TestMigrationFromSchema1(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "history.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{migrations[0], "PRAGMA user_version = 1",
		`INSERT INTO games(id, journal, ended, seconds, mode, status, detail) VALUES('abc', 'j.jsonl', 1000, 5, 'wit-continental', 'finished', '{"players":[],"events":[]}')`,
		`INSERT INTO players(game, seat, name, total, winner) VALUES('abc', 1, 'Ana', 7, 1)`} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	db.Close()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var v int
	if err := s.db.QueryRow("PRAGMA user_version").Scan(&v); err != nil || v != Version {
		t.Fatalf("user_version %d (%v), want %d", v, err, Version)
	}
	games, err := s.List(ctx, Filter{})
	if err != nil || len(games) != 1 || games[0].Players[0].Name != "Ana" || games[0].Verdicts != 0 {
		t.Fatalf("after migration: %v %+v", err, games)
	}
}

func TestRefusesNewerSchema(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "history.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE future(x); PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	before, _ := os.ReadFile(path)
	_, err = Open(ctx, path)
	if !errors.Is(err, ErrNewer) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "rebuild") {
		t.Fatalf("newer schema: %v", err)
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Error("the refused database was changed")
	}
	// Rebuild without --replace refuses too; with it the file is set aside.
	if _, err := Rebuild(ctx, path, recorded[:1], false, nil); !errors.Is(err, ErrNewer) {
		t.Fatalf("rebuild over a newer schema: %v", err)
	}
	res, err := Rebuild(ctx, path, recorded[:1], true, nil)
	if err != nil {
		t.Fatal(err)
	}
	kept, err := os.ReadFile(res.SetAside)
	if err != nil || !bytes.Equal(kept, before) {
		t.Errorf("the old database was not kept as it was at %q: %v", res.SetAside, err)
	}
}

func TestRefusesCorruptFile(t *testing.T) {
	ctx := context.Background()
	for name, content := range map[string][]byte{
		"garbage":   bytes.Repeat([]byte("not a database at all\n"), 300),
		"truncated": corruptDB(t),
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "history.db")
			if err := os.WriteFile(path, content, 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := Open(ctx, path)
			if err == nil {
				// A file whose header survived opens; reading it must fail
				// with an error, never an empty history.
				defer s.Close()
				games, lerr := s.List(ctx, Filter{})
				if lerr == nil && len(games) == 0 {
					t.Fatalf("a corrupt file read as an empty history")
				}
				return
			}
			if !errors.Is(err, ErrNotHistory) || !strings.Contains(err.Error(), path) {
				t.Fatalf("corrupt file: %v", err)
			}
			after, _ := os.ReadFile(path)
			if !bytes.Equal(after, content) {
				t.Error("the corrupt file was changed")
			}
		})
	}
}

// corruptDB is a history database with its pages after the first
// overwritten.
func corruptDB(t *testing.T) []byte {
	path := filepath.Join(t.TempDir(), "h.db")
	if _, err := Rebuild(context.Background(), path, recorded, false, nil); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	db.Exec("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE")
	db.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := 100; i < len(data); i++ {
		data[i] = byte(i * 7)
	}
	return data
}

// A finished game keeps its id while the camera goes on journaling.
func TestFinishedGameKeepsItsID(t *testing.T) {
	data, err := os.ReadFile(recorded[0])
	if err != nil {
		t.Fatal(err)
	}
	g, err := FromJournal(data, "a.jsonl", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	more := string(data) + `{"kind": "snapshot", "t": 900.0, "table": {}}` + "\n"
	g2, err := FromJournal([]byte(more), "b.jsonl", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if g.Status != Finished || g2.ID != g.ID {
		t.Errorf("ids %s and %s (status %s)", g.ID, g2.ID, g.Status)
	}
}
