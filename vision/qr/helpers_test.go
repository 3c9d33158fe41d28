package qr_test

import (
	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/synth"
)

func renderScene(s synth.Scene) (gocv.Mat, synth.Truth, error) { return synth.Render(s) }
