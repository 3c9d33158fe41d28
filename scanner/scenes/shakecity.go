package scenes

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/synth"
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
	// 3), its asphalt edge, the sea side's sea, and the shaker mat: white
	// paper with thin grey lines, as `tableref print markers shaker`
	// prints it.
	squareRGB  = map[int][3]uint8{1: {170, 200, 150}, 2: {205, 180, 145}, 3: {200, 200, 195}}
	asphaltRGB = [3]uint8{75, 75, 80}
	seaRGB     = [3]uint8{70, 130, 175}
	paperRGB   = [3]uint8{243, 243, 240}
	lineRGB    = [3]uint8{150, 150, 150}
	siteRGB    = [3]uint8{235, 190, 60}
)

// cubeSide is a cube's side, mm.
const cubeSide = 16.0

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
// by turn degrees, and its four corner codes; a city board shows side
// ("standard", or "sea": sea instead of asphalt along its south and east).
func (b *builder) placeMat(zone string, at geom.Pt, turn float64, side string) mat {
	l := calibration.DefaultLayout(zone)
	g := l.Grid
	mid := geom.Pt{X: (g[0] + g[2]) / 2, Y: (g[1] + g[3]) / 2}
	m := mat{zone: zone, layout: l, toTable: geom.Translate(at.X, at.Y).Mul(geom.Rotate(turn)).Mul(geom.Translate(-mid.X, -mid.Y))}
	if b.mats == nil {
		b.mats = map[string]geom.H{}
	}
	b.mats[zone] = m.toTable
	shape := func(x0, y0, x1, y1 float64, rgb [3]uint8) {
		b.shapes = append(b.shapes, shapeOf(m.toTable.ApplyQuad(geom.Rect(x0, y0, x1, y1)), rgb))
	}
	b.keep = append(b.keep, m.toTable.ApplyQuad(geom.Rect(g[0]-15, g[1]-15, g[2]+15, g[3]+15)))
	if zone == calibration.ZoneShaker {
		// An A4 sheet, portrait, the landing area 5 mm below its middle,
		// ruled with 0.6 mm grey lines.
		shape(g[0]-60, g[1]-108.5, g[0]+150, g[1]+188.5, paperRGB)
		for i := 0; i <= l.Rows; i++ {
			y := g[1] + float64(i)*(g[3]-g[1])/float64(l.Rows)
			shape(g[0]-0.3, y-0.3, g[2]+0.3, y+0.3, lineRGB)
		}
		for i := 0; i <= l.Cols; i++ {
			x := g[0] + float64(i)*(g[2]-g[0])/float64(l.Cols)
			shape(x-0.3, g[1]-0.3, x+0.3, g[3]+0.3, lineRGB)
		}
	} else {
		shape(g[0]-15, g[1]-15, g[2]+15, g[3]+15, asphaltRGB)
		if side == "sea" {
			shape(g[0]-15, g[3], g[2]+15, g[3]+15, seaRGB)
			shape(g[2], g[1]-15, g[2]+15, g[3]+15, seaRGB)
		}
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

// cubeAt stands a cube of colour col at a point of the mat (layout mm),
// turned by rot degrees from the mat, and notes it in cell (r, c).
func (b *builder) cubeAt(m mat, r, c int, col rules.Colour, at geom.Pt, rot, turn float64) {
	b.solids = append(b.solids, synth.Cube(m.toTable.Apply(at), cubeSide, turn+rot, cubeRGB[col]))
	b.setColour(m.zone, rules.Pos{Row: r, Col: c}, col)
}

// cube stands a cube in cell (r,c) of the mat, up to off mm from the
// cell's centre in a random direction and turned up to 4° (the shaker's
// holes keep them square), but always wholly inside the cell.
func (b *builder) cube(m mat, r, c int, col rules.Colour, turn, off float64) {
	b.cubeNear(m, r, c, col, m.layout.Cell(r, c), turn, off)
}

// cubeNear stands a cube for cell (r,c) near the middle of its landing
// cell (layout mm): up to off mm from it, kept wholly inside.
func (b *builder) cubeNear(m mat, r, c int, col rules.Colour, cell geom.Quad, turn, off float64) {
	drop := cell.Centre()
	rot := b.jitter(4)
	// The cube's footprint reaches this far from its centre along x or y.
	reach := cubeSide / 2 * (math.Abs(math.Cos(rot*math.Pi/180)) + math.Abs(math.Sin(rot*math.Pi/180)))
	ang := b.rng.Float64() * 2 * math.Pi
	d := off * math.Sqrt(b.rng.Float64())
	if off > 0 && b.rng.Float64() < 0.3 {
		d = off // a third land as far off as they go
	}
	at := drop.Add(geom.Pt{X: d * math.Cos(ang), Y: d * math.Sin(ang)})
	const margin = 0.3
	at.X = math.Max(cell[0].X+reach+margin, math.Min(cell[2].X-reach-margin, at.X))
	at.Y = math.Max(cell[0].Y+reach+margin, math.Min(cell[2].Y-reach-margin, at.Y))
	b.cubeAt(m, r, c, col, at, rot, turn)
}

// tile puts a city tile of colour col on square (r,c) of a board.
func (b *builder) tile(m mat, r, c int, col rules.Colour, turn float64) {
	b.tileAt(m, r, c, col, turn, geom.Pt{})
}

// tileAt lays a tile off its square's middle by shift (mm), besides the
// jitter every tile has.
func (b *builder) tileAt(m mat, r, c int, col rules.Colour, turn float64, shift geom.Pt) {
	at := m.cellCentre(r, c).Add(shift).Add(geom.Pt{X: b.jitter(1.5), Y: b.jitter(1.5)})
	b.shapes = append(b.shapes, boxShape(at, 27, 27, turn+b.jitter(4), tileRGB[col]))
	b.setColour(m.zone, rules.Pos{Row: r, Col: c}, col)
}

// site lays a construction-site tile on square (r,c): a yellow tile
// showing the two city tiles that remove it. The square stays empty in
// the truth (the scanner reports a site as an empty square).
func (b *builder) site(m mat, r, c int, kinds [2]rules.Colour, turn float64) {
	at := m.cellCentre(r, c).Add(geom.Pt{X: b.jitter(1.5), Y: b.jitter(1.5)})
	rot := turn + b.jitter(4)
	b.shapes = append(b.shapes, boxShape(at, 27, 27, rot, siteRGB))
	fr := geom.Translate(at.X, at.Y).Mul(geom.Rotate(rot))
	for i, k := range kinds {
		x := -6.5 + 13*float64(i)
		b.shapes = append(b.shapes, shapeOf(fr.ApplyQuad(geom.Rect(x-5, -5, x+5, 5)), tileRGB[k]))
	}
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
// grey) and any white wild cubes.
func cubeBag(wild int) []rules.Colour {
	var out []rules.Colour
	for c, n := range map[rules.Colour]int{rules.Red: 8, rules.Blue: 7, rules.Black: 6, rules.Green: 6, rules.Grey: 5, rules.White: wild} {
		for i := 0; i < n; i++ {
			out = append(out, c)
		}
	}
	return out
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

// City says which Shake That City game a CityTable holds.
type City struct {
	Players int
	// Side is "standard" (default) or "sea".
	Side   string
	Family bool
	// Sites turns the construction-site module on (always on solo).
	Sites     bool
	WildCubes int
	// DropPitch is how far apart the shaker drops its cubes, mm (0: the
	// mat's 30 mm cells); the landing grid may also lie off the mat's
	// centre by up to DropShift mm.
	DropPitch, DropShift float64
	// CubeOffset is how far a cube may land from its drop point, mm
	// (default 2; 7 reaches the edge of a 30 mm cell), never leaving its
	// cell.
	CubeOffset float64
}

// Name is a short name for tables and logs: "sea 3p sites".
func (c City) Name() string {
	side := c.Side
	if side == "" {
		side = "standard"
	}
	s := fmt.Sprintf("%s %dp", side, c.Players)
	if c.Players == 1 {
		s = side + " solo"
	}
	if c.Family {
		s += " family"
	}
	if c.Sites && c.Players > 1 {
		s += " sites"
	}
	if c.WildCubes > 0 {
		s += " wild"
	}
	return s
}

// SitesOn reports whether the game has construction sites (the module, or
// solo).
func (c City) SitesOn() bool { return c.Sites || c.Players == 1 }

// Setup is the game's setup as `tableref scan` takes it.
func (c City) Setup() rules.Setup {
	s := setup("shakecity", c.Players)
	s.Options = map[string]string{}
	if c.Side == "sea" {
		s.Options["side"] = "sea"
	}
	if c.Family {
		s.Options["family"] = "true"
	}
	if c.Sites && c.Players > 1 {
		s.Options["constructionSites"] = "true"
	}
	if c.WildCubes > 0 {
		s.Options["wildCubes"] = strconv.Itoa(c.WildCubes)
	}
	return s
}

// siteSquares are the default profile's construction squares and the two
// tiles each site shows (the `sites` option's defaults YR, GK, BY, RG).
var (
	siteSquares = []rules.Pos{{Row: 1, Col: 1}, {Row: 2, Col: 2}, {Row: 3, Col: 3}, {Row: 4, Col: 4}}
	siteKinds   = [][2]rules.Colour{{rules.Grey, rules.Red}, {rules.Green, rules.Black}, {rules.Blue, rules.Grey}, {rules.Red, rules.Green}}
)

// CityTable is one Shake That City table under one camera and one light:
// the shaker mat in the middle and a city board in front of each player,
// lying in the same places for every photo of the session, so the
// calibration photos the docs ask for and the photos of finished games
// are taken alike (the same camera pose, the same lamp, the same frame).
type CityTable struct {
	City City
	o    Options
	turn float64
	// boardTurn are the boards' small turns against the mat.
	boardTurn []float64
	// dropShift is how far off the mat's centre this shaker's landing
	// grid lies.
	dropShift geom.Pt
}

// NewCityTable lays out a table: o.Seed decides how the boards lie.
func NewCityTable(o Options, c City) *CityTable {
	if c.Players < 1 || c.Players > 4 {
		c.Players = 2
	}
	b := newBuilder(o)
	t := &CityTable{City: c, o: o, turn: b.o.Turn + b.jitter(2)}
	for p := 1; p <= c.Players; p++ {
		t.boardTurn = append(t.boardTurn, t.turn+b.jitter(2))
	}
	t.dropShift = geom.Pt{X: b.jitter(c.DropShift), Y: b.jitter(c.DropShift)}
	return t
}

// lay starts a photo: the mat and boards in their places, contents drawn
// with seed.
func (t *CityTable) lay(seed uint64) (*builder, mat, []mat) {
	o := t.o
	o.Seed = seed
	b := newBuilder(o)
	shaker := b.placeMat(calibration.ZoneShaker, geom.Pt{}, t.turn, "")
	var boards []mat
	for p := 1; p <= t.City.Players; p++ {
		boards = append(boards, b.placeMat(calibration.BoardZone(p), boardSpot(p, t.City.Players), t.boardTurn[p-1], t.City.Side))
	}
	return b, shaker, boards
}

func (t *CityTable) finish(b *builder, name string) (Game, error) {
	return b.finish(name, t.City.Setup())
}

// Empty is the photo `tableref calibrate board` takes: the empty mat and
// every empty board.
func (t *CityTable) Empty() (Game, error) {
	b, _, _ := t.lay(t.o.Seed + 1)
	return t.finish(b, "empty boards")
}

// SitesLaid is the photo `tableref calibrate board --sites` takes: every
// board empty but for its construction sites.
func (t *CityTable) SitesLaid() (Game, error) {
	b, _, boards := t.lay(t.o.Seed + 2)
	for _, m := range boards {
		for k, q := range siteSquares {
			b.site(m, q.Row, q.Col, siteKinds[k], t.boardTurn[0])
		}
	}
	return t.finish(b, "sites laid")
}

// ColourLayout says which tiles a colour photo holds: Rows rows of the
// five colours (red, blue, black, green, grey, west to east) from the
// first row down, on the boards listed (1 = board:p1).
type ColourLayout struct {
	Boards []int
	Rows   int
	// Askew turns every tile this many degrees more than it lies, and
	// Shift moves it this many mm east (ShiftSouth: south) of its
	// square's middle: tiles as hands lay them.
	Askew, Shift, ShiftSouth float64
	// Moved, when set, are the only tile colours laid askew and shifted;
	// the others lie as tiles do.
	Moved []rules.Colour
	// Without are tile colours not laid (a box short of a colour, or a
	// tile forgotten).
	Without []rules.Colour
}

// Colours is a photo `tableref calibrate colours` takes: one cube of each
// colour on the mat in calibration.ColourOrder (the white one when the
// game has wild cubes), and tiles as lay says; every other board empty
// and in view, as a camera over the table sees it. n numbers the photo.
func (t *CityTable) Colours(lay ColourLayout, n int) (Game, error) {
	b, shaker, boards := t.lay(t.o.Seed + 10 + uint64(n))
	order := calibration.ColourOrder(shaker.layout)
	for r := 0; r < shaker.layout.Rows; r++ {
		for c := 0; c < shaker.layout.Cols; c++ {
			col, ok := order[rules.Pos{Row: r, Col: c}]
			if !ok || (col == rules.White && t.City.WildCubes == 0) {
				continue
			}
			b.cube(shaker, r, c, col, t.turn, t.cubeOffset())
		}
	}
	tiles := []rules.Colour{rules.Red, rules.Blue, rules.Black, rules.Green, rules.Grey}
	for _, p := range lay.Boards {
		if p < 1 || p > len(boards) {
			return Game{}, fmt.Errorf("scenes: colours: no board %d", p)
		}
		for r := 0; r < lay.Rows && r < 6; r++ {
			for c, col := range tiles {
				if slices.Contains(lay.Without, col) {
					continue
				}
				askew, shift := lay.Askew, geom.Pt{X: lay.Shift, Y: lay.ShiftSouth}
				if len(lay.Moved) > 0 && !slices.Contains(lay.Moved, col) {
					askew, shift = 0, geom.Pt{}
				}
				b.tileAt(boards[p-1], r, c, col, t.boardTurn[p-1]+askew, shift)
			}
		}
	}
	return t.finish(b, "colours")
}

func (t *CityTable) cubeOffset() float64 {
	if t.City.CubeOffset > 0 {
		return t.City.CubeOffset
	}
	return 2
}

// dropGrid is where the shaker drops its 9 cubes, mat layout mm: its
// pitch, shifted as this player sets it down.
func (t *CityTable) dropGrid(l calibration.Layout) [3][3]geom.Pt {
	pitch := t.City.DropPitch
	if pitch <= 0 {
		pitch = l.CellSize().X
	}
	g := l.Grid
	mid := geom.Pt{X: (g[0] + g[2]) / 2, Y: (g[1] + g[3]) / 2}
	mid = mid.Add(t.dropShift)
	var out [3][3]geom.Pt
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			out[r][c] = mid.Add(geom.Pt{X: float64(c-1) * pitch, Y: float64(r-1) * pitch})
		}
	}
	return out
}

// Shake is the photo `tableref calibrate shaker` takes: the shaker's 9
// cubes just dropped on the mat, and the boards as they lie.
func (t *CityTable) Shake(seed uint64) (Game, error) {
	b, shaker, _ := t.lay(seed)
	t.shake(b, shaker)
	return t.finish(b, "shake")
}

// DropPoints are where the shaker drops its cubes in the mat's own mm,
// without the scatter of each cube: the grid `calibrate shaker` must
// find.
func (t *CityTable) DropPoints() [3][3]geom.Pt {
	return t.dropGrid(calibration.DefaultShakerLayout())
}

func (t *CityTable) shake(b *builder, shaker mat) {
	bag := cubeBag(t.City.WildCubes)
	sortColours(bag)
	b.rng.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
	drops := t.dropGrid(shaker.layout)
	pitch := t.City.DropPitch
	if pitch <= 0 {
		pitch = shaker.layout.CellSize().X
	}
	for i := 0; i < 9; i++ {
		r, c := i/3, i%3
		d := drops[r][c]
		b.cubeNear(shaker, r, c, bag[i], geom.Rect(d.X-pitch/2, d.Y-pitch/2, d.X+pitch/2, d.Y+pitch/2), t.turn, t.cubeOffset())
	}
}

// Final is a photo of a finished game: the last shake's 9 cubes on the
// mat and every board most of the way filled with tiles; with the
// construction-site module, the sites not yet removed lie on their
// squares (the squares read empty).
func (t *CityTable) Final(seed uint64) (Game, error) {
	b, shaker, boards := t.lay(seed)
	t.shake(b, shaker)
	tiles := []rules.Colour{rules.Red, rules.Blue, rules.Black, rules.Green, rules.Grey}
	for p, m := range boards {
		turn := t.boardTurn[p]
		fill := 0.7 + 0.25*b.rng.Float64()
		sites := map[rules.Pos]int{}
		if t.City.SitesOn() {
			for k, q := range siteSquares {
				if b.rng.Float64() < 0.4 {
					sites[q] = k + 1 // still there
				}
			}
		}
		for r := 0; r < 6; r++ {
			for c := 0; c < 6; c++ {
				q := rules.Pos{Row: r, Col: c}
				if k := sites[q]; k > 0 {
					b.site(m, r, c, siteKinds[k-1], turn)
					continue
				}
				if b.rng.Float64() < fill {
					b.tile(m, r, c, tiles[b.rng.IntN(len(tiles))], turn)
				}
			}
		}
	}
	return t.finish(b, "shakecity "+t.City.Name())
}

// ShakeCity is a Shake That City table in the last round: the shaker mat
// with 9 cubes in its 3×3 target, and each player's city board most of the
// way filled with tiles.
func ShakeCity(o Options, players int) (Game, error) {
	return NewCityTable(o, City{Players: players}).Final(o.Seed)
}

// ColourPhoto is the photo `tableref calibrate colours` takes: one cube of
// each colour on the shaker mat (red, blue, black / green, grey, white) and
// one tile of each colour along the first row of city board 1, the mat
// and that board alone in view.
func ColourPhoto(o Options) (Game, error) {
	return NewCityTable(o, City{Players: 1, WildCubes: 1}).Colours(ColourLayout{Boards: []int{1}, Rows: 1}, 0)
}

// EmptyBoards is the photo `tableref calibrate board` takes: the empty
// shaker mat and every player's empty city board.
func EmptyBoards(o Options, players int) (Game, error) {
	return NewCityTable(o, City{Players: players}).Empty()
}

// Options are the table's photo options.
func (t *CityTable) Options() Options { return t.o }

// ShakeAcross is a shake with one cube across a cell line: the cube
// meant for cell from lies over the line into the neighbouring cell
// into, its centre 2 mm past the line, and into's own cube lies at the
// far side of its cell, wholly inside it. The truth holds the 8 cubes
// lying in their cells; from's cell is empty there.
func (t *CityTable) ShakeAcross(seed uint64, from, into rules.Pos) (Game, error) {
	dr, dc := into.Row-from.Row, into.Col-from.Col
	if abs(dr)+abs(dc) != 1 || from.Row < 0 || from.Col < 0 || into.Row < 0 || into.Col < 0 ||
		max(from.Row, into.Row) > 2 || max(from.Col, into.Col) > 2 {
		return Game{}, fmt.Errorf("scenes: shake across: %v and %v are not neighbouring cells", from, into)
	}
	b, shaker, _ := t.lay(seed)
	bag := cubeBag(t.City.WildCubes)
	sortColours(bag)
	b.rng.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
	dir := geom.Pt{X: float64(dc), Y: float64(dr)}
	half := shaker.layout.CellSize().X / 2
	for i := 0; i < 9; i++ {
		r, c := i/3, i%3
		p := rules.Pos{Row: r, Col: c}
		mid := shaker.layout.Cell(r, c).Centre()
		switch p {
		case from:
			// Its centre 2 mm over the line: the line runs under it.
			at := mid.Add(dir.Scale(half + 2))
			b.solids = append(b.solids, synth.Cube(shaker.toTable.Apply(at), cubeSide, t.turn+b.jitter(3), cubeRGB[bag[i]]))
		case into:
			// Away from the stray one, 1 mm inside the far edge.
			b.cubeAt(shaker, r, c, bag[i], mid.Add(dir.Scale(half-cubeSide/2-1)), 0, t.turn)
		default:
			b.cube(shaker, r, c, bag[i], t.turn, 2)
		}
	}
	return t.finish(b, "shake across a line")
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
