// Package learn teaches tableref a box's cards from the camera: the user
// lays stickered cards map side up (Where is That?) or coordinate side up
// (Nord Sud Ovest Est, Map It!), a dozen at a time; each sticker says
// which card it is, and the card's printed circle numbers and name, or
// its coordinates and country or name, are read beside it
// (vision/cardtext). A read is taken as it is only when it is sure
// (decide: the readings agree, Tesseract is confident, nothing
// contradicts it); everything else becomes a question for the user. Confirmed cards are written to a session file at once, so an
// interrupted session keeps them; the session ends in a deck file
// (rules/geo) that `tableref decks import` installs.
package learn

import (
	"context"
	"fmt"
	"github.com/tableref/tableref/scanner"
	"image"
	"math"
	"sort"
	"strings"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/cmd/tableref/internal/learn/decide"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/rules/wit"
	"github.com/tableref/tableref/vision/cardtext"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
)

// What decide makes of the reads, under the names learn's callers use.
type (
	Axis       = decide.Axis
	NumberRead = decide.NumberRead
	NameRead   = decide.NameRead
)

const (
	NS               = decide.NS
	WE               = decide.WE
	DefaultThreshold = decide.DefaultThreshold
)

// Read is what one batch made of one card.
type Read struct {
	ID   rules.CardID
	NS   NumberRead
	WE   NumberRead
	Name NameRead
	// Place is a Nord Sud Ovest Est or Map It! card's printed
	// coordinates (nil on a Where is That? card, whose NS and WE count).
	Place *decide.PlaceRead
	// Crop is the card upright, to show beside the reads.
	Crop image.Image
	// Confirmed is the card as the session already holds it, if it does.
	Confirmed *Card
	// Problem says why the card could not be read at all.
	Problem string
}

// Sure reports whether everything about the card was read surely.
func (r Read) Sure() bool {
	numbers := r.NS.Sure && r.WE.Sure
	if r.Place != nil {
		numbers = r.Place.Sure
	}
	return r.Problem == "" && numbers && r.Name.Sure
}

// Questions lists what the user must answer about the card.
func (r Read) Questions() []string {
	var q []string
	if r.Problem != "" {
		return []string{r.Problem}
	}
	if !r.Name.Sure {
		q = append(q, "name: "+r.Name.Why)
	}
	if r.Place != nil {
		if !r.Place.Sure {
			q = append(q, "coordinates: "+r.Place.Why)
		}
		return q
	}
	if !r.NS.Sure {
		q = append(q, "north–south: "+r.NS.Why)
	}
	if !r.WE.Sure {
		q = append(q, "west–east: "+r.WE.Why)
	}
	return q
}

// Card is the read as a card to confirm.
func (r Read) Card() Card {
	c := Card{Num: r.ID.Num, Name: r.Name.Text, NS: r.NS.Value, WE: r.WE.Value, Asked: !r.Sure()}
	if r.Place != nil {
		c.LatText, c.LonText = r.Place.LatText, r.Place.LonText
	}
	return c
}

// Batch is one photo's reads.
type Batch struct {
	Cards []Read
	// Notes are things seen that are not cards to learn: codes of other
	// decks, cards lying flag side up, cards cut by the picture's edge.
	Notes []string
}

// Geometry says where a card side's code sits: modules is the code's
// size in modules (21 on tableref's printed cards, 25 on stickers).
type Geometry func(id rules.CardID, modules int) (cardtext.Geometry, error)

// Learner reads batches.
type Learner struct {
	QR        *qr.Reader
	Text      *cardtext.Reader
	Geometry  Geometry
	Threshold float64 // 0: DefaultThreshold
}

// Read reads one photo of cards lying map side up. It changes nothing in
// the session: the caller confirms what the user accepts.
func (l *Learner) Read(ctx context.Context, frame gocv.Mat, s *Session) (Batch, error) {
	res, err := l.QR.Read(ctx, frame)
	if err != nil {
		return Batch{}, err
	}
	threshold := l.Threshold
	if threshold == 0 {
		threshold = DefaultThreshold
	}
	var b Batch
	others := map[string]int{}
	fronts := 0
	var outlines, otherCodes []geom.Quad // for the cards whose code was lost
	for _, c := range res.Codes {
		if c.Payload.Kind != rules.KindCard || c.Payload.Card.ID.Anonymous() {
			otherCodes = append(otherCodes, c.Corners)
			continue
		}
		id := c.Payload.Card.ID
		switch {
		case id.Deck != s.Code:
			others[id.Deck]++
			otherCodes = append(otherCodes, c.Corners)
			continue
		case c.Payload.Card.Side != rules.Back: // the name side (a flag, a skyline)
			fronts++
			otherCodes = append(otherCodes, c.Corners)
			continue
		}
		r := Read{ID: id}
		if conf, ok := s.Card(id.Num); ok {
			r.Confirmed = &conf
		}
		modules := int(math.Round(math.Sqrt(math.Abs(c.Corners.Area())) / c.ModulePx))
		g, err := l.Geometry(id, modules)
		if s.Game != geo.GameWIT {
			g, err = placeGeometry(id, s.Game, modules)
		}
		if err != nil {
			r.Problem = err.Error()
			b.Cards = append(b.Cards, r)
			continue
		}
		if s.Game != geo.GameWIT {
			if o := l.readPlace(frame, c.Corners, g, &r, s.Game, threshold); o != (geom.Quad{}) {
				outlines = append(outlines, o)
			} else {
				otherCodes = append(otherCodes, c.Corners)
			}
			b.Cards = append(b.Cards, r)
			continue
		}
		card, err := l.Text.ReadCard(frame, c.Corners, g)
		if card.Outline != (geom.Quad{}) {
			outlines = append(outlines, card.Outline)
		} else {
			otherCodes = append(otherCodes, c.Corners)
		}
		if err != nil {
			r.Problem = fmt.Sprintf("cannot read the card: %v", err)
			b.Cards = append(b.Cards, r)
			continue
		}
		r.Crop = card.Image
		r.NS = decide.DecideNumber(NS, [2]cardtext.Number{card.Numbers[cardtext.Top], card.Numbers[cardtext.Bottom]}, threshold)
		r.WE = decide.DecideNumber(WE, [2]cardtext.Number{card.Numbers[cardtext.Left], card.Numbers[cardtext.Right]}, threshold)
		expected := ""
		if gc, ok := deckCard(id); ok {
			expected = gc.Name
		}
		r.Name = decide.DecideName(card.Lines, expected)
		s.check(&r)
		b.Cards = append(b.Cards, r)
	}
	b.Notes = append(b.Notes, lostNotes(frame, outlines, otherCodes)...)
	l.crossCheck(&b)
	sort.Slice(b.Cards, func(i, j int) bool { return b.Cards[i].ID.Num < b.Cards[j].ID.Num })
	for code, n := range others {
		b.Notes = append(b.Notes, fmt.Sprintf("%s of deck %s: this session learns deck %s", rules.Count(n, "card"), code, s.Code))
	}
	if fronts > 0 {
		b.Notes = append(b.Notes, fmt.Sprintf("%s %s up: turn them %s up to be read", rules.Count(fronts, "card"), rules.SideName(s.Game, rules.Front), rules.SideName(s.Game, rules.Back)))
	}
	sort.Strings(b.Notes)
	return b, nil
}

// check turns a read into a question where the session contradicts it:
// a number another card already prints, an order against the
// coordinates of cards confirmed before, or a number far from the card's
// place in the deck (a lost figure: "75" read as "5"). Such a read is
// not even proposed: a user pressing Enter would take it.
func (s *Session) check(r *Read) {
	g, hasCoords := deckCard(r.ID)
	hasCoords = hasCoords && g.HasCoords && r.Name.Sure && r.Name.Expected != ""
	for _, ax := range []struct {
		a Axis
		n *NumberRead
	}{{NS, &r.NS}, {WE, &r.WE}} {
		v := ax.n.Value
		if v == 0 {
			continue
		}
		if o, ok := s.holder(ax.a, v, r.ID.Num); ok {
			ax.n.Doubt(fmt.Sprintf("read %d, but %s already prints %d", v, o.Name, v))
			continue
		}
		if !hasCoords {
			continue
		}
		if o, ok := s.contradiction(ax.a, v, r.ID.Num, g.Lat, g.Lon); ok {
			dir := "north"
			ov := o.NS
			if ax.a == WE {
				dir, ov = "west", o.WE
			}
			ax.n.Doubt(fmt.Sprintf("read %d, but %s (%d) lies on the other side of it, further %s or less far: check both", v, o.Name, ov, dir))
			continue
		}
		if lo, hi, ok := s.place(ax.a, g); ok && (v < lo || v > hi) {
			ax.n.Doubt(fmt.Sprintf("read %d, but a card at its %s would print %d to %d", v, [2]string{"latitude", "longitude"}[ax.a], lo, hi))
		}
	}
}

// place is the range of numbers a card at g's coordinates can print on
// axis a: its rank range among the deck's cards (wit.RankRange, the
// order check's margin), scaled by how the numbers confirmed so far
// compare with their ranks (a box with more cards than tableref's deck
// numbers further), and a few numbers more each way.
func (s *Session) place(a Axis, g geo.Card) (lo, hi int, ok bool) {
	var places []wit.Place
	for _, c := range geo.Builtin(s.Code) {
		if c.HasCoords {
			places = append(places, wit.Place{ID: c.ID, Lat: c.Lat, Lon: c.Lon})
		}
	}
	if len(places) < 10 {
		return 0, 0, false // too few cards to place one among them
	}
	ranks := func(c geo.Card) [2]int {
		ns, we := wit.RankRange(places, c.Lat, c.Lon, 1.5)
		return [2][2]int{ns, we}[a]
	}
	var ratios []float64 // number / rank of the confirmed cards
	for _, c := range s.cards {
		if d, ok := deckCard(rules.CardID{Deck: s.Code, Num: c.Num}); ok && d.HasCoords {
			r := ranks(d)
			ratios = append(ratios, float64([2]int{c.NS, c.WE}[a])/(float64(r[0]+r[1])/2))
		}
	}
	k := 1.0
	if len(ratios) >= 3 {
		sort.Float64s(ratios)
		k = ratios[len(ratios)/2]
	}
	r := ranks(g)
	const spare = 3
	return max(1, int(math.Floor(k*float64(r[0])))-spare), int(math.Ceil(k*float64(r[1]))) + spare, true
}

// crossCheck asks about numbers two cards of one batch share.
func (l *Learner) crossCheck(b *Batch) {
	for _, ax := range []Axis{NS, WE} {
		by := map[int][]int{}
		for i, r := range b.Cards {
			n := r.NS
			if ax == WE {
				n = r.WE
			}
			if n.Value > 0 {
				by[n.Value] = append(by[n.Value], i)
			}
		}
		for v, idx := range by {
			if len(idx) < 2 {
				continue
			}
			var names []string
			for _, i := range idx {
				names = append(names, b.Cards[i].Name.Text)
			}
			for _, i := range idx {
				n := &b.Cards[i].NS
				if ax == WE {
					n = &b.Cards[i].WE
				}
				n.Doubt(fmt.Sprintf("%d is read on %s: every card prints its own", v, strings.Join(names, " and ")))
			}
		}
	}
}

// NewDefault is a Learner for Where is That? cards with tableref's
// defaults: the names in Spanish and Portuguese, the codes where tableref
// prints them and where its sticking guide puts them.
func NewDefault() (*Learner, error) {
	text, err := cardtext.NewReader("spa", "por")
	if err != nil {
		return nil, err
	}
	// The stickers' codes are as small as the game's (issue 28): read with
	// the codebook of every installed deck.
	return &Learner{QR: scanner.ReaderFor("", rules.Setup{}), Text: text, Geometry: DefaultGeometry(geo.GameWIT, 0, 0)}, nil
}

// Close frees the text reader.
func (l *Learner) Close() error { return l.Text.Close() }

// readPlace reads a Nord Sud Ovest Est or Map It! card's coordinate side
// into r and returns the card's outline (empty when it was not found).
// The coordinates are checked against tableref's place for the card
// (decide.DecidePlace); the name against tableref's, or, on a Nord Sud
// Ovest Est card, which prints no name on that side, the country.
func (l *Learner) readPlace(frame gocv.Mat, code geom.Quad, g cardtext.Geometry, r *Read, game string, threshold float64) geom.Quad {
	side, err := l.Text.ReadCoordSide(frame, code, g)
	if err != nil {
		r.Problem = fmt.Sprintf("cannot read the card: %v", err)
		return side.Outline
	}
	r.Crop = side.Image
	known, ok := deckCard(r.ID)
	p := decide.DecidePlace(game, side.Coords, side.Seen, known, ok, threshold)
	r.Place = &p
	if game != geo.GameNSOE || !ok {
		r.Name = decide.DecideName(side.Lines, known.Name)
		return side.Outline
	}
	r.Name = decide.DecideName(side.Lines, known.Country)
	r.Name.Text, r.Name.Expected = known.Name, known.Name
	switch {
	case r.Name.Sure:
	case r.Name.Read == "":
		r.Name.Why = fmt.Sprintf("the sticker says %s (%s), but no country could be read on the card", known.Name, known.Country)
	default:
		r.Name.Why = fmt.Sprintf("the sticker says %s (%s), but the card reads %q: is the sticker on the right card?", known.Name, known.Country, cardtext.CleanName(r.Name.Read))
	}
	return side.Outline
}

// placeGeometry is where a sticker sits on a Nord Sud Ovest Est or Map
// It! card's coordinate side; tableref's own printed cards print
// tableref's coordinates, which there is nothing to learn from.
func placeGeometry(id rules.CardID, game string, modules int) (cardtext.Geometry, error) {
	if modules != 25 {
		return cardtext.Geometry{}, fmt.Errorf("%s: a code of %d modules, not a sticker (25): learn reads your box's cards with tableref's stickers", id, modules)
	}
	return StickerGeometry(game, 0)
}
