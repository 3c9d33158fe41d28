package journal

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// ReplayOptions say how ReplayFile goes about a file.
type ReplayOptions struct {
	JSON    bool // one JSON event per line instead of text
	Journal bool // a daemon journal (also when the file starts with Mark)
	// Rescore judges a journal again with the decks installed now when
	// they differ from those it records; without it such a journal is
	// refused (ErrDecksChanged), never rescored silently.
	Rescore bool
	// Describe writes an event as text (nil: replay.Describe); `replay
	// --language` gives the display's screens in a language.
	Describe func(replay.Stamped) string
}

// ReplayFile referees a replay or journal file (`tableref replay`): each
// event to stdout, as text or JSON lines; a journal drops a torn last line
// with a warning on stderr and undoes as the daemon did. It reads a line
// at a time, in bounded memory. It returns the game at the end.
func ReplayFile(ctx context.Context, path string, o ReplayOptions, stdout, stderr io.Writer) (rules.Game, error) {
	describe := o.Describe
	if describe == nil {
		describe = replay.Describe
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := checkFileDecks(f, path); err != nil {
		if !o.Rescore {
			return nil, fmt.Errorf("%w: give --rescore to judge it again with the decks installed now", err)
		}
		fmt.Fprintf(stderr, "warning: %v: judged again with the decks installed now (--rescore)\n", err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	asJSON, isJournal := o.JSON, o.Journal
	br := bufio.NewReader(f)
	if head, _ := br.Peek(len(Mark)); string(head) == Mark {
		isJournal = true
	}
	r := replay.NewReader(br, path)
	r.AllowTornTail = isJournal
	run := replay.Run
	if isJournal {
		run = Run // undo as the daemon did it
	}
	enc := json.NewEncoder(stdout)
	var werr error
	g, err := run(r, func(s replay.Stamped) {
		if werr != nil || ctx.Err() != nil {
			return
		}
		if asJSON {
			werr = enc.Encode(s)
		} else {
			_, werr = fmt.Fprintln(stdout, describe(s))
		}
	})
	if werr != nil {
		return nil, fmt.Errorf("writing output: %w", werr)
	}
	if r.TornTail() {
		fmt.Fprintf(stderr, "warning: %s: the last line was cut short (power cut?) and was dropped\n", path)
	}
	return g, err
}

// checkFileDecks reads a journal's first lines, up to its first entry, for
// the decks it records, and compares them with those installed now.
func checkFileDecks(f io.Reader, path string) error {
	r := replay.NewReader(f, path)
	r.AllowTornTail = true
	var judged []DeckPrint
	r.Comment = func(_ int, text string) {
		if p, ok := parseDecks(text); ok && judged == nil {
			judged = p
		}
	}
	for {
		line, err := r.Next()
		if err != nil || line.Kind != replay.KindHeader {
			break // the replay proper says what is wrong with the file
		}
	}
	return CheckDecks(path, judged)
}
