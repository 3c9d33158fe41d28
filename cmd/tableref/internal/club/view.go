package club

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
)

// Silent is how long a table may say nothing before the view calls it
// silent: three heartbeats.
const Silent = 3 * Heartbeat

// View follows every table of a club.
type View struct {
	club  string
	since time.Time // the evening starts: results before it are left out
	now   func() time.Time

	mu      sync.Mutex
	tables  map[string]*table
	results map[string]Result // by table/game: a result sent twice counts once
	changed chan struct{}
	broker  bool // connected
}

type table struct {
	State
	heard    time.Time // when the view last heard from it
	offline  bool
	refused  map[string]time.Time // other instances using the same name, when heard
	verdictT time.Time            // when the view got the last verdict
}

// NewView is a view of club counting results from since on.
func NewView(club string, since time.Time) *View {
	return &View{club: club, since: since, now: time.Now, tables: map[string]*table{}, results: map[string]Result{}, changed: make(chan struct{})}
}

// Follow connects to the broker and follows the club until ctx ends.
func (v *View) Follow(ctx context.Context, b Broker) (*autopaho.ConnectionManager, error) {
	up := func(cm *autopaho.ConnectionManager) {
		v.mu.Lock()
		v.broker = true
		v.mu.Unlock()
		if _, err := cm.Subscribe(ctx, &paho.Subscribe{Subscriptions: []paho.SubscribeOptions{{Topic: Filter(v.club), QoS: 1}}}); err != nil {
			slog.Error("club: subscribing", "err", err)
		}
	}
	cm, err := b.connect(ctx, "tableref-club-"+v.club+"-"+NewInstance(), nil, up, func(pr paho.PublishReceived) (bool, error) {
		v.Take(pr.Packet.Topic, pr.Packet.Payload)
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	go func() {
		<-cm.Done()
	}()
	return cm, nil
}

// Take handles one message of the club's topics.
func (v *View) Take(topic string, payload []byte) {
	rest, ok := strings.CutPrefix(topic, "tableref/"+v.club+"/tables/")
	if !ok {
		return
	}
	name, leaf, ok := strings.Cut(rest, "/")
	if !ok {
		return
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	t := v.tables[name]
	if t == nil {
		t = &table{State: State{Table: name}, refused: map[string]time.Time{}}
		v.tables[name] = t
	}
	now := v.now()
	switch {
	case leaf == "online":
		t.offline = string(payload) == "offline"
		if !t.offline {
			t.heard = now
		}
	case leaf == "state":
		var st State
		if err := json.Unmarshal(payload, &st); err != nil || st.Format != Format {
			slog.Warn("club: a state the view cannot read", "table", name, "err", err)
			return
		}
		if !v.owns(t, st.Instance, st.At, now) {
			return
		}
		if st.Last != nil && (t.Last == nil || st.Last.Seq != t.Last.Seq || st.Instance != t.Instance) {
			t.verdictT = now
		}
		t.State = st
		// A retained state may be old (the broker keeps it after the
		// table left): the table was heard when it sent it.
		t.heard = st.At
		if t.heard.After(now) || t.heard.IsZero() {
			t.heard = now
		}
	case leaf == "events":
		var e Event
		if json.Unmarshal(payload, &e) == nil && v.owns(t, e.Instance, e.At, now) {
			t.heard = now
		}
	case strings.HasPrefix(leaf, "results/"):
		var r Result
		if err := json.Unmarshal(payload, &r); err != nil || r.Game == "" {
			slog.Warn("club: a result the view cannot read", "table", name, "err", err)
			return
		}
		if _, dup := t.refused[r.Instance]; dup {
			return
		}
		v.results[name+"/"+r.Game] = r
	}
	close(v.changed)
	v.changed = make(chan struct{})
}

// owns says whether instance may speak for table t: the first one heard
// keeps the name while it is alive; another one is refused, unless the
// first has gone (offline, or silent for Silent).
func (v *View) owns(t *table, instance string, at, now time.Time) bool {
	switch {
	case t.Instance == "" || t.Instance == instance:
		t.Instance = instance
		return true
	case t.offline || now.Sub(t.heard) > Silent || (at.After(t.At.Add(Silent)) && now.Sub(t.heard) > Heartbeat):
		// The referee was restarted: the new run takes the name.
		delete(t.refused, instance)
		t.Instance = instance
		return true
	}
	if _, seen := t.refused[instance]; !seen {
		slog.Warn("club: a second table uses a name already in use: refused", "table", t.Table, "instance", instance, "keeps", t.Instance)
	}
	t.refused[instance] = now
	return false
}

// TableView is one table on the page.
type TableView struct {
	Name     string   `json:"name"`
	Mode     string   `json:"mode"`
	Players  []Score  `json:"players"`
	Turn     string   `json:"turn,omitempty"`
	Last     *Verdict `json:"last,omitempty"`
	Finished bool     `json:"finished"`
	Silent   string   `json:"silent,omitempty"`   // "silent since 20:14:03", or ""
	Problem  string   `json:"problem,omitempty"`  // a duplicate name
	Games    int      `json:"games"`              // finished games this evening
	Received float64  `json:"received,omitempty"` // Unix ms when the view got the last verdict
}

// Standing is one player's evening across every table.
type Standing struct {
	Name   string `json:"name"`
	Games  int    `json:"games"`
	Wins   int    `json:"wins"`
	Points int    `json:"points"`
}

// Snapshot is everything the page shows.
type Snapshot struct {
	Club        string      `json:"club"`
	Connected   bool        `json:"connected"`
	Since       time.Time   `json:"since"`
	Tables      []TableView `json:"tables"`
	Leaderboard []Standing  `json:"leaderboard"`
	Results     []Result    `json:"results"`
}

// Snapshot returns what the page shows now.
func (v *View) Snapshot() Snapshot {
	v.mu.Lock()
	defer v.mu.Unlock()
	now := v.now()
	s := Snapshot{Club: v.club, Connected: v.broker, Since: v.since, Tables: []TableView{}, Leaderboard: []Standing{}, Results: []Result{}}
	games := map[string]int{}
	board := map[string]*Standing{}
	for key, r := range v.results {
		if r.Ended.Before(v.since) {
			continue
		}
		s.Results = append(s.Results, r)
		games[strings.SplitN(key, "/", 2)[0]]++
		for _, p := range r.Players {
			st := board[p.Name]
			if st == nil {
				st = &Standing{Name: p.Name}
				board[p.Name] = st
			}
			st.Games++
			st.Points += p.Total
			if p.Winner {
				st.Wins++
			}
		}
	}
	slices.SortFunc(s.Results, func(a, b Result) int { return cmp.Or(a.Ended.Compare(b.Ended), strings.Compare(a.Table, b.Table)) })
	for _, st := range board {
		s.Leaderboard = append(s.Leaderboard, *st)
	}
	slices.SortFunc(s.Leaderboard, func(a, b Standing) int {
		return cmp.Or(b.Wins-a.Wins, b.Points-a.Points, strings.Compare(a.Name, b.Name))
	})
	for name, t := range v.tables {
		tv := TableView{Name: name, Mode: t.Mode, Players: t.Players, Turn: t.Turn, Last: t.Last, Finished: t.Finished, Games: games[name]}
		if tv.Players == nil {
			tv.Players = []Score{}
		}
		if !t.verdictT.IsZero() {
			tv.Received = float64(t.verdictT.UnixMicro()) / 1000
		}
		if t.offline || now.Sub(t.heard) > Silent {
			since := t.heard
			if since.IsZero() {
				since = t.At
			}
			tv.Silent = "silent since " + since.Local().Format("15:04:05")
		}
		for inst, at := range t.refused {
			if now.Sub(at) <= Silent {
				tv.Problem = fmt.Sprintf("refused: another referee (run %s) also calls itself %q; give each table its own club.table", inst, name)
			}
		}
		s.Tables = append(s.Tables, tv)
	}
	slices.SortFunc(s.Tables, func(a, b TableView) int { return strings.Compare(a.Name, b.Name) })
	return s
}

// Changed returns a channel closed at the next change.
func (v *View) Changed() <-chan struct{} {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.changed
}
