package scanner_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/scanner/scenes"
	"github.com/tableref/tableref/vision/synth"
)

// A generated photo of a Continental map (scanner/scenes) with the exact
// calibration of its camera: Photo reads it in one go, as `tableref scan`
// does, and the snapshot holds every card in its grid cell.
func ExampleScanner_Photo() {
	g, err := scenes.WitContinental(scenes.Options{Seed: 21, Width: 1920, Height: 1080}, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	frame, _, err := synth.Render(g.Scene)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer frame.Close()
	sc, err := scanner.New(g.Cal, scanner.Options{Mode: g.Setup.Mode, Setup: g.Setup})
	if err != nil {
		fmt.Println(err)
		return
	}
	scan, err := sc.Photo(context.Background(), frame)
	if err != nil {
		fmt.Println(err)
		return
	}
	z := scan.Table.Zone("map")
	nw, se, _ := z.Bounds()
	for r := nw.Row; r <= se.Row; r++ {
		var row []string
		for c := nw.Col; c <= se.Col; c++ {
			name := "."
			if cell := z.At(rules.Pos{Row: r, Col: c}); !cell.Empty() {
				name = rules.CardName(cell.Card.ID)
			}
			row = append(row, fmt.Sprintf("%-10.10s", name))
		}
		fmt.Println(strings.TrimRight(strings.Join(row, " "), " "))
	}
	fmt.Println("problems:", len(scan.Problems), "differences:", len(scenes.Diff(scan.Table, g.Visible)))
	// Output:
	// Chan Chan  Cristo Red Bogotá     Caracas
	// Valparaíso Sucre      Machu Picc .
	// Comodoro R Buenos Air .          .
	// problems: 0 differences: 0
}
