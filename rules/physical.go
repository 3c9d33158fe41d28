package rules

import (
	"fmt"
	"math"
	"strings"
)

// Physical facts about the codes tableref prints and the cards they sit
// on. The printer makes codes of these sizes and puts stickers at these
// spots; the scanner and calibration measure the table with them. They
// live here, in the vocabulary both sides share, so neither can drift from
// the other.

// CardModuleMM is the module size of the version-1 (Q) codes on tableref's
// print-and-play decks by default: the smallest module a Raspberry Pi
// Camera Module 3 at full resolution (4608 px, 66°) one metre above the
// table still sees at printer/sizing's MinPxPerModule (2.2 px) at the far
// corner of its view (0.78 mm), rounded up to 0.1 mm: a 16.8 mm code. A
// user who prints for another camera gets another size and is told to
// record it.
const CardModuleMM = 0.8

// StickerModuleMM is the module of the version-2 (H) sticker codes for the
// real boxed games by default, from the same camera check: a 20 mm code.
const StickerModuleMM = 0.8

// CardCodeMM is the side of a printed card's code without its quiet zone
// (21 modules).
const CardCodeMM = 21 * CardModuleMM

// StickerCodeMM is the side of a sticker's code without its quiet zone
// (25 modules).
const StickerCodeMM = 25 * StickerModuleMM

// StickerSpot says where a tableref sticker sits on one side of a real
// boxed game's card, so the scanner can turn a sticker's position into the
// real card's outline and grid cell. Coordinates are in the card's own
// frame with the card upright (its text readable): x to the right, y down,
// in millimetres; the sticker is stuck upright too, so the code's top edge
// runs along the card's.
type StickerSpot struct {
	Game string // the game family: "wit", "mapit", "nsoe", "strangeworld"
	Side Side
	// CardMM is the real card's width and height, upright.
	CardMM [2]float64
	// OffsetMM is the sticker code's centre minus the card's centre.
	OffsetMM [2]float64
	// Where says where the sticker goes in words, for the sticking guide.
	Where string
	// Source says where CardMM comes from; "unmeasured" marks a default to
	// check against a real card (REFERENCE.md gives no size for it).
	Source string
}

// The spots of each game's stickers. The codes sit away from what players
// read on the card: Where is That?'s name and half-circles, Map It!'s side
// marks, Strange World's banners and player-count marker.
var stickerSpots = []StickerSpot{
	{Game: "wit", Side: Front, CardMM: [2]float64{63.5, 88.9}, OffsetMM: [2]float64{0, 12},
		Where: "flag side: over the flag, below the name and country", Source: "unmeasured (poker size assumed)"},
	{Game: "wit", Side: Back, CardMM: [2]float64{63.5, 88.9}, OffsetMM: [2]float64{0, 0},
		Where: "map side: in the middle, between the four half-circles (keep their numbers visible)", Source: "unmeasured (poker size assumed)"},
	{Game: "mapit", Side: Front, CardMM: [2]float64{63.5, 88.9}, OffsetMM: [2]float64{0, 12},
		Where: "name side: below the name (and its bars on beginner cards)", Source: "unmeasured (poker size assumed)"},
	{Game: "mapit", Side: Back, CardMM: [2]float64{63.5, 88.9}, OffsetMM: [2]float64{0, 12},
		Where: "coordinate side: below the coordinates, clear of the white side marks", Source: "unmeasured (poker size assumed)"},
	{Game: "nsoe", Side: Front, CardMM: [2]float64{63.5, 88.9}, OffsetMM: [2]float64{0, 12},
		Where: "name side: over the skyline, below the name", Source: "unmeasured (poker size assumed)"},
	{Game: "nsoe", Side: Back, CardMM: [2]float64{63.5, 88.9}, OffsetMM: [2]float64{0, 12},
		Where: "coordinate side: below the country and the degrees", Source: "unmeasured (poker size assumed)"},
	{Game: "strangeworld", Side: Front, CardMM: [2]float64{63, 89}, OffsetMM: [2]float64{0, 8},
		Where: "picture side: in the middle under the banners, clear of the player-count marker at the bottom left", Source: "63×89 mm (REFERENCE.md §7.1)"},
	{Game: "strangeworld", Side: Back, CardMM: [2]float64{63, 89}, OffsetMM: [2]float64{0, 0},
		Where: "Tzimime side: in the middle", Source: "63×89 mm (REFERENCE.md §7.1)"},
}

// StickerSpotOf returns the sticker spot of one side of a game's cards.
func StickerSpotOf(game string, side Side) (StickerSpot, bool) {
	for _, s := range stickerSpots {
		if s.Game == strings.ToLower(game) && s.Side == side {
			return s, true
		}
	}
	return StickerSpot{}, false
}

// StickerSpotForDeck returns the sticker spot of a deck's cards through
// the deck's game family, so a user's own deck of a game gets its spots.
func StickerSpotForDeck(deck string, side Side) (StickerSpot, error) {
	d, ok := LookupDeck(deck)
	if !ok {
		return StickerSpot{}, fmt.Errorf("deck %q is not known", deck)
	}
	s, ok := StickerSpotOf(d.Game, side)
	if !ok {
		return StickerSpot{}, fmt.Errorf("deck %s (%s): game %q has no sticker spot", d.Label(), d.Name, d.Game)
	}
	return s, nil
}

// StickerGames lists the game families that have sticker spots.
func StickerGames() []string {
	var out []string
	for _, s := range stickerSpots {
		if len(out) == 0 || out[len(out)-1] != s.Game {
			out = append(out, s.Game)
		}
	}
	return out
}

// toTable turns a point of the card frame, relative to the code's centre,
// into table coordinates for a code centred at (x, y) whose top edge runs
// angleDeg degrees clockwise from east (y grows down on the table as on
// the card).
func toTable(px, py, x, y, angleDeg float64) (float64, float64) {
	s, c := math.Sincos(angleDeg * math.Pi / 180)
	return x + px*c - py*s, y + px*s + py*c
}

// CardCentre is the real card's centre on the table for a sticker code
// seen centred at (x, y) mm whose top edge runs angleDeg degrees clockwise
// from east (0 for a card lying upright).
func (s StickerSpot) CardCentre(x, y, angleDeg float64) (cx, cy float64) {
	return toTable(-s.OffsetMM[0], -s.OffsetMM[1], x, y, angleDeg)
}

// CardCorners is the real card's outline on the table for the same
// sticker: top-left, top-right, bottom-right, bottom-left of the card.
func (s StickerSpot) CardCorners(x, y, angleDeg float64) [4][2]float64 {
	w, h := s.CardMM[0]/2, s.CardMM[1]/2
	var out [4][2]float64
	for i, p := range [4][2]float64{{-w, -h}, {w, -h}, {w, h}, {-w, h}} {
		out[i][0], out[i][1] = toTable(p[0]-s.OffsetMM[0], p[1]-s.OffsetMM[1], x, y, angleDeg)
	}
	return out
}

// PokerCardMM is tableref's print-and-play card upright, 63.5 × 88.9 mm
// (2.5 × 3.5 in): the size printer/layout cuts and learn measures with.
var PokerCardMM = [2]float64{63.5, 88.9}

// PrintedFrameMM is the width of the coloured frame inside a printed
// card's cut line; nothing else is drawn in it.
const PrintedFrameMM = 2.5

// PrintedCircleMM is the radius of the half-circles on a printed card
// cardW millimetres wide (Where is That?'s numbers sit in them).
func PrintedCircleMM(cardW float64) float64 { return cardW * 0.13 }

// PrintedCode is where a print-and-play card's code sits, the same on both
// sides of every geography card: centred left to right, low on the card
// with its quiet zone clear of the bottom half-circle and the side marks,
// leaving the upper part of the face to the art.
type PrintedCode struct {
	// CentreMM is the code's centre from the card's top-left corner.
	CentreMM [2]float64
	// SideMM is the code with its quiet zone (21 + 2×4 modules).
	SideMM float64
	// ModuleMM is the module it was printed with.
	ModuleMM float64
}

// printedCodeModules is a version-1 code with its two quiet zones.
const printedCodeModules = 21 + 8

// PrintedCodeOn places a code of the wanted module on a card of the given
// size, shrinking the module if the card is too small for it. The printer
// draws with it and learn finds the printed text with it, so the two
// cannot drift apart.
func PrintedCodeOn(card [2]float64, module float64) PrintedCode {
	w, h := card[0], card[1]
	module = math.Min(module, math.Min(w-2*PrintedFrameMM, h*0.55)/printedCodeModules)
	side := module * printedCodeModules
	clear := math.Max(PrintedFrameMM, PrintedCircleMM(w)+0.6)
	return PrintedCode{CentreMM: [2]float64{w / 2, h - clear - side/2}, SideMM: side, ModuleMM: module}
}

// QuietZoneModules is the light margin, in modules, every code needs
// around it (the QR standard's minimum; printer/qrpath.QuietZone is it).
const QuietZoneModules = 4

// A sticker's paper: the margin around its code's quiet zone and the
// caption strip under the code, in mm (printer/stickers cuts them).
const (
	StickerPadMM  = 0.5
	StickerTextMM = 6.0
)

// StickerSizeMM is the smallest sticker for a module: a version-2 code
// (25 modules), its quiet zone, the paper's margin and the caption under
// it — what a plain grid of stickers is cut to. The printer cuts with it
// and learn masks the sticker with it, so the two cannot drift apart.
func StickerSizeMM(module float64) (w, h float64) {
	full := float64(25+2*QuietZoneModules)*module + 2*StickerPadMM
	return full, full + StickerTextMM
}
