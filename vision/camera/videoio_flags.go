//go:build !customenv

package camera

// The OpenCV headers come from pkg-config, as for gocv itself; with gocv's
// customenv tag (scripts/build-pi) they come from CGO_CPPFLAGS instead.

// #cgo pkg-config: opencv4
import "C"
