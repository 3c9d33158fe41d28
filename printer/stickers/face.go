package stickers

import (
	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/printer/qrpath"
)

// Face draws one sticker alone on a label of the given size, the way the
// sheet prints it (tableref print preview shows one with it).
func Face(s Sticker) (func(c draw.Canvas, size layout.Size, bleed float64), error) {
	// Drawing fails only when the payload does not encode: find out here,
	// where the error can be returned.
	if _, err := qrpath.EncodeVersion(s.Payload, Version, qrpath.H); err != nil {
		return nil, err
	}
	return func(c draw.Canvas, size layout.Size, _ float64) {
		_ = one(c, s, Plan(size.W, size.H, 0)) // encodes: checked above
	}, nil
}
