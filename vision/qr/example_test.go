package qr_test

import (
	"context"
	"fmt"

	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/modes" // the decks, for card names
	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/synth"
)

// A synthetic camera frame (vision/synth) stands in for the camera: four
// cards and one foreign code scattered on a table, seen from a slight
// tilt. The Reader returns the tableref codes in reading order and keeps
// the foreign one apart, so the game never acts on it.
func ExampleReader_Read() {
	payloads := []string{"https://example.com"}
	for _, name := range []string{"Bogotá", "Lima/B", "Caracas", "Sucre/B"} {
		ref, err := rules.FindCard(name, "SA")
		if err != nil {
			fmt.Println(err)
			return
		}
		payloads = append(payloads, rules.CardPayload(ref).String())
	}
	// 3.2 px per module: a comfortable margin over the 4 px/module the
	// printer sizes for, at 1280×720.
	cam, centre := synth.Pose(1280, 720, 66, 3.2/(synth.DefaultQRSideMM/21.0), 10, 3)
	frame, _, err := synth.Render(synth.Scene{Width: 1280, Height: 720, Camera: cam, CameraCentre: centre,
		Cards: synth.Scatter(1, cam, 1280, 720, payloads), Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer frame.Close()
	res, err := qr.NewReader(qr.Options{}).Read(context.Background(), frame)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range res.Codes {
		fmt.Println(c.Payload.Describe())
	}
	fmt.Println("foreign:", len(res.Foreign))
	// Output:
	// card SA-005 (Lima), back
	// card SA-002 (Caracas), front
	// card SA-001 (Bogotá), front
	// card SA-003 (Sucre), back
	// foreign: 1
}
