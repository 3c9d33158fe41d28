package geom

import (
	"math"
	"testing"
)

func near(a, b Pt) bool { return a.Dist(b) < 1e-6 }

func TestFromQuadsRoundTrip(t *testing.T) {
	src := Quad{{0, 0}, {10, 0}, {10, 10}, {0, 10}}
	dst := Quad{{100, 50}, {180, 60}, {170, 150}, {90, 140}}
	h, ok := FromQuads(src, dst)
	if !ok {
		t.Fatal("FromQuads failed on a regular quad")
	}
	for i := range src {
		if got := h.Apply(src[i]); !near(got, dst[i]) {
			t.Errorf("corner %d: got %v, want %v", i, got, dst[i])
		}
	}
	inv, ok := h.Inverse()
	if !ok {
		t.Fatal("Inverse failed")
	}
	if got := inv.Apply(dst[2]); !near(got, src[2]) {
		t.Errorf("inverse: got %v, want %v", got, src[2])
	}
	if _, ok := FromQuads(Quad{{0, 0}, {1, 1}, {2, 2}, {3, 3}}, dst); ok {
		t.Error("collinear points gave a homography")
	}
}

func TestMulOrderAndScale(t *testing.T) {
	// Scale then translate: (1,1) → (2,2) → (12,2).
	h := Translate(10, 0).Mul(ScaleH(2, 2))
	if got := h.Apply(Pt{1, 1}); !near(got, Pt{12, 2}) {
		t.Errorf("got %v", got)
	}
	if s := h.LocalScale(Pt{3, 4}); math.Abs(s-2) > 1e-9 {
		t.Errorf("LocalScale = %v, want 2", s)
	}
	r := Rotate(90)
	if got := r.Apply(Pt{1, 0}); !near(got, Pt{0, 1}) {
		t.Errorf("Rotate(90)(1,0) = %v, want (0,1)", got)
	}
}

func TestQuadContainsAndArea(t *testing.T) {
	q := Quad{{0, 0}, {4, 0}, {4, 4}, {0, 4}}
	if !q.Contains(Pt{2, 2}) || q.Contains(Pt{5, 2}) {
		t.Error("Contains wrong")
	}
	if a := q.Area(); a != 16 {
		t.Errorf("Area = %v, want 16", a)
	}
	if c := q.Centre(); !near(c, Pt{2, 2}) {
		t.Errorf("Centre = %v", c)
	}
}
