// Package decks is the decks commands' work: list and show the decks,
// import, export and learn a box's deck file, and load the decks users
// installed (deckdir's folders) before every command.
package decks
