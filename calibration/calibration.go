// Package calibration holds what tableref must know about one table and
// camera before it can read a game: the table plane (a homography from image
// pixels to table millimetres), the player zones, the colour profiles of
// Shake That City's cubes and tiles, the empty look of every city board and
// the shaker mat, and the size of each deck's cards.
//
// Everything lives in one versioned JSON file whose sections are written by
// `tableref calibrate table|zones|colours|board`. Loading is strict: unknown
// keys and bad values are errors that name the field, so that a typo never
// silently keeps a default. The package computes the calibrations from
// decoded codes and sampled colours (plain values); reading photos is the
// scanner's and the command's job.
package calibration

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
)

// Format is the file format version this build writes and reads. A later
// format gets a new number so an old build refuses it instead of misreading.
const Format = 1

// ErrInvalid marks a calibration file that is malformed or inconsistent.
var ErrInvalid = errors.New("invalid calibration")

// ErrMissing marks a calibration section a caller needs but the file lacks.
var ErrMissing = errors.New("calibration missing")

// File is a whole calibration. Every section is optional: a section that is
// absent means "not calibrated", and users of the file say which command
// makes it.
type File struct {
	Format int `json:"format"`
	// Table maps image pixels to table millimetres.
	Plane *Plane `json:"table,omitempty"`
	// Zones places the players.
	Zones *Zones `json:"zones,omitempty"`
	// Colours are the cube and tile colour profiles.
	Colours *Colours `json:"colours,omitempty"`
	// Boards are the shaker mat's and the city boards' layouts and empty
	// looks, one per zone ("shaker", "board:p1", …).
	Boards []Board `json:"boards,omitempty"`
	// Decks overrides the card and code sizes of decks, by deck code.
	Decks map[string]Deck `json:"decks,omitempty"`
}

// Load reads and validates a calibration file.
func Load(path string) (*File, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%w: %s does not exist (run 'tableref calibrate table PHOTO' first)", ErrMissing, path)
		}
		return nil, fmt.Errorf("calibration: %w", err)
	}
	f, err := Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// Parse decodes and validates a calibration file's bytes.
func Parse(b []byte) (*File, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	var f File
	if err := d.Decode(&f); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, jsonError(b, err))
	}
	if d.More() {
		return nil, fmt.Errorf("%w: unexpected data after the JSON object", ErrInvalid)
	}
	if f.Format == 0 {
		return nil, fmt.Errorf("%w: format: missing (want %d): is this a tableref calibration file?", ErrInvalid, Format)
	}
	if err := f.Validate(); err != nil {
		return nil, err
	}
	// Read back what Marshal would write, so a file and its rewrite are
	// one value: an empty list (`"players":[]`) is the same as none, as
	// omitempty writes it (FuzzParse found the difference).
	out, err := f.Marshal()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	var canon File
	if err := json.Unmarshal(out, &canon); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	return &canon, nil
}

// jsonError adds the line number to a JSON syntax or type error.
func jsonError(b []byte, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off < 0 || off > int64(len(b)) {
		return err
	}
	return fmt.Errorf("line %d: %v", bytes.Count(b[:off], []byte("\n"))+1, err)
}

// Marshal writes the file as indented JSON, with the current format.
func (f *File) Marshal() ([]byte, error) {
	out := *f
	out.Format = Format
	if err := out.Validate(); err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(&out, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("calibration: %w", err)
	}
	return append(b, '\n'), nil
}

// Save validates and writes the file to path, through a temporary file so
// a crash never leaves half a calibration.
func (f *File) Save(path string) error {
	b, err := f.Marshal()
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return fmt.Errorf("calibration: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("calibration: %w", err)
	}
	return nil
}

// LoadOrNew reads path, or returns an empty file when it does not exist yet
// (a calibrate command adding the first section).
func LoadOrNew(path string) (*File, error) {
	f, err := Load(path)
	if errors.Is(err, ErrMissing) {
		return &File{Format: Format}, nil
	}
	return f, err
}

// problems collects every field error of a validation, so that a user
// fixing a hand-edited file sees them all at once.
type problems []string

func (p *problems) add(field, format string, args ...any) {
	*p = append(*p, field+": "+fmt.Sprintf(format, args...))
}

func (p problems) err() error {
	if len(p) == 0 {
		return nil
	}
	return fmt.Errorf("%w: %s", ErrInvalid, strings.Join(p, "; "))
}

// Validate checks every section; the error lists every problem, each
// naming its field ("colours.cubes[1].spread: -2 is not positive").
func (f *File) Validate() error {
	var p problems
	// Non-finite numbers first, and alone: the checks below compare
	// numbers and would say odd things about a NaN.
	if nonFinite(reflect.ValueOf(f).Elem(), "", &p); len(p) > 0 {
		return p.err()
	}
	switch {
	case f.Format == 0:
		// An empty File built in code; files on disk always carry a
		// format, which Parse checks below through the same path.
	case f.Format > Format:
		p.add("format", "%d is newer than this build reads (%d): update tableref", f.Format, Format)
	case f.Format < 0:
		p.add("format", "%d is not a format version", f.Format)
	}
	if f.Plane != nil {
		f.Plane.validate(&p, "table")
	}
	if f.Zones != nil {
		f.Zones.validate(&p, "zones")
	}
	if f.Colours != nil {
		f.Colours.validate(&p, "colours")
	}
	seen := map[string]bool{}
	for i, b := range f.Boards {
		field := fmt.Sprintf("boards[%d]", i)
		b.validate(&p, field)
		if seen[b.Zone] {
			p.add(field+".zone", "%q is calibrated twice", b.Zone)
		}
		seen[b.Zone] = true
	}
	for code, d := range f.Decks {
		d.validate(&p, "decks."+code)
	}
	return p.err()
}

// Board returns the board calibration of a zone ("shaker", "board:p2"), or
// nil.
func (f *File) Board(zone string) *Board {
	if f == nil {
		return nil
	}
	for i := range f.Boards {
		if f.Boards[i].Zone == zone {
			return &f.Boards[i]
		}
	}
	return nil
}

// SetBoard adds or replaces the board calibration of b.Zone.
func (f *File) SetBoard(b Board) {
	for i := range f.Boards {
		if f.Boards[i].Zone == b.Zone {
			f.Boards[i] = b
			return
		}
	}
	f.Boards = append(f.Boards, b)
}
