package scanner

import (
	"context"
	"fmt"
	"sort"
	"testing"
	"time"

	"gocv.io/x/gocv"

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
