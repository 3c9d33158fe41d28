// Package modes links every game engine into a binary: importing it for
// its side effects registers all game modes and decks with package rules.
// Each engine package adds its own import line here.
package modes

import (
	_ "github.com/tableref/tableref/rules" // keeps the import block when engines are added
	_ "github.com/tableref/tableref/rules/geo"
	_ "github.com/tableref/tableref/rules/mapit"
	_ "github.com/tableref/tableref/rules/nsoe"
	_ "github.com/tableref/tableref/rules/shakecity"
	_ "github.com/tableref/tableref/rules/strangeworld"
	_ "github.com/tableref/tableref/rules/wit"
)
