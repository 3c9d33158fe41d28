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

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/vision/cardtext"
	"github.com/tableref/tableref/vision/qr"
)

// Read is what one batch made of one card.
type Read struct {
	ID   rules.CardID
	NS   NumberRead
	WE   NumberRead
	Name NameRead
	// Crop is the card upright, to show beside the reads.
	Crop image.Image
	// Confirmed is the card as the session already holds it, if it does.
	Confirmed *Card
	// Problem says why the card could not be read at all.
	Problem string
}

// Sure reports whether everything about the card was read surely.
func (r Read) Sure() bool { return r.Problem == "" && r.NS.Sure && r.WE.Sure && r.Name.Sure }

// Questions lists what the user must answer about the card.
func (r Read) Questions() []string {
	var q []string
	if r.Problem != "" {
		return []string{r.Problem}
	}
	if !r.Name.Sure {
		q = append(q, "name: "+r.Name.Why)
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
	return Card{Num: r.ID.Num, Name: r.Name.Text, NS: r.NS.Value, WE: r.WE.Value, Asked: !r.Sure()}
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
	for _, c := range res.Codes {
		if c.Payload.Kind != rules.KindCard || c.Payload.Card.ID.Anonymous() {
			continue
		}
		id := c.Payload.Card.ID
		switch {
		case id.Deck != s.Code:
			others[id.Deck]++
			continue
		case c.Payload.Card.Side != rules.Back:
			fronts++
			continue
		}
		r := Read{ID: id}
		if conf, ok := s.Card(id.Num); ok {
			r.Confirmed = &conf
		}
		modules := int(math.Round(math.Sqrt(math.Abs(c.Corners.Area())) / c.ModulePx))
		g, err := l.Geometry(id, modules)
		if err != nil {
			r.Problem = err.Error()
			b.Cards = append(b.Cards, r)
			continue
		}
		card, err := l.Text.ReadCard(frame, c.Corners, g)
		if err != nil {
			r.Problem = fmt.Sprintf("cannot read the card: %v", err)
			b.Cards = append(b.Cards, r)
			continue
		}
		r.Crop = card.Image
		r.NS = decideNumber(NS, [2]cardtext.Number{card.Numbers[cardtext.Top], card.Numbers[cardtext.Bottom]}, threshold)
		r.WE = decideNumber(WE, [2]cardtext.Number{card.Numbers[cardtext.Left], card.Numbers[cardtext.Right]}, threshold)
		expected := ""
		if gc, ok := deckCard(id); ok {
			expected = gc.Name
		}
		r.Name = decideName(card.Lines, expected)
		s.check(&r)
		b.Cards = append(b.Cards, r)
	}
	l.crossCheck(&b)
	sort.Slice(b.Cards, func(i, j int) bool { return b.Cards[i].ID.Num < b.Cards[j].ID.Num })
	for code, n := range others {
		b.Notes = append(b.Notes, fmt.Sprintf("%s of deck %s: this session learns deck %s", rules.Count(n, "card"), code, s.Code))
	}
	if fronts > 0 {
		b.Notes = append(b.Notes, fmt.Sprintf("%s flag side up: turn them map side up to be read", rules.Count(fronts, "card")))
	}
	sort.Strings(b.Notes)
	return b, nil
}

// check turns a sure read into a question where the session contradicts
// it: a number another card already prints, or an order against the
// coordinates of cards confirmed before.
func (s *Session) check(r *Read) {
	g, hasCoords := deckCard(r.ID)
	hasCoords = hasCoords && g.HasCoords && r.Name.Sure && r.Name.Expected != ""
	for _, ax := range []struct {
		a Axis
		n *NumberRead
	}{{NS, &r.NS}, {WE, &r.WE}} {
		if ax.n.Value == 0 {
			continue
		}
		if o, ok := s.holder(ax.a, ax.n.Value, r.ID.Num); ok {
			ax.n.Sure = false
			ax.n.Why = fmt.Sprintf("read %d, but %s already prints %d", ax.n.Value, o.Name, ax.n.Value)
			continue
		}
		if !ax.n.Sure || !hasCoords {
			continue
		}
		if o, ok := s.contradiction(ax.a, ax.n.Value, r.ID.Num, g.Lat, g.Lon); ok {
			ax.n.Sure = false
			dir := "north"
			ov := o.NS
			if ax.a == WE {
				dir, ov = "west", o.WE
			}
			ax.n.Why = fmt.Sprintf("read %d, but %s (%d) lies on the other side of it, further %s or less far: check both", ax.n.Value, o.Name, ov, dir)
		}
	}
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
				n.Sure = false
				n.Why = fmt.Sprintf("%d is read on %s: every card prints its own", v, strings.Join(names, " and "))
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
