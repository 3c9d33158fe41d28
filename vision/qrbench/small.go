package qrbench

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/skip2/go-qrcode"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/synth"
)

// SmallCodes is the small-code set (issue 28): codes of 3.0 down to 1.8 px
// per module, as a reader meets them once stickers and printed codes
// shrink to what the camera allows. Flat cards under a camera tilted 2°,
// lens blur σ 0.5 px, a Bayer colour sensor with noise σ 2–3 on its raw
// mosaic, JPEG 85. The cards are a Where is That? South America table
// (deck SA in play); among them lie decoys, counted apart: cards of
// decks not in play (WLD, EU) and non-tableref codes (URLs, product
// codes) at the same module size. A read of a decoy as anything but its
// own text is wrong. The decks are rules' when registered (a program
// or test that imports rules/geo); else each stands for cards 1 to 99,
// the frames' cards and the codebook alike.
func SmallCodes(frames int) []Condition {
	small := func(name string, w, h, cards int, module float64) Condition {
		return smallCodesCondition(name, w, h, cards, module, 0.5, frames)
	}
	return []Condition{
		small("small 3.0px", 1920, 1080, 24, 3.0),
		small("small 2.5px", 1920, 1080, 24, 2.5),
		small("small 2.2px", 1920, 1080, 24, 2.2),
		small("small 2.0px", 1920, 1080, 24, 2.0),
		small("small 1.8px", 1920, 1080, 24, 1.8),
		small("small 12MP 2.0px", 4608, 2592, 64, 2.0),
	}
}

// smallCodesCondition is a frame of cards of the SA deck lying flat, every
// code at module px a module, through a lens of blur px (σ), a Bayer
// sensor, noise σ 2–3 and JPEG 85, with a decoy of another deck and a
// foreign code for every 8 cards.
func smallCodesCondition(name string, w, h, cards int, module, blur float64, frames int) Condition {
	decoys := cards / 8
	return Condition{Name: name, Width: w, Height: h, Cards: cards, ModulePx: module, TiltDeg: 2,
		Effects: synth.Effects{BlurSigma: blur, JPEGQuality: 85, Bayer: true}, Noise: [2]float64{2, 3}, Frames: max(1, frames),
		InPlay: []string{"SA"}, DecoyDecks: []string{"WLD", "EU"}, Decoys: decoys, Foreign: decoys}
}

// BelowSmall are conditions past the small set's: modules of 1.7 to 1.5
// px, and a softer lens (σ 0.8 and 1.0 px) at 2.0 and 1.8 px, with the
// small set's sensor, noise, JPEG and decoys. They say how much margin
// the sizing rule's 2.2 px keeps, should another camera or renderer
// resolve less than this generator; no target goes with them.
func BelowSmall(frames int) []Condition {
	c := func(name string, module, blur float64) Condition {
		return smallCodesCondition(name, 1920, 1080, 24, module, blur, frames)
	}
	return []Condition{
		c("below 1.7px", 1.7, 0.5), c("below 1.6px", 1.6, 0.5), c("below 1.5px", 1.5, 0.5),
		c("below 2.0px lens 0.8", 2.0, 0.8), c("below 2.0px lens 1.0", 2.0, 1.0), c("below 1.8px lens 0.8", 1.8, 0.8),
	}
}

// SetNames are the condition sets ConditionSet knows.
var SetNames = []string{"all", "standard", "small", "below"}

// ConditionSet returns a named set of conditions: "standard" (Conditions,
// the original set), "small" (SmallCodes), "below" (BelowSmall) or "all"
// (standard and small).
func ConditionSet(name string, frames int) ([]Condition, error) {
	switch name {
	case "standard":
		return Conditions(frames), nil
	case "small":
		return SmallCodes(frames), nil
	case "below":
		return BelowSmall(frames), nil
	case "all":
		return append(Conditions(frames), SmallCodes(frames)...), nil
	}
	return nil, fmt.Errorf("unknown condition set %q (want %s)", name, strings.Join(SetNames, ", "))
}

// standardDecks are the decks the original conditions draw their cards
// from (numbers 1 to standInCards); only SA is a real deck.
var standardDecks = []string{"SA", "GE", "WI", "MA"}

// standInCards is how many cards a deck rules does not know stands for:
// the original conditions' GE, WI and MA (and any deck whose game package
// the program did not link).
const standInCards = 99

// Decks are the decks in play in the condition: the decks its cards are
// drawn from.
func (c Condition) Decks() []string {
	if c.InPlay != nil {
		return c.InPlay
	}
	return standardDecks
}

// cardsOf lists a deck's cards: the registered deck's (rules.LookupDeck),
// else a stand-in numbered 1 to standInCards.
func cardsOf(deck string) []rules.CardID {
	if d, ok := rules.LookupDeck(deck); ok {
		ids := make([]rules.CardID, len(d.Cards))
		for i, c := range d.Cards {
			ids[i] = c.ID
		}
		return ids
	}
	ids := make([]rules.CardID, standInCards)
	for i := range ids {
		ids[i] = rules.CardID{Deck: deck, Num: i + 1}
	}
	return ids
}

// Payloads is every payload that can lie on the condition's table: every
// card of its decks (both sides, kinds C and P; rules.PayloadsOf for a
// registered deck, the same for a stand-in) and every marker.
func (c Condition) Payloads() []string {
	var out []string
	for _, d := range c.Decks() {
		if _, ok := rules.LookupDeck(d); ok {
			ps, _ := rules.PayloadsOf(d) // known: cannot fail
			out = append(out, ps...)
			continue
		}
		for _, id := range cardsOf(d) {
			out = append(out, rules.CardPayloads(id)...)
		}
	}
	return append(out, rules.MarkerPayloads()...)
}

// CodebookFor is the codebook a reader gets for the condition: the
// payloads of its decks in play and the markers (Condition.Payloads).
func CodebookFor(c Condition) (*qr.Codebook, error) {
	cb, err := qr.NewCodebook(c.Payloads())
	if err != nil {
		return nil, fmt.Errorf("qrbench: codebook of %s: %w", c.Name, err)
	}
	return cb, nil
}

// smallScene lays out a frame of a condition with decks in play: distinct
// cards of those decks (a random side and kind each), decoys of the decoy
// decks and foreign codes, shuffled, then scattered.
func (c Condition) smallScene(seed uint64, rng *rand.Rand, cam geom.H, centre [3]float64) synth.Scene {
	table := c.Cards - c.Decoys - c.Foreign
	payloads := drawCards(rng, c.InPlay, table)
	decoy := map[string]bool{}
	for _, p := range append(drawCards(rng, c.DecoyDecks, c.Decoys), foreignPayloads(rng, c.Foreign)...) {
		decoy[p] = true
		payloads = append(payloads, p)
	}
	rng.Shuffle(len(payloads), func(i, j int) { payloads[i], payloads[j] = payloads[j], payloads[i] })
	cards := synth.Scatter(seed, cam, c.Width, c.Height, payloads)
	for i := range cards {
		cards[i].Decoy = decoy[cards[i].Payload]
		cards[i].QRSideMM = sameModule(cards[i].Payload)
	}
	e := c.Effects
	e.NoiseSigma = c.noise(rng)
	return synth.Scene{Width: c.Width, Height: c.Height, Camera: cam, CameraCentre: centre,
		Cards: cards, Effect: e, Seed: seed}
}

// drawCards draws n distinct cards of decks, each with a random side and
// as a sticker (kind C) or a printed card (kind P).
func drawCards(rng *rand.Rand, decks []string, n int) []string {
	var ids []rules.CardID
	for _, d := range decks {
		ids = append(ids, cardsOf(d)...)
	}
	var out []string
	for _, k := range rng.Perm(len(ids))[:min(n, len(ids))] {
		ref := rules.CardRef{ID: ids[k], Side: rules.Side(rng.IntN(2))}
		p := rules.CardPayload(ref)
		if rng.IntN(2) == 1 {
			p = rules.PrintedCardPayload(ref)
		}
		out = append(out, p.String())
	}
	return out
}

// foreignPayloads makes n distinct non-tableref codes: web addresses,
// product codes and plain numbers, as other things on a table carry.
func foreignPayloads(rng *rand.Rand, n int) []string {
	const lower = "abcdefghijkmnpqrstuvwxyz23456789"
	word := func(k int) string {
		b := make([]byte, k)
		for i := range b {
			b[i] = lower[rng.IntN(len(lower))]
		}
		return string(b)
	}
	seen := map[string]bool{}
	var out []string
	for len(out) < n {
		var p string
		switch rng.IntN(3) {
		case 0:
			p = "https://" + word(5) + ".example/" + word(6)
		case 1:
			p = fmt.Sprintf("SKU-%05d-%s", rng.IntN(100000), strings.ToUpper(word(2)))
		default:
			p = fmt.Sprintf("%013d", rng.Int64N(1e13))
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// sameModule is the printed side of payload's code that gives it the
// module of a version-1 code of synth.DefaultQRSideMM: a longer payload
// takes a larger symbol, not smaller modules.
func sameModule(payload string) float64 {
	q, err := qrcode.New(payload, qrcode.High) // as synth draws a card's code
	if err != nil {
		return synth.DefaultQRSideMM
	}
	q.DisableBorder = true
	return synth.DefaultQRSideMM * float64(len(q.Bitmap())) / 21
}
