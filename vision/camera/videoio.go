package camera

// OpenCV's video capture without linking libopencv_videoio.
//
// libopencv_videoio alone pulls in about 240 shared libraries (FFmpeg,
// GStreamer, …); loading and relocating them is most of a tableref
// process's start-up, and only `run` with a camera, a pipeline or a video
// file needs them. So tableref links none of videoio: the first capture
// opens the library with dlopen, finds cv::VideoCapture's constructor with
// dlsym, and calls every other method through the object's vtable
// (videoio_shim.cpp). The library is looked for beside the libopencv_core
// the process already loaded, by replacing "opencv_core" in that file's
// name, so whatever soname scheme the system uses (libopencv_core.so.406,
// libopencv_core.so.4.6.0, …) finds the matching videoio.

/*
#cgo LDFLAGS: -ldl
#include <stdlib.h>
#include "videoio_shim.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"unsafe"

	"gocv.io/x/gocv"
)

// errNoVideoio says a capture cannot start because OpenCV's videoio library
// cannot be loaded; the message says which file and what to install.
var errNoVideoio = errors.New("OpenCV's video library cannot be loaded (install libopencv-videoio406 on Debian and Raspberry Pi OS, or run scripts/setup)")

// videoioLibrary names the libopencv_videoio file to open (a seam: tests
// give a missing one).
var videoioLibrary = videoioBesideCore

// throwOnFail turns on OpenCV's exception mode in new captures: a seam for
// the test that checks a cv::Exception comes back as an error, not a crash.
var throwOnFail = false

// videoio holds the constructor once a library gave it. A failure is not
// kept: the next capture tries again (the library may have been installed
// since).
var videoio struct {
	sync.Mutex
	ctor unsafe.Pointer
}

// shimErr turns a message from the shim into an error and frees it.
func shimErr(msg *C.char) error {
	if msg == nil {
		return nil
	}
	defer C.free(unsafe.Pointer(msg))
	return errors.New(C.GoString(msg))
}

// videoioBesideCore is the libopencv_videoio next to the loaded
// libopencv_core.
func videoioBesideCore() (string, error) {
	var path *C.char
	if err := shimErr(C.tr_opencv_core_file(&path)); err != nil {
		return "", err
	}
	defer C.free(unsafe.Pointer(path))
	return besideCore(C.GoString(path))
}

// besideCore names the videoio file in the folder and naming scheme of the
// core library file core.
func besideCore(core string) (string, error) {
	dir, base := filepath.Split(core)
	i := strings.LastIndex(base, "opencv_core")
	if i < 0 {
		return "", fmt.Errorf("OpenCV's core is %s, not a libopencv_core file (a static build?)", core)
	}
	return dir + base[:i] + "opencv_videoio" + base[i+len("opencv_core"):], nil
}

// videoCaptureCtor loads the library on first use.
func videoCaptureCtor() (unsafe.Pointer, error) {
	videoio.Lock()
	defer videoio.Unlock()
	if videoio.ctor != nil {
		return videoio.ctor, nil
	}
	path, err := videoioLibrary()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errNoVideoio, err)
	}
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	var ctor unsafe.Pointer
	if err := shimErr(C.tr_videoio_load(cpath, &ctor)); err != nil {
		return nil, fmt.Errorf("%w: %w", errNoVideoio, err)
	}
	videoio.ctor = ctor
	return ctor, nil
}

// videoCapture is one cv::VideoCapture. It is not safe for concurrent use
// (neither is OpenCV's).
type videoCapture struct {
	p *C.tr_capture
}

// openVideoCapture opens a device by index (when byIndex) or a file, URL or
// GStreamer pipeline by name, through the OpenCV backend api (a
// gocv.VideoCaptureAPI value, which are OpenCV's own numbers). It returns
// an error both when OpenCV throws and when it just does not open.
func openVideoCapture(name string, index int, byIndex bool, api gocv.VideoCaptureAPI) (*videoCapture, error) {
	ctor, err := videoCaptureCtor()
	if err != nil {
		return nil, err
	}
	v := &videoCapture{}
	if err := shimErr(C.tr_capture_new(ctor, &v.p)); err != nil {
		return nil, err
	}
	C.tr_capture_throw_on_fail(v.p, C.bool(throwOnFail))
	var ok C.bool
	if byIndex {
		err = shimErr(C.tr_capture_open_index(v.p, C.int(index), C.int(api), &ok))
	} else {
		cname := C.CString(name)
		defer C.free(unsafe.Pointer(cname))
		err = shimErr(C.tr_capture_open_file(v.p, cname, C.int(api), &ok))
	}
	if err == nil && !ok {
		err = errors.New("OpenCV could not open it")
	}
	if err != nil {
		v.close()
		return nil, err
	}
	return v, nil
}

// read fills dst with the next frame; false at the end or when the device
// gives none.
func (v *videoCapture) read(dst *gocv.Mat) (bool, error) {
	var ok C.bool
	err := shimErr(C.tr_capture_read(v.p, unsafe.Pointer(dst.Ptr()), &ok))
	return bool(ok), err
}

func (v *videoCapture) get(prop gocv.VideoCaptureProperties) (float64, error) {
	var x C.double
	err := shimErr(C.tr_capture_get(v.p, C.int(prop), &x))
	return float64(x), err
}

func (v *videoCapture) set(prop gocv.VideoCaptureProperties, value float64) (bool, error) {
	var ok C.bool
	err := shimErr(C.tr_capture_set(v.p, C.int(prop), C.double(value), &ok))
	return bool(ok), err
}

// close releases the capture; it may be called more than once.
func (v *videoCapture) close() error {
	if v.p == nil {
		return nil
	}
	err := shimErr(C.tr_capture_delete(v.p))
	v.p = nil
	return err
}
