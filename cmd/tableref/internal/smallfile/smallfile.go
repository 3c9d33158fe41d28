// Package smallfile reads the small files tableref trusts least and reads
// most often (configuration, PIN and deck files, read at every start):
// only regular files, opened without waiting (a FIFO put in their place
// would hang every command), and no more than a stated size, so one huge
// file cannot tax every command with its memory and time.
package smallfile

import (
	"fmt"
	"io"
	"os"
	"syscall"
)

// Read returns the content of the regular file at path, refusing one
// larger than limit bytes. Its errors name the file and what is wrong.
func Read(path string, limit int64) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%s)", path, st.Mode().Type())
	}
	if st.Size() > limit {
		return nil, fmt.Errorf("%s: larger than %s", path, Size(limit))
	}
	// The size may grow while it is read: read one byte past the limit
	// to see it.
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: larger than %s", path, Size(limit))
	}
	return data, nil
}

// Size says n bytes the way the messages do: 4 MB, 64 KB, 12 bytes.
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
