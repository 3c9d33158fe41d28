// Package qrpath turns a tableref payload into a QR module grid and the grid
// into one outline path. Printing every dark module as its own square
// leaves hairline seams between neighbours in most PDF renderers (each
// square is anti-aliased on its own); filling the traced outline of all the
// dark modules as a single path cannot seam, and it is also far smaller.
package qrpath

import (
	"fmt"

	qrcode "github.com/skip2/go-qrcode"

	"github.com/tableref/tableref/rules"
)

// Level is the QR error-correction level.
type Level int

const (
	// Q restores about 25 % of the codewords: enough for cards, and a
	// 16-character payload still fits version 1 (21×21 modules).
	Q Level = iota
	// H restores about 30 %: for stickers, which get scuffed and may be
	// stuck over a printed edge. A tableref payload needs version 2
	// (25×25) at H: version 1-H holds only 10 alphanumeric characters.
	H
)

func (l Level) String() string {
	if l == H {
		return "H"
	}
	return "Q"
}

// lib maps our level to go-qrcode's names, which are shifted by one:
// its High is the standard's Q and its Highest the standard's H.
func (l Level) lib() qrcode.RecoveryLevel {
	if l == H {
		return qrcode.Highest
	}
	return qrcode.High
}

// QuietZone is the light margin, in modules, that must surround every code
// (the standard's minimum). Layouts reserve it; the grid does not include it.
const QuietZone = rules.QuietZoneModules

// Grid is a QR symbol's modules without the quiet zone.
type Grid struct {
	Payload string
	Version int
	Level   Level
	N       int      // modules per side: 17 + 4×Version
	dark    [][]bool // [row][col]
}

// Encode builds the smallest symbol for payload at level.
func Encode(payload string, level Level) (*Grid, error) {
	q, err := qrcode.New(payload, level.lib())
	if err != nil {
		return nil, fmt.Errorf("qr code for %q at level %s: %w", payload, level, err)
	}
	return fromLib(q, payload, level), nil
}

// EncodeVersion builds a symbol of exactly the given version, so that all
// codes of a sheet share one size.
func EncodeVersion(payload string, version int, level Level) (*Grid, error) {
	q, err := qrcode.NewWithForcedVersion(payload, version, level.lib())
	if err != nil {
		return nil, fmt.Errorf("qr code for %q at version %d-%s: %w", payload, version, level, err)
	}
	return fromLib(q, payload, level), nil
}

func fromLib(q *qrcode.QRCode, payload string, level Level) *Grid {
	q.DisableBorder = true
	bm := q.Bitmap()
	return &Grid{Payload: payload, Version: q.VersionNumber, Level: level, N: len(bm), dark: bm}
}

// Dark reports whether the module at (row, col) is dark; outside the symbol
// (the quiet zone) everything is light.
func (g *Grid) Dark(row, col int) bool {
	if row < 0 || col < 0 || row >= g.N || col >= g.N {
		return false
	}
	return g.dark[row][col]
}

// SizeWithQuietZone is the symbol's side in modules including the quiet
// zone on both sides.
func (g *Grid) SizeWithQuietZone() int { return g.N + 2*QuietZone }
