package main

// Every game mode and deck registers with rules when its package loads:
// the binary plays them all.
import _ "github.com/tableref/tableref/rules/modes"
