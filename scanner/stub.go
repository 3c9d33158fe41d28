package scanner

import (
	"context"
	"errors"
	"time"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/rules"
)

// The reading and stability code lands in the next commits; the API above
// is what the daemon builds on.

var errTodo = errors.New("scanner: not implemented yet")

type layout struct{}

type stability struct{}

func layoutFor(mode string, s rules.Setup) (*layout, error) { return &layout{}, nil }

func (s *Scanner) frame(ctx context.Context, t time.Duration, frame gocv.Mat) (Update, error) {
	return Update{T: t}, errTodo
}

func (s *Scanner) read(ctx context.Context, frame gocv.Mat, prev *rules.Table) (*Scan, error) {
	return nil, errTodo
}
