package rules

// What a game mode tells the scanner about its table, so that the scanner
// never names a game: how the cards sort into zones, which kinds lie off
// the grid, how big a board is. A new game declares its Layout in its Mode
// and the scanner follows it unchanged.

// LayoutKind is how a mode's cards sort into zones.
type LayoutKind int

const (
	// LayoutGeneric: every card in one zone "map".
	LayoutGeneric LayoutKind = iota
	// LayoutSharedMap: one map everybody lays on, loose cards in "offer"
	// (Where is That? Continental Shake Up).
	LayoutSharedMap
	// LayoutPlayerMaps: one map or world per player, each by its player
	// marker (Cartographer's Corner, Strange World).
	LayoutPlayerMaps
	// LayoutCross: one cross with its centre card at (0,0) (Map It!).
	LayoutCross
	// LayoutBoard: a board of Rows×Cols slots with a central slot (Nord
	// Sud Ovest Est's GPS board).
	LayoutBoard
	// LayoutColours: no cards, colour zones only (Shake That City's mats
	// and city boards).
	LayoutColours
)

// Layout is what the scanner needs of a mode for one setup.
type Layout struct {
	Kind LayoutKind
	// Players is the number of player areas when the mode fixes it (a
	// solo game: 1); 0: one per player of the setup, or, for player maps,
	// as many as there are markers.
	Players int
	// OffGrid are the deck kinds that lie off the grid as items (Strange
	// World's dark cities and travellers at a junction).
	OffGrid []string
	// OwnZone puts the cards of a kind in a zone of their own ("sun").
	OwnZone map[string]string
	// Supply are the deck kinds laid in a supply beside the worlds, never
	// the start of a player's area (Strange World's Fumaroles).
	Supply []string
	// Apart: a card laid apart from a player's map (within a card's gap
	// of it) belongs to that map, so the engine refuses it; set where
	// nothing else of the game lies that close to a map.
	Apart bool
	// Rows, Cols and Centre are a LayoutBoard's size and central slot.
	Rows, Cols int
	Centre     Pos
	// Sites are the city-board squares that hold construction sites
	// (LayoutColours).
	Sites []Pos
}

// LayoutOf is the layout of the mode with that ID for a setup: what the
// mode declares, or the generic layout for "" and a mode that declares
// none.
func LayoutOf(mode string, s Setup) (Layout, error) {
	m, ok := LookupMode(mode)
	if !ok || m.Layout == nil {
		return Layout{Kind: LayoutGeneric}, nil
	}
	return m.Layout(s)
}

// FixedLayout is a Mode.Layout that does not depend on the setup.
func FixedLayout(l Layout) func(Setup) (Layout, error) {
	return func(Setup) (Layout, error) { return l, nil }
}
