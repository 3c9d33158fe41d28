// Package shakecity referees Shake That City (game mode "shakecity"):
// the shaker's 3×3 cube grid, each player's 6×6 city board, the colour
// rights of the construction manager, the exact-pattern placement rule,
// scoring tiles, the construction-site module, the family and solo
// variants, and end-of-game scoring (REFERENCE.md §6).
//
// The board's printed features (shop values, asphalt and sea edges, which
// line each scoring-tile notch refers to, the construction-site diagonal)
// come from a board profile, so a measured board can replace the
// defaults; see docs/shake-that-city.md for the file format.
//
// ScoreBoard scores a finished board on its own (no game in progress), for
// scoring one photo of a table.
package shakecity
