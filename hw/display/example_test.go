package display_test

import (
	"fmt"

	"github.com/tableref/tableref/hw/display"
)

// The daemon types scores as "name=points" in flags and profiles; a text
// display lays them out with ScoreLines, whatever its size.
func ExampleScoreLines() {
	s, err := display.ParseScores("Ana=12,Bo=9,Cy=7")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range display.ScoreLines(s, 16, 4) {
		fmt.Printf("|%s|\n", l)
	}
	// Output:
	// |Score|
	// |Ana           12|
	// |Bo             9|
	// |Cy             7|
}

// Fit wraps long text when the screen has rows to spare and cuts it
// otherwise, so a 16×2 LCD still shows the start of every line.
func ExampleFit() {
	lines := []string{"Wrong: card 12 does not fit here"}
	fmt.Printf("%q\n", display.Fit(lines, 16, 3))
	fmt.Printf("%q\n", display.Fit(lines, 16, 2))
	// Output:
	// ["Wrong: card 12" "does not fit" "here"]
	// ["Wrong: card 12 d"]
}
