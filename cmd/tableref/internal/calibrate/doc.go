// Package calibrate is the calibrate commands' work: each step reads a
// photo (the sheet, the player markers, the boards, the colours, the
// shaker), updates the calibration file and says what it stored. It also
// finds the calibration file scan and run read (Load).
package calibrate
