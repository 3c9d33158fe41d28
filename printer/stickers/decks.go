package stickers

import (
	"fmt"
	"strings"

	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/printer/pdf"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/rules/strangeworld"
)

// Deck is the sticker list of one deck.
type Deck struct {
	Code, Name string
	Game       string // rules game family: wit, mapit, nsoe, strangeworld
	Stickers   []Sticker
}

// sideNames are what each game calls the two sides of its cards.
var sideNames = map[string][2]string{
	geo.GameWIT:    {"flag side", "map side"},
	geo.GameMapIt:  {"name side", "coordinate side"},
	geo.GameNSOE:   {"name side", "coordinate side"},
	"strangeworld": {"picture side", "Tzimime side"},
}

// SideName is what a game calls a side of its cards.
func SideName(game string, side rules.Side) string {
	if n, ok := sideNames[game]; ok {
		return n[side]
	}
	return side.String()
}

// ForDeck lists a deck's stickers: Strange World's from its engine, a
// geography deck's (tableref's own or one installed from the user's box)
// two per card, one for each side the camera reads.
func ForDeck(code string) (*Deck, error) {
	code = strings.ToUpper(code)
	if code == strangeworld.DeckCode {
		return &Deck{Code: code, Name: "Strange World above the clouds", Game: "strangeworld", Stickers: StrangeWorld()}, nil
	}
	info, ok := geo.Info(code)
	if !ok {
		return nil, fmt.Errorf("no deck %q: stickers are for SA, WLD, EU, SW or a deck installed with 'tableref decks import'", code)
	}
	d := &Deck{Code: info.Code, Name: info.Name, Game: info.Game}
	if info.Installed {
		// Say which deck the stickers are of: a box beside tableref's SA
		// has tableref's name, and its stickers only its cards.
		d.Name += ", " + info.Label()
	}
	for _, c := range geo.Cards(code) {
		for _, side := range []rules.Side{rules.Front, rules.Back} {
			ref := rules.CardRef{ID: c.ID, Side: side}
			d.Stickers = append(d.Stickers, Sticker{Payload: rules.CardPayload(ref).String(), Label: c.Name + " · " + SideName(info.Game, side)})
		}
	}
	if len(d.Stickers) == 0 {
		return nil, fmt.Errorf("deck %s has no cards", code)
	}
	return d, nil
}

// Guide adds the "where to stick" page of a game: both sides of its real
// card at actual size, with the sticker where the scanner expects it.
func Guide(doc *pdf.Doc, p layout.Paper, game string, module float64) error {
	c := doc.Page()
	title := "Where to stick: " + gameName(game)
	c.Text(p.W/2, layout.MinMargin+9, draw.Bold, 13, draw.Center, title, draw.Black)
	note := "Print this page on plain paper at 100 %. Lay a card on its outline: the sticker goes on the grey square, upright like the card's text."
	c.Text(p.W/2, layout.MinMargin+15, draw.Regular, draw.Fit(draw.Regular, 8, 5, p.W-20, note), draw.Center, note, draw.Grey)
	x := (p.W - 2*63.5 - 16) / 2
	for _, side := range []rules.Side{rules.Front, rules.Back} {
		spot, ok := rules.StickerSpotOf(game, side)
		if !ok {
			return fmt.Errorf("game %q has no sticker spot for its %s", game, side)
		}
		w, h := spot.CardMM[0], spot.CardMM[1]
		y := layout.MinMargin + 30
		c.Text(x+w/2, y-4, draw.Bold, 10, draw.Center, SideName(game, side), draw.Black)
		c.Fill(draw.Frame(x, y, w, h, 0.3), draw.Black)
		// The card's centre, so the offset can be checked with a ruler.
		cx, cy := x+w/2, y+h/2
		c.Fill(draw.Line(draw.Pt{X: cx - 3, Y: cy}, draw.Pt{X: cx + 3, Y: cy}, 0.2), draw.Grey)
		c.Fill(draw.Line(draw.Pt{X: cx, Y: cy - 3}, draw.Pt{X: cx, Y: cy + 3}, 0.2), draw.Grey)
		sw, sh := Size(module)
		code := float64(fullModules) * module
		sx, sy := cx+spot.OffsetMM[0]-sw/2, cy+spot.OffsetMM[1]-code/2-pad
		c.Fill(draw.Rect(sx, sy, sw, sh), draw.RGB(225, 225, 225))
		q := float64(4) * module
		c.Fill(draw.Frame(sx+pad+q, sy+pad+q, code-2*q, code-2*q, 0.3), draw.RGB(120, 120, 120))
		c.Text(cx+spot.OffsetMM[0], cy+spot.OffsetMM[1]+1, draw.Bold, 8, draw.Center, "sticker", draw.RGB(120, 120, 120))
		lines := wrap(spot.Where, w+10, 7.5, 4)
		ty := y + h + 6
		for _, l := range lines {
			c.Text(x+w/2, ty, draw.Bold, 7.5, draw.Center, l, draw.Black)
			ty += 3.5
		}
		off := fmt.Sprintf("code centre %.0f mm %s the card's centre", absf(spot.OffsetMM[1]), map[bool]string{true: "below", false: "above"}[spot.OffsetMM[1] >= 0])
		if spot.OffsetMM[1] == 0 {
			off = "code centre on the card's centre"
		}
		c.Text(x+w/2, ty+1, draw.Regular, 7, draw.Center, off, draw.Grey)
		c.Text(x+w/2, ty+4.5, draw.Regular, 7, draw.Center, cardSizeNote(w, h, spot), draw.Grey)
		x += w + 16
	}
	foot := "A card of another size: keep the sticker's centre as far from the card's centre as shown, and record the card size in the calibration file (decks: card_mm)."
	c.Text(p.W/2, p.H-layout.MinMargin-6, draw.Regular, draw.Fit(draw.Regular, 7, 5, p.W-20, foot), draw.Center, foot, draw.Grey)
	return nil
}

func absf(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

func gameName(game string) string {
	if game == "strangeworld" {
		return "Strange World above the clouds"
	}
	return geo.GameName(game)
}

// cardSizeNote is the guide's line under a card outline: its size and,
// when nobody has measured a real card yet, a word to check it. The
// spot's Source is for developers (it cites REFERENCE.md, which the
// user does not have); the printed sheet speaks to the user.
func cardSizeNote(w, h float64, spot rules.StickerSpot) string {
	if strings.HasPrefix(spot.Source, "unmeasured") {
		return fmt.Sprintf("card %g×%g mm: lay one of yours on this outline to check", w, h)
	}
	return fmt.Sprintf("card %g×%g mm, as the box's cards are", w, h)
}
