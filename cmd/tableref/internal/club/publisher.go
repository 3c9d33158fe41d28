package club

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"sync"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
)

// Heartbeat is how often a table republishes its state when nothing
// happens, so the club view can tell a quiet table from a silent one.
const Heartbeat = 10 * time.Second

// MaxBacklog is how many events a table keeps for the broker while it is
// unreachable; older ones are dropped (the state and the results never are).
const MaxBacklog = 2000

// Publisher sends one table to the club. Its methods never block the
// referee: what the broker cannot take yet waits, and goes when it is back.
type Publisher struct {
	club, table, instance string

	sendMu  sync.Mutex // one send at a time: the loop's or Close's
	mu      sync.Mutex
	state   State
	events  []Event
	dropped int
	results []Result // not yet acknowledged by the broker
	seq     uint64
	wake    chan struct{}
	cm      *autopaho.ConnectionManager
	done    chan struct{}
	cancel  context.CancelFunc // the connection's
	stop    context.CancelFunc // the sending loop's
}

// NewInstance is a fresh id for one run of a referee.
func NewInstance() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Publish starts publishing table of club to the broker. The connection
// is made (and remade) in the background: a broker down at the start is
// no error. Close stops it.
func Publish(ctx context.Context, b Broker, club, table string) (*Publisher, error) {
	if err := CheckName("club.name", club); err != nil {
		return nil, err
	}
	if err := CheckName("club.table", table); err != nil {
		return nil, err
	}
	p := &Publisher{club: club, table: table, instance: NewInstance(), wake: make(chan struct{}, 1), done: make(chan struct{})}
	p.state = State{Format: Format, Club: club, Table: table, Instance: p.instance, At: time.Now()}
	ctx, p.cancel = context.WithCancel(ctx)
	will := &paho.WillMessage{Topic: OnlineTopic(club, table), Payload: []byte("offline"), QoS: 1, Retain: true}
	cm, err := b.connect(ctx, "tableref-"+club+"-"+table+"-"+p.instance, will, func(*autopaho.ConnectionManager) { p.poke() }, nil)
	if err != nil {
		p.cancel()
		return nil, err
	}
	p.cm = cm
	lctx, stop := context.WithCancel(ctx)
	p.stop = stop
	go p.loop(lctx)
	return p, nil
}

// Instance is this run's id.
func (p *Publisher) Instance() string { return p.instance }

func (p *Publisher) poke() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// Update sets the table's state and adds the events the referee said.
func (p *Publisher) Update(st State, evs []Event) {
	p.mu.Lock()
	p.seq++
	st.Format, st.Club, st.Table, st.Instance, st.Seq = Format, p.club, p.table, p.instance, p.seq
	if st.At.IsZero() {
		st.At = time.Now()
	}
	p.state = st
	for _, e := range evs {
		p.seq++
		e.Format, e.Table, e.Instance, e.Seq = Format, p.table, p.instance, p.seq
		p.events = append(p.events, e)
	}
	if n := len(p.events) - MaxBacklog; n > 0 {
		p.dropped += n
		p.events = append(p.events[:0:0], p.events[n:]...)
	}
	p.mu.Unlock()
	p.poke()
}

// Finished queues a game's result; it is sent until the broker has it.
func (p *Publisher) Finished(r Result) {
	p.mu.Lock()
	r.Format, r.Club, r.Table, r.Instance = Format, p.club, p.table, p.instance
	p.results = append(p.results, r)
	p.mu.Unlock()
	p.poke()
}

// Pending is how many results wait for the broker.
func (p *Publisher) Pending() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.results)
}

func (p *Publisher) loop(ctx context.Context) {
	defer close(p.done)
	tick := time.NewTicker(Heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-p.wake:
		case <-tick.C:
			p.mu.Lock()
			p.state.At = time.Now()
			p.mu.Unlock()
		}
		if err := p.send(ctx); err != nil {
			slog.Debug("club: will send again when the broker is back", "err", err)
		}
	}
}

// send publishes the results first (QoS 1: each leaves the outbox only
// once the broker acknowledged it), then the state, then the events.
func (p *Publisher) send(ctx context.Context) error {
	p.sendMu.Lock()
	defer p.sendMu.Unlock()
	for {
		p.mu.Lock()
		if len(p.results) == 0 {
			p.mu.Unlock()
			break
		}
		r := p.results[0]
		p.mu.Unlock()
		if err := p.pub(ctx, ResultTopic(p.club, p.table, r.Game), r, 1, true); err != nil {
			return err
		}
		p.mu.Lock()
		p.results = p.results[1:]
		p.mu.Unlock()
	}
	p.mu.Lock()
	st := p.state
	evs := p.events
	p.events = nil
	dropped := p.dropped
	p.dropped = 0
	p.mu.Unlock()
	if dropped > 0 {
		slog.Warn("club: events dropped while the broker was away", "events", dropped)
	}
	for i, e := range evs {
		if err := p.pub(ctx, EventsTopic(p.club, p.table), e, 0, false); err != nil {
			p.mu.Lock()
			p.events = append(evs[i:len(evs):len(evs)], p.events...)
			p.mu.Unlock()
			return err
		}
	}
	if err := p.pub(ctx, OnlineTopic(p.club, p.table), "online", 1, true); err != nil {
		return err
	}
	return p.pub(ctx, StateTopic(p.club, p.table), st, 1, true)
}

func (p *Publisher) pub(ctx context.Context, topic string, v any, qos byte, retain bool) error {
	var payload []byte
	if s, ok := v.(string); ok {
		payload = []byte(s)
	} else {
		var err error
		if payload, err = json.Marshal(v); err != nil {
			return err
		}
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_, err := p.cm.Publish(ctx, &paho.Publish{Topic: topic, Payload: payload, QoS: qos, Retain: retain})
	return err
}

// CloseWait is how long Close waits for the broker when results are
// still to send. What it cannot send then is not lost: the daemon sends
// the day's results again from the history when it starts.
const CloseWait = 5 * time.Second

// Close says the table is leaving (when the broker is there) and stops.
func (p *Publisher) Close() {
	p.stop()
	<-p.done
	ctx, cancel := context.WithTimeout(context.Background(), CloseWait)
	defer cancel()
	if p.Pending() > 0 {
		_ = p.cm.AwaitConnection(ctx)
	}
	if err := p.send(ctx); err != nil && p.Pending() > 0 {
		slog.Warn("club: results not sent before stopping; they go at the next start", "results", p.Pending(), "err", err)
	}
	_ = p.pub(ctx, OnlineTopic(p.club, p.table), "offline", 1, true)
	_ = p.cm.Disconnect(ctx)
	p.cancel()
}
