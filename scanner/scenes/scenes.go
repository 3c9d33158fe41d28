// Package scenes builds generated photos of real game tables, one builder
// per game mode, with the table snapshot the scanner must read from them:
// cards from the real decks laid on their grids (touching or with small
// gaps, slightly turned, a few millimetres off), player markers, the shaker
// mat and city boards with cubes and tiles, Strange World's Fumaroles, Dark
// Cities and Travellers. The camera, blur, noise, light and hands come from
// vision/synth. Tests and `tableref bench scan` use it.
package scenes

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/synth"
)

// Options say how the photo is taken. The zero value is a sharp, evenly
// lit 16:9 frame from straight above, just big enough for MinModulePx on
// every code (at most MaxWidth wide).
type Options struct {
	Seed          uint64
	Width, Height int
	Tilt, Roll    float64 // camera tilt and roll, degrees
	Blur          float64 // lens blur σ, px
	Noise         float64 // sensor noise σ, grey levels
	JPEG          int     // JPEG quality; 0 for none
	Light         float64 // uneven light, 0..1
	Hands         int     // arms reaching in from the edge, never over a code
	Turn          float64 // the whole layout turned on the table, degrees
	// Lighting is the colour of the light: a warm cast, a lamp on one
	// side (its position in table mm from the middle of the layout).
	Lighting synth.Light
}

func (o Options) size() (int, int) { return o.Width, o.Height }

// MinModulePx is the module size an automatic frame gives the smallest
// code at the image centre; MaxWidth caps the frame (a Camera Module 3's
// full resolution).
const (
	MinModulePx = 3.8
	MaxWidth    = 4608
)

// Game is one generated photo of a table.
type Game struct {
	Name  string
	Setup rules.Setup
	Scene synth.Scene
	// Visible is what the photo shows: cards whose codes are in view,
	// cubes and tiles. The scanner's snapshot must equal it.
	Visible rules.Table
	// Full is everything on the table, cards hidden under others too
	// (Fumaroles under a Dark City): what a game would score.
	Full rules.Table
	// Cal holds the exact table plane of the camera, and the layouts of
	// the mats and boards; colours are calibrated from their own photos
	// (ColourPhoto, EmptyBoards).
	Cal *calibration.File
	// Mats map each mat's and board's layout mm to table mm (zone
	// "shaker", "board:p1" …), to lay more on them.
	Mats map[string]geom.H
}

// item is one thing a builder lays on the table, with where the game
// would note it.
type item struct {
	card     synth.Card
	zone     string
	pos      rules.Pos
	isItem   bool
	row, col float64
	ref      rules.CardRef
	marker   bool
}

// builder collects what lies on the table.
type builder struct {
	rng    *rand.Rand
	o      Options
	shapes []synth.Shape
	solids []synth.Solid
	mats   map[string]geom.H
	items  []item
	full   rules.Table
	cells  map[string]map[rules.Pos]rules.Colour // colour zones, visible by construction
	shift  geom.Pt                               // how far finish moved everything
	keep   []geom.Quad                           // table areas a hand must not cover (mats, boards)
}

func newBuilder(o Options) *builder {
	return &builder{rng: rand.New(rand.NewPCG(o.Seed, 0x5ce7e5)), o: o, full: rules.Table{Zones: map[string]*rules.Zone{}}}
}

// jitter is a uniform value in ±a.
func (b *builder) jitter(a float64) float64 { return (b.rng.Float64()*2 - 1) * a }

// lattice places cards on a zone's grid: cell (0,0)'s centre, the zone's
// north (degrees clockwise from table north) and the pitch.
type lattice struct {
	origin geom.Pt
	angle  float64
	pitch  geom.Pt
}

func (l lattice) at(row, col float64) geom.Pt {
	return geom.Translate(l.origin.X, l.origin.Y).Mul(geom.Rotate(l.angle)).Apply(geom.Pt{X: col * l.pitch.X, Y: row * l.pitch.Y})
}

// newLattice makes a lattice for a deck's cards with a gap of 0–3 mm.
func (b *builder) newLattice(deck string, origin geom.Pt, angle float64) lattice {
	d := calibration.DefaultDeck
	if dd, ok := decks[deck]; ok {
		d = dd
	}
	gap := b.rng.Float64() * 3
	return lattice{origin: origin, angle: angle + b.o.Turn, pitch: geom.Pt{X: d.Card[0] + gap, Y: d.Card[1] + gap}}
}

// decks are the card geometries the scenes use: calibration's defaults.
var decks = func() map[string]calibration.Deck {
	var f *calibration.File
	out := map[string]calibration.Deck{}
	for _, d := range []string{"SA", "WLD", "EU", "SW"} {
		out[d] = f.DeckOf(d)
	}
	return out
}()

// deckColour is the art colour of each deck's cards.
var deckColour = map[string][3]uint8{"SA": {31, 95, 168}, "WLD": {214, 92, 36}, "EU": {22, 128, 120}, "SW": {120, 70, 150}}

// lay puts a card on the table at a cell of zone (or, with isItem, at a
// fractional position), jittered by a few millimetres and degrees.
func (b *builder) lay(zone string, l lattice, ref rules.CardRef, row, col float64, isItem bool) {
	d := decks[ref.ID.Deck]
	at := l.at(row, col).Add(geom.Pt{X: b.jitter(2.5), Y: b.jitter(2.5)})
	it := item{
		card: synth.Card{Payload: rules.CardPayload(ref).String(), Centre: at, RotationDeg: l.angle + b.jitter(3),
			Size: geom.Pt{X: d.Card[0], Y: d.Card[1]}, QRSideMM: d.Code, Colour: deckColour[ref.ID.Deck]},
		zone: zone, ref: ref, isItem: isItem, row: row, col: col,
		pos: rules.Pos{Row: int(math.Round(row)), Col: int(math.Round(col))},
	}
	b.items = append(b.items, it)
	z := b.zone(zone)
	if isItem {
		z.Items = append(z.Items, rules.Item{Card: ref, Row: row, Col: col})
	} else {
		z.Set(it.pos, rules.Cell{Card: ref})
	}
}

func (b *builder) zone(name string) *rules.Zone {
	z := b.full.Zones[name]
	if z == nil {
		z = &rules.Zone{}
		b.full.Zones[name] = z
	}
	return z
}

// marker lays a marker code (player marker, board or mat corner): a plain
// white card just larger than the code with its quiet zone.
func (b *builder) marker(m rules.Marker, at geom.Pt, rot float64) {
	b.markerSized(m, at, rot, calibration.PrintedCode+2*4*calibration.PrintedModule+4)
}

// markerSized lays a marker on a white square of the given side.
func (b *builder) markerSized(m rules.Marker, at geom.Pt, rot, side float64) {
	b.items = append(b.items, item{marker: true, card: synth.Card{Payload: rules.MarkerPayload(m).String(), Centre: at, RotationDeg: rot,
		Size: geom.Pt{X: side, Y: side}, QRSideMM: calibration.PrintedCode, Plain: true, Colour: [3]uint8{235, 235, 235}}})
}

// playerMarker lays player p's marker at a table position.
func (b *builder) playerMarker(p int, at geom.Pt) {
	b.marker(rules.Marker{Type: rules.MarkerPlayer, Player: p}, at, b.o.Turn+b.jitter(5))
}

// visible returns the table the photo shows: every card whose code no
// later card covers.
func (b *builder) visible() rules.Table {
	out := rules.Table{Zones: map[string]*rules.Zone{}}
	for name := range b.full.Zones {
		out.Zones[name] = &rules.Zone{}
	}
	for i, it := range b.items {
		if it.marker || b.hidden(i) {
			continue
		}
		z := out.Zones[it.zone]
		if it.isItem {
			z.Items = append(z.Items, rules.Item{Card: it.ref, Row: it.row, Col: it.col})
		} else {
			z.Set(it.pos, rules.Cell{Card: it.ref})
		}
	}
	for name, cells := range b.cells {
		z := out.Zones[name]
		if z == nil {
			z = &rules.Zone{}
			out.Zones[name] = z
		}
		for p, c := range cells {
			z.Set(p, rules.Cell{Colour: c})
		}
	}
	return out
}

// hidden reports whether a later card covers part of item i's code.
func (b *builder) hidden(i int) bool {
	code := codeQuad(b.items[i].card)
	for _, later := range b.items[i+1:] {
		out := outlineOf(later.card)
		for _, p := range append(code[:], code.Centre()) {
			if out.Contains(p) {
				return true
			}
		}
	}
	return false
}

func cardFrame(c synth.Card) geom.H {
	return geom.Translate(c.Centre.X, c.Centre.Y).Mul(geom.Rotate(c.RotationDeg))
}

func outlineOf(c synth.Card) geom.Quad {
	return cardFrame(c).ApplyQuad(geom.Rect(-c.Size.X/2, -c.Size.Y/2, c.Size.X/2, c.Size.Y/2))
}

// codeQuad is the code with its quiet zone, in table mm.
func codeQuad(c synth.Card) geom.Quad {
	s := c.QRSideMM/2 + 4*c.QRSideMM/21
	return cardFrame(c).ApplyQuad(geom.Rect(-s, -s, s, s))
}

// growCodes prints every card's code f times bigger and returns the decks'
// new geometry, for the calibration file.
func (b *builder) growCodes(f float64) map[string]calibration.Deck {
	out := map[string]calibration.Deck{}
	for i := range b.items {
		it := &b.items[i]
		if it.marker || it.ref.ID.Deck == "" {
			continue
		}
		it.card.QRSideMM *= f
		out[it.ref.ID.Deck] = calibration.Deck{Card: [2]float64{it.card.Size.X, it.card.Size.Y}, Code: it.card.QRSideMM}
	}
	return out
}

// finish chooses the camera so the whole layout fills the frame, adds the
// effects and builds the game.
func (b *builder) finish(name string, setup rules.Setup) (Game, error) {
	var pts []geom.Pt
	smallest := math.Inf(1)
	for _, it := range b.items {
		q := outlineOf(it.card)
		pts = append(pts, q[:]...)
		smallest = math.Min(smallest, it.card.QRSideMM/21)
	}
	for _, s := range b.shapes {
		pts = append(pts, s.Corners[:]...)
	}
	if len(pts) == 0 {
		return Game{}, fmt.Errorf("scenes: %s: nothing on the table", name)
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pts {
		minX, minY = math.Min(minX, p.X), math.Min(minY, p.Y)
		maxX, maxY = math.Max(maxX, p.X), math.Max(maxY, p.Y)
	}
	// Centre the layout on the table origin, under the camera.
	shift := geom.Pt{X: -(minX + maxX) / 2, Y: -(minY + maxY) / 2}
	b.move(shift)
	bw, bh := maxX-minX+60, maxY-minY+60
	w, h := b.o.size()
	var bigger map[string]calibration.Deck
	if b.o.Width <= 0 || b.o.Height <= 0 {
		// A table too large for the default codes at the finest frame
		// gets its cards printed with bigger codes, as `tableref print
		// size` tells a player to, up to the 1.5 mm modules tableref
		// printed before its reader learnt small codes, recorded in the
		// calibration file as the player would.
		if need := MinModulePx / smallest * math.Max(bw, bh*16/9); need > MaxWidth {
			f := math.Min(need/MaxWidth, calibration.LegacyModuleMM/smallest)
			bigger = b.growCodes(f)
			smallest *= f
		}
		// A 16:9 frame just big enough for MinModulePx on the smallest
		// code, as a camera mode would be chosen for the table.
		ppmm := MinModulePx / smallest
		w = int(math.Ceil(math.Max(ppmm*bw, ppmm*bh*16/9)))
		w = min(MaxWidth, (w+15)/16*16)
		h = w * 9 / 16
	}
	var cam geom.H
	var centre [3]float64
	for grow := 0; ; grow++ {
		ppmm := math.Min(float64(w)/bw, float64(h)/bh)
		for try := 0; ; try++ {
			cam, centre = synth.Pose(w, h, 66, ppmm, b.o.Tilt, b.o.Roll)
			if b.inFrame(cam, w, h) {
				break
			}
			if try > 40 {
				return Game{}, fmt.Errorf("scenes: %s: the layout does not fit the frame", name)
			}
			ppmm *= 0.97
		}
		// A slanted view shrinks the far codes: an automatic frame grows
		// until the smallest has 85 % of MinModulePx, as far as the
		// camera goes.
		if b.o.Width > 0 || w >= MaxWidth || b.worstModule(cam) >= 0.85*MinModulePx || grow > 10 {
			break
		}
		w = min(MaxWidth, (w*11/10+15)/16*16)
		h = w * 9 / 16
	}
	scene := synth.Scene{Width: w, Height: h, Camera: cam, CameraCentre: centre, Shapes: b.shapes, Solids: b.solids, Seed: b.o.Seed,
		Effect: synth.Effects{BlurSigma: b.o.Blur, NoiseSigma: b.o.Noise, JPEGQuality: b.o.JPEG, UnevenLight: b.o.Light, Light: b.o.Lighting}}
	for _, it := range b.items {
		scene.Cards = append(scene.Cards, it.card)
	}
	scene.Effect.Hands = b.hands(cam, w, h)
	inv, _ := cam.Inverse()
	cal := &calibration.File{Format: calibration.Format,
		Plane: &calibration.Plane{Image: [2]int{w, h}, H: inv, Source: calibration.SourceSheet, CodeMM: calibration.PrintedCode, Codes: 4}, Decks: bigger}
	return Game{Name: name, Setup: setup, Scene: scene, Visible: b.visible(), Full: b.full.Clone(), Cal: cal, Mats: b.mats}, nil
}

// worstModule is the smallest module of any code in the frame, px.
func (b *builder) worstModule(cam geom.H) float64 {
	worst := math.Inf(1)
	for _, it := range b.items {
		worst = math.Min(worst, it.card.QRSideMM/21*cam.LocalScale(it.card.Centre))
	}
	return worst
}

func (b *builder) move(d geom.Pt) {
	b.shift = b.shift.Add(d)
	for i := range b.items {
		b.items[i].card.Centre = b.items[i].card.Centre.Add(d)
	}
	for i := range b.shapes {
		for k := range b.shapes[i].Corners {
			b.shapes[i].Corners[k] = b.shapes[i].Corners[k].Add(d)
		}
	}
	for z, h := range b.mats {
		b.mats[z] = geom.Translate(d.X, d.Y).Mul(h)
	}
	for i := range b.solids {
		for k := range b.solids[i].Footprint {
			b.solids[i].Footprint[k] = b.solids[i].Footprint[k].Add(d)
		}
	}
	for i := range b.keep {
		for k := range b.keep[i] {
			b.keep[i][k] = b.keep[i][k].Add(d)
		}
	}
}

func (b *builder) inFrame(cam geom.H, w, h int) bool {
	for _, it := range b.items {
		for _, p := range cam.ApplyQuad(outlineOf(it.card)) {
			if p.X < 8 || p.Y < 8 || p.X > float64(w-8) || p.Y > float64(h-8) {
				return false
			}
		}
	}
	return true
}

// hands makes arms that reach in from the frame's edge and stop short of
// every code, mat and board (a photo with a code or a tile under a hand
// cannot be read; a stream test covers codes on purpose).
func (b *builder) hands(cam geom.H, w, h int) []synth.Hand {
	var codes []geom.Quad
	for _, it := range b.items {
		codes = append(codes, cam.ApplyQuad(codeQuad(it.card)))
	}
	for _, q := range b.keep {
		codes = append(codes, cam.ApplyQuad(q))
	}
	var out []synth.Hand
	for n := 0; n < b.o.Hands; n++ {
		for try := 0; try < 200; try++ {
			hd := b.randomHand(w, h)
			if !handOver(hd, codes) {
				out = append(out, hd)
				break
			}
		}
	}
	return out
}

func (b *builder) randomHand(w, h int) synth.Hand {
	fw, fh := float64(w), float64(h)
	var from geom.Pt
	switch b.rng.IntN(4) {
	case 0:
		from = geom.Pt{X: b.rng.Float64() * fw, Y: -20}
	case 1:
		from = geom.Pt{X: fw + 20, Y: b.rng.Float64() * fh}
	case 2:
		from = geom.Pt{X: b.rng.Float64() * fw, Y: fh + 20}
	default:
		from = geom.Pt{X: -20, Y: b.rng.Float64() * fh}
	}
	to := geom.Pt{X: fw * (0.15 + 0.7*b.rng.Float64()), Y: fh * (0.15 + 0.7*b.rng.Float64())}
	// Stop part way in: an arm rarely crosses the whole table.
	to = from.Add(to.Sub(from).Scale(0.25 + 0.35*b.rng.Float64()))
	return synth.Hand{From: from, To: to, WidthPx: fw * (0.035 + 0.02*b.rng.Float64())}
}

// handOver reports whether the hand touches any code quad (quiet zone
// included), by sampling each quad.
func handOver(hd synth.Hand, codes []geom.Quad) bool {
	for _, q := range codes {
		hq, _ := geom.FromQuads(geom.Rect(0, 0, 1, 1), q)
		for i := 0; i <= 6; i++ {
			for j := 0; j <= 6; j++ {
				if inHand(hd, hq.Apply(geom.Pt{X: float64(i) / 6, Y: float64(j) / 6})) {
					return true
				}
			}
		}
	}
	return false
}

// inHand mirrors synth's arm shape (a capsule and a palm) with a margin
// for its shaded edge.
func inHand(h synth.Hand, p geom.Pt) bool {
	if p.Dist(h.To) <= h.WidthPx*0.85+4 {
		return true
	}
	d := h.To.Sub(h.From)
	l2 := d.X*d.X + d.Y*d.Y
	t := math.Max(0, math.Min(1, ((p.X-h.From.X)*d.X+(p.Y-h.From.Y)*d.Y)/l2))
	return p.Dist(h.From.Add(d.Scale(t))) <= h.WidthPx/2+4
}

// shapeOf is a flat shape on the table.
func shapeOf(q geom.Quad, rgb [3]uint8) synth.Shape { return synth.Shape{Corners: q, Colour: rgb} }

type synthShape = synth.Shape

// gridOf is a fixed zone grid as calibration stores it, with the corners
// moved by shift.
func gridOf(zone string, corners [4]geom.Pt, rows, cols int, shift geom.Pt) calibration.Zones {
	g := calibration.Grid{Zone: zone, Rows: rows, Cols: cols}
	for i, c := range corners {
		c = c.Add(shift)
		g.Corners[i] = [2]float64{c.X, c.Y}
	}
	return calibration.Zones{Grids: []calibration.Grid{g}}
}

// Sheet is the photo `tableref calibrate table` takes: the printed
// calibration sheet (A4 portrait, as `tableref print markers calibration`
// prints it) lying at the table's origin, turned by Options.Turn, with a few
// cards around it. Its Cal is the plane in the sheet's frame.
func Sheet(o Options) (Game, error) {
	b := newBuilder(o)
	turn := b.o.Turn
	sheet := geom.Translate(0, 0).Mul(geom.Rotate(turn))
	// A4 portrait as the printer lays it out: code centres 155 mm apart
	// west–east and 218 north–south, their middle 6 mm below the page's.
	b.shapes = append(b.shapes, shapeOf(sheet.ApplyQuad(geom.Rect(-105, -148.5-6, 105, 148.5-6)), [3]uint8{245, 245, 242}))
	for i, c := range []rules.Corner{rules.NW, rules.NE, rules.SE, rules.SW} {
		x := []float64{-77.5, 77.5, 77.5, -77.5}[i]
		y := []float64{-109, -109, 109, 109}[i]
		b.marker(rules.Marker{Type: rules.MarkerCalibration, Corner: c}, sheet.Apply(geom.Pt{X: x, Y: y}), turn)
	}
	for i, at := range []geom.Pt{{X: -220, Y: -60}, {X: 220, Y: 40}, {X: -200, Y: 160}} {
		b.lay("map", lattice{origin: at, angle: turn + b.jitter(20), pitch: geom.Pt{X: 1, Y: 1}}, rules.CardRef{ID: rules.CardID{Deck: "SA", Num: 10 + i}}, 0, 0, false)
	}
	g, err := b.finish("calibration sheet", rules.Setup{})
	if err != nil {
		return g, err
	}
	// The truth in the sheet's frame: the scene's plane, moved back by
	// the centring shift, then turned so the sheet is upright.
	toSheet := geom.Rotate(-turn).Mul(geom.Translate(-b.shift.X, -b.shift.Y))
	g.Cal.Plane.H = toSheet.Mul(g.Cal.Plane.H)
	return g, nil
}

// Light is one way a photo is taken: its light and camera.
type Light struct {
	Name    string
	Options Options
}

// Lights are the three lights an independent run photographed tables
// under, with the blur, noise and JPEG of a phone-class camera: neutral
// and straight down; warm and tilted 8°; dim daylight and a warm desk lamp
// 70 cm off the table's west side, so the cast changes across the table,
// tilted 12°.
func Lights() []Light {
	cam := Options{Blur: 0.8, Noise: 2.5, JPEG: 88}
	neutral, warm, lamp := cam, cam, cam
	warm.Tilt, warm.Roll = 8, 2
	warm.Lighting = synth.Light{Cast: synth.Warm}
	lamp.Tilt, lamp.Roll = 12, -3
	lamp.Lighting = synth.Light{Cast: [3]float64{0.5, 0.55, 0.65},
		Lamp: &synth.Lamp{At: [3]float64{-700, -100, 700}, Colour: synth.Warm, Power: 1.5}}
	return []Light{{"neutral, straight down", neutral}, {"warm, tilted 8°", warm}, {"lamp on one side, tilted 12°", lamp}}
}
