package learn

import (
	"fmt"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/lostcards"
)

// lostNotes says where each card without a readable code lies, so the
// user knows which card to take again: a card dropped in silence left
// only "11 cards of deck SA" to show for it.
func lostNotes(frame gocv.Mat, read, other []geom.Quad) []string {
	var out []string
	for _, where := range lostcards.Places(frame, read, other) {
		out = append(out, fmt.Sprintf("a card %s has no readable code (glare, a sleeve, a sticker torn or missing?): take it again", where))
	}
	return out
}
