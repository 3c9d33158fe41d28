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

// ReplayFile referees a replay or journal file (`tableref replay`): each
// event to stdout, as text or JSON lines; a journal (isJournal, or a file
// that starts with Mark) drops a torn last line with a warning on stderr
// and undoes as the daemon did. describe writes an event as text (nil:
// replay.Describe). It returns the game at the end.
func ReplayFile(ctx context.Context, path string, asJSON, isJournal bool, describe func(replay.Stamped) string, stdout, stderr io.Writer) (rules.Game, error) {
	if describe == nil {
		describe = replay.Describe
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()

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
