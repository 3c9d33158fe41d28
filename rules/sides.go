package rules

import "strings"

// SideName is a game's word for one side of its cards, as its players say
// it ("flag side" and "map side" in Where is That?, "name side" and
// "coordinate side" in Map It! and Nord Sud Ovest Est); "" for a game
// whose cards have no sides to tell apart.
func SideName(game string, s Side) string {
	sp, ok := StickerSpotOf(game, s)
	if !ok {
		return ""
	}
	name, _, ok := strings.Cut(sp.Where, ":")
	if !ok || !strings.HasSuffix(name, " side") {
		return ""
	}
	return name
}
