package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHistoryCommands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "history.db")
	code, out, errOut := run(t, "history", "rebuild", "--history", db, "testdata/demo-continental.jsonl", "../../rules/nsoe/testdata/europe-three-players.jsonl")
	if code != 0 || !strings.Contains(out, "2 game(s) recorded") {
		t.Fatalf("rebuild: %d\n%s%s", code, out, errOut)
	}
	code, out, _ = run(t, "history", "--history", db, "--game", "wit")
	if code != 0 || !strings.Contains(out, "wit-continental") || strings.Contains(out, "nsoe") {
		t.Fatalf("history --game wit: %d\n%s", code, out)
	}
	id := strings.Fields(strings.Split(out, "\n")[1])[0]
	code, out, _ = run(t, "history", "show", "--history", db, id)
	if code != 0 || !strings.Contains(out, "Final table:") || !strings.Contains(out, "Caro") {
		t.Fatalf("show: %d\n%s", code, out)
	}
	code, out, _ = run(t, "history", "players", "--history", db, "--player", "ana")
	if code != 0 || !strings.Contains(out, "nsoe") || !strings.Contains(out, "wit-continental") {
		t.Fatalf("players: %d\n%s", code, out)
	}
	code, out, _ = run(t, "history", "export", "--history", db, "--format", "csv")
	if code != 0 || strings.Count(out, "\n") != 7 {
		t.Fatalf("export csv: %d\n%s", code, out)
	}
	if code, _, errOut = run(t, "history", "export", "--history", db, "--format", "xls"); code != 2 || !strings.Contains(errOut, "want csv or json") {
		t.Errorf("export xls: %d %s", code, errOut)
	}
	if code, _, errOut = run(t, "history", "--history", db, "--since", "yesterday"); code != 1 || !strings.Contains(errOut, "--since") {
		t.Errorf("--since yesterday: %d %s", code, errOut)
	}
	if code, _, errOut = run(t, "history", "--history", filepath.Join(t.TempDir(), "none.db")); code != 1 || !strings.Contains(errOut, "no history at") {
		t.Errorf("no history: %d %s", code, errOut)
	}
	// A damaged file is refused by name, and rebuilt only on request.
	bad := filepath.Join(t.TempDir(), "bad.db")
	if err := os.WriteFile(bad, []byte(strings.Repeat("garbage ", 600)), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut = run(t, "history", "--history", bad); code != 1 || !strings.Contains(errOut, bad) || !strings.Contains(errOut, "corrupt") {
		t.Errorf("corrupt: %d %s", code, errOut)
	}
	if code, out, errOut = run(t, "history", "rebuild", "--replace", "--history", bad, "testdata/demo-continental.jsonl"); code != 0 || !strings.Contains(out, bad+".broken-1") {
		t.Errorf("rebuild --replace: %d %s%s", code, out, errOut)
	}
}
