package daemon

import (
	"fmt"
	"log/slog"
	"strings"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/history"
	"github.com/tableref/tableref/cmd/tableref/internal/referee"
	"github.com/tableref/tableref/rules"
)

// startNamed settles a resumed journal against the game asked for: with
// --new the named game starts (the resumed one's journal kept); a game
// named by flags that is not the one resumed is refused, never resumed
// silently in its place (issue 31: run --mode mapit --players Zoe,Max
// went on with a Where is That? game for Ana and Ben).
func startNamed(cfg *config.Config, setup rules.Setup, ref *referee.Referee, rec *history.Recorder, start *[]rules.Event) error {
	held := ref.Setup()
	switch {
	case cfg.NewGame:
		rec.Keep(ref.Path()) // before the journal is moved aside
		evs, err := ref.NewGame(setup)
		if err != nil {
			return err
		}
		slog.Info("new game on --new; the game in play was kept", "mode", setup.Mode, "was", held.Mode)
		*start = evs
	case ref.DecksChanged() != nil:
		return fmt.Errorf("%w: put the deck back as it was to go on with that game, or give --new to start another (that game's journal is kept as it was judged)", ref.DecksChanged())
	case cfg.GameNamed && !sameGame(held, setup):
		return fmt.Errorf("the journal %s holds a game in play of %s for %s, not %s for %s: give --new to start yours (that game's journal is kept), or run without --mode, --players and --option to go on with it",
			ref.Path(), held.Mode, strings.Join(held.Players, ", "), setup.Mode, strings.Join(setup.Players, ", "))
	}
	return nil
}

// sameGame says whether the game asked for is the one in play: the same
// mode (by id or name), the same players in the same seats, and every
// option asked for set alike.
func sameGame(held, asked rules.Setup) bool {
	hm, err1 := rules.FindMode(held.Mode)
	am, err2 := rules.FindMode(asked.Mode)
	if err1 != nil || err2 != nil || hm.ID != am.ID || len(held.Players) != len(asked.Players) {
		return false
	}
	for i := range held.Players {
		if !strings.EqualFold(strings.TrimSpace(held.Players[i]), strings.TrimSpace(asked.Players[i])) {
			return false
		}
	}
	for k, v := range asked.Options {
		if held.Options[k] != v {
			return false
		}
	}
	return true
}
