// Package lostcards finds the cards on the table whose code was not read
// (glare on a sleeve, a sticker torn or missing) and says where they lie
// as a user sees the photo ("in the bottom row, 2nd from the left"), so a
// card is never dropped in silence.
package lostcards

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
)

// scale is how much the photo is shrunk to look for cards: a card
// stays some 80 px wide at 1 m, plenty to tell it from the table.
const scale = 0.25

// maxAspect is the longest a lost card's box may be for its width: a
// card's 1.4 with room for glare eating into one end.
const maxAspect = 1.8

// Find finds cards whose code was not read (glare on a sleeve, a
// sticker torn or missing): regions unlike the table, of a read card's
// size, where no read card lies. read are the outlines of the cards read
// (frame pixels); it returns the centres of the others. Without a card
// read there is no size to look for, and none is returned.
// other are the codes read on cards not learnt here (another deck's, a
// card flag side up): their cards are left out too, roughly.
func Find(frame gocv.Mat, read, other []geom.Quad) []geom.Pt {
	if len(read) == 0 || frame.Empty() || frame.Channels() != 3 {
		return nil
	}
	small := gocv.NewMat()
	defer small.Close()
	gocv.Resize(frame, &small, image.Point{}, scale, scale, gocv.InterpolationArea)
	gocv.GaussianBlur(small, &small, image.Pt(5, 5), 0, 0, gocv.BorderReplicate)
	// The read cards, a little grown (their outline is only as exact as
	// the code's corners), are no longer looked at.
	cards := gocv.NewMatWithSize(small.Rows(), small.Cols(), gocv.MatTypeCV8U)
	defer cards.Close()
	area := 0.0
	for i, q := range append(append([]geom.Quad(nil), read...), other...) {
		c := q.Centre()
		grow := 1.12
		if i >= len(read) {
			grow = 4.5 // a code some 20 mm wide on a card some 90 mm tall
		}
		var pts []image.Point
		for _, p := range q {
			p = geom.Pt{X: c.X + grow*(p.X-c.X), Y: c.Y + grow*(p.Y-c.Y)}
			pts = append(pts, image.Pt(int(p.X*scale), int(p.Y*scale)))
		}
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{pts})
		gocv.FillPoly(&cards, pv, color.RGBA{255, 255, 255, 255})
		pv.Close()
		if i < len(read) {
			area += math.Abs(q.Area()) * scale * scale
		}
	}
	area /= float64(len(read))
	// The table's colour: the median of each channel where no card lies.
	table := tableColour(small, cards)
	// Whatever differs from it clearly is something on the table.
	diff := gocv.NewMat()
	defer diff.Close()
	tableMat := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(table[0], table[1], table[2], 0), small.Rows(), small.Cols(), gocv.MatTypeCV8UC3)
	defer tableMat.Close()
	gocv.AbsDiff(small, tableMat, &diff)
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(diff, &grey, gocv.ColorBGRToGray)
	fg := gocv.NewMat()
	defer fg.Close()
	gocv.Threshold(grey, &fg, 28, 255, gocv.ThresholdBinary)
	notCards := gocv.NewMat()
	defer notCards.Close()
	gocv.BitwiseNot(cards, &notCards)
	gocv.BitwiseAnd(fg, notCards, &fg)
	k := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(5, 5))
	defer k.Close()
	gocv.MorphologyEx(fg, &fg, gocv.MorphClose, k)
	gocv.MorphologyEx(fg, &fg, gocv.MorphOpen, k)
	labels, stats, cents := gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	defer labels.Close()
	defer stats.Close()
	defer cents.Close()
	n := gocv.ConnectedComponentsWithStatsWithParams(fg, &labels, &stats, &cents, 8, gocv.MatTypeCV32S, gocv.CCL_DEFAULT)
	side := math.Sqrt(area)
	var out []geom.Pt
	for i := 1; i < n; i++ {
		w, h, a := float64(stats.GetIntAt(i, 2)), float64(stats.GetIntAt(i, 3)), float64(stats.GetIntAt(i, 4))
		// A card's area (a little of it may be lost to glare), neither a
		// sliver nor a strip along another card's edge, and a card's
		// shape: its box, however the card is turned, is at most 1.4
		// times as long as wide (88.9/63.5 mm); a band of shade or the
		// table's edge of a card's area is longer (the full learn run
		// found one 472×208 px at a photo's edge, said as a lost card).
		if a < 0.55*area || a > 1.6*area || math.Min(w, h) < 0.6*side || math.Max(w, h) > 2.2*side ||
			math.Max(w, h) > maxAspect*math.Min(w, h) {
			continue
		}
		out = append(out, geom.Pt{X: cents.GetDoubleAt(i, 0) / scale, Y: cents.GetDoubleAt(i, 1) / scale})
	}
	return out
}

// tableColour is the median colour (B, G, R) of small where mask is 0.
func tableColour(small, mask gocv.Mat) [3]float64 {
	var hist [3][256]int
	total := 0
	for y := 0; y < small.Rows(); y += 2 {
		for x := 0; x < small.Cols(); x += 2 {
			if mask.GetUCharAt(y, x) != 0 {
				continue
			}
			v := small.GetVecbAt(y, x)
			for c := 0; c < 3; c++ {
				hist[c][v[c]]++
			}
			total++
		}
	}
	var out [3]float64
	for c := 0; c < 3; c++ {
		acc := 0
		for v, n := range hist[c] {
			if acc += n; acc > total/2 {
				out[c] = float64(v)
				break
			}
		}
	}
	return out
}

// place says where card i of centres lies among them, as a user sees
// the photo: its row (top, middle, bottom, or the n-th) and its place
// from the left in that row. cardH is a card's height in pixels: centres
// closer in y than half of it share a row.
func place(i int, centres []geom.Pt, cardH float64) string {
	idx := make([]int, len(centres))
	for j := range idx {
		idx[j] = j
	}
	sort.Slice(idx, func(a, b int) bool { return centres[idx[a]].Y < centres[idx[b]].Y })
	var rows [][]int
	for _, j := range idx {
		if n := len(rows); n > 0 && centres[j].Y-centres[rows[n-1][0]].Y < cardH/2 {
			rows[n-1] = append(rows[n-1], j)
			continue
		}
		rows = append(rows, []int{j})
	}
	for r, row := range rows {
		sort.Slice(row, func(a, b int) bool { return centres[row[a]].X < centres[row[b]].X })
		for col, j := range row {
			if j != i {
				continue
			}
			where := ""
			switch {
			case len(rows) == 1:
				where = "the row"
			case r == 0:
				where = "the top row"
			case r == len(rows)-1:
				where = "the bottom row"
			case len(rows) == 3:
				where = "the middle row"
			default:
				where = ordinal(r+1) + " row from the top"
			}
			return fmt.Sprintf("in %s, %s from the left", where, ordinal(col+1))
		}
	}
	return ""
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// Places finds the cards whose code was not read (Find) and says where
// each lies among all the cards: read, other and the lost ones.
func Places(frame gocv.Mat, read, other []geom.Quad) []string {
	lost := Find(frame, read, other)
	if len(lost) == 0 {
		return nil
	}
	var centres []geom.Pt
	cardH := 0.0
	for _, q := range read {
		centres = append(centres, q.Centre())
		cardH += math.Max(q[0].Dist(q[3]), q[0].Dist(q[1]))
	}
	cardH /= float64(len(read))
	for _, q := range other {
		centres = append(centres, q.Centre())
	}
	first := len(centres)
	centres = append(centres, lost...)
	var out []string
	for i := range lost {
		out = append(out, place(first+i, centres, cardH))
	}
	return out
}
