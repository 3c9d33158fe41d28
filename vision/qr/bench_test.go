package qr_test

import (
	"context"
	"testing"

	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/qrbench"
)

// benchCondition times the reader on the first frame of a benchmark
// condition, so the Go benchmark and `tableref bench vision` see the same
// pixels.
func benchCondition(b *testing.B, name string) {
	var cond qrbench.Condition
	for _, c := range qrbench.Conditions(1) {
		if c.Name == name {
			cond = c
		}
	}
	if cond.Name == "" {
		b.Fatalf("no condition %q", name)
	}
	frame, truth, err := renderScene(cond.Scene(0))
	if err != nil {
		b.Fatal(err)
	}
	defer frame.Close()
	r := qr.NewReader(qr.Options{})
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := r.Read(ctx, frame)
		if err != nil {
			b.Fatal(err)
		}
		if i == 0 && len(res.Codes) < len(truth.Codes)*9/10 {
			b.Fatalf("read %d of %d codes", len(res.Codes), len(truth.Codes))
		}
	}
}

func BenchmarkRead1080p20Cards(b *testing.B) { benchCondition(b, "1080p 20 cards") }
func BenchmarkRead12MP60Cards(b *testing.B)  { benchCondition(b, "12MP 60 cards") }
