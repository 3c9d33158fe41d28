package scanner_test

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner/scenes"
	"github.com/tableref/tableref/vision/geom"
)

// Issue 18 item 8: Strange World's real cards carry tableref's stickers
// (version 2) where the sticking guide puts them: 8 mm below the middle
// of the picture side, in the middle of the Tzimime side. The card outline
// the scanner draws, and the cell it files the card in, are the real
// card's: the outline's centre within 3 mm of the card's. The old scanner
// centred every card on its sticker, 8 mm off.
func TestStickerCardOutlineIsTheRealCard(t *testing.T) {
	g, err := scenes.StrangeWorld(scenes.Options{Seed: 35, Tilt: 10, Blur: 0.5, Noise: 1}, 2)
	if err != nil {
		t.Fatal(err)
	}
	off := 0
	truth := map[string]geom.Quad{} // payload → the real card's outline in table mm (the scene's frame)
	for i, c := range g.Scene.Cards {
		if !strings.Contains(c.Payload, ":C:") {
			continue // a marker
		}
		p, err := rules.ParsePayload(c.Payload)
		if err != nil {
			t.Fatal(err)
		}
		spot, err := rules.StickerSpotForDeck(p.Card.ID.Deck, p.Card.Side)
		if err != nil {
			t.Fatal(err)
		}
		g.Scene.Cards[i].Sticker = true
		g.Scene.Cards[i].QRSideMM = rules.StickerCodeMM
		g.Scene.Cards[i].CodeOffset = geom.Pt{X: spot.OffsetMM[0], Y: spot.OffsetMM[1]}
		if spot.OffsetMM != [2]float64{} {
			off++
		}
		h := geom.Translate(c.Centre.X, c.Centre.Y).Mul(geom.Rotate(c.RotationDeg))
		truth[rules.CardPayload(p.Card).String()] = h.ApplyQuad(geom.Rect(-c.Size.X/2, -c.Size.Y/2, c.Size.X/2, c.Size.Y/2))
	}
	scan := photo(t, g)
	sameTable(t, "stickers", scan.Table, g.Visible, scan)
	toImg, _ := scan.ToTable.Inverse()
	checked := 0
	for _, c := range scan.Cards {
		want, ok := truth[rules.CardPayload(c.Ref).String()]
		if !ok || c.Ref.ID.Anonymous() {
			continue // a Tzimime back: every one has the same code
		}
		if scan.Codes[c.Code].Modules != 25 {
			t.Errorf("%s: read as a %d-module code, want a sticker's 25", c.Ref, scan.Codes[c.Code].Modules)
		}
		got := toImg.ApplyQuad(c.Outline).Centre()
		real := g.Scene.Camera.ApplyQuad(want).Centre()
		mm := got.Dist(real) * scan.ToTable.LocalScale(got)
		if mm > 3 {
			t.Errorf("%s: outline centred %.1f mm from the real card's", c.Ref, mm)
		}
		checked++
	}
	if checked < 20 || off < 10 {
		t.Errorf("only %d sticker cards checked, %d of them off-centre", checked, off)
	}
}
