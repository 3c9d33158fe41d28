package scanner

import (
	"context"
	"fmt"
	"image"
	"math"
	"sort"
	"testing"
	"time"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/synth"
)

// locScene is a 1080p table of n cards; cards[i] can be changed before
// rendering.
func locScene(n int) synth.Scene {
	cam, centre := synth.Pose(1920, 1080, 66, 4/(synth.DefaultQRSideMM/21.0), 8, 3)
	var payloads []string
	for i := 0; i < n; i++ {
		payloads = append(payloads, fmt.Sprintf("TR1:C:SA-%03dF:X", i+1))
	}
	return synth.Scene{Width: 1920, Height: 1080, Camera: cam, CameraCentre: centre,
		Cards: synth.Scatter(42, cam, 1920, 1080, payloads), Effect: synth.Effects{NoiseSigma: 4, JPEGQuality: 80}, Seed: 7}
}

func render(t *testing.T, s synth.Scene) gocv.Mat {
	t.Helper()
	f, _, err := synth.Render(s)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// texts lists a result's payloads with their centres to the pixel, sorted.
func texts(res qr.Result) []string {
	var out []string
	for _, c := range res.All() {
		p := c.Centre()
		out = append(out, fmt.Sprintf("%s@%.0f,%.0f", c.Text, p.X, p.Y))
	}
	sort.Strings(out)
	return out
}

func sameTexts(t *testing.T, what string, got, want qr.Result) {
	t.Helper()
	g, w := map[string]bool{}, map[string]bool{}
	for _, c := range got.All() {
		g[c.Text] = true
	}
	for _, c := range want.All() {
		w[c.Text] = true
	}
	for s := range w {
		if !g[s] {
			t.Errorf("%s: %s missing (got %v)", what, s, texts(got))
		}
	}
	for s := range g {
		if !w[s] {
			t.Errorf("%s: %s read but not in the frame", what, s)
		}
	}
}

type locStep struct {
	l     *locator
	t     time.Duration
	whole *qr.Reader
}

// read gives the frame to the locator 200 ms after the last one and
// returns its result with what a whole read of the frame finds.
func (s *locStep) read(t *testing.T, f gocv.Mat) (got, whole qr.Result) {
	t.Helper()
	s.t += 200 * time.Millisecond
	small, err := makeLowres(f, 160)
	if err != nil {
		t.Fatal(err)
	}
	got, err = s.l.read(context.Background(), s.t, f, small)
	if err != nil {
		t.Fatal(err)
	}
	whole, err = s.whole.Read(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	return got, whole
}

// TestLocatorReadsOnlyWhatChanged follows a table through the moves of a
// game: the locator carries unchanged codes without reading, reads only
// the patch where a card was laid or taken, and always gives what a whole
// read gives.
func TestLocatorReadsOnlyWhatChanged(t *testing.T) {
	r := qr.NewReader(qr.Options{})
	s := &locStep{l: &locator{reader: r, every: FullRead}, whole: r}
	base := locScene(12)
	laid := base.Cards[11]
	base.Cards = base.Cards[:11]
	a := render(t, base)
	defer a.Close()

	got, whole := s.read(t, a)
	if s.l.kind != readWhole {
		t.Errorf("first read: %s, want whole", s.l.kind)
	}
	sameTexts(t, "first read", got, whole)
	if len(whole.All()) != 11 {
		t.Fatalf("whole read found %d of 11 codes", len(whole.All()))
	}

	got, _ = s.read(t, a)
	if s.l.kind != readCarried || s.l.pixels != 0 {
		t.Errorf("same frame again: %s read of %d px, want every code carried", s.l.kind, s.l.pixels)
	}
	sameTexts(t, "same frame", got, whole)

	// A card laid.
	withCard := base
	withCard.Cards = append(append([]synth.Card(nil), base.Cards...), laid)
	b := render(t, withCard)
	defer b.Close()
	got, whole = s.read(t, b)
	if s.l.kind != readPatches || s.l.pixels > 1920*1080/5 {
		t.Errorf("a card laid: %s read of %d px, want a patch of at most a fifth of the frame", s.l.kind, s.l.pixels)
	}
	sameTexts(t, "card laid", got, whole)

	// A card taken away.
	taken := withCard
	taken.Cards = append([]synth.Card(nil), withCard.Cards[1:]...)
	c := render(t, taken)
	defer c.Close()
	got, whole = s.read(t, c)
	if s.l.kind != readPatches {
		t.Errorf("a card taken: %s read, want patches", s.l.kind)
	}
	sameTexts(t, "card taken", got, whole)
}

// TestLocatorSeesASwap: a card replaced by another of the same look in the
// same place may not change the low-resolution frame the motion is
// measured on at all (here it is given the old one, as if so); the code's
// own fingerprint changes, so it is read again and the new card is seen,
// never the old one carried.
func TestLocatorSeesASwap(t *testing.T) {
	r := qr.NewReader(qr.Options{})
	l := &locator{reader: r, every: FullRead}
	base := locScene(10)
	a := render(t, base)
	defer a.Close()
	la, err := makeLowres(a, 160)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := l.read(ctx, 0, a, la); err != nil {
		t.Fatal(err)
	}
	swapped := base
	swapped.Cards = append([]synth.Card(nil), base.Cards...)
	swapped.Cards[4].Payload = "TR1:C:SA-099F:X"
	b := render(t, swapped)
	defer b.Close()
	got, err := l.read(ctx, time.Second, b, la) // the old low-res frame: no motion seen
	if err != nil {
		t.Fatal(err)
	}
	whole, err := r.Read(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	sameTexts(t, "swapped card", got, whole)
	if l.kind != readPatches {
		t.Errorf("swap: %s read, want the swapped card's patch read", l.kind)
	}
}

// TestLocatorWholeReads: the table moved (the camera knocked) and the
// interval since the last whole read both give a whole read.
func TestLocatorWholeReads(t *testing.T) {
	r := qr.NewReader(qr.Options{})
	s := &locStep{l: &locator{reader: r, every: 2 * time.Second}, whole: r}
	base := locScene(10)
	a := render(t, base)
	defer a.Close()
	s.read(t, a)
	s.read(t, a)
	if s.l.kind != readCarried {
		t.Fatalf("second read %s, want carried", s.l.kind)
	}
	moved := base
	moved.Camera, moved.CameraCentre = synth.Pose(1920, 1080, 66, 4/(synth.DefaultQRSideMM/21.0), 8, 6) // rolled 3° more
	b := render(t, moved)
	defer b.Close()
	got, whole := s.read(t, b)
	if s.l.kind != readWhole {
		t.Errorf("table moved: %s read, want whole", s.l.kind)
	}
	sameTexts(t, "table moved", got, whole)
	wholeAt := s.t
	for i := 0; i < 12; i++ {
		s.read(t, b)
		if s.l.kind == readWhole {
			if s.t-wholeAt < 2*time.Second {
				t.Errorf("whole read %v after the last, before the 2 s interval", s.t-wholeAt)
			}
			return
		}
	}
	t.Errorf("no whole read within %v of still table with a 2 s interval", s.t-wholeAt)
}

// countingReader counts the reader calls the locator makes and the
// pixels it hands over.
type countingReader struct {
	r      *qr.Reader
	calls  int
	pixels int
}

func (c *countingReader) Read(ctx context.Context, f gocv.Mat) (qr.Result, error) {
	c.calls++
	c.pixels += f.Cols() * f.Rows()
	return c.r.Read(ctx, f)
}

// TestLocatorReadsPatchesInOneCall: cards laid at the two sides of the
// table at once change two patches apart; they are read with one reader
// call on one canvas, not one each (each a canvas of over 1 MP: issue
// 19's slow first read after a move), and give what a whole read gives,
// each code at its place in the frame.
func TestLocatorReadsPatchesInOneCall(t *testing.T) {
	cr := &countingReader{r: qr.NewReader(qr.Options{})}
	s := &locStep{l: &locator{reader: cr, every: FullRead}, whole: cr.r}
	base := locScene(16)
	laid := map[int]bool{6: true, 8: true} // at the two sides of the table
	before := base
	before.Cards = nil
	for i, c := range base.Cards {
		if !laid[i] {
			before.Cards = append(before.Cards, c)
		}
	}
	a := render(t, before)
	defer a.Close()
	if _, whole := s.read(t, a); len(whole.All()) != len(before.Cards) {
		t.Fatalf("whole read found %d of %d codes", len(whole.All()), len(before.Cards))
	}
	b := render(t, base)
	defer b.Close()
	cr.calls, cr.pixels = 0, 0
	got, whole := s.read(t, b)
	if s.l.kind != readPatches || cr.calls != 1 {
		t.Errorf("two cards laid: %s read with %d reader calls, want one call for the patches", s.l.kind, cr.calls)
	}
	if cr.pixels > 1920*1080 {
		t.Errorf("the patches' canvas has %d px, more than the frame", cr.pixels)
	}
	sameTexts(t, "two cards laid", got, whole)
	if len(whole.All()) != 16 {
		t.Fatalf("whole read found %d of 16 codes", len(whole.All()))
	}
	// Each code where the whole read has it, within a pixel and a half
	// (the canvas is searched from another origin).
	at := map[string]geom.Pt{}
	for _, c := range whole.All() {
		at[c.Text] = c.Centre()
	}
	for _, c := range got.All() {
		p, w := c.Centre(), at[c.Text]
		if math.Abs(p.X-w.X) > 1.5 || math.Abs(p.Y-w.Y) > 1.5 {
			t.Errorf("%s at %.1f,%.1f, the whole read has it at %.1f,%.1f", c.Text, p.X, p.Y, w.X, w.Y)
		}
	}
}

// TestLocatorReadsWholeWhenPatchesCostMore: patches that, packed, would
// cover more than half the frame are not read (the frame is read whole
// instead: it costs no more); and light that changed across the table
// between two reads (a cloud, a lamp moved) costs one whole read, not a
// read of each patch it changed.
func TestLocatorReadsWholeWhenPatchesCostMore(t *testing.T) {
	cr := &countingReader{r: qr.NewReader(qr.Options{})}
	l := &locator{reader: cr, every: FullRead}
	base := locScene(12)
	base.Effect.UnevenLight = 0.3
	a := render(t, base)
	defer a.Close()
	ctx := context.Background()
	var rois []image.Rectangle
	for y := 0; y+300 <= 1080; y += 360 {
		for x := 0; x+300 <= 1920; x += 480 {
			rois = append(rois, image.Rect(x, y, x+300, y+300))
		}
	}
	if _, ok, err := l.readPatches(ctx, a, rois, rois); ok || err != nil || cr.calls != 0 {
		t.Errorf("%d patches of 300×300 px: read %v (%d calls, err %v), want none read: the frame costs no more", len(rois), ok, cr.calls, err)
	}
	if _, ok, err := l.readPatches(ctx, a, rois[:3], rois[:3]); !ok || err != nil || cr.calls != 1 {
		t.Errorf("3 patches of 300×300 px: read %v (%d calls, err %v), want one read", ok, cr.calls, err)
	}

	s := &locStep{l: l, whole: cr.r}
	s.read(t, a)
	relit := base
	relit.Seed = 8 // the light falls from elsewhere
	b := render(t, relit)
	defer b.Close()
	cr.calls = 0
	got, want := s.read(t, b)
	if s.l.kind != readWhole || cr.calls != 1 {
		t.Errorf("relit table: %s read with %d reader calls, want one whole read", s.l.kind, cr.calls)
	}
	sameTexts(t, "relit table", got, want)
}

// TestPack: packed boxes never overlap, keep the gap between them, and
// lie within what pack says they cover, which is about square.
func TestPack(t *testing.T) {
	sizes := []image.Point{{190, 190}, {400, 120}, {60, 300}, {190, 190}, {1000, 80}, {33, 33}, {250, 260}, {190, 201}}
	for n := 1; n <= len(sizes); n++ {
		at, used := pack(sizes[:n], patchGap, 0)
		if n == 1 && (at[0] != image.Point{} || used != sizes[0]) {
			t.Errorf("one box: at %v covering %v, want at 0,0 covering %v", at[0], used, sizes[0])
		}
		for i := 0; i < n; i++ {
			r := image.Rectangle{Min: at[i], Max: at[i].Add(sizes[i])}
			if r.Min.X < 0 || r.Min.Y < 0 || r.Max.X > used.X || r.Max.Y > used.Y {
				t.Errorf("%d boxes: box %d at %v outside %v", n, i, r, used)
			}
			for j := i + 1; j < n; j++ {
				o := image.Rectangle{Min: at[j], Max: at[j].Add(sizes[j])}
				if growRect(r, patchGap-1).Overlaps(o) {
					t.Errorf("%d boxes: %v and %v closer than %d px", n, r, o, patchGap)
				}
			}
		}
		if n == len(sizes) && (used.X > 2*used.Y || used.Y > 2*used.X) {
			t.Errorf("%d boxes cover %v: want about square", n, used)
		}
	}
}
