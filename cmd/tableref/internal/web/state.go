// Package web is the status page of `tableref run`: the live table with
// verdict colours, scores with their breakdown, the last events, the
// latest camera frame with detections drawn, and the same controls as the
// buttons. Plain HTML, CSS and JavaScript embedded in the binary (no build
// step, no CDN: it works offline on a Pi); updates by server-sent events.
package web

import (
	"github.com/tableref/tableref/rules"
)

// State is everything the page shows, sent whole on every change (a game's
// state is a few kilobytes: simpler and more robust than diffs).
type State struct {
	Seq int `json:"seq"`
	// Links are the other pages mounted beside this one (past games, the
	// learning page), for the page's footer.
	Links    []Link `json:"links,omitempty"`
	Mode     string `json:"mode"`
	ModeName string `json:"modeName"`
	// Lang is the players' language (en, it, de, es, pt): the page's own
	// words and the display's lines are in it (docs/languages.md).
	Lang    string   `json:"lang,omitempty"`
	Players []string `json:"players"`
	// Options are the game's options in effect ("new game, same
	// players" starts the same game again).
	Options  map[string]string `json:"options,omitempty"`
	Scores   []rules.Score     `json:"scores"`
	Finished bool              `json:"finished"`
	Winners  []int             `json:"winners"`
	// Undecided is set when the game is over and the winner is on the
	// players' cards (a tie-break tableref cannot see): who ties and how
	// they settle it (the mode's settle input names the winner).
	Undecided *rules.Undecided `json:"undecided,omitempty"`
	T         float64          `json:"t"`
	Zones     []Zone           `json:"zones"`
	Events    []Event          `json:"events"` // the last ones, oldest first
	Screen    Screen           `json:"screen"` // what the display shows now
	Status    Status           `json:"status"`
	Frame     int              `json:"frame"` // sequence number of the latest camera frame (0: none)
	// Marks are the codes read in the latest camera picture, drawn over
	// it by the page with the referee's verdict on each card.
	Marks []Mark `json:"marks,omitempty"`
	// Inputs are the controls of the mode (undo is always there).
	Inputs []rules.InputUse `json:"inputs"`
	// Banner is the referee's last word in full sentences.
	Banner Banner `json:"banner"`
	// Sides are the game's words for its cards' front and back ("flag
	// side", "map side"); empty for a game without two-sided cards.
	Sides [2]string `json:"sides"`
	// Speech is set when the referee speaks (speech.enabled).
	Speech *Speech `json:"speech,omitempty"`
	// Join is the address a phone opens, when the page is on the LAN.
	Join string `json:"join,omitempty"`
}

// Banner is what the page shows biggest: the full sentence of the last
// verdict (the display keeps its 16×2 form), and what happens now.
type Banner struct {
	Text    string `json:"text"`    // the last verdict, the end, or the setup before any
	Verdict string `json:"verdict"` // right, wrong, end, or none
	Now     string `json:"now"`     // the latest thing said after it: an order, whose turn, a warning
	NowKind string `json:"nowKind"` // the event kind of Now ("warning" shows amber)
}

// Mark is one code read in the camera picture.
type Mark struct {
	Card string `json:"card,omitempty"` // ID, for the verdict on it
	Name string `json:"name"`
	// Quad is the code's corners as fractions of the picture's width and
	// height, so the page draws it at any size.
	Quad   [4][2]float64 `json:"quad"`
	Placed bool          `json:"placed"` // a card in a cell (else left out: orange)
}

// Speech is the voice's state.
type Speech struct {
	Muted bool `json:"muted"`
}

// Zone is one zone of the table as a grid.
type Zone struct {
	Name  string `json:"name"`
	Top   int    `json:"top"` // row of the first grid row
	Left  int    `json:"left"`
	Rows  int    `json:"rows"`
	Cols  int    `json:"cols"`
	Cells []Cell `json:"cells"`
	Items []Item `json:"items"`
}

// Cell is one occupied cell.
type Cell struct {
	Row     int    `json:"row"`
	Col     int    `json:"col"`
	Card    string `json:"card,omitempty"` // ID, "SA-017"
	Name    string `json:"name,omitempty"`
	Back    bool   `json:"back,omitempty"`
	Colour  string `json:"colour,omitempty"`
	Verdict string `json:"verdict,omitempty"` // the referee's last verdict on this card
}

// Item is a card off the grid.
type Item struct {
	Row  float64 `json:"row"`
	Col  float64 `json:"col"`
	Card string  `json:"card"`
	Name string  `json:"name"`
	Back bool    `json:"back,omitempty"`
}

// Event is one thing the referee said.
type Event struct {
	T       float64   `json:"t"`
	Kind    string    `json:"kind"`
	Player  int       `json:"player,omitempty"`
	Verdict string    `json:"verdict,omitempty"`
	Short   [2]string `json:"short"`
	Long    string    `json:"long"`
	// At is when it was said (Unix milliseconds; 0 when not known: said
	// before tableref restarted and resumed the game).
	At int64 `json:"at,omitempty"`
}

// Screen is the display's current text.
type Screen struct {
	Lines   []string `json:"lines"`
	Verdict string   `json:"verdict"` // none, right, wrong, warn
}

// Status is the health of the parts.
type Status struct {
	Source   string   `json:"source"`             // what the camera is, in words: "Pi camera", "recording"
	Camera   string   `json:"camera"`             // what the camera stage says ("reading pi", "camera lost: …")
	CameraOK bool     `json:"cameraOk"`           //
	Moving   bool     `json:"moving"`             // hands over the table
	Journal  string   `json:"journal"`            // empty, or why the referee stopped (disk full)
	Display  string   `json:"display"`            // the display in use, or why there is none
	Problems []string `json:"problems,omitempty"` // why the last read is not a snapshot
}

// ModeInfo describes a game mode for the new-game form.
type ModeInfo struct {
	ID         string           `json:"id"`
	Name       string           `json:"name"`
	MinPlayers int              `json:"minPlayers"`
	MaxPlayers int              `json:"maxPlayers"`
	Options    []rules.Option   `json:"options"`
	Inputs     []rules.InputUse `json:"inputs"`
}

// Modes lists the registered game modes.
func Modes() []ModeInfo {
	var out []ModeInfo
	for _, m := range rules.Modes() {
		out = append(out, ModeInfo{ID: m.ID, Name: m.Name, MinPlayers: m.MinPlayers, MaxPlayers: m.MaxPlayers, Options: m.Options, Inputs: m.Inputs})
	}
	return out
}

// Link is another page of the referee's site.
type Link struct {
	Href string `json:"href"`
	Text string `json:"text"`
}

// pageLinks are the pages the footer names when they are mounted
// (Options.Pages), in this order.
var pageLinks = []Link{{Href: "/history", Text: "Past games"}, {Href: "/learn", Text: "Learn your box"}}
