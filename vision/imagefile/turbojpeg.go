package imagefile

// JPEG through libjpeg-turbo's TurboJPEG API: the same library and the
// same defaults (accurate integer DCT, smooth chroma upsampling) OpenCV's
// imgcodecs decodes with, so the pixels are the ones imdecode gave — but
// one small library without dependencies instead of imgcodecs, which
// loads 139 shared libraries (GDAL, OpenEXR, …) at every start of
// tableref. Its decoder is about twice as fast as Go's image/jpeg at
// 12 MP.

// #cgo LDFLAGS: -lturbojpeg
// #include <stdlib.h>
// #include <turbojpeg.h>
import "C"

import (
	"errors"
	"fmt"
	"unsafe"

	"gocv.io/x/gocv"
)

// tjError is TurboJPEG's message for its last failure on h.
func tjError(h C.tjhandle) error {
	return errors.New(C.GoString(C.tjGetErrorStr2(h)))
}

// decodeTurboJPEG decodes a JPEG into a new 8-bit BGR Mat. A warning
// (corrupt data libjpeg could step over, as imdecode did) is an error.
func decodeTurboJPEG(data []byte) (gocv.Mat, error) {
	if len(data) == 0 {
		return gocv.NewMat(), errors.New("no data")
	}
	h := C.tjInitDecompress()
	if h == nil {
		return gocv.NewMat(), tjError(nil)
	}
	defer C.tjDestroy(h)
	src := (*C.uchar)(unsafe.Pointer(&data[0]))
	var w, ht, sub, space C.int
	if C.tjDecompressHeader3(h, src, C.ulong(len(data)), &w, &ht, &sub, &space) != 0 {
		return gocv.NewMat(), tjError(h)
	}
	if space == C.TJCS_CMYK || space == C.TJCS_YCCK {
		return gocv.NewMat(), errCMYK
	}
	m, dst, err := newBGR(int(w), int(ht))
	if err != nil {
		return m, err
	}
	// A warning is an error: corrupt data libjpeg steps over paints a
	// grey or smeared patch a code may lie under, and a referee must not
	// read a table from a picture it cannot trust.
	if C.tjDecompress2(h, src, C.ulong(len(data)), (*C.uchar)(unsafe.Pointer(&dst[0])), w, 0, ht, C.TJPF_BGR, C.TJFLAG_STOPONWARNING) != 0 {
		err := tjError(h)
		m.Close()
		return gocv.NewMat(), err
	}
	return m, nil
}

// errCMYK sends a CMYK or YCCK JPEG (print workflows) to Go's decoder:
// TurboJPEG cannot turn those into BGR.
var errCMYK = errors.New("CMYK JPEG")

// encodeTurboJPEG encodes an 8-bit BGR or grey Mat at quality 1–100,
// with imwrite's settings: 4:2:0 chroma and the accurate DCT (TurboJPEG
// compresses with the fast one unless told).
func encodeTurboJPEG(img gocv.Mat, quality int) ([]byte, error) {
	pf, sub := C.int(C.TJPF_BGR), C.int(C.TJSAMP_420)
	switch {
	case img.Type() == gocv.MatTypeCV8UC1:
		pf, sub = C.TJPF_GRAY, C.TJSAMP_GRAY
	case img.Type() == gocv.MatTypeCV8UC4:
		pf = C.TJPF_BGRX
	case img.Type() != gocv.MatTypeCV8UC3:
		return nil, fmt.Errorf("cannot encode a Mat of type %v as JPEG", img.Type())
	}
	src, done, err := pixelBytes(img)
	if err != nil {
		return nil, err
	}
	defer done()
	h := C.tjInitCompress()
	if h == nil {
		return nil, tjError(nil)
	}
	defer C.tjDestroy(h)
	var out *C.uchar
	var size C.ulong
	if C.tjCompress2(h, (*C.uchar)(unsafe.Pointer(&src[0])), C.int(img.Cols()), 0, C.int(img.Rows()), pf,
		&out, &size, sub, C.int(quality), C.TJFLAG_ACCURATEDCT) != 0 {
		if out != nil {
			C.tjFree(out)
		}
		return nil, tjError(h)
	}
	defer C.tjFree(out)
	return C.GoBytes(unsafe.Pointer(out), C.int(size)), nil
}
