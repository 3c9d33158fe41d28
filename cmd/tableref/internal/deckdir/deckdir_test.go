package deckdir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	_ "github.com/tableref/tableref/rules/modes" // the games whose decks BesideNote looks at
)

const box = "# code: WB\n# game: wit\nnumber,name,ns,we\n1,Punta del Este,81,85\n2,Brasília,60,91\n"

func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// forget undoes what a test installed.
func forget(t *testing.T) {
	t.Cleanup(func() {
		for _, e := range Entries() {
			if e.Err == nil && e.Shadowed == "" {
				_ = geo.Remove(e.Key)
			}
		}
		mu.Lock()
		entries = nil
		mu.Unlock()
	})
}

func TestDirs(t *testing.T) {
	t.Setenv(Env, "")
	t.Setenv("XDG_CONFIG_HOME", "/home/ana/.cfg")
	got := Dirs()
	if os.Geteuid() == 0 {
		if len(got) != 1 || got[0] != SystemDir {
			t.Errorf("root: %v, want only %s (root installs for the service)", got, SystemDir)
		}
	} else if len(got) != 2 || got[0] != "/home/ana/.cfg/tableref/decks" || got[1] != SystemDir {
		t.Errorf("user: %v", got)
	}
	t.Setenv(Env, "/a:/b")
	if got := Dirs(); strings.Join(got, ",") != "/a,/b" {
		t.Errorf("%s=/a:/b: %v", Env, got)
	}
}

// Decks in the folders are installed for every command; the user's folder
// wins over the machine's; a broken file is reported and skipped.
func TestLoad(t *testing.T) {
	user, system := t.TempDir(), t.TempDir()
	t.Setenv(Env, user+string(os.PathListSeparator)+system)
	forget(t)
	write(t, user, "WB.csv", box)
	write(t, system, "WB.csv", strings.Replace(box, "81,85", "82,86", 1))
	bad := write(t, system, "XX.csv", "# code: XX\n# game: wit\nnumber,name,ns,we\n1,Lima,3\n")
	misnamed := write(t, system, "other.csv", strings.Replace(box, "WB", "WC", 1))
	got := Load()
	if len(got) != 4 {
		t.Fatalf("%d entries, want 4: %+v", len(got), got)
	}
	c, ok := geo.Lookup(rules.CardID{Deck: "WB", Num: 1})
	if !ok || c.Printed.NS != 81 {
		t.Errorf("WB-001 = %+v: want the user's file (ns 81)", c)
	}
	errs := map[string]string{}
	for _, e := range got {
		if e.Err != nil {
			errs[e.Path] = e.Err.Error()
		}
		if e.Shadowed != "" && e.Path != filepath.Join(system, "WB.csv") {
			t.Errorf("%s shadowed, want only the machine's WB", e.Path)
		}
	}
	if !strings.Contains(errs[bad], bad+":4: 3 fields, but the header names 4 columns") {
		t.Errorf("broken file: %q", errs[bad])
	}
	if !strings.Contains(errs[misnamed], "named after its code (WC.csv)") {
		t.Errorf("misnamed file: %q", errs[misnamed])
	}
	if Source("wb") != filepath.Join(user, "WB.csv") {
		t.Errorf("Source(WB) = %q", Source("wb"))
	}
	// Loading again replaces, never duplicates.
	if again := Load(); len(again) != 4 {
		t.Errorf("second load: %d entries", len(again))
	}
}

func TestInstallAndRemove(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "decks")
	t.Setenv(Env, dir)
	forget(t)
	d, err := geo.ReadDeckFile(strings.NewReader(box), geo.ParseOptions{File: "box.csv"})
	if err != nil {
		t.Fatal(err)
	}
	path, err := Install(d, InstallDir(false))
	if err != nil {
		t.Fatal(err)
	}
	if path != filepath.Join(dir, "WB.csv") {
		t.Errorf("installed at %s", path)
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("file mode %v, %v: the service user must read it", st.Mode(), err)
	}
	if dst, _ := os.Stat(dir); dst.Mode().Perm() != 0o755 {
		t.Errorf("folder mode %v", dst.Mode())
	}
	if _, ok := rules.LookupDeck("WB"); !ok {
		t.Error("installed deck unknown in this process")
	}
	// Another process (the service after a restart) finds it.
	if got := Load(); len(got) != 1 || got[0].Err != nil {
		t.Errorf("load after install: %+v", got)
	}
	if _, err := Remove("WB"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("file still there: %v", err)
	}
	if _, ok := rules.LookupDeck("WB"); ok {
		t.Error("removed deck still known")
	}
	// A deck that clashes with a built-in one is refused before anything is written.
	clash, _ := geo.ReadDeckFile(strings.NewReader("number,name,ns,we\n1,Lima,3,4\n"), geo.ParseOptions{File: "x.csv", Code: "SA", Game: "wit"})
	if _, err := Install(clash, dir); err == nil {
		t.Error("installed SA-001 as Lima")
	}
	if _, err := os.Stat(filepath.Join(dir, "SA.csv")); !os.IsNotExist(err) {
		t.Error("a refused deck left a file")
	}
}

// A game set up without the deck option while a box wearing SA's stickers
// is installed is told that tableref's SA judges it, and how to play the
// box (issue 30: such a box used to take SA's place).
func TestBesideNote(t *testing.T) {
	forget(t)
	dir := t.TempDir()
	t.Setenv(Env, dir)
	path := write(t, dir, "SA.csv", "# code: SA\n# game: wit\nnumber,name,ns,we\n1,Bogotá,10,15\n")
	for _, e := range Load() {
		if e.Err != nil {
			t.Fatal(e.Err)
		}
	}
	s := rules.Setup{Mode: "wit-continental", Players: []string{"Ana", "Ben"}}
	want := "the game is judged with tableref's own deck SA; your box's deck SA-BOX (installed from " + path + ") is installed beside it: give the game option deck=SA-BOX to play it"
	if got := BesideNote(s); got != want {
		t.Errorf("no deck option: %q, want %q", got, want)
	}
	for _, opts := range []map[string]string{{"deck": "SA-BOX"}, {"deck": "SA"}, {"printedBy": "tableref"}} {
		s.Options = opts
		if got := BesideNote(s); got != "" {
			t.Errorf("options %v: %q, want nothing", opts, got)
		}
	}
	if got := BesideNote(rules.Setup{Mode: "mapit", Players: []string{"Ana", "Ben"}}); got != "" {
		t.Errorf("Map It! with no box of WLD: %q", got)
	}
}
