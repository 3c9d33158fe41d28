package geo

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// Axis says which coordinate a value is: latitude (north–south) or
// longitude (west–east).
type Axis int

const (
	AxisLat Axis = iota
	AxisLon
)

func (a Axis) limit() float64 {
	if a == AxisLat {
		return 90
	}
	return 180
}

func (a Axis) word() string {
	if a == AxisLat {
		return "latitude"
	}
	return "longitude"
}

// hemispheres are the letters a coordinate may carry, with their sign:
// N/S for latitude, E/W for longitude and O (Ovest) as the Italian cards
// write west.
func (a Axis) hemisphere(r rune) (sign float64, ok bool) {
	switch unicode.ToUpper(r) {
	case 'N':
		return 1, a == AxisLat
	case 'S':
		return -1, a == AxisLat
	case 'E':
		return 1, a == AxisLon
	case 'W', 'O':
		return -1, a == AxisLon
	}
	return 0, false
}

// ParseCoord reads a coordinate as people copy it from a card or a map:
// signed decimal degrees ("-34.6"), or degrees with a hemisphere letter
// before or after ("34.6S", "S 34.6", "34.6° S"), optionally in degrees,
// minutes and seconds ("34°36'S", "34°36'30\"S", "34 36 30 S"). West is W or
// O (Ovest). The result is signed: north and east positive.
func ParseCoord(s string, a Axis) (float64, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, fmt.Errorf("empty %s", a.word())
	}
	bad := fmt.Errorf("%q is not a %s: write decimal degrees like %s, or %s", s, a.word(), a.example(), a.exampleDMS())
	sign, lettered := 1.0, false
	rs := []rune(t)
	if sg, ok := a.hemisphere(rs[len(rs)-1]); ok && len(rs) > 1 {
		sign, lettered, t = sg, true, string(rs[:len(rs)-1])
	} else if sg, ok := a.hemisphere(rs[0]); ok && len(rs) > 1 {
		sign, lettered, t = sg, true, string(rs[1:])
	}
	if strings.IndexFunc(t, unicode.IsLetter) >= 0 {
		if other := (Axis(1 - a)); !lettered && len(rs) > 1 {
			if _, ok := other.hemisphere(rs[len(rs)-1]); ok && strings.IndexFunc(string(rs[:len(rs)-1]), unicode.IsLetter) < 0 {
				return 0, fmt.Errorf("%q: %s is not a %s hemisphere (%s)", s, string(rs[len(rs)-1]), a.word(), a.letters())
			}
		}
		return 0, bad
	}
	// Degree, minute and second marks become spaces: "34°36'30\"" → "34 36 30".
	t = strings.Map(func(r rune) rune {
		switch r {
		case '°', 'º', '\'', '’', '′', '"', '”', '″':
			return ' '
		}
		return r
	}, t)
	parts := strings.Fields(t)
	if len(parts) == 0 || len(parts) > 3 {
		return 0, bad
	}
	neg := strings.HasPrefix(parts[0], "-")
	if neg && lettered {
		return 0, fmt.Errorf("%q: a sign and a hemisphere letter together", s)
	}
	var v float64
	for i, p := range parts {
		if i > 0 && (strings.HasPrefix(p, "-") || strings.HasPrefix(p, "+")) {
			return 0, fmt.Errorf("%q: only the degrees may carry a sign", s)
		}
		f, err := strconv.ParseFloat(p, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return 0, bad
		}
		f = math.Abs(f)
		switch {
		case i > 0 && f >= 60:
			return 0, fmt.Errorf("%q: minutes and seconds run from 0 to 59", s)
		case i == 0 && len(parts) > 1 && f != math.Trunc(f):
			return 0, fmt.Errorf("%q: with minutes, the degrees are a whole number", s)
		}
		v += f / math.Pow(60, float64(i))
	}
	if neg {
		v = -v
	}
	v *= sign
	if math.Abs(v) > a.limit() {
		return 0, fmt.Errorf("%s %q is beyond ±%g°", a.word(), s, a.limit())
	}
	return v, nil
}

func (a Axis) example() string {
	if a == AxisLat {
		return "-34.6"
	}
	return "-58.4"
}

func (a Axis) exampleDMS() string {
	if a == AxisLat {
		return "34°36'S"
	}
	return "58°24'W"
}

func (a Axis) letters() string {
	if a == AxisLat {
		return "N or S"
	}
	return "E, W or O"
}

// ParseWholeDegrees reads a coordinate printed in whole degrees, as on the
// Nord Sud Ovest Est cards: "41", "-9", "41N", "9O", "9°W".
func ParseWholeDegrees(s string, a Axis) (int, error) {
	v, err := ParseCoord(s, a)
	if err != nil {
		return 0, err
	}
	if v != math.Trunc(v) {
		return 0, fmt.Errorf("%q: the card prints whole degrees, so write a whole number", s)
	}
	return int(v), nil
}

// FormatWholeDegrees writes whole degrees the way the Italian cards do:
// "41°N", "9°O", and "0°O" for a negative zero (London prints 0°O).
func FormatWholeDegrees(v float64, a Axis) string {
	pos, neg := "N", "S"
	if a == AxisLon {
		pos, neg = "E", "O"
	}
	if math.Signbit(v) {
		return fmt.Sprintf("%d°%s", int(-v), neg)
	}
	return fmt.Sprintf("%d°%s", int(v), pos)
}
