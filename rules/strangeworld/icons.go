// Package strangeworld referees Strange World above the clouds (GRRRE Games
// 2024): each player builds a 4×4 world of Land cards; the referee judges
// every placement, asks for the flips, Fumaroles and Dark Cities the rules
// demand, and scores the worlds. Modes "strangeworld" (2–4 players) and
// "strangeworld-solo". See docs/strange-world.md and REFERENCE.md §7.
package strangeworld

import (
	"fmt"
	"strings"
)

// Icon is one symbol on a Land card's banners.
type Icon uint8

const (
	Water Icon = iota
	Mountain
	Plant
	Swamp
	Volcano
	Moon
	numIcons
)

var iconNames = [numIcons]string{"water", "mountain", "plant", "swamp", "volcano", "moon"}

func (i Icon) String() string {
	if i < numIcons {
		return iconNames[i]
	}
	return fmt.Sprintf("icon(%d)", uint8(i))
}

func parseIcon(s string) (Icon, error) {
	for i, n := range iconNames {
		if strings.EqualFold(n, s) {
			return Icon(i), nil
		}
	}
	return 0, fmt.Errorf("unknown icon %q (want %s)", s, strings.Join(iconNames[:], ", "))
}

// Animals are the seven animal medallions, in the rulebook's order.
var Animals = []string{"Rat", "Deer", "Spirit", "Bear", "Goat", "Phoenix", "Snake"}

func parseAnimal(s string) (string, error) {
	for _, a := range Animals {
		if strings.EqualFold(a, s) {
			return a, nil
		}
	}
	return "", fmt.Errorf("unknown animal %q (want %s)", s, strings.Join(Animals, ", "))
}

// Icons counts a card's icons by type: Icons[Mountain] == 2 on a Grey-Grey.
type Icons [numIcons]int

// Has reports whether at least one icon of type i is there.
func (c Icons) Has(i Icon) bool { return c[i] > 0 }

// Total is the number of icons.
func (c Icons) Total() int {
	n := 0
	for _, v := range c {
		n += v
	}
	return n
}

// String lists the icons, "mountain×2 water".
func (c Icons) String() string {
	var parts []string
	for i, n := range c {
		switch {
		case n == 1:
			parts = append(parts, Icon(i).String())
		case n > 1:
			parts = append(parts, fmt.Sprintf("%s×%d", Icon(i), n))
		}
	}
	return strings.Join(parts, " ")
}
