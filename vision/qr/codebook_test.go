package qr_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/qr"
	"github.com/tableref/tableref/vision/synth"
)

// deckPayloads are every card side of decks numbered 1 to 99, as stickers
// and as printed cards, and the player markers: what a codebook for a
// table of those decks holds (the tests need no registered deck).
func deckPayloads(decks ...string) []string {
	var out []string
	for _, d := range decks {
		for num := 1; num <= 99; num++ {
			for _, side := range []rules.Side{rules.Front, rules.Back} {
				ref := rules.CardRef{ID: rules.CardID{Deck: d, Num: num}, Side: side}
				out = append(out, rules.CardPayload(ref).String(), rules.PrintedCardPayload(ref).String())
			}
		}
	}
	return append(out, rules.MarkerPayloads()...)
}

// smallFrame renders cards with codes of modulePx pixels a module, flat
// under the camera, through a colour sensor: a slight lens blur, a Bayer
// mosaic with noise, demosaicing and JPEG at quality 85.
func smallFrame(t testing.TB, seed uint64, modulePx float64, payloads []string) (gocv.Mat, synth.Truth) {
	t.Helper()
	ppmm := modulePx / (synth.DefaultQRSideMM / 21.0)
	rng := rand.New(rand.NewPCG(seed, 7))
	cam, centre := synth.Pose(1920, 1080, 66, ppmm, 2, rng.Float64()*20-10)
	s := synth.Scene{Width: 1920, Height: 1080, Camera: cam, CameraCentre: centre,
		Cards: synth.Scatter(seed, cam, 1920, 1080, payloads), Seed: seed,
		Effect: synth.Effects{BlurSigma: 0.5, Bayer: true, NoiseSigma: 2 + rng.Float64(), JPEGQuality: 85}}
	frame, truth, err := synth.Render(s)
	if err != nil {
		t.Fatal(err)
	}
	return frame, truth
}

// smallTally counts, over frames of small codes, the codes of the codebook
// read, the reads of a payload that is not where the reader says (wrong),
// and the unsure codes.
type smallTally struct{ present, read, wrong, unsure, decoys int }

func tallySmall(t *testing.T, r *qr.Reader, cb *qr.Codebook, modulePx float64, frames int, payloads func(f int) []string) smallTally {
	t.Helper()
	var n smallTally
	for f := 0; f < frames; f++ {
		frame, truth := smallFrame(t, uint64(f+1)*977, modulePx, payloads(f))
		res, err := r.Read(context.Background(), frame)
		frame.Close()
		if err != nil {
			t.Fatal(err)
		}
		at := map[string][]synth.CodeTruth{}
		for _, tc := range truth.Codes {
			at[tc.Payload] = append(at[tc.Payload], tc)
			if cb.Has(tc.Payload) {
				n.present++
			} else {
				n.decoys++
			}
		}
		for _, c := range res.Codes {
			ok := false
			for _, tc := range at[c.Text] {
				ok = ok || tc.Corners.Centre().Dist(c.Centre()) < 3*tc.ModulePx
			}
			if !ok {
				n.wrong++
				t.Errorf("%.1f px, frame %d: %s read at %.0f,%.0f where it is not (codebook %v, margin %.2f)", modulePx, f, c.Text, c.Centre().X, c.Centre().Y, c.Codebook, c.Margin)
			} else if cb.Has(c.Text) {
				n.read++
			}
		}
		n.unsure += len(res.Unsure)
	}
	return n
}

// TestCodebookReadsSmallCodes: at 1.8 px a module through a colour
// sensor, the ordinary reader misses about half the codes; with the
// codebook of the decks in play nearly all are read, and none wrong.
func TestCodebookReadsSmallCodes(t *testing.T) {
	inPlay := deckPayloads("SA", "GE")
	cb, err := qr.NewCodebook(inPlay)
	if err != nil {
		t.Fatal(err)
	}
	cards := func(f int) []string {
		var ps []string
		for k := 0; k < 20; k++ {
			ps = append(ps, inPlay[(f*131+k*17)%len(inPlay)])
		}
		return ps
	}
	plain := tallySmall(t, qr.NewReader(qr.Options{}), cb, 1.8, 2, cards)
	with := tallySmall(t, qr.NewReader(qr.Options{Codebook: cb}), cb, 1.8, 2, cards)
	t.Logf("1.8 px: %d codes; ordinary reader %d, with the codebook %d (%d unsure)", with.present, plain.read, with.read, with.unsure)
	if with.present < 30 {
		t.Fatalf("only %d codes rendered", with.present)
	}
	if got := float64(with.read) / float64(with.present); got < 0.9 {
		t.Errorf("codebook reader read %.0f%% of 1.8 px codes, want ≥ 90%%", 100*got)
	}
	if with.read <= plain.read {
		t.Errorf("the codebook read %d codes, the ordinary reader %d: it should read more", with.read, plain.read)
	}
}

// TestCodebookRefusesDecoys: codes of a deck not in play and codes that
// are not tableref's at all, too small for error correction, are never
// read as a card of the decks in play; the codebook's own are still read.
func TestCodebookRefusesDecoys(t *testing.T) {
	inPlay := deckPayloads("SA")
	cb, err := qr.NewCodebook(inPlay)
	if err != nil {
		t.Fatal(err)
	}
	// Another deck, and the same card numbers printed for it: each
	// differs from a codebook payload in its deck letters and check only.
	otherDeck := deckPayloads("GE")
	strangers := []string{"HTTPS://EXAMPLE.COM/A1", "WIFI:S:HOME;T:WPA;P:X;", "12345678901234", "TR1:C:SA-017F:X"}
	mixed := func(f int) []string {
		var ps []string
		for k := 0; k < 20; k++ {
			switch k % 4 {
			case 0:
				ps = append(ps, inPlay[(f*53+k*13)%(len(inPlay)-38)])
			case 1, 2:
				ps = append(ps, otherDeck[(f*71+k*7)%(len(otherDeck)-38)])
			default:
				ps = append(ps, strangers[(f+k)%len(strangers)])
			}
		}
		return ps
	}
	r := qr.NewReader(qr.Options{Codebook: cb})
	for _, mpx := range []float64{1.8, 2.2} {
		n := tallySmall(t, r, cb, mpx, 2, mixed)
		t.Logf("%.1f px: %d decoys, %d codes of the codebook: %d read, %d wrong, %d unsure", mpx, n.decoys, n.present, n.read, n.wrong, n.unsure)
		if n.decoys < 20 {
			t.Fatalf("only %d decoys rendered", n.decoys)
		}
		if n.present > 0 && n.read == 0 {
			t.Errorf("%.1f px: no code of the codebook read among the decoys", mpx)
		}
	}
}

// BenchmarkCodebookSmallCodes reads one 1080p frame of 20 codes at 2.0 px
// a module through a Bayer sensor with a soft lens (σ 0.9 px), where error
// correction alone reads none: every code is read by the codebook. One
// worker, as on a Pi core.
func BenchmarkCodebookSmallCodes(b *testing.B) {
	inPlay := deckPayloads("SA", "GE")
	cb, err := qr.NewCodebook(inPlay)
	if err != nil {
		b.Fatal(err)
	}
	var ps []string
	for k := 0; k < 20; k++ {
		ps = append(ps, inPlay[(k*17)%len(inPlay)])
	}
	ppmm := 2.0 / (synth.DefaultQRSideMM / 21.0)
	cam, centre := synth.Pose(1920, 1080, 66, ppmm, 2, 3)
	frame, truth, err := synth.Render(synth.Scene{Width: 1920, Height: 1080, Camera: cam, CameraCentre: centre,
		Cards: synth.Scatter(977, cam, 1920, 1080, ps), Seed: 977, Effect: synth.Effects{BlurSigma: 0.9, Bayer: true, NoiseSigma: 2.5, JPEGQuality: 85}})
	if err != nil {
		b.Fatal(err)
	}
	defer frame.Close()
	for _, c := range []struct {
		name string
		opt  qr.Options
	}{{"ordinary", qr.Options{Workers: 1}}, {"codebook", qr.Options{Codebook: cb, Workers: 1}}} {
		b.Run(c.name, func(b *testing.B) {
			r := qr.NewReader(c.opt)
			if _, err := r.Read(context.Background(), frame); err != nil { // builds the codebook's shapes
				b.Fatal(err)
			}
			b.ResetTimer()
			read := 0
			for i := 0; i < b.N; i++ {
				res, err := r.Read(context.Background(), frame)
				if err != nil {
					b.Fatal(err)
				}
				read = len(res.Codes)
			}
			b.ReportMetric(float64(read), "codes")
			b.ReportMetric(float64(len(truth.Codes)), "present")
		})
	}
}
