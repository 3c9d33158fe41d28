package learn

import (
	"fmt"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/cardtext"
	"github.com/tableref/tableref/vision/geom"
)

// PrintedGeometry is where tableref's own print-and-play cards put the
// map side's code (version 1, 21 modules) at module mm: centred across,
// low on the card, as printer/cards draws it from rules.PrintedCodeOn
// (0: the default module).
func PrintedGeometry(module float64) cardtext.Geometry {
	if module <= 0 {
		module = rules.CardModuleMM
	}
	card := rules.PokerCardMM
	box := rules.PrintedCodeOn(card, module)
	return cardtext.Geometry{
		Card:   geom.Pt{X: card[0], Y: card[1]},
		Code:   21 * box.ModuleMM,
		Offset: geom.Pt{X: box.CentreMM[0] - card[0]/2, Y: box.CentreMM[1] - card[1]/2},
	}
}

// StickerGeometry is where a sticker (version 2, 25 modules of module
// mm) sits on a boxed game's card back, from the sticking guide
// (rules.StickerSpot).
func StickerGeometry(game string, module float64) (cardtext.Geometry, error) {
	if module <= 0 {
		module = rules.StickerModuleMM
	}
	s, ok := rules.StickerSpotOf(game, rules.Back)
	if !ok {
		return cardtext.Geometry{}, fmt.Errorf("no sticker spot for %s cards", game)
	}
	// The sticker itself, as a plain grid of stickers is cut: the code
	// centred across with its quiet zone, the caption naming the card
	// under it; a millimetre more each way for a hand's placing.
	w, h := rules.StickerSizeMM(module)
	top := 25*module/2 + float64(rules.QuietZoneModules)*module + 0.5 + 1
	return cardtext.Geometry{
		Card:   geom.Pt{X: s.CardMM[0], Y: s.CardMM[1]},
		Code:   25 * module,
		Offset: geom.Pt{X: s.OffsetMM[0], Y: s.OffsetMM[1]},
		Label:  geom.Rect(-w/2-1, -top, w/2+1, h-top+2),
	}, nil
}

// DefaultGeometry tells a printed card from a stuck-on sticker by its
// code's size in modules, and places each where tableref puts it.
// cardModule and stickerModule are the modules they were printed with
// (0: tableref's defaults).
func DefaultGeometry(game string, cardModule, stickerModule float64) Geometry {
	if cardModule == 0 {
		cardModule = rules.CardModuleMM
	}
	if stickerModule == 0 {
		stickerModule = rules.StickerModuleMM
	}
	return func(id rules.CardID, modules int) (cardtext.Geometry, error) {
		switch modules {
		case 21:
			return PrintedGeometry(cardModule), nil
		case 25:
			return StickerGeometry(game, stickerModule)
		}
		return cardtext.Geometry{}, fmt.Errorf("%s: a code of %d modules is neither a tableref card (21) nor a sticker (25)", id, modules)
	}
}
