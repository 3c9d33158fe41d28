package scanner

import (
	"context"
	"image"
	"math"
	"sort"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/qr"
)

// TiledReader reads a frame whole and, when it is large, again in
// overlapping tiles of about the size the reader is tuned for, and merges
// what both found. The whole-frame search shrinks a big still so much that
// a code among touching cards can blur into its neighbours; in a tile it
// keeps its modules. A 2304 px stream frame costs three tile reads more.
type TiledReader struct {
	Reader *qr.Reader
	// Tile is the tile side in pixels (default 1280); frames whose longer
	// side is at most 1.25 tiles are read whole only.
	Tile int
}

func (r TiledReader) Read(ctx context.Context, frame gocv.Mat) (qr.Result, error) {
	res, err := r.Reader.Read(ctx, frame)
	if err != nil {
		return res, err
	}
	tile := r.Tile
	if tile <= 0 {
		tile = 1280
	}
	w, h := frame.Cols(), frame.Rows()
	if float64(max(w, h)) <= 1.25*float64(tile) {
		return res, nil
	}
	// Tiles overlap by a fifth, more than any code with its quiet zone.
	step := tile * 4 / 5
	for _, y := range starts(h, tile, step) {
		for _, x := range starts(w, tile, step) {
			rect := image.Rect(x, y, min(w, x+tile), min(h, y+tile))
			sub := frame.Region(rect)
			part, err := r.Reader.Read(ctx, sub)
			sub.Close()
			if err != nil {
				return res, err
			}
			off := func(c qr.Code) qr.Code {
				for i := range c.Corners {
					c.Corners[i].X += float64(x)
					c.Corners[i].Y += float64(y)
				}
				return c
			}
			for _, c := range part.Codes {
				c.Code = off(c.Code)
				if !hasCode(res.All(), c.Code) {
					res.Codes = append(res.Codes, c)
				}
			}
			for _, c := range part.Foreign {
				c = off(c)
				if !hasCode(res.All(), c) {
					res.Foreign = append(res.Foreign, c)
				}
			}
			res.Candidates += part.Candidates
		}
	}
	sort.SliceStable(res.Codes, func(i, j int) bool { return readingOrder(res.Codes[i].Centre(), res.Codes[j].Centre()) })
	return res, nil
}

// starts are the tile origins along one side of n pixels.
func starts(n, tile, step int) []int {
	var out []int
	for s := 0; ; s += step {
		if s+tile >= n {
			return append(out, max(0, n-tile))
		}
		out = append(out, s)
	}
}

// hasCode reports whether c was already read: the same text within half
// a code's side.
func hasCode(codes []qr.Code, c qr.Code) bool {
	side := c.Corners[0].Dist(c.Corners[1])
	for _, o := range codes {
		if o.Text == c.Text && o.Centre().Dist(c.Centre()) < math.Max(4, side/2) {
			return true
		}
	}
	return false
}
