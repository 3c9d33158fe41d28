package synth

import (
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
)

// Solid is a box standing on the table: a Shake That City cube, seen from
// the camera's real position, so its top face lies off its footprint away
// from the point under the camera and the sides towards the camera show,
// darker. It darkens the table around its base (the light it keeps off)
// and, under a lamp, casts a shadow away from the bulb.
type Solid struct {
	Footprint geom.Quad `json:"footprint_mm"` // table mm, corners in order
	Height    float64   `json:"height_mm"`
	Colour    [3]uint8  `json:"colour"` // RGB of the lit top face
}

// Cube is a solid cube of side mm centred at c, turned by rotDeg.
func Cube(c geom.Pt, side, rotDeg float64, rgb [3]uint8) Solid {
	return Solid{Footprint: Box(c, side, side, rotDeg, rgb).Corners, Height: side, Colour: rgb}
}

// cameraAt is the camera's centre, or 1 m straight above the origin
// when the scene has none.
func cameraAt(s Scene) [3]float64 {
	if s.CameraCentre == ([3]float64{}) {
		return [3]float64{0, 0, 1000}
	}
	return s.CameraCentre
}

// visibleFaces are a solid's top face and the sides the camera sees, as
// they fall on the table plane seen from the camera (table mm).
func visibleFaces(s Scene, so Solid) []geom.Quad {
	cam := cameraAt(s)
	var top geom.Quad
	for i, p := range so.Footprint {
		top[i] = dropFrom(cam, p, so.Height)
	}
	out := []geom.Quad{top}
	centre := so.Footprint.Centre()
	for i := 0; i < 4; i++ {
		j := (i + 1) % 4
		mid := so.Footprint[i].Add(so.Footprint[j]).Scale(0.5)
		outward := mid.Sub(centre)
		if outward.X*(cam[0]-mid.X)+outward.Y*(cam[1]-mid.Y) > 0 {
			out = append(out, geom.Quad{so.Footprint[i], so.Footprint[j], top[j], top[i]})
		}
	}
	return out
}

// drawSolids draws every solid's contact shadow, then its visible sides
// and top. The camera's centre says where the top face falls; without one
// (a scene given by a bare homography) the camera is taken to be 1 m
// straight above the table's origin.
func drawSolids(frame *gocv.Mat, s Scene) {
	if len(s.Solids) == 0 {
		return
	}
	cam := cameraAt(s)
	contactShadows(frame, s)
	// The light's direction for shading the sides: from the lamp, else
	// from above the table's north-west, as a window would.
	toLight := geom.Pt{X: -0.6, Y: -0.8}
	for _, so := range s.Solids {
		if l := s.Effect.Light.Lamp; l != nil {
			c := so.Footprint.Centre()
			d := geom.Pt{X: l.At[0] - c.X, Y: l.At[1] - c.Y}
			if n := math.Hypot(d.X, d.Y); n > 0 {
				toLight = d.Scale(1 / n)
			}
		}
		var top geom.Quad
		for i, p := range so.Footprint {
			top[i] = dropFrom(cam, p, so.Height)
		}
		centre := so.Footprint.Centre()
		type face struct {
			q     geom.Quad
			shade float64
			back  bool
		}
		var faces []face
		for i := 0; i < 4; i++ {
			j := (i + 1) % 4
			a, b := so.Footprint[i], so.Footprint[j]
			mid := a.Add(b).Scale(0.5)
			out := mid.Sub(centre)
			if n := math.Hypot(out.X, out.Y); n > 0 {
				out = out.Scale(1 / n)
			}
			// A side faces the camera when the camera lies outside its
			// plane: on the side its outward normal points to.
			toCam := geom.Pt{X: cam[0] - mid.X, Y: cam[1] - mid.Y}
			back := out.X*toCam.X+out.Y*toCam.Y <= 0
			lit := math.Max(0, out.X*toLight.X+out.Y*toLight.Y)
			faces = append(faces, face{q: geom.Quad{a, b, top[j], top[i]}, shade: 0.5 + 0.3*lit, back: back})
		}
		for _, back := range []bool{true, false} {
			for _, f := range faces {
				if f.back == back {
					fillTable(frame, s, f.q, scaleRGB(so.Colour, f.shade))
				}
			}
		}
		fillTable(frame, s, top, so.Colour)
	}
}

// contactShadows darkens the table just around each solid's base: a box
// on a table keeps some of the room's light off the paper next to it.
func contactShadows(frame *gocv.Mat, s Scene) {
	mask := gocv.NewMatWithSize(s.Height, s.Width, gocv.MatTypeCV8U)
	defer mask.Close()
	for _, so := range s.Solids {
		c := so.Footprint.Centre()
		var grown geom.Quad
		for i, p := range so.Footprint {
			grown[i] = c.Add(p.Sub(c).Scale(1.18))
		}
		q := s.Camera.ApplyQuad(grown)
		poly := make([]image.Point, 4)
		for i, p := range q {
			poly[i] = pt(p)
		}
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{poly})
		gocv.FillPolyWithParams(&mask, pv, color.RGBA{R: 255, G: 255, B: 255, A: 255}, gocv.LineAA, 0, image.Pt(0, 0))
		pv.Close()
	}
	// As soft as a millimetre or two at the solids.
	sigma := 1.5 * s.Camera.LocalScale(s.Solids[0].Footprint.Centre())
	gocv.GaussianBlur(mask, &mask, image.Pt(0, 0), math.Max(1, sigma), math.Max(1, sigma), gocv.BorderReflect)
	px, _ := frame.DataPtrUint8()
	m, _ := mask.DataPtrUint8()
	for i, v := range m {
		if v == 0 {
			continue
		}
		f := 1 - 0.3*float64(v)/255
		for k := 0; k < 3; k++ {
			px[i*3+k] = clamp8(float64(px[i*3+k]) * f)
		}
	}
}

// fillTable fills a quad given in table mm, anti-aliased.
func fillTable(frame *gocv.Mat, s Scene, q geom.Quad, rgb [3]uint8) {
	drawShape(frame, s, Shape{Corners: q, Colour: rgb})
}

func scaleRGB(c [3]uint8, k float64) [3]uint8 {
	return [3]uint8{clamp8(float64(c[0]) * k), clamp8(float64(c[1]) * k), clamp8(float64(c[2]) * k)}
}
