package daemon

/*
#include <malloc.h>
*/
import "C"

// tuneMalloc keeps OpenCV's frame-sized buffers from staying in the
// process after they are freed. glibc raises its mmap threshold to the
// size of the last large block freed (up to 32 MB), after which 12 MP
// frames (36 MB BGR, 12 MB grey) come from the heap and fragment it; and
// each OpenCV worker thread gets a malloc arena of its own. A fixed
// threshold returns every large buffer to the system when it is freed, and
// two arenas are plenty for a daemon whose heavy work is in a few threads:
// at 12 MP this takes about 100 MB off the resident set.
func tuneMalloc() {
	C.mallopt(C.M_MMAP_THRESHOLD, 256<<10)
	C.mallopt(C.M_ARENA_MAX, 2)
}
