// Package cards draws print-and-play card sets: each card's front and back
// with its QR codes, and the duplex PDF sheets that hold them.
package cards

import (
	"fmt"

	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/printer/qrpath"
	"github.com/tableref/tableref/rules"
)

// Face draws one side of a card in its own coordinates: (0, 0) is the
// top-left corner of the cut line, the card is size.W × size.H, and the
// background must cover the bleed around it.
type Face func(c draw.Canvas, size layout.Size, bleed float64)

// Card is one printable card.
type Card struct {
	ID          rules.CardID
	Name        string
	Front, Back Face
}

// Set is a deck ready to print.
type Set struct {
	Code, Name string
	Cards      []Card
	// Module is the QR module size in mm the faces were drawn with; the
	// print command checks it against the camera.
	Module float64
}

// Style holds what every face needs besides its card: the module size
// wanted (faces shrink it if the card is too small for it).
type Style struct {
	Module float64
}

// DefaultModule is the smallest module the default camera (a Camera
// Module 3 at full resolution, 1 m up) reads at 4 px per module at the far
// corner of its view, rounded up to 0.1 mm: a 31.5 mm version-1 code,
// small enough to leave the face to the game's art. It is shared with the
// scanner through rules.CardModuleMM.
const DefaultModule = rules.CardModuleMM

// Payloads returns the payload printed on each side of a card: payload
// kind P, which tells the referee the card is tableref's print-and-play
// card and prints tableref's numbers (stickers on a boxed game's cards
// keep kind C).
func Payloads(id rules.CardID) (front, back string) {
	return rules.PrintedCardPayload(rules.CardRef{ID: id}).String(),
		rules.PrintedCardPayload(rules.CardRef{ID: id, Side: rules.Back}).String()
}

// codeArea draws payload's code centred at (cx, cy), as large as the
// wanted module allows within maxSide mm (quiet zone included), and
// returns the module size used.
func codeArea(c draw.Canvas, payload string, cx, cy, maxSide, module float64) float64 {
	g, err := qrpath.Encode(payload, qrpath.Q)
	if err != nil {
		// Payloads come from rules.PrintedCardPayload and always fit; a failure
		// here is a programming error worth a visible mark, not a crash.
		c.Text(cx, cy, draw.Bold, 8, draw.Center, fmt.Sprintf("QR error: %v", err), draw.Black)
		return 0
	}
	full := float64(g.SizeWithQuietZone())
	if module*full > maxSide {
		module = maxSide / full
	}
	side := float64(g.N) * module
	draw.QR(c, g, cx-side/2, cy-side/2, module)
	return module
}
