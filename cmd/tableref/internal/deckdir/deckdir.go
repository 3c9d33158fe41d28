// Package deckdir keeps the decks a user installed from their own boxes:
// deck files (docs/decks.md) in a config folder, read at start so that
// every command and the referee service know them.
//
// Folders, first match wins:
//
//   - $TABLEREF_DECKS, a list of folders separated by ':' (tests, unusual
//     setups), instead of all of the below;
//   - for a normal user, $XDG_CONFIG_HOME/tableref/decks (by default
//     ~/.config/tableref/decks): that user's own decks;
//   - /etc/tableref/decks: the machine's decks, which the referee service
//     (user tableref on the Pi) reads. Root installs here.
package deckdir

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/tableref/tableref/cmd/tableref/internal/smallfile"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// SystemDir is the machine's deck folder, the one the service reads.
const SystemDir = "/etc/tableref/decks"

// Env names the variable that replaces the folder list.
const Env = "TABLEREF_DECKS"

// Dirs returns the folders searched for installed decks, in order.
func Dirs() []string {
	if v := os.Getenv(Env); v != "" {
		var out []string
		for _, d := range filepath.SplitList(v) {
			if d != "" {
				out = append(out, d)
			}
		}
		return out
	}
	if os.Geteuid() == 0 {
		return []string{SystemDir}
	}
	if u := userDir(); u != "" {
		return []string{u, SystemDir}
	}
	return []string{SystemDir}
}

// userDir is the user's own deck folder, "" when there is no home.
func userDir() string {
	base := os.Getenv("XDG_CONFIG_HOME")
	if base == "" {
		home, err := os.UserHomeDir()
		if err != nil || home == "" {
			return ""
		}
		base = filepath.Join(home, ".config")
	}
	return filepath.Join(base, "tableref", "decks")
}

// InstallDir is where a deck is installed: the first folder searched
// (root: /etc/tableref/decks; a user: their own folder), or SystemDir
// when system is set.
func InstallDir(system bool) string {
	if system {
		if v := os.Getenv(Env); v != "" {
			return Dirs()[len(Dirs())-1] // the last listed plays the machine's folder
		}
		return SystemDir
	}
	return Dirs()[0]
}

// Entry is one deck file found in a folder.
type Entry struct {
	Path string
	// Key is the name the deck is picked by (geo.KeyFor): its code, or
	// SA-BOX for a box carrying the code of tableref's SA.
	Key  string
	Deck *geo.DeckFile // nil when Err is set
	Err  error         // the file could not be read or installed
	// Shadowed names the file of the same deck key that won (an earlier
	// folder), when this one was left out.
	Shadowed string
}

var (
	mu      sync.Mutex
	entries []Entry
)

// Load reads every deck file (*.csv) of the folders and installs each
// deck with package geo. A file that cannot be used is recorded with its
// error and skipped: one broken file never stops the referee or another
// deck. A deck key found again in a later folder is left out. Load may be
// called again; it replaces what it installed before.
func Load() []Entry {
	mu.Lock()
	defer mu.Unlock()
	for _, e := range entries {
		if e.Err == nil && e.Shadowed == "" {
			_ = geo.Remove(e.Key)
		}
	}
	entries = nil
	seen := map[string]string{}
	for _, dir := range Dirs() {
		names, err := filepath.Glob(filepath.Join(dir, "*.csv"))
		if err != nil {
			continue
		}
		sort.Strings(names)
		for _, path := range names {
			e := Entry{Path: path}
			e.Deck, e.Err = read(path)
			if e.Err == nil {
				e.Key, e.Deck.Source = geo.KeyFor(e.Deck), path
				if first, dup := seen[e.Key]; dup {
					e.Shadowed = first
				} else if e.Err = geo.Install(e.Deck); e.Err == nil {
					seen[e.Key] = path
				}
			}
			if e.Err != nil {
				e.Deck = nil
			}
			entries = append(entries, e)
		}
	}
	return append([]Entry(nil), entries...)
}

// Entries returns what the last Load found.
func Entries() []Entry {
	mu.Lock()
	defer mu.Unlock()
	return append([]Entry(nil), entries...)
}

// Source returns the file the deck picked by key came from, "" for one of
// tableref's own decks.
func Source(key string) string {
	mu.Lock()
	defer mu.Unlock()
	for _, e := range entries {
		if e.Err == nil && e.Shadowed == "" && strings.EqualFold(e.Key, key) {
			return e.Path
		}
	}
	return ""
}

// maxFileBytes bounds an installed deck file before it is read: every
// command loads the deck folders at start, so one huge file would tax
// them all. geo.ReadDeckFile holds deck files to the same size.
const maxFileBytes = 4 << 20

func read(path string) (*geo.DeckFile, error) {
	data, err := smallfile.Read(path, maxFileBytes)
	if err != nil {
		return nil, fmt.Errorf("%w: a deck file is a plain CSV file of at most %s", err, smallfile.Size(maxFileBytes))
	}
	d, err := geo.ReadDeckFile(bytes.NewReader(data), geo.ParseOptions{File: path})
	if err != nil {
		return nil, err
	}
	if want := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)); !strings.EqualFold(want, d.Code) {
		return nil, fmt.Errorf("%s: holds deck %s: an installed deck file is named after its code (%s.csv)", path, d.Code, d.Code)
	}
	return d, nil
}

// Install checks a deck and writes it into dir as CODE.csv, replacing a
// file of the same deck there, then installs it for this process. The
// file is written whole and renamed into place, world-readable, so the
// service never reads half a deck.
func Install(d *geo.DeckFile, dir string) (string, error) {
	if err := geo.Check(d); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("deck folder: %w", permissionHint(err))
	}
	path := filepath.Join(dir, d.Code+".csv")
	d.Source = path
	tmp, err := os.CreateTemp(dir, "."+d.Code+"-*.csv")
	if err != nil {
		return "", fmt.Errorf("deck folder: %w", permissionHint(err))
	}
	defer os.Remove(tmp.Name())
	if err := geo.WriteDeckFile(tmp, d); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return "", err
	}
	if err := geo.Install(d); err != nil {
		return path, err
	}
	mu.Lock()
	key := geo.KeyFor(d)
	for i := range entries {
		if e := &entries[i]; e.Err == nil && e.Shadowed == "" && e.Key == key {
			e.Shadowed = path // an earlier install of the same deck, replaced
		}
	}
	entries = append(entries, Entry{Path: path, Key: key, Deck: d})
	mu.Unlock()
	return path, nil
}

// Remove deletes the file of the installed deck picked by key from the
// folder it was loaded from and forgets the deck. tableref's own decks are
// not removed: the error says so, and names the deck installed beside one.
func Remove(key string) (string, error) {
	path := Source(key)
	if path == "" {
		return "", geo.Remove(key)
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return path, permissionHint(err)
	}
	mu.Lock()
	for i, e := range entries {
		if e.Path == path {
			entries = append(entries[:i], entries[i+1:]...)
			break
		}
	}
	mu.Unlock()
	return path, geo.Remove(key)
}

// BesideNote says, of a game set up as s without the deck option while a
// box wearing the stickers of the mode's deck is installed beside it
// (SA-BOX beside SA), that tableref's own deck judges the game and how to
// play the box instead; "" when no such box is installed, the deck is
// named, or the cards are tableref's print-and-play ones. A user whose box
// took SA's place before boxes were installed beside it learns so why the
// referee now speaks in words.
func BesideNote(s rules.Setup) string {
	m, ok := rules.LookupMode(s.Mode)
	if !ok || strings.TrimSpace(s.Options[geo.OptDeck]) != "" || s.Options[geo.OptPrintedBy] == geo.PrintedByTableref {
		return ""
	}
	var notes []string
	for _, key := range m.DecksFor(s) {
		if in, ok := geo.Info(key + geo.BoxSuffix); ok && in.Installed {
			notes = append(notes, fmt.Sprintf("the game is judged with tableref's own deck %s; your box's deck %s is installed beside it: give the game option deck=%s to play it", key, in.Label(), in.Key))
		}
	}
	return strings.Join(notes, "; ")
}

// permissionHint adds what to do to a permission error.
func permissionHint(err error) error {
	if errors.Is(err, fs.ErrPermission) {
		return fmt.Errorf("%w (the machine's deck folder needs root: run the command with sudo)", err)
	}
	return err
}
