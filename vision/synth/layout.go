package synth

import (
	"math"
	"math/rand/v2"

	"github.com/tableref/tableref/vision/geom"
)

// Scatter places cards with the given payloads at random positions and
// rotations on the part of the table the camera sees, with no two cards
// overlapping and every card wholly in the frame. Cards that do not fit
// after many tries are left out, so the result may be shorter than
// payloads. The same seed gives the same layout.
func Scatter(seed uint64, cam geom.H, width, height int, payloads []string) []Card {
	rng := rand.New(rand.NewPCG(seed, 0x5ca77e2))
	inv, ok := cam.Inverse()
	if !ok {
		return nil
	}
	colours := [][3]uint8{{200, 60, 50}, {50, 110, 190}, {60, 150, 80}, {210, 170, 40}, {130, 70, 160}}
	var placed []Card
	var quads []geom.Quad // table mm, with a gap
	for _, p := range payloads {
		for try := 0; try < 400; try++ {
			at := inv.Apply(geom.Pt{X: rng.Float64() * float64(width), Y: rng.Float64() * float64(height)})
			c := Card{Payload: p, Centre: at, RotationDeg: rng.Float64() * 360, Colour: colours[rng.IntN(len(colours))]}
			sz := c.size()
			q := c.toTable().ApplyQuad(geom.Rect(-2, -2, sz.X+2, sz.Y+2))
			if !inFrame(cam.ApplyQuad(q), width, height) {
				continue
			}
			clash := false
			for _, o := range quads {
				if overlap(q, o) {
					clash = true
					break
				}
			}
			if clash {
				continue
			}
			placed = append(placed, c)
			quads = append(quads, q)
			break
		}
	}
	return placed
}

func inFrame(q geom.Quad, w, h int) bool {
	for _, p := range q {
		if p.X < 2 || p.Y < 2 || p.X > float64(w-2) || p.Y > float64(h-2) {
			return false
		}
	}
	return true
}

// overlap tests two convex quads by the separating axis theorem.
func overlap(a, b geom.Quad) bool {
	for _, q := range [2]geom.Quad{a, b} {
		for i := range q {
			e := q[(i+1)%4].Sub(q[i])
			n := geom.Pt{X: -e.Y, Y: e.X}
			amin, amax := project(a, n)
			bmin, bmax := project(b, n)
			if amax < bmin || bmax < amin {
				return false
			}
		}
	}
	return true
}

func project(q geom.Quad, n geom.Pt) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range q {
		d := p.X*n.X + p.Y*n.Y
		lo, hi = math.Min(lo, d), math.Max(hi, d)
	}
	return lo, hi
}
