// cv::VideoCapture without linking libopencv_videoio: the library is opened
// with dlopen, the object built by the constructor dlsym finds, and every
// other call goes through the class's vtable, which the library fills in.
// Nothing here may name a VideoCapture member directly (a non-virtual call
// or a devirtualised one would be a link-time symbol of libopencv_videoio,
// and the linker would keep the library and its 240 dependencies);
// `go test ./vision/camera` checks the binary for it.

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include <exception>
#include <new>
#include <string>

#include <opencv2/core.hpp>
#include <opencv2/videoio.hpp>

#include "videoio_shim.h"

struct tr_capture {
  cv::VideoCapture *vc;
};

namespace {

char *message(const std::string &s) { return strdup(s.c_str()); }

// guarded runs f and turns any C++ exception into a message: cgo must never
// see one (it would abort the whole referee).
template <typename F> char *guarded(const char *what, F f) {
  try {
    f();
    return nullptr;
  } catch (const cv::Exception &e) {
    return message(std::string(what) + ": OpenCV: " + e.what());
  } catch (const std::exception &e) {
    return message(std::string(what) + ": " + e.what());
  } catch (...) {
    return message(std::string(what) + ": unknown C++ exception");
  }
}

std::string dl_error() {
  const char *e = dlerror();
  return e ? e : "unknown dl error";
}

} // namespace

extern "C" {

char *tr_opencv_core_file(char **path) {
  // A function of libopencv_core, found by name (taking its address in C++
  // could give a PLT stub inside the executable instead), and the file
  // that holds it.
  void *fn = dlsym(RTLD_DEFAULT, "_ZN2cv12getTickCountEv");
  if (fn == nullptr) {
    return message("cv::getTickCount not found in the process: " + dl_error());
  }
  Dl_info info;
  if (dladdr(fn, &info) == 0 || info.dli_fname == nullptr) {
    return message("dladdr cannot name the file of cv::getTickCount");
  }
  *path = strdup(info.dli_fname);
  return nullptr;
}

char *tr_videoio_load(const char *path, void **ctor) {
  dlerror();
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (lib == nullptr) {
    return message(dl_error());
  }
  void *fn = dlsym(lib, "_ZN2cv12VideoCaptureC1Ev");
  if (fn == nullptr) {
    std::string e = dl_error();
    dlclose(lib);
    return message(std::string(path) + " has no cv::VideoCapture::VideoCapture(): " + e);
  }
  *ctor = fn;
  return nullptr;
}

char *tr_capture_new(void *ctor, tr_capture **out) {
  void *mem = nullptr;
  char *err = guarded("VideoCapture()", [&] {
    mem = ::operator new(sizeof(cv::VideoCapture));
    reinterpret_cast<void (*)(void *)>(ctor)(mem);
  });
  if (err != nullptr) {
    ::operator delete(mem);
    return err;
  }
  *out = new (std::nothrow) tr_capture{static_cast<cv::VideoCapture *>(mem)};
  if (*out == nullptr) {
    delete static_cast<cv::VideoCapture *>(mem);
    return message("out of memory");
  }
  return nullptr;
}

char *tr_capture_open_file(tr_capture *c, const char *name, int api, bool *ok) {
  return guarded("open", [&] { *ok = c->vc->open(cv::String(name), api) && c->vc->isOpened(); });
}

char *tr_capture_open_index(tr_capture *c, int index, int api, bool *ok) {
  return guarded("open", [&] { *ok = c->vc->open(index, api) && c->vc->isOpened(); });
}

char *tr_capture_read(tr_capture *c, void *mat, bool *ok) {
  return guarded("read", [&] { *ok = c->vc->read(*static_cast<cv::Mat *>(mat)); });
}

char *tr_capture_get(tr_capture *c, int prop, double *value) {
  return guarded("get", [&] { *value = c->vc->get(prop); });
}

char *tr_capture_set(tr_capture *c, int prop, double value, bool *ok) {
  return guarded("set", [&] { *ok = c->vc->set(prop, value); });
}

void tr_capture_throw_on_fail(tr_capture *c, bool on) {
  c->vc->setExceptionMode(on); // inline in the header: no symbol
}

char *tr_capture_delete(tr_capture *c) {
  char *err = guarded("release", [&] { c->vc->release(); });
  // The virtual deleting destructor (noexcept, as every destructor) frees
  // what ::operator new gave tr_capture_new.
  delete c->vc;
  delete c;
  return err;
}

} // extern "C"
