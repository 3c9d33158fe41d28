// Package club puts the tables of a club (a classroom, a club evening)
// on one screen through an MQTT broker: a table's Publisher sends its
// state (retained), its events and its final results (retained, QoS 1,
// one topic per game so a result sent twice is still one result); the
// View (`tableref club`) follows every table and sums the evening's
// results. The topics and payloads are a stable interface: docs/club.md.
package club

import (
	"fmt"
	"strings"
	"time"
)

// Format is the version of the payloads; a change that breaks a reader
// gets a new number.
const Format = 1

// Topics of a table: tableref/CLUB/tables/TABLE/{state,events,online,results/GAME}.
func tableTopic(club, table, leaf string) string {
	return "tableref/" + club + "/tables/" + table + "/" + leaf
}

// StateTopic is a table's current state (retained).
func StateTopic(club, table string) string { return tableTopic(club, table, "state") }

// EventsTopic is a table's event stream (not retained).
func EventsTopic(club, table string) string { return tableTopic(club, table, "events") }

// OnlineTopic says "online" or "offline" (retained; the broker sends
// "offline" for a table that vanished).
func OnlineTopic(club, table string) string { return tableTopic(club, table, "online") }

// ResultTopic is one finished game's result (retained, QoS 1).
func ResultTopic(club, table, game string) string {
	return tableTopic(club, table, "results/"+game)
}

// Filter subscribes to every table of a club.
func Filter(club string) string { return "tableref/" + club + "/tables/#" }

// CheckName says what is wrong with a club or table name: it is a topic
// level, so no '/', '+', '#', and not empty.
func CheckName(what, name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return fmt.Errorf("%s: empty", what)
	case strings.ContainsAny(name, "/+#\x00"):
		return fmt.Errorf("%s %q: no '/', '+' or '#' (it is an MQTT topic level)", what, name)
	case len(name) > 64:
		return fmt.Errorf("%s %q: at most 64 bytes", what, name)
	}
	return nil
}

// Score is one player's standing.
type Score struct {
	Name   string `json:"name"`
	Total  int    `json:"total"`
	Winner bool   `json:"winner,omitempty"`
}

// Verdict is a table's last verdict.
type Verdict struct {
	Player  string    `json:"player,omitempty"`
	Verdict string    `json:"verdict"` // right or wrong
	Text    string    `json:"text"`
	At      time.Time `json:"at"`
	Seq     uint64    `json:"seq"`
}

// State is what a table publishes retained on StateTopic after every
// change and every Heartbeat.
type State struct {
	Format   int       `json:"format"`
	Club     string    `json:"club"`
	Table    string    `json:"table"`
	Instance string    `json:"instance"` // one run of one referee: tells two tables of one name apart
	Mode     string    `json:"mode"`
	Players  []Score   `json:"players"`
	Turn     string    `json:"turn,omitempty"` // whose turn, by name
	Last     *Verdict  `json:"last,omitempty"`
	Finished bool      `json:"finished"`
	At       time.Time `json:"at"`
	Seq      uint64    `json:"seq"` // counts the table's changes in this run
}

// Event is one thing the referee said, on EventsTopic.
type Event struct {
	Format   int       `json:"format"`
	Table    string    `json:"table"`
	Instance string    `json:"instance"`
	Seq      uint64    `json:"seq"`
	At       time.Time `json:"at"`
	Kind     string    `json:"kind"`
	Player   string    `json:"player,omitempty"`
	Verdict  string    `json:"verdict,omitempty"`
	Points   int       `json:"points,omitempty"`
	Text     string    `json:"text"`
}

// Result is one finished game, on its ResultTopic. Game is the history's
// id of the game (docs/history.md): the same game is the same id.
type Result struct {
	Format   int       `json:"format"`
	Club     string    `json:"club"`
	Table    string    `json:"table"`
	Instance string    `json:"instance"`
	Game     string    `json:"game"`
	Mode     string    `json:"mode"`
	Ended    time.Time `json:"ended"`
	Players  []Score   `json:"players"`
}
