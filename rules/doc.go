// Package rules is tableref's shared vocabulary and the home of its game
// engines.
//
// It defines what every other package talks about: card identities and
// the QR payloads that carry them, the Table snapshot (zones of cells),
// the Inputs players give, the Events the referee emits, the Game
// interface every engine implements and the registries of game modes and
// card decks. One subpackage per game family holds the engines.
//
// The package is pure Go and deterministic: no cgo, no clock, no I/O
// except embedded data, so that a recorded game replays to the same
// events on every machine. It must build with CGO_ENABLED=0.
package rules
