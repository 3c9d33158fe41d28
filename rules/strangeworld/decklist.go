package strangeworld

import (
	"bytes"
	_ "embed"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// LandType is one kind of Land card: its icons, portal and animals, and how
// many copies of it carry each player-count mark.
type LandType struct {
	Key     string   // replay name stem: "grey-green"
	Name    string   // "Grey-Green"
	Short   string   // at most 11 characters, for the 16×2 display
	Icons   Icons    // icon counts
	Portal  bool     // half-portals on the left and right edges
	Animals []string // animal medallions
	Start   bool     // one of the 4 starting cards (no Tzimime back)
	First   int      // card number of the first copy
	Marks   [4]int   // copies with mark 1+, 2+, 3+, 4 (starting cards: none)
}

// Label is the type's name with its animals, "Grey-Green (Goat)".
func (t *LandType) Label() string {
	if len(t.Animals) == 0 {
		return t.Name
	}
	return t.Name + " (" + strings.Join(t.Animals, ", ") + ")"
}

// Copies is the number of physical copies of the type.
func (t *LandType) Copies() int {
	return t.Marks[0] + t.Marks[1] + t.Marks[2] + t.Marks[3]
}

// maxCopies is the room each type has in the numbering (First, First+1, …).
const maxCopies = 20

//go:embed data/decklist.csv
var defaultDeckList []byte

// ParseDeckList reads a deck list in the CSV form of data/decklist.csv.
// Lines starting with # are comments; the first other line is the header.
// Errors name the line and the column.
func ParseDeckList(r io.Reader) ([]*LandType, error) {
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	// csv's Comment option only skips comments at the start of a record,
	// which is what we want; FieldsPerRecord checks every line's width.
	cr := csv.NewReader(bytes.NewReader(raw))
	cr.Comment = '#'
	cr.TrimLeadingSpace = true
	want := []string{"key", "name", "short", "icons", "portal", "animals", "first", "m1", "m2", "m3", "m4"}
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("deck list: %w", err)
	}
	if strings.Join(header, ",") != strings.Join(want, ",") {
		return nil, fmt.Errorf("deck list: header %q, want %q", strings.Join(header, ","), strings.Join(want, ","))
	}
	var out []*LandType
	keys := map[string]bool{}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("deck list: %w", err)
		}
		line, _ := cr.FieldPos(0)
		t, err := parseLandType(rec)
		if err != nil {
			return nil, fmt.Errorf("deck list line %d: %w", line, err)
		}
		if keys[t.Key] {
			return nil, fmt.Errorf("deck list line %d: key %q used twice", line, t.Key)
		}
		keys[t.Key] = true
		out = append(out, t)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("deck list: no card types")
	}
	return out, checkNumbering(out)
}

func parseLandType(rec []string) (*LandType, error) {
	t := &LandType{Key: strings.ToLower(rec[0]), Name: rec[1], Short: rec[2]}
	if t.Key == "" || strings.ContainsAny(t.Key, " #/") {
		return nil, fmt.Errorf("key %q: want letters, digits and hyphens", rec[0])
	}
	if t.Name == "" {
		return nil, fmt.Errorf("type %s has no name", t.Key)
	}
	if n := len([]rune(t.Short)); n == 0 || n > 11 {
		return nil, fmt.Errorf("type %s: short name %q must have 1 to 11 characters", t.Key, t.Short)
	}
	for _, w := range strings.Fields(rec[3]) {
		i, err := parseIcon(w)
		if err != nil {
			return nil, fmt.Errorf("type %s: %w", t.Key, err)
		}
		t.Icons[i]++
	}
	if t.Icons.Total() == 0 {
		return nil, fmt.Errorf("type %s has no icons", t.Key)
	}
	switch strings.ToLower(rec[4]) {
	case "yes":
		t.Portal = true
	case "no":
	default:
		return nil, fmt.Errorf("type %s: portal %q, want yes or no", t.Key, rec[4])
	}
	for _, w := range strings.Fields(rec[5]) {
		a, err := parseAnimal(w)
		if err != nil {
			return nil, fmt.Errorf("type %s: %w", t.Key, err)
		}
		t.Animals = append(t.Animals, a)
	}
	first, err := strconv.Atoi(rec[6])
	if err != nil {
		return nil, fmt.Errorf("type %s: first %q is not a number", t.Key, rec[6])
	}
	t.First = first
	for m := 0; m < 4; m++ {
		n, err := strconv.Atoi(rec[7+m])
		if err != nil || n < 0 {
			return nil, fmt.Errorf("type %s: m%d %q is not a count", t.Key, m+1, rec[7+m])
		}
		t.Marks[m] = n
	}
	if c := t.Copies(); c > maxCopies {
		return nil, fmt.Errorf("type %s: %d copies, at most %d fit its numbers", t.Key, c, maxCopies)
	}
	return t, nil
}

// checkNumbering makes sure every copy gets a number of its own, above the
// fixed cards' numbers and within what a payload carries.
func checkNumbering(types []*LandType) error {
	owner := map[int]string{}
	for _, t := range types {
		if t.First < firstLandNum || t.First+t.Copies()-1 > 999 {
			return fmt.Errorf("type %s: numbers %d… must lie in %d–999", t.Key, t.First, firstLandNum)
		}
		for n := t.First; n < t.First+t.Copies(); n++ {
			if o, dup := owner[n]; dup {
				return fmt.Errorf("card number %d given to both %s and %s", n, o, t.Key)
			}
			owner[n] = t.Key
		}
	}
	return nil
}
