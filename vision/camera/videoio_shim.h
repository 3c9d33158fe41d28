// A C face for the C++ in videoio_shim.cpp, which drives OpenCV's
// cv::VideoCapture from a libopencv_videoio opened with dlopen (see
// videoio.go for why). Every function that can fail returns NULL on
// success, or a message the caller frees; no C++ exception crosses it.
#ifndef TABLEREF_VIDEOIO_SHIM_H
#define TABLEREF_VIDEOIO_SHIM_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

// A cv::VideoCapture, opaque to Go.
typedef struct tr_capture tr_capture;

// Sets *path to the file of the loaded libopencv_core (free it).
char *tr_opencv_core_file(char **path);

// Opens the library at path and sets *ctor to cv::VideoCapture's default
// constructor in it. The library stays loaded for the life of the process.
char *tr_videoio_load(const char *path, void **ctor);

// Builds an unopened capture with the constructor tr_videoio_load found.
char *tr_capture_new(void *ctor, tr_capture **out);

// open(filename, api) or open(index, api); *ok is isOpened() after it.
char *tr_capture_open_file(tr_capture *c, const char *name, int api, bool *ok);
char *tr_capture_open_index(tr_capture *c, int index, int api, bool *ok);

// read() into the cv::Mat at mat (a gocv Mat's pointer); *ok is its result.
char *tr_capture_read(tr_capture *c, void *mat, bool *ok);

char *tr_capture_get(tr_capture *c, int prop, double *value);
char *tr_capture_set(tr_capture *c, int prop, double value, bool *ok);

// setExceptionMode(on): OpenCV then throws where it would return false
// (tests use it to check that a cv::Exception comes back as a message).
void tr_capture_throw_on_fail(tr_capture *c, bool on);

// release() and destroy c (through the virtual destructor).
char *tr_capture_delete(tr_capture *c);

#ifdef __cplusplus
}
#endif

#endif
