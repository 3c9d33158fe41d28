package geo

import (
	"maps"

	"github.com/tableref/tableref/rules"
)

// Scratch gives a test a copy of the installed decks (geo's catalogue and
// rules' registries, which Install and Remove change together) and returns
// the function that puts the originals back: t.Cleanup(geo.Scratch()).
// Only tests call it.
func Scratch() (restore func()) {
	restoreRules := rules.ScratchRegistries()
	catalogue.Lock()
	saved := catalogue.m
	catalogue.m = maps.Clone(saved)
	catalogue.Unlock()
	return func() {
		catalogue.Lock()
		catalogue.m = saved
		catalogue.Unlock()
		restoreRules()
	}
}
