// Package words puts the referee's words in the players' language:
// English, Italian, German, Spanish or Portuguese. The engines speak
// English on the display (rules.Event.Short); a catalogue keyed by those
// English lines (golang.org/x/text/message and its catalog package) holds
// each line's translation, with the names and numbers it carries put back
// in their places. A line that is only a name (a city, a player) is left
// as it is.
package words
