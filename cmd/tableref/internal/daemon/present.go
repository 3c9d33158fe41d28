package daemon

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/hw/indicator"
	"github.com/tableref/tableref/rules"
)

// Screen is one thing to show: a message or the score screen, and how
// long it must stay before the next one replaces it.
type Screen struct {
	Msg    display.Message
	Scores *display.Scores
	Hold   time.Duration
	// At is when the frame that led to it was taken (zero for inputs);
	// the presenter logs the latency from there to the display.
	At time.Time
}

// verdictHold keeps a verdict, a warning or an order on the display long
// enough to be read before the next player's turn replaces it (a variable
// so tests can run faster).
var verdictHold = 2500 * time.Millisecond

// Screens turns a batch of events into what the display shows, in order:
// verdicts, orders and warnings stay a moment; the end of the game shows
// the final scores.
func Screens(evs []rules.Event, at time.Time) []Screen {
	var out []Screen
	for _, e := range evs {
		s := Screen{Msg: display.Message{Lines: []string{e.Short[0], e.Short[1]}}, At: at}
		switch e.Kind {
		case rules.EventVerdict:
			s.Msg.Verdict = display.Right
			if e.Verdict == rules.Wrong {
				s.Msg.Verdict = display.Wrong
			}
			s.Hold = verdictHold
		case rules.EventWarning:
			s.Msg.Verdict, s.Hold = display.Warn, verdictHold
		case rules.EventDo, rules.EventEnd:
			s.Hold = verdictHold
		case rules.EventPoints:
			continue // the verdict's second line already says it
		}
		if s.Msg.Lines[0] == "" && s.Msg.Lines[1] == "" {
			continue
		}
		out = append(out, s)
		for _, m := range e.More { // a tie between long names: further screens
			out = append(out, Screen{Msg: display.Message{Lines: []string{m[0], m[1]}, Verdict: s.Msg.Verdict}, Hold: s.Hold, At: at})
		}
		if e.Kind == rules.EventEnd {
			out = append(out, Screen{Scores: finalScores(e.Scores)})
		}
	}
	return out
}

func finalScores(sc []rules.Score) *display.Scores {
	s := &display.Scores{Title: "Final"}
	for _, p := range sc {
		s.Players = append(s.Players, display.PlayerScore{Name: p.Name, Points: p.Total})
	}
	return s
}

// Indicator is the LEDs and buzzer (hw/indicator.Dev), or nothing.
type Indicator interface {
	Play(ctx context.Context, p indicator.Pattern) error
	Off() error
}

// presenter owns the display and the indicator. It shows screens in
// order, each for at least its hold time; when screens pile up faster
// than that (a burst of warnings), the oldest non-verdict ones are
// dropped, so the display is never minutes behind the table.
type presenter struct {
	dev   display.Display
	ind   Indicator
	in    chan []Screen
	shown func(Screen, time.Time) // test hook and latency log
	busy  atomic.Int64            // screens queued or being held
}

const presenterQueue = 8

func newPresenter(dev display.Display, ind Indicator) *presenter {
	return &presenter{dev: dev, ind: ind, in: make(chan []Screen, presenterQueue)}
}

// Send queues screens without ever blocking the referee: when the queue is
// full the oldest batch is dropped.
func (p *presenter) Send(s []Screen) {
	if len(s) == 0 {
		return
	}
	p.busy.Add(1)
	for {
		select {
		case p.in <- s:
			return
		default:
		}
		select {
		case <-p.in:
			p.busy.Add(-1)
			slog.Debug("display: falling behind, dropped an old screen")
		default:
		}
	}
}

// wait returns once every queued screen has been shown and held, or after
// at most limit: a recording that ends shows its last verdicts and the
// final scores before the daemon stops.
func (p *presenter) wait(limit time.Duration) {
	for end := time.Now().Add(limit); p.busy.Load() > 0 && time.Now().Before(end); {
		time.Sleep(20 * time.Millisecond)
	}
}

func (p *presenter) run(ctx context.Context) {
	var queue []Screen
	var until time.Time // the current screen's hold ends
	held := 0           // batches whose last screen is being held
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		if len(queue) > 0 {
			if wait := time.Until(until); wait <= 0 {
				s := queue[0]
				queue = queue[1:]
				p.show(ctx, s)
				if _, none := p.dev.(logDisplay); !none {
					until = time.Now().Add(s.Hold) // nobody reads a log slowly
				}
				continue
			} else {
				timer.Reset(wait)
			}
		} else if held > 0 {
			if wait := time.Until(until); wait <= 0 {
				p.busy.Add(int64(-held))
				held = 0
			} else {
				timer.Reset(wait)
			}
		}
		select {
		case <-ctx.Done():
			p.last(queue)
			return
		case b := <-p.in:
			if hasVerdict(b) {
				// A new move was judged: what was still waiting (whose turn
				// it was, what to flip) is stale, and the verdict must not
				// wait behind it. Earlier verdicts not yet shown stay, briefly.
				queue = verdictsOnly(queue)
				until = time.Now()
			}
			queue = append(queue, b...)
			queue = trim(queue)
			held++
		case <-timer.C:
		}
	}
}

// last shows the final score screen if one is still waiting when the
// daemon stops, so a recording that ends shows who won.
func (p *presenter) last(queue []Screen) {
	for {
		select {
		case b := <-p.in:
			queue = append(queue, b...)
			continue
		default:
		}
		break
	}
	for i := len(queue) - 1; i >= 0; i-- {
		if queue[i].Scores != nil {
			p.show(context.Background(), queue[i])
			return
		}
	}
}

func hasVerdict(b []Screen) bool {
	for _, s := range b {
		if s.Msg.Verdict == display.Right || s.Msg.Verdict == display.Wrong {
			return true
		}
	}
	return false
}

// verdictHoldShort is how long a verdict overtaken by the next move stays.
const verdictHoldShort = 800 * time.Millisecond

func verdictsOnly(q []Screen) []Screen {
	var out []Screen
	for _, s := range q {
		if s.Msg.Verdict == display.Right || s.Msg.Verdict == display.Wrong {
			s.Hold = min(s.Hold, verdictHoldShort)
			out = append(out, s)
		}
	}
	return out
}

// trim keeps the queue short: at most presenterQueue screens, dropping
// plain messages before verdicts.
func trim(q []Screen) []Screen {
	for len(q) > presenterQueue {
		drop := 0
		for i, s := range q {
			if s.Msg.Verdict == display.None && s.Scores == nil {
				drop = i
				break
			}
		}
		q = append(q[:drop], q[drop+1:]...)
	}
	return q
}

func (p *presenter) show(ctx context.Context, s Screen) {
	var err error
	if s.Scores != nil {
		err = p.dev.ShowScores(*s.Scores)
	} else {
		err = p.dev.Show(s.Msg)
	}
	now := time.Now()
	if err != nil {
		slog.Warn("display: cannot show", "display", p.dev.String(), "err", err)
	}
	if !s.At.IsZero() && s.Msg.Verdict != display.None {
		slog.Info("verdict shown", "latency_ms", now.Sub(s.At).Milliseconds(), "lines", s.Msg.Lines)
	}
	if p.shown != nil {
		p.shown(s, now)
	}
	if pat := indicator.For(s.Msg.Verdict); pat != nil && p.ind != nil {
		// Patterns are short (≤ 0.7 s); playing them here keeps the LEDs
		// in step with the screen.
		if err := p.ind.Play(ctx, pat); err != nil && ctx.Err() == nil {
			slog.Warn("indicator", "err", err)
		}
	}
}

// logDisplay stands in for a display that is absent: the referee goes on
// and what it would show goes to the log.
type logDisplay struct{ why string }

func (l logDisplay) Show(m display.Message) error {
	slog.Info("display (absent)", "lines", m.Lines, "verdict", m.Verdict.String())
	return nil
}
func (l logDisplay) ShowScores(s display.Scores) error {
	slog.Info("display (absent): scores", "scores", s.Players)
	return nil
}
func (logDisplay) Size() (int, int) { return 16, 2 }
func (logDisplay) Halt() error      { return nil }
func (l logDisplay) String() string { return "no display (" + l.why + ")" }
