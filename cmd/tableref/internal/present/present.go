package present

import (
	"cmp"
	"context"
	"log/slog"
	"strings"
	"sync/atomic"
	"time"

	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/hw/indicator"
	"github.com/tableref/tableref/rules"
)

// Class says how much a screen matters once the table has moved on.
type Class int

const (
	// ClassInfo: whose turn it is, a round starts, a card was laid. A
	// newer verdict makes it stale.
	ClassInfo Class = iota
	// ClassWarning: something is wrong. Any newer state of the table
	// makes it stale (the referee says it again if it still holds).
	ClassWarning
	// ClassFact: points and tokens, orders (flip, remove), an order done.
	// Shown even after a newer verdict, briefly.
	ClassFact
	// ClassVerdict: a placement judged.
	ClassVerdict
	// ClassSystem: the referee stopped, the camera, what the scanner
	// cannot read, the scores, the end. Only something newer replaces it.
	ClassSystem
)

// Screen is one thing to show: a message or the score screen, how long it
// stays before the next one waiting replaces it, and how much it matters.
type Screen struct {
	Msg    display.Message
	Scores *display.Scores
	// Hold is how long it stays when more screens wait; the last screen
	// stays until the next one comes.
	Hold  time.Duration
	Class Class
	// At is when the frame that led to it was taken (zero for inputs);
	// the presenter logs the latency from there to the display.
	At time.Time
	// Act says the players must act on it (an order: flip, remove; a
	// wrong verdict): a newer verdict never drops it unseen.
	Act bool
	// Player is whose turn a turn screen says, whose move a verdict
	// judges: a verdict on a player's move ends that player's turn.
	Player int
	// Card is the card a verdict or an order is about: a newer verdict on
	// the same card supersedes them (the same move judged again).
	Card rules.CardID
	// Order names what an order asks ("flip SA-010"), Done what an order
	// seen done did: once done, an order still waiting is dropped.
	Order, Done string
	// Turn marks a turn or round screen (Round: a round screen): a
	// verdict that comes while it is on the display waits until it has
	// been read (OvertakenHold); one still waiting is shown after the
	// verdict unless the verdict's batch says a newer one (that turn or
	// round is over).
	Turn, Round bool
	// Offer marks a move the players may make now (challenge the card
	// just laid, welcome a Traveller): like a turn screen it is never
	// dropped unread by a verdict, unless the verdict answers it (judges
	// its Card).
	Offer bool
	// End marks the game's result (who won, the final scores): it comes
	// after everything the game said before it, never ahead of an order
	// still waiting (results last).
	End bool
}

// mustSee reports whether a screen stays available when a newer verdict
// overtakes it: every verdict (players read each one), what they must act
// on, and the system's screens (the camera, the scanner, the end).
func (s Screen) mustSee() bool {
	return s.Class == ClassVerdict || s.Class == ClassSystem || s.Act
}

func orderKey(e rules.Event) string {
	return e.Action + " " + e.Card.String()
}

// How long screens stay (variables so tests can run faster):
var (
	// VerdictHold keeps a verdict, an order, a warning or the end on the
	// display long enough to be read before the next screen replaces it.
	VerdictHold = 2500 * time.Millisecond
	// ReadHold is the least any screen stays when the next one waits: two
	// lines of 16 characters are read in about a second.
	ReadHold = 1500 * time.Millisecond
	// OvertakenHold is how long a screen stays once something newer has
	// overtaken it (a newer verdict; for a warning, any newer state): the
	// display catches up with the table within this.
	OvertakenHold = 800 * time.Millisecond
)

// ScaleHolds shortens (or lengthens) every hold for a game played faster
// than players play (tests, measurements): a verdict stays v, the others
// in proportion. It returns the function that puts them back.
func ScaleHolds(v time.Duration) (restore func()) {
	old := [3]time.Duration{VerdictHold, ReadHold, OvertakenHold}
	VerdictHold, ReadHold, OvertakenHold = v, v*ReadHold/VerdictHold, v*OvertakenHold/VerdictHold
	return func() { VerdictHold, ReadHold, OvertakenHold = old[0], old[1], old[2] }
}

// maxWarnings is how many warnings of one batch get a screen each; the
// rest are counted on one screen (the page lists them all).
const maxWarnings = 3

// repeatQuiet is how long a warning shown must go unsaid before it is
// shown again: a read that flickers makes an engine say it again at every
// other snapshot.
const repeatQuiet = 10 * time.Second

// Screens turns a batch of events into what the display shows, in order:
// every event with words gets a screen and each stays at least ReadHold
// (verdicts, orders, warnings and the end longer); the end of the game
// shows the final scores.
func Screens(evs []rules.Event, at time.Time) []Screen {
	var out []Screen
	for _, e := range evs {
		s := Screen{Msg: display.Message{Lines: []string{e.Short[0], e.Short[1]}}, At: at, Hold: ReadHold, Class: ClassInfo, Player: e.Player}
		switch e.Kind {
		case rules.EventVerdict:
			s.Msg.Verdict = display.Right
			if e.Verdict == rules.Wrong {
				s.Msg.Verdict, s.Act = display.Wrong, true
			}
			s.Hold, s.Class, s.Card = VerdictHold, ClassVerdict, e.Card
		case rules.EventWarning:
			s.Msg.Verdict, s.Hold, s.Class = display.Warn, VerdictHold, ClassWarning
		case rules.EventDo:
			s.Hold, s.Class, s.Act, s.Card, s.Order = VerdictHold, ClassFact, true, e.Card, orderKey(e)
		case rules.EventDone:
			s.Class, s.Done = ClassFact, orderKey(e)
		case rules.EventEnd:
			// An undecided tie asks the players to settle it: a screen
			// they act on.
			s.Hold, s.Class, s.Act, s.End = VerdictHold, ClassSystem, e.Undecided != nil, true
		case rules.EventTurn, rules.EventRound:
			s.Turn, s.Round = true, e.Kind == rules.EventRound
		case rules.EventInfo:
			s.Offer = e.Action == rules.ActionOffer
			if s.Offer {
				s.Card = e.Card
			}
		case rules.EventPoints:
			if saidByVerdict(evs, e) {
				continue // "Ana +3" is the verdict's second line already
			}
			s.Class = ClassFact
		}
		if s.Msg.Lines[0] == "" && s.Msg.Lines[1] == "" {
			continue
		}
		out = append(out, s)
		for _, m := range e.More { // a tie between long names: further screens
			out = append(out, Screen{Msg: display.Message{Lines: []string{m[0], m[1]}, Verdict: s.Msg.Verdict}, Hold: s.Hold, Class: s.Class, At: at, Act: s.Act, End: s.End})
		}
		if e.Kind == rules.EventEnd {
			out = append(out, Screen{Scores: finalScores(e.Scores), Class: ClassSystem, Hold: VerdictHold, End: true})
		}
	}
	return out
}

// saidByVerdict reports whether a points event only repeats a verdict of
// the same batch: the same player and the same points (Continental's
// "Lima: RIGHT / Ana +3"). Tokens paid to another player (Map It!'s
// challenges) or points at the end are screens of their own.
func saidByVerdict(evs []rules.Event, p rules.Event) bool {
	for _, e := range evs {
		if e.Kind == rules.EventVerdict && e.Player == p.Player && e.Points == p.Points && p.Points != 0 {
			return true
		}
	}
	return false
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

// queued is a screen waiting, with the batch it came in and when the
// referee sent it.
type queued struct {
	Screen
	batch int
	sent  time.Time
}

// screenQueue decides what the display shows and when: a queue with
// priorities, not a last-writer-wins slot. Each batch is the referee's
// word on a new state of the table; screens are shown in the order the
// referee said them, each for its hold, except that:
//
//   - a screen of a newer batch waiting cuts the one on the display to
//     OvertakenHold (a readable minimum), so the display follows the
//     table;
//   - a warning or a system screen (the camera, the scanner, the
//     journal) goes before the turn and round screens still waiting; the
//     game's result (End) does not: it comes after everything the game
//     said before it (results last);
//   - a warning is stale once newer states have not said it for
//     OvertakenHold (a flickering read says it every other state and
//     keeps it): stale, it is dropped if waiting, cut if on the display,
//     and the last turn screen comes back when nothing else waits;
//   - a newer verdict (with the points it gives) goes on the display at
//     once (players wait for it; it is what the latency of issue 19
//     counts), except after a turn, round or offer screen put up less
//     than OvertakenHold ago, which is read first (issue 29): it drops
//     the older done, card-laid and warning screens still waiting and
//     the turn and round screens that are over (stands), and shows after
//     itself, OvertakenHold each and in game order, the older verdicts,
//     points and orders still waiting, the turn, round and offer screens
//     that still hold (no screen players act on is lost) and the screen
//     it cut if that one must be seen (mustSee) and was shown less than
//     OvertakenHold; an order seen done, or a verdict, order or offer
//     about the card judged, is dropped;
//   - a warning already waiting, or shown and said again within
//     repeatQuiet ever since (a flickering read makes the engine say it
//     again and again), is not queued again: a warning is said once
//     while it lasts.
//
// The display lag of a batch is the time from its arrival until the
// display shows a screen of it or of a newer batch. The queue holds no
// clock: the presenter passes the time in, tests a fake one.
type screenQueue struct {
	waiting []queued
	current *queued
	shownAt time.Time
	cut     bool // the current screen was overtaken: it stays OvertakenHold at most
	// preempt: a newer verdict waits, the current screen goes at once.
	preempt bool
	batch   int
	// said is when each warning was last said, state is when the last
	// batch came.
	said  map[string]time.Time
	state time.Time
	// warned are the warnings shown and said again within repeatQuiet
	// ever since.
	warned map[string]bool
	// resting is the last turn or round screen shown: what the display
	// goes back to once a warning is stale.
	resting *Screen
	// pending are the batches the display has not reached yet.
	pending []queued
	// reached is told each batch's display lag.
	reached func(lag time.Duration)
	// noHold: nobody reads the screens (the log stands in for an absent
	// display), so nothing waits.
	noHold bool
}

func lines(s Screen) string {
	if s.Scores != nil {
		return "\x00scores"
	}
	return strings.Join(s.Msg.Lines, "\n")
}

// stale reports whether a warning is no longer said, and else when it
// would become stale if nothing says it again (zero: it is said now).
func (q *screenQueue) stale(s Screen, now time.Time) (bool, time.Time) {
	said := q.said[lines(s)]
	if !q.state.After(said) {
		return false, time.Time{} // the newest state says it
	}
	at := said.Add(OvertakenHold)
	return !now.Before(at), at
}

// push takes the batch the referee sent at now; an empty batch is a new
// state with nothing new to say.
func (q *screenQueue) push(b []Screen, now time.Time) {
	q.batch++
	q.state = now
	if q.said == nil {
		q.said = map[string]time.Time{}
	}
	verdict := false
	judged := map[rules.CardID]bool{} // the cards the new verdicts are about
	done := map[string]bool{}         // the orders seen done
	newTurn, newRound := false, false // the batch says whose turn, which round
	moved := map[int]bool{}           // the players whose moves the new verdicts judge
	for _, s := range b {
		newTurn = newTurn || s.Turn && !s.Round
		newRound = newRound || s.Round
		switch {
		case s.Class == ClassWarning:
			q.said[lines(s)] = now
		case s.Class == ClassVerdict:
			verdict = true
			moved[s.Player] = s.Player != 0
			if !s.Card.IsZero() {
				judged[s.Card] = true
			}
		case s.Done != "":
			done[s.Done] = true
		}
	}
	// stale: an order done, or a verdict, order or offer about a card a
	// new verdict judges (the same move: the newer word supersedes it, or
	// answers the offer).
	stale := func(s Screen) bool {
		return done[s.Order] && s.Order != "" ||
			verdict && !s.Card.IsZero() && judged[s.Card] && (s.Class == ClassVerdict || s.Order != "" || s.Offer)
	}
	// over: a turn screen once the batch names the next turn or judges
	// that player's move, a round screen once it names the next round:
	// what it asked is done, whatever the batch (Cartographer's Corner
	// judges nothing until the end, so a placement overtakes the turn
	// screen of the player who made it without a verdict).
	over := func(s Screen) bool {
		return s.Round && newRound || s.Turn && !s.Round && (newTurn || moved[s.Player])
	}
	// stands: a turn, round or offer screen overtaken by a verdict that
	// still says what the players are to do: the verdict's batch names no
	// newer turn (or round), judges no move of the player whose turn it
	// said (Map It!'s challenge judges the card laid before: the
	// challenger's turn stands), and does not answer the offer.
	stands := func(s Screen) bool {
		if s.Offer {
			return !stale(s)
		}
		return s.Turn && !over(s)
	}
	// A newer verdict goes on the display at once. What it overtakes
	// (older screens waiting, the one on the display if it was not shown
	// OvertakenHold) is dropped when it only said what the table was (a
	// card laid, an order seen done, warnings: the referee says them
	// again if they still hold; a turn or round that is over), else
	// shown after the new verdict, OvertakenHold each: verdicts, points,
	// orders, the system's screens, the turns, rounds and offers that
	// stand.
	var keep, after []queued
	if c := q.current; verdict && c != nil {
		switch {
		case (c.Turn || c.Offer && !stale(c.Screen)) && now.Sub(q.shownAt) < OvertakenHold:
			// A turn, round or offer screen just put up is read first:
			// the verdict follows once it has stood OvertakenHold.
			q.cut = true
		default:
			if c.mustSee() && now.Sub(q.shownAt) < OvertakenHold && !stale(c.Screen) {
				again := *c
				again.Hold = min(again.Hold, OvertakenHold)
				after = append(after, again)
			}
			q.preempt = true
		}
	}
	for _, w := range q.waiting {
		switch {
		case stale(w.Screen):
			continue
		case verdict && stands(w.Screen):
			// What the players are to do is never dropped unread
			// (issue 29): shown after the verdict, in game order.
			w.Hold = min(w.Hold, OvertakenHold)
			after = append(after, w)
			continue
		case verdict && (w.Class == ClassInfo || w.Class == ClassWarning || w.Done != ""):
			continue // about the table before the move now judged
		case verdict:
			w.Hold = min(w.Hold, OvertakenHold)
			after = append(after, w)
			continue
		case over(w.Screen):
			continue // unread, and its turn is done
		}
		keep = append(keep, w)
	}
	var fresh []Screen
	warnings := 0
	for _, s := range b {
		if s.Class == ClassWarning {
			if q.warned[lines(s)] || waitingLines(keep, lines(s)) {
				continue
			}
			warnings++
			if warnings > maxWarnings {
				continue
			}
		}
		fresh = append(fresh, s)
	}
	if warnings > maxWarnings {
		// The last warning kept gives way to a count of the others.
		for i := len(fresh) - 1; i >= 0; i-- {
			if fresh[i].Class == ClassWarning {
				n := warnings - maxWarnings + 1
				fresh[i] = Screen{Msg: display.Message{Lines: []string{rules.Count(n, "more warning"), "on the page"}, Verdict: display.Warn},
					Hold: VerdictHold, Class: ClassWarning, At: fresh[i].At}
				q.said[lines(fresh[i])] = now
				break
			}
		}
	}
	if len(fresh) > 0 && q.current != nil {
		q.cut = true // something newer waits
	}
	if len(fresh) > 0 {
		// The older turn, round and card-laid screens still waiting are
		// overtaken too: each stays OvertakenHold, so the display reaches
		// the new state within that per screen instead of their full
		// holds (issue 29: Cartographer's Corner's round screens kept the
		// next placement 2.5 s behind, into the next move). Verdicts,
		// points and orders keep their holds: they are read, not glanced.
		for i := range keep {
			if keep[i].Class == ClassInfo {
				keep[i].Hold = min(keep[i].Hold, OvertakenHold)
			}
		}
	}
	if verdict {
		// The new verdicts and the points they give first (the tokens a
		// challenge pays are its word), then what they overtook, then
		// the rest of the batch in the referee's order (the turn last).
		var first, rest []queued
		for _, s := range fresh {
			w := queued{Screen: s, batch: q.batch, sent: now}
			if s.Class == ClassVerdict || s.Class == ClassFact && s.Order == "" && s.Done == "" {
				first = append(first, w)
			} else {
				rest = append(rest, w)
			}
		}
		keep = append(append(first, after...), rest...)
		fresh = nil
	}
	for _, s := range fresh {
		w := queued{Screen: s, batch: q.batch, sent: now}
		if s.Class != ClassWarning && (s.Class != ClassSystem || s.End) {
			keep = append(keep, w)
			continue
		}
		i := len(keep) // before the first turn or round screen of an older batch
		for j, k := range keep {
			if k.Class == ClassInfo && k.batch < q.batch {
				i = j
				break
			}
		}
		keep = append(keep[:i], append([]queued{w}, keep[i:]...)...)
	}
	q.waiting = keep
	if waitingBatch(keep, q.batch) {
		q.pending = append(q.pending, queued{batch: q.batch, sent: now})
	}
}

func waitingLines(q []queued, l string) bool {
	for _, w := range q {
		if w.Class == ClassWarning && lines(w.Screen) == l {
			return true
		}
	}
	return false
}

func waitingBatch(q []queued, batch int) bool {
	for _, w := range q {
		if w.batch == batch {
			return true
		}
	}
	return false
}

// hold is how long the current screen stays now that more waits.
func (q *screenQueue) hold() time.Duration {
	if q.current == nil || q.noHold || q.preempt {
		return 0
	}
	if q.cut {
		return min(q.current.Hold, OvertakenHold)
	}
	return q.current.Hold
}

// settle drops the stale warnings waiting, forgets the batches nothing
// waits for any more (superseded, not reached), and cuts a stale warning
// on the display. It returns when a warning will become stale.
func (q *screenQueue) settle(now time.Time) (next time.Time) {
	var keep []queued
	for _, w := range q.waiting {
		if w.Class == ClassWarning {
			if stale, _ := q.stale(w.Screen, now); stale {
				continue
			}
		}
		keep = append(keep, w)
	}
	q.waiting = keep
	for l := range q.warned {
		if now.Sub(q.said[l]) >= repeatQuiet {
			delete(q.warned, l) // it lapsed long ago: said again, it is shown again
		}
	}
	var pending []queued
	for _, p := range q.pending {
		if waitingBatch(q.waiting, p.batch) {
			pending = append(pending, p)
		}
	}
	q.pending = pending
	if c := q.current; c != nil && c.Class == ClassWarning {
		switch stale, at := q.stale(c.Screen, now); {
		case stale:
			if !q.cut || len(q.waiting) == 0 {
				q.cut = true
				if len(q.waiting) == 0 && q.resting != nil && lines(*q.resting) != lines(c.Screen) {
					q.waiting = append(q.waiting, queued{Screen: *q.resting, batch: q.batch, sent: now})
				}
			}
		case !at.IsZero():
			next = at
		}
	}
	return next
}

// next returns the screen to show at now, if its turn has come; else how
// long to wait before asking again (0: until the next batch).
func (q *screenQueue) next(now time.Time) (s queued, ok bool, wait time.Duration) {
	staleAt := q.settle(now)
	if len(q.waiting) == 0 {
		if !staleAt.IsZero() {
			return queued{}, false, staleAt.Sub(now)
		}
		return queued{}, false, 0
	}
	if q.current != nil {
		if left := q.shownAt.Add(q.hold()).Sub(now); left > 0 {
			if !staleAt.IsZero() && staleAt.Sub(now) < left {
				left = staleAt.Sub(now)
			}
			return queued{}, false, left
		}
	}
	s = q.waiting[0]
	q.waiting = q.waiting[1:]
	q.current, q.shownAt, q.cut, q.preempt = &s, now, false, false
	switch s.Class {
	case ClassWarning:
		if q.warned == nil {
			q.warned = map[string]bool{}
		}
		q.warned[lines(s.Screen)] = true
	case ClassInfo:
		r := s.Screen
		q.resting = &r
	}
	for len(q.pending) > 0 && q.pending[0].batch <= s.batch {
		if q.reached != nil {
			q.reached(now.Sub(q.pending[0].sent))
		}
		q.pending = q.pending[1:]
	}
	if len(q.waiting) > 0 && q.waiting[0].batch > s.batch {
		q.cut = true // a newer batch waits already
	}
	return s, true, 0
}

// busy reports whether screens wait or the current one is still held.
func (q *screenQueue) busy(now time.Time) bool {
	return len(q.waiting) > 0 || (q.current != nil && now.Before(q.shownAt.Add(q.hold())))
}

// presenter owns the display and the indicator: the referee sends it
// batches of screens and never waits; a screenQueue decides what shows.
type Presenter struct {
	dev   display.Display
	ind   Indicator
	in    chan []Screen
	Shown func(Screen, time.Time) // told of every screen shown (measurements)
	OnLag func(time.Duration)     // told of each batch's display lag (measurements)
	// Translate, when set, puts a screen's lines in the players'
	// language as the display shows it (words.Setting.Lines): the queue
	// works on the referee's words, so a language changed mid-game shows
	// from the next screen on.
	Translate func([]string) []string
	// busy counts batches sent but not yet taken, plus one while the
	// queue has screens waiting or held (wait reads it).
	busy atomic.Int64
	lag  lagStats
	pats chan indicator.Pattern
}

const presenterQueue = 8

func NewPresenter(dev display.Display, ind Indicator) *Presenter {
	return &Presenter{dev: dev, ind: ind, in: make(chan []Screen, presenterQueue), pats: make(chan indicator.Pattern, 1)}
}

// Send queues screens without ever blocking the referee: when the channel
// is full (the presenter goroutine is stuck on a slow display) the oldest
// batch is dropped. An empty batch is a new state with nothing to say (it
// makes waiting warnings stale).
func (p *Presenter) Send(s []Screen) {
	if s == nil {
		s = []Screen{}
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
func (p *Presenter) Wait(limit time.Duration) {
	for end := time.Now().Add(limit); p.busy.Load() > 0 && time.Now().Before(end); {
		time.Sleep(20 * time.Millisecond)
	}
}

func (p *Presenter) Run(ctx context.Context) {
	q := &screenQueue{reached: func(lag time.Duration) {
		p.lag.add(lag)
		if p.OnLag != nil {
			p.OnLag(lag)
		}
		if lag > time.Second {
			slog.Info("display behind the referee", "lag_ms", lag.Milliseconds())
		}
	}}
	if _, none := p.dev.(NoDisplay); none {
		q.noHold = true // nobody reads a log slowly
	}
	if p.ind != nil {
		patCtx, stop := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { defer close(done); p.playPatterns(patCtx) }()
		defer func() { stop(); <-done }() // the LEDs are off only after the last pattern
	}
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	held := false // the queue's +1 in busy
	for {
		now := time.Now()
		s, ok, wait := q.next(now)
		if ok {
			p.show(s)
			continue
		}
		switch b := q.busy(now); {
		case b && !held:
			p.busy.Add(1)
			held = true
		case !b && held:
			p.busy.Add(-1)
			held = false
		}
		if wait == 0 && held {
			wait = q.shownAt.Add(q.hold()).Sub(now) // until the hold ends: busy changes
		}
		if wait > 0 {
			timer.Reset(wait)
		}
		select {
		case <-ctx.Done():
			p.last(q)
			return
		case b := <-p.in:
			q.push(b, time.Now())
			p.busy.Add(-1)
		case <-timer.C:
		}
	}
}

// last shows the final score screen if one is still waiting when the
// daemon stops, so a recording that ends shows who won.
func (p *Presenter) last(q *screenQueue) {
	for {
		select {
		case b := <-p.in:
			q.push(b, time.Now())
			continue
		default:
		}
		break
	}
	for i := len(q.waiting) - 1; i >= 0; i-- {
		if q.waiting[i].Scores != nil {
			p.show(q.waiting[i])
			return
		}
	}
}

func (p *Presenter) show(s queued) {
	var err error
	if s.Scores != nil {
		sc := *s.Scores
		if p.Translate != nil {
			sc.Title = p.Translate([]string{cmp.Or(sc.Title, "Score")})[0]
		}
		err = p.dev.ShowScores(sc)
	} else {
		m := s.Msg
		if p.Translate != nil {
			m.Lines = p.Translate(m.Lines)
		}
		err = p.dev.Show(m)
	}
	now := time.Now()
	if err != nil {
		slog.Warn("display: cannot show", "display", p.dev.String(), "err", err)
	}
	if !s.At.IsZero() && s.Msg.Verdict != display.None {
		slog.Info("verdict shown", "latency_ms", now.Sub(s.At).Milliseconds(), "lines", s.Msg.Lines)
	}
	if p.Shown != nil {
		p.Shown(s.Screen, now)
	}
	if pat := indicator.For(s.Msg.Verdict); pat != nil && p.ind != nil {
		select { // the latest pattern wins; the screen never waits for the LEDs
		case <-p.pats:
		default:
		}
		p.pats <- pat
	}
}

// playPatterns plays the LED and buzzer patterns (≤ 0.7 s each) beside
// the display, so a screen's hold is not lengthened by its pattern.
func (p *Presenter) playPatterns(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case pat := <-p.pats:
			if err := p.ind.Play(ctx, pat); err != nil && ctx.Err() == nil {
				slog.Warn("indicator", "err", err)
			}
		}
	}
}

// lagStats is the display lag: how long each batch waited between the
// referee sending it and the display showing it or a newer one
// (/api/vitals).
type lagStats struct {
	last, worst atomic.Int64 // nanoseconds
}

// Lag is the display lag of the last batch and the worst one so far.
func (p *Presenter) Lag() (last, worst time.Duration) {
	return time.Duration(p.lag.last.Load()), time.Duration(p.lag.worst.Load())
}

// Sent is the channel of batches sent and not yet taken by Run: a test
// that runs no presenter reads what the referee sent from it.
func (p *Presenter) Sent() <-chan []Screen { return p.in }

func (l *lagStats) add(d time.Duration) {
	l.last.Store(int64(d))
	for {
		w := l.worst.Load()
		if int64(d) <= w || l.worst.CompareAndSwap(w, int64(d)) {
			return
		}
	}
}

// NoDisplay stands in for a display that is absent: the referee goes on
// and what it would show goes to the log.
type NoDisplay struct{ Why string }

func (l NoDisplay) Show(m display.Message) error {
	slog.Info("display (absent)", "lines", m.Lines, "verdict", m.Verdict.String())
	return nil
}
func (l NoDisplay) ShowScores(s display.Scores) error {
	slog.Info("display (absent): scores", "scores", s.Players)
	return nil
}
func (NoDisplay) Size() (int, int) { return 16, 2 }
func (NoDisplay) Halt() error      { return nil }
func (l NoDisplay) String() string { return "no display (" + l.Why + ")" }
