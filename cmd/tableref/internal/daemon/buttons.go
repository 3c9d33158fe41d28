package daemon

import (
	"log/slog"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/present"
	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/hw/input"
	"github.com/tableref/tableref/rules"
)

// menuConfirm is how long a first long press of menu waits for the second
// that confirms a new game.
const menuConfirm = 10 * time.Second

// button turns a press into an input, as the web page's controls do:
// next, undo and challenge are inputs; a long press of next turns speech
// off or on; menu shows the scores (and how a phone joins), and a long press twice within 10 s
// starts a new game with the same players.
func (d *daemon) button(ev input.Event) {
	slog.Info("button", "button", ev.Button.String(), "long", ev.Long)
	if d.settleButton(ev) {
		return
	}
	switch ev.Button {
	case input.Next:
		if ev.Long {
			if d.speaker != nil {
				d.replyLog(d.setMuted(!d.speaker.Muted()))
			}
			return
		}
		d.replyLog(d.input(rules.Input{Type: rules.InputNext}, -1))
	case input.Undo:
		d.replyLog(d.input(rules.Input{Type: rules.InputUndo}, -1))
	case input.Challenge:
		d.replyLog(d.input(rules.Input{Type: rules.InputChallenge}, -1))
	case input.Menu:
		if !ev.Long {
			// The scores, then how a phone joins (someone may come late).
			sc := []present.Screen{{Scores: currentScores(d.ref.Game()), Hold: present.VerdictHold, Class: present.ClassSystem}}
			if d.h.join != "" {
				sc = append(append(sc, present.JoinScreens(d.h.joinHost, d.h.port, present.PINShown(d.deps.Display, d.cfg.Web.PIN))...), present.CertScreens(d.cert.Short())...)
			}
			d.pres.Send(append(sc, present.Screen{Msg: d.h.screen, Hold: present.ReadHold}))
			return
		}
		if !d.menuAsk.IsZero() && ev.At.Sub(d.menuAsk) < menuConfirm {
			d.menuAsk = time.Time{}
			d.replyLog(d.newGame(d.ref.Setup()))
			return
		}
		d.menuAsk = ev.At
		d.pres.Send([]present.Screen{{Msg: display.Message{Lines: []string{"New game?", "Hold menu again"}, Verdict: display.Warn}, Hold: menuConfirm, Class: present.ClassSystem}, {Msg: d.h.screen, Hold: present.ReadHold}})
	}
}

// settleButton settles an undecided tie with the buttons: challenge
// offers each tied player in turn ("Ana wins?"), next names the one
// offered the winner. It reports whether the press was taken.
func (d *daemon) settleButton(ev input.Event) bool {
	g := d.ref.Game()
	if ev.Long || !g.Finished() || len(g.Winners()) > 0 {
		d.settlePick = 0
		return false
	}
	u := rules.UndecidedIn(g.Scores())
	if u == nil {
		d.settlePick = 0
		return false
	}
	switch ev.Button {
	case input.Challenge:
		d.settlePick = nextTied(u.Players, d.settlePick)
		name := rules.ShortName(d.ref.Setup().PlayerName(d.settlePick), 11)
		d.pres.Send([]present.Screen{{Msg: display.Message{Lines: []string{name + " wins?", "Next: yes"}}, Hold: present.ReadHold, Class: present.ClassSystem}})
		return true
	case input.Next:
		if d.settlePick == 0 {
			d.pres.Send([]present.Screen{{Msg: display.Message{Lines: []string{"Tie: who wins?", "Challenge: pick"}}, Hold: present.ReadHold, Class: present.ClassSystem}})
			return true
		}
		p := d.settlePick
		d.settlePick = 0
		d.replyLog(d.input(rules.Input{Type: rules.InputSettle, Player: p}, -1))
		return true
	}
	return false
}

// nextTied is the tied player after cur (the first when cur is none).
func nextTied(players []int, cur int) int {
	for i, p := range players {
		if p == cur {
			return players[(i+1)%len(players)]
		}
	}
	return players[0]
}

func (d *daemon) replyLog(err error) {
	if err != nil {
		slog.Warn("button not taken", "err", err)
	}
}

func currentScores(g rules.Game) *display.Scores {
	s := &display.Scores{Title: "Score"}
	for _, p := range g.Scores() {
		s.Players = append(s.Players, display.PlayerScore{Name: p.Name, Points: p.Total})
	}
	return s
}
