// Package rulebook holds the rulebook cases of REFERENCE.md as an outside
// auditor writes them: every "Test examples" row and the edge cases the
// rulebooks imply, each played through the public path the daemon uses
// (a setup checked by its mode, replay lines parsed and resolved by
// package replay, the engine's Observe and Input, its saved state read
// back by the mode's Restore), never through an engine's internals.
//
// The package has no code of its own: everything is in its tests. The
// coverage table (example id → test) is docs/rules-audit.md.
package rulebook
