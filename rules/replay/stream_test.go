package replay

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// endless is a line that never ends: n bytes of 'x' have been served.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	e.n += int64(len(p))
	return len(p), nil
}

func TestLongLineRefusedBeforeItIsReadWhole(t *testing.T) {
	src := &endless{}
	head := strings.NewReader(strings.SplitAfterN(good, "\n", 3)[0] + strings.SplitAfterN(good, "\n", 3)[1])
	r := NewReader(io.MultiReader(head, src), "big.jsonl")
	if _, err := r.Next(); err != nil {
		t.Fatal(err)
	}
	_, err := r.Next()
	if !errors.Is(err, ErrLineTooLong) || !strings.Contains(err.Error(), "big.jsonl:3:") {
		t.Fatalf("an endless line: %v, want ErrLineTooLong at big.jsonl:3", err)
	}
	if src.n > MaxLine+128*1024 {
		t.Errorf("read %d bytes of the line before refusing it, want at most about %d", src.n, MaxLine)
	}
}

func TestOffsetAndTeeLeaveOutATornTail(t *testing.T) {
	torn := good + `{"kind":"snapshot","t":4,"table":{"map":`
	var tee bytes.Buffer
	r := NewReader(strings.NewReader(torn), "journal")
	r.AllowTornTail, r.Tee = true, &tee
	if _, err := Run(r, func(Stamped) {}); err != nil {
		t.Fatal(err)
	}
	if r.Offset() != int64(len(good)) || tee.String() != good {
		t.Errorf("offset %d, tee %d bytes; want both %d (the torn tail left out)", r.Offset(), tee.Len(), len(good))
	}
	r = NewReader(strings.NewReader(strings.TrimSuffix(good, "\n")), "journal")
	if _, err := Run(r, func(Stamped) {}); err != nil || !r.NoFinalNewline() {
		t.Errorf("last line without newline: err=%v NoFinalNewline=%v", err, r.NoFinalNewline())
	}
}
