// Package wit referees Where is That? South America in its two modes:
// Continental Shake Up ("wit-continental", one shared map scored card by
// card) and Cartographer's Corner ("wit-cartographer", a map per player
// scored at the end).
//
// The referee never reads the printed circle numbers: it knows every card
// from its QR code and orders the deck by the card's coordinates (Deck),
// so a circle between two touching cards is decided from their ranks.
// Moves are inferred from the difference between the last accepted
// layout and a new snapshot (move.go); each mode then applies its own
// rules about pushes, scoring and discards.
package wit
