package cardtext

import (
	"fmt"
	"image"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
)

// Nord Sud Ovest Est and Map It! print a card's place as coordinates on
// its back ("41°N - 12°E", "38.9° N 77.0° W", "38°54′N 77°02′W"). Such a
// line is found as a row of letter-sized ink and read by an engine that
// knows only the marks coordinates are written with, at several sizes;
// every size's reading that parses as one latitude and one longitude is
// kept, and the caller weighs them, as it weighs a number's readings.

// coordChars are the marks a coordinates line is written with: figures,
// the degree, minute and second marks, the decimal point or comma, the
// dash between the two, the compass letters (N, S, E or Est, W, O or
// Ovest as the Italian cards write west) and the space: without it,
// Tesseract's line engine joined the line into one word it gave no
// confidence (0).
const coordChars = "0123456789°'\".,-NSEWOstv "

// Coords is one reading of a coordinates line.
type Coords struct {
	// Lat and Lon are signed decimal degrees, north and east positive.
	Lat, Lon float64
	// LatText and LonText are each as the card writes it, tidied:
	// "41°N", "38.9°N", "38°54'N".
	LatText, LonText string
	// Whole says both are whole degrees, without minutes or decimals.
	Whole bool
	Text  string  // the line as read
	Conf  float64 // Tesseract's confidence, 0 to 100
}

// CoordSide is what was read off a card side printing coordinates.
type CoordSide struct {
	// Card holds the outline, the other lines of text (the name, the
	// country) and the upright picture; its Numbers are empty.
	Card
	// Coords are the readings that parse, the most confident first.
	Coords []Coords
	// Seen is what the rows read, parsed or not, for a question.
	Seen []string
}

// coordHeights are the heights a coordinates row is scaled to for
// Tesseract, each a reading of its own (as inkHeights for numbers): the
// caller wants a reading at two sizes or more, and with three sizes
// one Map It! card in six was read at one only.
var coordHeights = []int{32, 44, 56, 38}

// ReadCoordSide reads the card side whose code lies at code (as
// ReadCard): its lines of text and every reading of its coordinates.
func (r *Reader) ReadCoordSide(frame gocv.Mat, code geom.Quad, g Geometry) (CoordSide, error) {
	up, card, codeBox, err := upright(frame, code, g)
	defer up.Close()
	out := CoordSide{Card: card}
	if err != nil {
		return out, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	inner := rasterRect(0, 0, g.Card.X, g.Card.Y, -1)
	full := image.Rect(0, 0, up.Cols(), up.Rows())
	blank := []image.Rectangle{codeBox, image.Rect(0, 0, full.Max.X, inner.Min.Y), image.Rect(0, inner.Max.Y, full.Max.X, full.Max.Y),
		image.Rect(0, 0, inner.Min.X, full.Max.Y), image.Rect(inner.Max.X, 0, full.Max.X, full.Max.Y)}
	if out.Lines, err = r.lines(up, blank); err != nil {
		return out, err
	}
	seen := map[string]bool{}
	for _, row := range coordRows(up, codeBox) {
		for _, h := range coordHeights {
			// The row's letters stand its height less the millimetre
			// textRows leaves each way.
			text, conf, err := r.recognise(r.coords, up, row, max(1, row.Dy()-2*int(PxPerMM)), h)
			if err != nil {
				return out, err
			}
			if text == "" {
				continue
			}
			if !seen[text] {
				seen[text] = true
				out.Seen = append(out.Seen, text)
			}
			// Tesseract gives some clear lines no confidence (0): they
			// still count as a reading, the caller weighs how many agree.
			if c, ok := ParseCoords(text); ok {
				c.Conf = conf
				out.Coords = append(out.Coords, c)
			}
		}
	}
	sort.SliceStable(out.Coords, func(i, j int) bool { return out.Coords[i].Conf > out.Coords[j].Conf })
	return out, nil
}

// coordRows are the rows of text on the card that may hold coordinates:
// letters 1.5 to 10 mm tall, clear of the code and its sticker. Rows on
// one line a few letters apart are one row: the dash and the spaces
// between a latitude and a longitude may part them.
func coordRows(up gocv.Mat, codeBox image.Rectangle) []image.Rectangle {
	var rows []image.Rectangle
	// Two marks make a row: a longitude as short as "3°O" has only two
	// letter-sized ones (the degree mark is smaller), and the dash
	// between it and the latitude parts them.
	for _, r := range textRows(up, 1.5, 10, 2) {
		if !r.Overlaps(codeBox) {
			rows = append(rows, r)
		}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].Min.X < rows[j].Min.X })
	var out []image.Rectangle
	used := make([]bool, len(rows))
	for i := range rows {
		if used[i] {
			continue
		}
		row := rows[i]
		for j := i + 1; j < len(rows); j++ {
			b := rows[j]
			h := float64(max(row.Dy(), b.Dy()))
			mid, midB := float64(row.Min.Y+row.Max.Y)/2, float64(b.Min.Y+b.Max.Y)/2
			if !used[j] && math.Abs(mid-midB) < 0.25*h && float64(b.Min.X-row.Max.X) < 3*h {
				row = row.Union(b)
				used[j] = true
			}
		}
		out = append(out, row)
	}
	return out
}

// coordPart is one coordinate: degrees (a decimal point allowed), then
// minutes and seconds if given, then the compass letter or word.
var coordPart = regexp.MustCompile(`(\d{1,3}(?:\.\d{1,4})?)°?(?:(\d{1,2}(?:\.\d{1,3})?)'(?:(\d{1,2}(?:\.\d{1,2})?)")?)?(Est|Ovest|N|S|E|W|O)`)

// ParseCoords reads a line of coordinates as a card prints it: a
// latitude with N or S, then a longitude with E (Est), W or O (Ovest), in
// decimal degrees or degrees and minutes (and seconds); spaces, a dash
// between the two and the marks' look-alikes (º, ′, ″, a decimal comma)
// are allowed. Anything else on the line (a stray figure, a third
// coordinate, a signed number) makes it no reading: a figure of the art
// taken into a degree would make a wrong one.
func ParseCoords(line string) (Coords, bool) {
	t := strings.Map(func(r rune) rune {
		switch r {
		case 'º', '˚', '⁰':
			return '°'
		case '′', '’', '‘', '`', '´':
			return '\''
		case '″', '”', '“':
			return '"'
		case ',':
			return '.'
		case '–', '—', '‐', '−':
			return '-'
		case ' ', '\t':
			return -1
		}
		return r
	}, line)
	t = strings.ReplaceAll(t, "''", `"`)
	idx := coordPart.FindAllStringSubmatchIndex(t, -1)
	if len(idx) != 2 {
		return Coords{}, false
	}
	// Between, before and after the two: separators only.
	rest := t[:idx[0][0]] + t[idx[0][1]:idx[1][0]] + t[idx[1][1]:]
	if strings.Trim(rest, "-.") != "" || len(t[idx[0][1]:idx[1][0]]) > 2 {
		return Coords{}, false
	}
	out := Coords{Text: line, Whole: true}
	for i, m := range idx {
		part := func(k int) string {
			if m[2*k] < 0 {
				return ""
			}
			return t[m[2*k]:m[2*k+1]]
		}
		deg, _ := strconv.ParseFloat(part(1), 64)
		v, text := deg, part(1)+"°"
		if strings.Contains(part(1), ".") {
			out.Whole = false
		}
		for k, div := range map[int]float64{2: 60, 3: 3600} {
			if p := part(k); p != "" {
				f, _ := strconv.ParseFloat(p, 64)
				if f >= 60 || strings.Contains(part(1), ".") {
					return Coords{}, false // minutes with decimal degrees
				}
				v += f / div
				out.Whole = false
			}
		}
		if p := part(2); p != "" {
			text += p + "'"
			if s := part(3); s != "" {
				text += s + `"`
			}
		}
		letter := part(4)
		lat := letter == "N" || letter == "S"
		if lat != (i == 0) {
			return Coords{}, false // the latitude first, then the longitude
		}
		if letter == "S" || letter == "W" || letter == "O" || letter == "Ovest" {
			v = -v
		}
		text += letter[:1]
		if i == 0 {
			if math.Abs(v) > 90 {
				return Coords{}, false
			}
			out.Lat, out.LatText = v, text
		} else {
			if math.Abs(v) > 180 {
				return Coords{}, false
			}
			out.Lon, out.LonText = v, text
		}
	}
	return out, true
}

// String is the reading as the card writes it.
func (c Coords) String() string { return fmt.Sprintf("%s %s", c.LatText, c.LonText) }
