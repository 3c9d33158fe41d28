// Package learntest makes the photos the learn tests read: the map sides
// of tableref's printed South America deck, rendered by the printer as it
// prints them (or with a sticker stuck on, as on a boxed game's card),
// laid on a table a dozen at a time and photographed by the default
// camera (a 12 MP Camera Module 3, 66° across) from 1 m or closer, a
// little askew, blurred, noisy and JPEG-compressed.
package learntest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/skip2/go-qrcode"
	"gocv.io/x/gocv"

	"github.com/tableref/tableref/printer/cards"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/printer/preview"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/rules/wit"
	"github.com/tableref/tableref/vision/cardtext"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/synth"
)

// faceDPI is the resolution the faces are rendered at before the scene
// warps them into the frame (about 3 times the frame's at 1 m).
const faceDPI = 300

var (
	setOnce sync.Once
	set     map[rules.CardID]cards.Card
	setErr  error
	facesMu sync.Mutex
	faces   = map[rules.CardID]image.Image{}
)

// Face renders the map side of a South America card, once: only the
// cards a test photographs (all 108 took a minute of a loaded machine).
func Face(id rules.CardID) (image.Image, error) {
	setOnce.Do(func() {
		ranks, err := cards.WITRanks()
		if err != nil {
			setErr = err
			return
		}
		all, err := cards.WhereIsThat(ranks, cards.Style{Module: cards.DefaultModule})
		if err != nil {
			setErr = err
			return
		}
		set = map[rules.CardID]cards.Card{}
		for _, c := range all.Cards {
			set[c.ID] = c
		}
	})
	if setErr != nil {
		return nil, setErr
	}
	facesMu.Lock()
	defer facesMu.Unlock()
	if img, ok := faces[id]; ok {
		return img, nil
	}
	c, ok := set[id]
	if !ok {
		return nil, fmt.Errorf("no card %s in tableref's South America deck", id)
	}
	var buf bytes.Buffer
	if err := preview.PNG(&buf, c.Back, layout.Poker, faceDPI); err != nil {
		return nil, err
	}
	img, err := png.Decode(&buf)
	if err != nil {
		return nil, err
	}
	faces[id] = img
	return img, nil
}

// Shot is how one photo is taken.
type Shot struct {
	HeightMM float64 // camera above the table
	TiltDeg  float64
	Blur     float64
	Noise    float64
	JPEG     int
	Light    float64 // how dark the darkest corner gets (synth.Effects.UnevenLight)
	Lit      synth.Light
	Seed     uint64
}

// Photo lays the cards out 4 by 3, each turned and shifted a little as
// hands lay them, and renders the camera's picture (the caller closes it).
// g is where the code the camera reads sits on the card: the printed
// card's own (learn.PrintedGeometry), or a sticker's (learn.StickerGeometry),
// which Photo then sticks over the printed face, as a user does on a
// boxed game's card.
func Photo(ids []rules.CardID, s Shot, g cardtext.Geometry, sticker bool) (gocv.Mat, error) {
	var faces []image.Image
	for _, id := range ids {
		face, err := Face(id)
		if err != nil {
			return gocv.NewMat(), err
		}
		if sticker {
			// A boxed game's card has no code of tableref's: take the
			// printed one off (a sticker as small as today's no longer
			// covers it), then stick the sticker on.
			face = withoutPrintedCode(face, g)
			name := ""
			if c, ok := geo.Lookup(id); ok {
				name = c.Name
			}
			if face, err = stuck(face, id, name, g); err != nil {
				return gocv.NewMat(), err
			}
		}
		faces = append(faces, face)
	}
	return photo(ids, faces, s, g)
}

// BoxPhoto photographs boxed cards (BoxCard) with their stickers at g. It
// returns how tall each card's west–east numbers came out (BoxCard.Draw).
func BoxPhoto(cards []BoxCard, s Shot, g cardtext.Geometry) (gocv.Mat, []float64, error) {
	var faces []image.Image
	var ids []rules.CardID
	var side []float64
	for _, c := range cards {
		id, name := c.ID, c.Name
		if c.Sticker != (rules.CardID{}) {
			id, name = c.Sticker, c.StickerName
		}
		face, mm, err := c.Draw(g)
		if err == nil {
			face, err = stuck(face, id, name, g)
		}
		if err != nil {
			return gocv.NewMat(), nil, err
		}
		if c.Glare {
			face = glare(face, g)
		}
		faces = append(faces, face)
		ids = append(ids, id)
		side = append(side, mm)
	}
	m, err := photo(ids, faces, s, g)
	return m, side, err
}

// photo lays faces out 4 by 3 and renders the camera's picture.
func photo(ids []rules.CardID, faces []image.Image, s Shot, g cardtext.Geometry) (gocv.Mat, error) {
	rng := rand.New(rand.NewPCG(s.Seed, 17))
	const w, h, hfov = 4608, 2592, 66.0
	// Pose's scale: pixels per mm at the table centre for this height.
	pxPerMM := float64(w) / 2 / math.Tan(hfov*math.Pi/360) / s.HeightMM
	var sc synth.Scene
	sc.Width, sc.Height = w, h
	sc.Camera, sc.CameraCentre = synth.Pose(w, h, hfov, pxPerMM, s.TiltDeg, rng.Float64()*4-2)
	sc.Seed = s.Seed
	sc.Effect = synth.Effects{BlurSigma: s.Blur, NoiseSigma: s.Noise, JPEGQuality: s.JPEG, UnevenLight: s.Light, Light: s.Lit}
	// The code's corners on the card (card mm from its top-left).
	cx, cy := g.Card.X/2+g.Offset.X, g.Card.Y/2+g.Offset.Y
	code := geom.Rect(cx-g.Code/2, cy-g.Code/2, cx+g.Code/2, cy+g.Code/2)
	for i, id := range ids {
		row, col := i/4, i%4
		_, back := cards.Payloads(id)
		sc.Cards = append(sc.Cards, synth.Card{
			Payload: back,
			Centre: geom.Pt{X: (float64(col)-1.5)*82 + rng.Float64()*8 - 4,
				Y: (float64(row)-1)*104 + rng.Float64()*8 - 4},
			RotationDeg: rng.Float64()*16 - 8,
			Size:        geom.Pt{X: g.Card.X, Y: g.Card.Y},
			Face:        faces[i],
			FaceCode:    code,
		})
	}
	m, _, err := synth.Render(sc)
	return m, err
}

// withoutPrintedCode paints over the code (and quiet zone) tableref prints
// on its own card face, in the face's paper colour.
func withoutPrintedCode(face image.Image, g cardtext.Geometry) image.Image {
	b := face.Bounds()
	px := float64(b.Dx()) / g.Card.X
	box := rules.PrintedCodeOn([2]float64{g.Card.X, g.Card.Y}, rules.CardModuleMM)
	half := box.SideMM/2 + 4*box.ModuleMM
	r := image.Rect(int((box.CentreMM[0]-half)*px), int((box.CentreMM[1]-half)*px), int((box.CentreMM[0]+half)*px), int((box.CentreMM[1]+half)*px)).Add(b.Min)
	out := image.NewRGBA(b)
	draw.Draw(out, b, face, b.Min, draw.Src)
	draw.Draw(out, r, image.NewUniform(face.At(r.Min.X, r.Min.Y)), image.Point{}, draw.Src)
	return out
}

// stuck sticks a sticker for card id over a card face where g says: a
// white label with its code (version 2, level H, as tableref prints
// stickers), the code's quiet zone and, under it, the caption naming the
// card ("Cuenca · map side"), as a plain sticker grid cuts them.
func stuck(face image.Image, id rules.CardID, name string, g cardtext.Geometry) (image.Image, error) {
	if name == "" {
		return stuckAs(face, id, "", g)
	}
	return stuckAs(face, id, name+" · map side", g)
}

// stuckAs is stuck with the caption given ("" for none).
func stuckAs(face image.Image, id rules.CardID, label string, g cardtext.Geometry) (image.Image, error) {
	_, payload := cards.Payloads(id)
	q, err := qrcode.NewWithForcedVersion(payload, 2, qrcode.Highest)
	if err != nil {
		return nil, err
	}
	q.DisableBorder = true
	bits := q.Bitmap()
	b := face.Bounds()
	px := float64(b.Dx()) / g.Card.X // face pixels per mm
	out := image.NewRGBA(b)
	draw.Draw(out, b, face, b.Min, draw.Src)
	cx, cy := (g.Card.X/2+g.Offset.X)*px, (g.Card.Y/2+g.Offset.Y)*px
	mod := g.Code / float64(len(bits)) * px
	half := g.Code / 2 * px
	quiet := 4 * mod
	pad, strip := 0.5*px, 6*px // printer/stickers' die-cut margin and caption strip
	sticker := image.Rect(int(cx-half-quiet-pad), int(cy-half-quiet-pad), int(cx+half+quiet+pad), int(cy+half+quiet+pad+strip))
	draw.Draw(out, sticker, image.White, image.Point{}, draw.Src)
	ink := image.NewUniform(color.RGBA{20, 20, 24, 255})
	for y, row := range bits {
		for x, on := range row {
			if on {
				r := image.Rect(int(cx-half+float64(x)*mod), int(cy-half+float64(y)*mod), int(cx-half+float64(x+1)*mod), int(cy-half+float64(y+1)*mod))
				draw.Draw(out, r, ink, image.Point{}, draw.Src)
			}
		}
	}
	if label != "" {
		if err := caption(out, label, sticker.Min.X+int(pad), int(cy+half+quiet), sticker.Dx()-int(2*pad)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Truth is what tableref's printed card prints: its rank table.
func Truth() (*wit.Deck, error) { return wit.SADeck() }

// SABatches splits the South America deck into batches of a dozen.
func SABatches() [][]rules.CardID {
	var all []rules.CardID
	for _, c := range geo.Cards(geo.DeckSA) {
		all = append(all, c.ID)
	}
	var out [][]rules.CardID
	for i := 0; i < len(all); i += 12 {
		out = append(out, all[i:min(i+12, len(all))])
	}
	return out
}

func (s Shot) String() string {
	return fmt.Sprintf("%.0f cm, tilt %.0f°, blur %.1f, noise %.0f, JPEG %d", s.HeightMM/10, s.TiltDeg, s.Blur, s.Noise, s.JPEG)
}
