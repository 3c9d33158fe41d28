package main

import (
	"fmt"
	"io"

	"github.com/tableref/tableref/printer/sizing"
)

// A board photographed whole: Nord Sud Ovest Est's GPS board of poker-card
// squares must lie wholly in view for a one-photo scan.

// nsoeSquare is a board square: a poker card, mm.
var nsoeSquare = [2]float64{63.5, 88.9}

// printBoardView says whether a rows × cols board of card squares is in
// the camera's view, and at which height or lens it would be.
func printBoardView(w io.Writer, cam sizing.Camera, rows, cols int) {
	vw, vd := cam.View()
	bw, bd := float64(cols)*nsoeSquare[0], float64(rows)*nsoeSquare[1]
	f := cam.FitLayout(bw, bd)
	fmt.Fprintf(w, "view at %g cm: %.0f × %.0f mm (%.0f mm margin kept on every side)\n", cam.HeightCm, vw, vd, sizing.ViewMargin)
	fmt.Fprintf(w, "Nord Sud Ovest Est board %d×%d of card squares, %.0f × %.0f mm: ", rows, cols, bw, bd)
	switch {
	case f.AsItLies:
		fmt.Fprintf(w, "in view as it lies\n")
	case f.Turned:
		fmt.Fprintf(w, "in view only turned a quarter (its long side along the image's long side), or with the camera at %.0f cm, or a %.0f° lens\n", f.HeightCm, f.HFOVDeg)
	default:
		fmt.Fprintf(w, "NOT in view: raise the camera to %.0f cm (%.0f cm with the board turned a quarter), or use a %.0f° lens\n", f.HeightCm, f.TurnedHeightCm, f.HFOVDeg)
	}
}
