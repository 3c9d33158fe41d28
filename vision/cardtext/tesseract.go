package cardtext

// Tesseract is loaded when the first Reader starts, not when tableref
// starts: libtesseract and Leptonica bring some 75 shared libraries that
// every command would otherwise load (and relocate) at start-up, though
// only `decks learn` reads text. The functions come from Tesseract's C API
// (tesseract/capi.h, stable across Tesseract 5), resolved with dlsym; the
// header gives each pointer its type, and nothing here links libtesseract.

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdlib.h>
#include <tesseract/capi.h>

// fn is a pointer to a capi.h function, typed by the header's own
// declaration (a changed signature fails the build, not the read).
#define fn(name) __typeof__(&name)

typedef struct {
	void *lib;
	fn(TessBaseAPICreate) create;
	fn(TessBaseAPIDelete) del;
	fn(TessBaseAPIInit3) init;
	fn(TessBaseAPIEnd) end;
	fn(TessBaseAPIGetAvailableLanguagesAsVector) languages;
	fn(TessDeleteTextArray) deleteTextArray;
	fn(TessBaseAPISetVariable) setVariable;
	fn(TessBaseAPISetPageSegMode) setPageSegMode;
	fn(TessBaseAPISetImage) setImage;
	fn(TessBaseAPISetSourceResolution) setSourceResolution;
	fn(TessBaseAPIRecognize) recognize;
	fn(TessBaseAPIGetIterator) iterator;
	fn(TessResultIteratorGetPageIterator) pageIterator;
	fn(TessResultIteratorGetUTF8Text) text;
	fn(TessDeleteText) deleteText;
	fn(TessResultIteratorConfidence) confidence;
	fn(TessPageIteratorBoundingBox) boundingBox;
	fn(TessResultIteratorNext) next;
	fn(TessResultIteratorDelete) deleteIterator;
} tess_api;

// tess_open loads the library file and fills api. It returns 0, or 1 when
// the library cannot be loaded (*why: the loader's message), or 2 when a
// function is missing from it (*why: the function's name).
static int tess_open(const char *file, tess_api *api, const char **why) {
	void *lib = dlopen(file, RTLD_NOW | RTLD_LOCAL);
	if (lib == NULL) {
		*why = dlerror();
		return 1;
	}
#define sym(field, name) \
	if ((api->field = (fn(name))dlsym(lib, #name)) == NULL) { \
		*why = #name; \
		dlclose(lib); \
		return 2; \
	}
	sym(create, TessBaseAPICreate)
	sym(del, TessBaseAPIDelete)
	sym(init, TessBaseAPIInit3)
	sym(end, TessBaseAPIEnd)
	sym(languages, TessBaseAPIGetAvailableLanguagesAsVector)
	sym(deleteTextArray, TessDeleteTextArray)
	sym(setVariable, TessBaseAPISetVariable)
	sym(setPageSegMode, TessBaseAPISetPageSegMode)
	sym(setImage, TessBaseAPISetImage)
	sym(setSourceResolution, TessBaseAPISetSourceResolution)
	sym(recognize, TessBaseAPIRecognize)
	sym(iterator, TessBaseAPIGetIterator)
	sym(pageIterator, TessResultIteratorGetPageIterator)
	sym(text, TessResultIteratorGetUTF8Text)
	sym(deleteText, TessDeleteText)
	sym(confidence, TessResultIteratorConfidence)
	sym(boundingBox, TessPageIteratorBoundingBox)
	sym(next, TessResultIteratorNext)
	sym(deleteIterator, TessResultIteratorDelete)
#undef sym
	api->lib = lib;
	return 0;
}

// Leptonica, which Tesseract reads pictures with, writes its complaints
// ("Error in boxClipToRectangle") to stderr unless given a handler: they
// go to lept_log instead, a file the Go side reads and logs.
static FILE *lept_log;

static void lept_to_log(const char *msg) {
	if (lept_log != NULL) {
		fputs(msg, lept_log);
	}
}

// tess_quiet sends Leptonica's messages to the file at path. dlsym on the
// handle searches Tesseract's dependencies too, so Leptonica's soname
// (liblept.so.5, libleptonica.so.6) does not matter. It returns 0, or 1
// when this Leptonica has no handler to set (older than 1.79).
static int tess_quiet(const tess_api *a, const char *path) {
	void (*set)(void (*)(const char *)) = (void (*)(void (*)(const char *)))dlsym(a->lib, "leptSetStderrHandler");
	if (set == NULL) {
		return 1;
	}
	if (lept_log == NULL && (lept_log = fopen(path, "ab")) == NULL) {
		return 1;
	}
	set(lept_to_log);
	return 0;
}

// tess_flush writes out what Tesseract and Leptonica buffered for their
// log files (Tesseract's is a stdio stream of its own, fully buffered).
static void tess_flush(void) { fflush(NULL); }

// Go cannot call a C function pointer: one small call-through each.
static TessBaseAPI *tess_create(const tess_api *a) { return a->create(); }
static void tess_delete(const tess_api *a, TessBaseAPI *h) { a->end(h); a->del(h); }
static int tess_init(const tess_api *a, TessBaseAPI *h, const char *langs) { return a->init(h, NULL, langs); }
static char **tess_languages(const tess_api *a, TessBaseAPI *h) { return a->languages(h); }
static void tess_delete_text_array(const tess_api *a, char **arr) { a->deleteTextArray(arr); }
static int tess_set_variable(const tess_api *a, TessBaseAPI *h, const char *k, const char *v) { return a->setVariable(h, k, v); }
static void tess_set_psm(const tess_api *a, TessBaseAPI *h, TessPageSegMode m) { a->setPageSegMode(h, m); }
static void tess_set_image(const tess_api *a, TessBaseAPI *h, const unsigned char *px, int w, int ht, int stride, int ppi) {
	a->setImage(h, px, w, ht, 1, stride);
	a->setSourceResolution(h, ppi);
}
static int tess_recognize(const tess_api *a, TessBaseAPI *h) { return a->recognize(h, NULL); }
static TessResultIterator *tess_iterator(const tess_api *a, TessBaseAPI *h) { return a->iterator(h); }
static void tess_delete_iterator(const tess_api *a, TessResultIterator *it) { a->deleteIterator(it); }
static int tess_next(const tess_api *a, TessResultIterator *it, TessPageIteratorLevel l) { return a->next(it, l); }
static char *tess_text(const tess_api *a, TessResultIterator *it, TessPageIteratorLevel l) { return a->text(it, l); }
static void tess_delete_text(const tess_api *a, char *t) { a->deleteText(t); }
static float tess_confidence(const tess_api *a, TessResultIterator *it, TessPageIteratorLevel l) { return a->confidence(it, l); }
static int tess_box(const tess_api *a, TessResultIterator *it, TessPageIteratorLevel l, int *x0, int *y0, int *x1, int *y1) {
	return a->boundingBox(a->pageIterator(it), l, x0, y0, x1, y1);
}
*/
import "C"

import (
	"bytes"
	"fmt"
	"image"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"unsafe"
)

// libtesseract is the library loaded on first use: the soname the Debian
// package libtesseract5 installs.
const libtesseract = "libtesseract.so.5"

var (
	loadMu sync.Mutex
	loaded *C.tess_api // nil until a load succeeds; a failed load is tried again at the next Reader
)

// tesseract returns Tesseract's functions, loading the library the first
// time.
func tesseract() (*C.tess_api, error) {
	loadMu.Lock()
	defer loadMu.Unlock()
	if loaded != nil {
		return loaded, nil
	}
	api, err := openTesseract(libtesseract)
	if err != nil {
		return nil, err
	}
	loaded = api
	messages.start(api)
	return api, nil
}

// messages takes what Tesseract and Leptonica print (Tesseract's
// "Estimating resolution as 470" for each block of text, Leptonica's
// "Error in boxClipToRectangle" for a box at the picture's edge) off the
// terminal: a learn session printed a hundred such lines between its
// questions. Both write to files of their own, which are read after each
// recognition and logged at debug level.
var messages tessMessages

// tessMessages are the two log files: Tesseract's debug_file (one
// stdio stream for the whole library, opened by Tesseract at its first
// message) and the file Leptonica's stderr handler writes to.
type tessMessages struct {
	mu      sync.Mutex
	dir     string
	tesPath string      // debug_file, or /dev/null when no file could be made
	files   [2]*os.File // read ends: Tesseract's, Leptonica's
	off     [2]int64
	partial [2][]byte // a line not ended yet
	removed bool
}

// start makes the files and hands Leptonica its handler. Without a
// temporary folder the messages are dropped rather than shown.
func (m *tessMessages) start(api *C.tess_api) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.tesPath = os.DevNull
	dir, err := os.MkdirTemp("", "tableref-tesseract-")
	if err != nil {
		slog.Debug("Tesseract's messages are dropped", "err", err)
		return
	}
	m.dir = dir
	paths := [2]string{filepath.Join(dir, "tesseract.log"), filepath.Join(dir, "leptonica.log")}
	for i, p := range paths {
		f, err := os.Create(p)
		if err != nil {
			slog.Debug("Tesseract's messages are dropped", "err", err)
			return
		}
		m.files[i] = f
	}
	m.tesPath = paths[0]
	cp := C.CString(paths[1])
	defer C.free(unsafe.Pointer(cp))
	if C.tess_quiet(api, cp) != 0 {
		slog.Debug("this Leptonica prints its messages itself (no leptSetStderrHandler)")
	}
	// Leptonica's file is open on both sides: its name is no longer needed.
	os.Remove(paths[1])
}

// path is the file Tesseract is to write its messages to.
func (m *tessMessages) path() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.tesPath == "" {
		return os.DevNull // not started: never the terminal
	}
	return m.tesPath
}

// drain logs what was written since the last call.
func (m *tessMessages) drain() {
	m.mu.Lock()
	defer m.mu.Unlock()
	C.tess_flush()
	for i, f := range m.files {
		if f == nil {
			continue
		}
		st, err := f.Stat()
		if err != nil {
			continue
		}
		if st.Size() < m.off[i] {
			m.off[i] = 0 // Tesseract opens its file anew ("wb")
		}
		if st.Size() == m.off[i] {
			continue
		}
		buf := make([]byte, st.Size()-m.off[i])
		n, _ := f.ReadAt(buf, m.off[i])
		m.off[i] += int64(n)
		text := append(m.partial[i], buf[:n]...)
		end := bytes.LastIndexByte(text, '\n')
		m.partial[i] = append([]byte(nil), text[end+1:]...)
		for _, line := range strings.Split(string(text[:max(end, 0)]), "\n") {
			if line = strings.TrimSpace(line); line != "" {
				slog.Debug("OCR", "says", line, "from", [2]string{"Tesseract", "Leptonica"}[i])
			}
		}
		if i == 0 && !m.removed {
			// Tesseract has its file open now: the name can go.
			os.Remove(m.tesPath)
			os.Remove(m.dir)
			m.removed = true
		}
	}
}

// openTesseract loads the library file and resolves every function the
// reader calls. The library stays loaded for the life of the process.
func openTesseract(file string) (*C.tess_api, error) {
	api := (*C.tess_api)(C.calloc(1, C.size_t(unsafe.Sizeof(C.tess_api{}))))
	cfile := C.CString(file)
	defer C.free(unsafe.Pointer(cfile))
	var why *C.char
	switch C.tess_open(cfile, api, &why) {
	case 0:
		return api, nil
	case 1:
		C.free(unsafe.Pointer(api))
		return nil, fmt.Errorf("cardtext: Tesseract OCR is not installed (%s): install the Debian packages libtesseract5 and tesseract-ocr-eng", C.GoString(why))
	default:
		C.free(unsafe.Pointer(api))
		return nil, fmt.Errorf("cardtext: %s has no %s: Tesseract 5's C API is needed: install the Debian package libtesseract5", file, C.GoString(why))
	}
}

// pageMode is a page segmentation mode: how Tesseract lays out the text.
type pageMode C.TessPageSegMode

const (
	psmSingleBlock pageMode = C.PSM_SINGLE_BLOCK
	psmSingleLine  pageMode = C.PSM_SINGLE_LINE
	psmSparseText  pageMode = C.PSM_SPARSE_TEXT
)

// level is what one result stands for: a line or a word.
type level C.TessPageIteratorLevel

const (
	levelLine level = C.RIL_TEXTLINE
	levelWord level = C.RIL_WORD
)

// engine is one Tesseract instance, set up for one kind of text. Not safe
// for concurrent use.
type engine struct {
	api *C.tess_api
	h   *C.TessBaseAPI
}

// languagePackage is the Debian package holding a Tesseract language's
// data ("chi_sim" → tesseract-ocr-chi-sim).
func languagePackage(lang string) string {
	return "tesseract-ocr-" + strings.ToLower(strings.ReplaceAll(lang, "_", "-"))
}

// newEngine starts an engine reading langs (Tesseract's codes) in the page
// segmentation mode psm, with the given Tesseract variables.
func newEngine(api *C.tess_api, langs []string, psm pageMode, vars [][2]string) (*engine, error) {
	e := &engine{api: api, h: C.tess_create(api)}
	cl := C.CString(strings.Join(langs, "+"))
	defer C.free(unsafe.Pointer(cl))
	// Tesseract's messages (its own variable, for the whole library) go
	// to the log file from the start: a failed initialisation prints too.
	dk, dv := C.CString("debug_file"), C.CString(messages.path())
	C.tess_set_variable(api, e.h, dk, dv)
	C.free(unsafe.Pointer(dk))
	C.free(unsafe.Pointer(dv))
	defer messages.drain()
	if C.tess_init(api, e.h, cl) != 0 {
		e.close()
		pkgs := make([]string, len(langs))
		for i, l := range langs {
			pkgs[i] = languagePackage(l)
		}
		return nil, fmt.Errorf("cardtext: Tesseract cannot load the language data %s: install the Debian package %s", strings.Join(langs, "+"), strings.Join(pkgs, ", "))
	}
	for _, kv := range vars {
		k, v := C.CString(kv[0]), C.CString(kv[1])
		ok := C.tess_set_variable(api, e.h, k, v) != 0
		C.free(unsafe.Pointer(k))
		C.free(unsafe.Pointer(v))
		if !ok {
			e.close()
			return nil, fmt.Errorf("cardtext: Tesseract has no variable %s", kv[0])
		}
	}
	// After the initialisation, which resets the mode.
	C.tess_set_psm(api, e.h, C.TessPageSegMode(psm))
	return e, nil
}

// languages lists the language data Tesseract finds in its data folder.
func (e *engine) languages() []string {
	arr := C.tess_languages(e.api, e.h)
	if arr == nil {
		return nil
	}
	defer C.tess_delete_text_array(e.api, arr)
	var out []string
	for p := arr; *p != nil; p = (**C.char)(unsafe.Add(unsafe.Pointer(p), unsafe.Sizeof(*p))) {
		out = append(out, C.GoString(*p))
	}
	return out
}

func (e *engine) close() {
	if e.h != nil {
		C.tess_delete(e.api, e.h)
		e.h = nil
	}
}

// sourcePPI is the resolution given with every picture: a raw picture has
// none, and 70 dpi is the least Tesseract takes as credible (its own
// fallback, which the reader's sizes were tuned with). An engine with the
// variable user_defined_dpi uses that instead.
const sourcePPI = 70

// word is one recognised element: a word or a line.
type word struct {
	text string
	conf float64 // 0 to 100
	box  image.Rectangle
}

// read recognises an 8-bit grey picture (rows of stride bytes) and returns
// what it holds at level, in reading order. Tesseract copies the pixels.
func (e *engine) read(px []byte, w, h, stride int, l level) ([]word, error) {
	level := C.TessPageIteratorLevel(l)
	if w <= 0 || h <= 0 || stride < w || len(px) < (h-1)*stride+w {
		return nil, fmt.Errorf("cardtext: a %d×%d picture of %d bytes (rows of %d)", w, h, len(px), stride)
	}
	defer messages.drain()
	C.tess_set_image(e.api, e.h, (*C.uchar)(unsafe.Pointer(&px[0])), C.int(w), C.int(h), C.int(stride), sourcePPI)
	if C.tess_recognize(e.api, e.h) != 0 {
		return nil, fmt.Errorf("cardtext: Tesseract failed to recognise a %d×%d picture", w, h)
	}
	it := C.tess_iterator(e.api, e.h)
	if it == nil {
		return nil, nil
	}
	defer C.tess_delete_iterator(e.api, it)
	var out []word
	for {
		// A position without a word (an empty page) has no text.
		if t := C.tess_text(e.api, it, level); t != nil {
			var x0, y0, x1, y1 C.int
			C.tess_box(e.api, it, level, &x0, &y0, &x1, &y1)
			out = append(out, word{
				text: C.GoString(t),
				conf: float64(C.tess_confidence(e.api, it, level)),
				box:  image.Rect(int(x0), int(y0), int(x1), int(y1)),
			})
			C.tess_delete_text(e.api, t)
		}
		if C.tess_next(e.api, it, level) == 0 {
			return out, nil
		}
	}
}
