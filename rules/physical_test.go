package rules

import (
	"math"
	"testing"
)

// Every game that takes stickers has a spot on both sides, and the sticker
// code with its quiet zone at the default module lies wholly on the card.
func TestStickerSpotsFitTheirCards(t *testing.T) {
	for _, game := range []string{"wit", "mapit", "nsoe", "strangeworld"} {
		for _, side := range []Side{Front, Back} {
			s, ok := StickerSpotOf(game, side)
			if !ok {
				t.Errorf("%s %s: no sticker spot", game, side)
				continue
			}
			half := (StickerCodeMM + 8*StickerModuleMM) / 2
			for axis := 0; axis < 2; axis++ {
				if math.Abs(s.OffsetMM[axis])+half > s.CardMM[axis]/2 {
					t.Errorf("%s %s: a %.1f mm sticker at offset %v runs off a %v mm card", game, side, 2*half, s.OffsetMM, s.CardMM)
				}
			}
			if s.Where == "" || s.Source == "" {
				t.Errorf("%s %s: spot without words or source", game, side)
			}
		}
	}
	if got := StickerGames(); len(got) != 4 {
		t.Errorf("sticker games %v", got)
	}
}

// The card's centre and corners follow the sticker's position and turn:
// a card lying upright has its centre OffsetMM above the code; turned a
// quarter clockwise, the offset turns with it.
func TestCardFromSticker(t *testing.T) {
	s := StickerSpot{CardMM: [2]float64{60, 90}, OffsetMM: [2]float64{0, 12}}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	if x, y := s.CardCentre(100, 200, 0); !near(x, 100) || !near(y, 188) {
		t.Errorf("upright: centre (%g, %g), want (100, 188)", x, y)
	}
	// Turned 90° clockwise, the card's "down" points west.
	if x, y := s.CardCentre(100, 200, 90); !near(x, 112) || !near(y, 200) {
		t.Errorf("quarter turn: centre (%g, %g), want (112, 200)", x, y)
	}
	c := s.CardCorners(100, 200, 0)
	want := [4][2]float64{{70, 143}, {130, 143}, {130, 233}, {70, 233}}
	for i := range c {
		if !near(c[i][0], want[i][0]) || !near(c[i][1], want[i][1]) {
			t.Errorf("corner %d: %v, want %v", i, c[i], want[i])
		}
	}
	// Whatever the turn, the corners are the card's size apart.
	c = s.CardCorners(10, 20, 33)
	if w, h := math.Hypot(c[1][0]-c[0][0], c[1][1]-c[0][1]), math.Hypot(c[3][0]-c[0][0], c[3][1]-c[0][1]); !near(w, 60) || !near(h, 90) {
		t.Errorf("turned card %g×%g mm", w, h)
	}
}

func TestStickerSpotForDeck(t *testing.T) {
	t.Cleanup(ScratchRegistries())
	RegisterDeck(&Deck{Code: "ZQ", Name: "test deck", Game: "mapit", Cards: []CardInfo{{ID: CardID{Deck: "ZQ", Num: 1}, Name: "A"}}})
	s, err := StickerSpotForDeck("zq", Back)
	if err != nil || s.Game != "mapit" || s.Side != Back {
		t.Errorf("user deck of Map It!: %+v, %v", s, err)
	}
	if _, err := StickerSpotForDeck("QQ", Front); err == nil {
		t.Error("unknown deck accepted")
	}
}
