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
	InputSettle    InputType = "settle"    // Player wins a tie the referee cannot break (Event.Undecided): the players settled it
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

// InputUse is one input a game mode takes and the fields it reads, so that
// a control panel (the status page) offers exactly those and nothing the
// game would refuse. Undo is every mode's (the daemon takes back the last
// verdict by replaying its journal) and is not listed.
type InputUse struct {
	Type  InputType `json:"type"`
	Label string    `json:"label"` // the control's words: "Challenge", "End the round"
	Help  string    `json:"help"`  // what it does in this game, one sentence
	// Player: the input says who (the challenger, the one guessing); the
	// engine may accept 0 for "whoever's turn it is" where Help says so.
	Player bool `json:"player,omitzero"`
	Number bool `json:"number,omitzero"` // reads Number (Map It!'s guess)
	// Choices are the values Choice takes; empty when Choice is not read.
	Choices []string `json:"choices,omitzero"`
	Cards   bool     `json:"cards,omitzero"` // reads Card and Other (a swap, a challenge's neighbour)
}
