package rules

// InputType names what a player told the referee.
type InputType string

// The inputs every engine understands or politely refuses. Engines
// document which of them they use and what Player, Card, Number and Choice
// mean for each.
const (
	InputNext      InputType = "next"      // go on: the move is finished, the next player's turn
	InputUndo      InputType = "undo"      // take back the referee's last verdict (the daemon handles it by replay)
	InputChallenge InputType = "challenge" // Player challenges the last placement (Map It!)
	InputConfirm   InputType = "confirm"   // yes to the referee's question
	InputGuess     InputType = "guess"     // Player guesses Number (Map It! end of round)
	InputChoose    InputType = "choose"    // Player chooses Choice (a colour, the Sun's direction, an option)
	InputSwap      InputType = "swap"      // Player swaps Card for Other (Nord Sud Ovest Est)
	InputPass      InputType = "pass"      // Player does nothing this turn where the rules allow it
)

// Input is one thing players tell the referee, from a button, the web page
// or a replay. Player numbers are 1-based; 0 means "not said".
type Input struct {
	Type   InputType `json:"type"`
	Player int       `json:"player,omitzero"`
	Card   CardID    `json:"card,omitzero"`
	Other  CardID    `json:"other,omitzero"`
	Number int       `json:"number,omitzero"`
	Choice string    `json:"choice,omitzero"`
}
