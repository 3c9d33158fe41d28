package daemon

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gocv.io/x/gocv"
)

// folderSource plays a folder of images (a recording such as the demo's)
// as the camera. It decodes each image into a new Mat and hands that over
// in place of the caller's buffer, instead of decoding and then copying as
// vision/camera's folder source does: at 12 MP that copy would hold two
// 36 MB frames at once.
type folderSource struct {
	dir   string
	files []string
	next  int
}

func openFolderSource(dir string) (*folderSource, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("camera: %w", err)
	}
	f := &folderSource{dir: dir}
	for _, e := range ents {
		switch strings.ToLower(filepath.Ext(e.Name())) {
		case ".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp":
			f.files = append(f.files, filepath.Join(dir, e.Name()))
		}
	}
	slices.Sort(f.files)
	if len(f.files) == 0 {
		return nil, fmt.Errorf("camera: folder %s holds no images", dir)
	}
	return f, nil
}

// Read replaces *dst with the next image (closing the Mat it held).
func (f *folderSource) Read(ctx context.Context, dst *gocv.Mat) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if f.next >= len(f.files) {
		return io.EOF
	}
	name := f.files[f.next]
	f.next++
	img := gocv.IMRead(name, gocv.IMReadColor)
	if img.Empty() {
		img.Close()
		return fmt.Errorf("camera: %s is not a readable image", name)
	}
	dst.Close() // first, so the two frames are never held together
	*dst = img
	return nil
}

func (f *folderSource) Close() error   { return nil }
func (f *folderSource) String() string { return "folder " + f.dir }
