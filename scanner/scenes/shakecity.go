package scenes

import (
	"fmt"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
)

// How cubes and tiles look (sRGB): saturated plastic and printed card.
var (
	cubeRGB = map[rules.Colour][3]uint8{
		rules.Red: {200, 40, 40}, rules.Blue: {40, 80, 200}, rules.Black: {30, 30, 35},
		rules.Green: {40, 150, 60}, rules.Grey: {140, 140, 145}, rules.White: {240, 240, 240},
	}
	tileRGB = map[rules.Colour][3]uint8{
		rules.Red: {190, 55, 45}, rules.Blue: {45, 90, 190}, rules.Black: {40, 40, 45},
		rules.Green: {70, 150, 60}, rules.Grey: {100, 100, 108},
	}
	// The board's printed squares by shop value (green 1, brown 2, grey
	// 3), its asphalt edge, and the shaker mat's paper and target.
	squareRGB  = map[int][3]uint8{1: {170, 200, 150}, 2: {205, 180, 145}, 3: {200, 200, 195}}
	asphaltRGB = [3]uint8{75, 75, 80}
	paperRGB   = [3]uint8{238, 228, 200}
	targetRGB  = [3]uint8{200, 190, 165}
)

// shopValue is the standard side's default printed squares.
var shopValue = [6][6]int{
	{1, 1, 1, 1, 1, 1}, {1, 2, 2, 2, 2, 1}, {1, 2, 3, 3, 2, 1},
	{1, 2, 3, 3, 2, 1}, {1, 2, 2, 2, 2, 1}, {1, 1, 1, 1, 1, 1},
}

// cornerTile is the printed corner tile: a code, its quiet zone and 1 mm.
const cornerTile = 29*calibration.PrintedModule + 2

// mat is a mat or board lying on the table: its layout and where it lies.
type mat struct {
	zone    string
	layout  calibration.Layout
	toTable geom.H // layout mm → table mm
}

func (m mat) cellCentre(r, c int) geom.Pt { return m.toTable.Apply(m.layout.Cell(r, c).Centre()) }

// placeMat lays a mat or board with its centre at table point at, turned
// by turn degrees, and its four corner codes.
func (b *builder) placeMat(zone string, at geom.Pt, turn float64) mat {
	l := calibration.DefaultLayout(zone)
	g := l.Grid
	mid := geom.Pt{X: (g[0] + g[2]) / 2, Y: (g[1] + g[3]) / 2}
	m := mat{zone: zone, layout: l, toTable: geom.Translate(at.X, at.Y).Mul(geom.Rotate(turn)).Mul(geom.Translate(-mid.X, -mid.Y))}
	shape := func(x0, y0, x1, y1 float64, rgb [3]uint8) {
		b.shapes = append(b.shapes, shapeOf(m.toTable.ApplyQuad(geom.Rect(x0, y0, x1, y1)), rgb))
	}
	b.keep = append(b.keep, m.toTable.ApplyQuad(geom.Rect(g[0]-15, g[1]-15, g[2]+15, g[3]+15)))
	if zone == calibration.ZoneShaker {
		// An A4 sheet, portrait, the landing area 5 mm below its middle.
		shape(g[0]-60, g[1]-108.5, g[0]+150, g[1]+188.5, paperRGB)
		shape(g[0]-0.3, g[1]-0.3, g[2]+0.3, g[3]+0.3, targetRGB)
		for r := 0; r < l.Rows; r++ {
			for c := 0; c < l.Cols; c++ {
				q := l.Cell(r, c)
				shape(q[0].X+0.3, q[0].Y+0.3, q[2].X-0.3, q[2].Y-0.3, paperRGB)
			}
		}
	} else {
		shape(g[0]-15, g[1]-15, g[2]+15, g[3]+15, asphaltRGB)
		for r := 0; r < l.Rows; r++ {
			for c := 0; c < l.Cols; c++ {
				q := l.Cell(r, c)
				shape(q[0].X+1, q[0].Y+1, q[2].X-1, q[2].Y-1, squareRGB[shopValue[r][c]])
			}
		}
	}
	var kind rules.MarkerType = rules.MarkerShaker
	player := 0
	if zone != calibration.ZoneShaker {
		kind = rules.MarkerBoard
		fmt.Sscanf(zone, "board:p%d", &player)
	}
	for i, c := range []rules.Corner{rules.NW, rules.NE, rules.SE, rules.SW} {
		mk := l.Markers[i]
		b.markerSized(rules.Marker{Type: kind, Player: player, Corner: c}, m.toTable.Apply(geom.Pt{X: mk[0], Y: mk[1]}), turn, cornerTile)
	}
	return m
}

// cube puts a cube of colour c in cell (r,c) of the mat, a little off
// centre and turned, as cubes fall.
func (b *builder) cube(m mat, r, c int, col rules.Colour, turn float64) {
	at := m.cellCentre(r, c).Add(geom.Pt{X: b.jitter(2), Y: b.jitter(2)})
	rot := turn + b.jitter(12)
	rgb := cubeRGB[col]
	shade := [3]uint8{rgb[0] * 3 / 4, rgb[1] * 3 / 4, rgb[2] * 3 / 4}
	b.shapes = append(b.shapes, boxShape(at, 16, 16, rot, shade), boxShape(at.Add(geom.Pt{X: -0.5, Y: -0.5}), 13, 13, rot, rgb))
	b.setColour(m.zone, rules.Pos{Row: r, Col: c}, col)
}

// tile puts a city tile of colour col on square (r,c) of a board.
func (b *builder) tile(m mat, r, c int, col rules.Colour, turn float64) {
	at := m.cellCentre(r, c).Add(geom.Pt{X: b.jitter(1.5), Y: b.jitter(1.5)})
	b.shapes = append(b.shapes, boxShape(at, 27, 27, turn+b.jitter(4), tileRGB[col]))
	b.setColour(m.zone, rules.Pos{Row: r, Col: c}, col)
}

func boxShape(c geom.Pt, w, h, rot float64, rgb [3]uint8) synthShape {
	m := geom.Translate(c.X, c.Y).Mul(geom.Rotate(rot))
	return shapeOf(m.ApplyQuad(geom.Rect(-w/2, -h/2, w/2, h/2)), rgb)
}

func (b *builder) setColour(zone string, p rules.Pos, c rules.Colour) {
	if b.cells == nil {
		b.cells = map[string]map[rules.Pos]rules.Colour{}
	}
	if b.cells[zone] == nil {
		b.cells[zone] = map[rules.Pos]rules.Colour{}
	}
	b.cells[zone][p] = c
	b.zone(zone).Set(p, rules.Cell{Colour: c})
}

// boardSpots are where the city boards lie around the shaker mat.
func boardSpot(p, players int) geom.Pt {
	spots := []geom.Pt{{X: -340, Y: 0}, {X: 340, Y: 0}}
	if players > 2 {
		// Two rows far enough apart that corner tiles never touch.
		spots = []geom.Pt{{X: -340, Y: 175}, {X: 340, Y: 175}, {X: -340, Y: -175}, {X: 340, Y: -175}}
	}
	return spots[p-1]
}

// cubeBag is the 32 cubes of the box (8 red, 7 blue, 6 black, 6 green, 5
// grey).
func cubeBag() []rules.Colour {
	var out []rules.Colour
	for c, n := range map[rules.Colour]int{rules.Red: 8, rules.Blue: 7, rules.Black: 6, rules.Green: 6, rules.Grey: 5} {
		for i := 0; i < n; i++ {
			out = append(out, c)
		}
	}
	return out
}

// ShakeCity is a Shake That City table in the last round: the shaker mat
// with 9 cubes in its 3×3 target, and each player's city board most of the
// way filled with tiles.
func ShakeCity(o Options, players int) (Game, error) {
	b := newBuilder(o)
	turn := b.o.Turn + b.jitter(2)
	shaker := b.placeMat(calibration.ZoneShaker, geom.Pt{}, turn)
	bag := cubeBag()
	sortColours(bag)
	b.rng.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
	for i := 0; i < 9; i++ {
		b.cube(shaker, i/3, i%3, bag[i], turn)
	}
	tiles := []rules.Colour{rules.Red, rules.Blue, rules.Black, rules.Green, rules.Grey}
	for p := 1; p <= players; p++ {
		bt := turn + b.jitter(2)
		board := b.placeMat(calibration.BoardZone(p), boardSpot(p, players), bt)
		for r := 0; r < 6; r++ {
			for c := 0; c < 6; c++ {
				if b.rng.Float64() < 0.7 {
					b.tile(board, r, c, tiles[b.rng.IntN(len(tiles))], bt)
				}
			}
		}
	}
	g, err := b.finish(fmt.Sprintf("shakecity %dp", players), setup("shakecity", players))
	return g, err
}

// sortColours puts a bag in a fixed order so that shuffling it with a
// seed always gives the same cubes (map order is random).
func sortColours(cs []rules.Colour) {
	idx := map[rules.Colour]int{}
	for i, c := range rules.Colours {
		idx[c.C] = i
	}
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && idx[cs[j]] < idx[cs[j-1]]; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// ColourPhoto is the photo `tableref calibrate colours` takes: one cube of
// each colour on the shaker mat (red, blue, black / green, grey, white) and
// one tile of each colour along the first row of city board 1.
func ColourPhoto(o Options) (Game, error) {
	b := newBuilder(o)
	turn := b.o.Turn + b.jitter(2)
	shaker := b.placeMat(calibration.ZoneShaker, geom.Pt{X: -170}, turn)
	for p, c := range calibration.ColourOrder(shaker.layout) {
		b.cube(shaker, p.Row, p.Col, c, turn)
	}
	board := b.placeMat(calibration.BoardZone(1), geom.Pt{X: 190}, turn)
	for p, c := range calibration.ColourOrder(board.layout) {
		b.tile(board, p.Row, p.Col, c, turn)
	}
	return b.finish("colours", setup("shakecity", 1))
}

// EmptyBoards is the photo `tableref calibrate board` takes: the empty
// shaker mat and every player's empty city board.
func EmptyBoards(o Options, players int) (Game, error) {
	b := newBuilder(o)
	turn := b.o.Turn + b.jitter(2)
	b.placeMat(calibration.ZoneShaker, geom.Pt{}, turn)
	for p := 1; p <= players; p++ {
		b.placeMat(calibration.BoardZone(p), boardSpot(p, players), turn+b.jitter(2))
	}
	return b.finish("empty boards", setup("shakecity", players))
}
