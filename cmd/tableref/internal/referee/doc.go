// Package referee is one game in play: the engine, its journal (every
// snapshot and input written and fsync'd before the engine sees it), the
// resume after a crash or a power cut, and the game's clock. The live
// referee (package daemon) owns one Referee; nothing else writes the
// journal.
package referee
