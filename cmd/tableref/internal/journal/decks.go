package journal

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/tableref/tableref/cmd/tableref/internal/deckdir"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// DeckPrint says which deck data judged a game: the deck's code, a
// SHA-256 of its cards (names, aliases, places, what they print) and the
// installed file it came from ("" for tableref's own deck). A journal
// records it on the comment line after its header (decksMark), so that a
// resume or a replay with other data installed says so instead of
// rescoring the game silently.
type DeckPrint struct {
	Code   string `json:"code"`
	SHA256 string `json:"sha256"`
	File   string `json:"file,omitempty"`
}

// decksMark starts the comment line that records the decks.
const decksMark = "decks "

// ErrDecksChanged marks a journal judged with deck data other than the
// data installed now.
var ErrDecksChanged = errors.New("the game was judged with other deck data")

// DeckPrints are the decks a game set up as s is judged with, as installed
// now (geography decks; other games have none).
func DeckPrints(s rules.Setup) []DeckPrint {
	mode, ok := rules.LookupMode(s.Mode)
	if !ok {
		return nil
	}
	var out []DeckPrint
	for _, code := range mode.DecksFor(s) {
		if p, ok := deckPrint(code); ok {
			out = append(out, p)
		}
	}
	return out
}

// deckPrint is the print of the deck picked by key (SA, SA-BOX): Code
// records the key, so a game judged with a box installed beside
// tableref's deck is checked against that box, not against tableref's.
func deckPrint(key string) (DeckPrint, bool) {
	info, ok := geo.Info(key)
	if !ok {
		return DeckPrint{}, false
	}
	data, err := json.Marshal(geo.Cards(info.Key))
	if err != nil {
		return DeckPrint{}, false
	}
	sum := sha256.Sum256(data)
	p := DeckPrint{Code: info.Key, SHA256: hex.EncodeToString(sum[:])}
	if info.Installed {
		p.File = deckdir.Source(info.Key)
	}
	return p, true
}

// decksLine is the journal line that records prints, newline included.
func decksLine(prints []DeckPrint) ([]byte, error) {
	b, err := json.Marshal(prints)
	if err != nil {
		return nil, err
	}
	return []byte("# " + decksMark + string(b) + "\n"), nil
}

// parseDecks reads a comment's text as a decks line.
func parseDecks(text string) ([]DeckPrint, bool) {
	rest, ok := strings.CutPrefix(text, decksMark)
	if !ok {
		return nil, false
	}
	var prints []DeckPrint
	if json.Unmarshal([]byte(rest), &prints) != nil {
		return nil, false
	}
	return prints, true
}

// CheckDecks compares the decks a journal recorded with those installed
// now: nil when they are the same (or the journal, older, recorded none),
// else an error (ErrDecksChanged) that names each deck, what judged the
// game and what is installed now.
func CheckDecks(journal string, judged []DeckPrint) error {
	var diffs []string
	for _, j := range judged {
		now, ok := deckPrint(j.Code)
		if ok && now.SHA256 == j.SHA256 {
			continue
		}
		was := "tableref's own " + j.Code
		if j.File != "" {
			was = j.Code + " from " + j.File
		}
		is := "no deck " + j.Code + " is installed now"
		switch {
		case ok && now.File != "":
			is = "the installed " + j.Code + " is " + now.File + ", with other cards"
		case ok:
			is = "tableref's own " + j.Code + " is in use now, with other cards"
		}
		if box, ok := deckPrint(j.Code + geo.BoxSuffix); ok && j.File != "" && box.SHA256 == j.SHA256 {
			// Written when an installed box took the place of tableref's
			// deck of its code; boxes are installed beside it now.
			is += fmt.Sprintf(", and the same cards are installed as %s beside it (from %s)", box.Code, box.File)
		}
		diffs = append(diffs, fmt.Sprintf("deck %s: judged with %s (sha256 %.12s); %s (sha256 %.12s)", j.Code, was, j.SHA256, is, now.SHA256))
	}
	if len(diffs) == 0 {
		return nil
	}
	return fmt.Errorf("%s: %w: %s", journal, ErrDecksChanged, strings.Join(diffs, "; "))
}
