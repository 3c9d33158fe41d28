package speech

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tableref/tableref/hw/speech/speechtest"
)

// recorder is a Backend that records what it was told and can be held:
// while held, Say waits (a slow voice) until released or cut.
type recorder struct {
	mu   sync.Mutex
	said []string
	cut  []string
	hold chan struct{} // nil: say at once
	in   chan string   // told when Say starts
}

func (r *recorder) Say(ctx context.Context, u Utterance) error {
	if r.in != nil {
		r.in <- u.Text()
	}
	if r.hold != nil {
		select {
		case <-r.hold:
		case <-ctx.Done():
			r.mu.Lock()
			r.cut = append(r.cut, u.Text())
			r.mu.Unlock()
			return ctx.Err()
		}
	}
	r.mu.Lock()
	r.said = append(r.said, u.Text())
	r.mu.Unlock()
	return nil
}

func (r *recorder) saidSoFar() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.said...)
}

func words(s string) Utterance { return Utterance{Parts: []Part{{Text: s}}} }

// The referee never waits for the voice: while one announcement is being
// said, ten more are queued at once; only the newest Queue of them wait
// and are said, the older ones are dropped.
func TestSayNeverBlocksAndKeepsTheNewest(t *testing.T) {
	r := &recorder{hold: make(chan struct{}), in: make(chan string, 20)}
	s := NewSpeaker(r, Options{Queue: 3})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.Run(ctx)
	s.Say(words("first"))
	if got := <-r.in; got != "first" {
		t.Fatalf("saying %q first", got)
	}
	start := time.Now()
	for i := 1; i <= 10; i++ {
		s.Say(words("verdict " + strconv.Itoa(i)))
	}
	if d := time.Since(start); d > 50*time.Millisecond {
		t.Errorf("queuing 10 announcements behind a slow voice took %v", d)
	}
	close(r.hold)
	waitUntil(t, func() bool { return len(r.saidSoFar()) == 4 })
	want := []string{"first", "verdict 8", "verdict 9", "verdict 10"}
	if got := r.saidSoFar(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("said %q, want %q", got, want)
	}
	if said, dropped := s.Counts(); said != 4 || dropped != 7 {
		t.Errorf("said %d, dropped %d; want 4 and 7", said, dropped)
	}
}

// An announcement that waited longer than MaxAge is about a move long gone:
// it is dropped, the fresh one after it is said.
func TestStaleAnnouncementsAreDropped(t *testing.T) {
	r := &recorder{}
	s := NewSpeaker(r, Options{MaxAge: 5 * time.Second})
	now := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	s.Say(Utterance{Parts: []Part{{Text: "Quito: right"}}, At: now.Add(-8 * time.Second)})
	s.Say(Utterance{Parts: []Part{{Text: "Lima: wrong"}}, At: now.Add(-time.Second)})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.Run(ctx)
	waitUntil(t, func() bool { return len(r.saidSoFar()) == 1 })
	time.Sleep(20 * time.Millisecond)
	if got := r.saidSoFar(); len(got) != 1 || got[0] != "Lima: wrong" {
		t.Errorf("said %q, want only the fresh verdict", got)
	}
}

// Muting cuts what is being said, forgets what waits and ignores what
// comes until unmuted.
func TestMute(t *testing.T) {
	r := &recorder{hold: make(chan struct{}), in: make(chan string, 10)}
	s := NewSpeaker(r, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.Run(ctx)
	s.Say(words("a long sentence"))
	<-r.in
	s.Say(words("waiting"))
	s.SetMuted(true)
	waitUntil(t, func() bool { r.mu.Lock(); defer r.mu.Unlock(); return len(r.cut) == 1 })
	s.Say(words("while muted"))
	if !s.Muted() {
		t.Error("not muted")
	}
	s.SetMuted(false)
	close(r.hold)
	s.Say(words("after"))
	waitUntil(t, func() bool { return len(r.saidSoFar()) == 1 })
	if got := r.saidSoFar(); got[0] != "after" {
		t.Errorf("said %q after unmuting, want only \"after\"", got)
	}
}

// The same words are not said twice within Repeat (a flickering read
// repeats a warning); whose turn it is, still waiting, is dropped by a
// newer verdict.
func TestRepeatsAndMinorAnnouncements(t *testing.T) {
	r := &recorder{hold: make(chan struct{}), in: make(chan string, 10)}
	s := NewSpeaker(r, Options{Queue: 5})
	now := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.Run(ctx)
	s.Say(words("Quito: right."))
	<-r.in
	s.Say(Utterance{Parts: []Part{{Text: "Ben's turn."}}, Minor: true})
	s.Say(words("Two cards in one cell."))
	s.Say(words("Two cards in one cell."))
	s.Say(words("Lima: wrong."))
	now = now.Add(11 * time.Second)
	s.Say(words("Two cards in one cell."))
	close(r.hold)
	waitUntil(t, func() bool { return len(r.saidSoFar()) == 4 })
	time.Sleep(20 * time.Millisecond)
	want := "Quito: right.|Two cards in one cell.|Lima: wrong.|Two cards in one cell."
	if got := strings.Join(r.saidSoFar(), "|"); got != want {
		t.Errorf("said %s\nwant %s", got, want)
	}
}

func TestSSML(t *testing.T) {
	u := Utterance{Parts: []Part{{Text: "Bogotá", Lang: "es"}, {Text: " left of "}, {Text: "São Paulo", Lang: "pt-BR"}, {Text: ": R&D <ok>"}}}
	got := u.SSML("en")
	want := `<speak xml:lang="en"><voice xml:lang="es-419">Bogotá</voice><voice name="en"> left of </voice><voice xml:lang="pt-br">São Paulo:</voice><voice name="en"> R&amp;D &lt;ok&gt;</voice></speak>`
	if got != want {
		t.Errorf("SSML\n got %s\nwant %s", got, want)
	}
	// A name in the speaker's own language, or in a language espeak-ng
	// lacks, is said in the speaker's voice.
	if got := (Utterance{Parts: []Part{{Text: "Berlin", Lang: "de"}, {Text: "Oz", Lang: "xx"}}}).SSML("de"); got != `<speak xml:lang="de">BerlinOz</speak>` {
		t.Errorf("SSML %s", got)
	}
}

func TestOptionsCheck(t *testing.T) {
	for _, o := range []Options{{Language: "fr"}, {Rate: 20}, {Volume: 300}, {Device: "hw 1"}} {
		if err := o.Check(); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
	if err := (Options{Language: "de", Device: "plughw:1,0"}).Check(); err != nil {
		t.Error(err)
	}
}

// ipa is what espeak-ng says for the same arguments, as phonemes.
func ipa(t *testing.T, e *Espeak, u Utterance) string {
	t.Helper()
	args := e.args(u)
	for i, a := range args {
		if a == "--stdout" {
			args = append(append(args[:i:i], "-q", "--ipa"), args[i+1:]...)
			break
		}
	}
	out, err := exec.Command(e.Bin, args...).Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}

// A verdict rendered to WAV lasts as long as a short sentence and is not
// silent; the card's name is said in Spanish inside the English sentence
// (its sound is the Latin American Spanish voice's, not the English one's),
// and German is German.
func TestRenderedSpeech(t *testing.T) {
	speechtest.NeedTools(t)
	ctx := context.Background()
	e := NewEspeak(Options{})
	verdict := Utterance{Parts: []Part{{Text: "Medellín", Lang: "es"}, {Text: ": right. Ana, plus one."}}}
	wav, err := e.Render(ctx, verdict)
	if err != nil {
		t.Fatal(err)
	}
	st := speechtest.Stat(t, wav)
	if l := st["Length (seconds)"]; l < 1.2 || l > 4 {
		t.Errorf("the verdict lasts %.2f s, want 1.2 to 4", l)
	}
	if a := st["RMS amplitude"]; a < 0.02 {
		t.Errorf("the verdict is (nearly) silent: RMS amplitude %.4f", a)
	}
	if p := ipa(t, e, verdict); !strings.Contains(p, "ðejjˈin") || !strings.Contains(p, "ɹˈaɪt") || strings.Contains(p, "kˈəʊlən") {
		t.Errorf("phonemes %q: want Medellín in Latin American Spanish (ðejjˈin) and \"right\" in English (ɹˈaɪt), and no \"colon\" read out (kˈəʊlən)", p)
	}

	// The name alone sounds as espeak-ng's Spanish voice says it, and
	// unlike its English voice.
	name, err := e.Render(ctx, Utterance{Parts: []Part{{Text: "Medellín", Lang: "es"}}})
	if err != nil {
		t.Fatal(err)
	}
	ref := func(voice string) float64 {
		out, err := exec.Command("espeak-ng", "-v", voice, "-s", "160", "--stdout", "Medellín").Output()
		if err != nil {
			t.Fatal(err)
		}
		return speechtest.Stat(t, out)["Length (seconds)"]
	}
	got, es, en := speechtest.Stat(t, name)["Length (seconds)"], ref("es-419"), ref("en")
	if rel(got, es) > 0.03 || rel(got, en) < 0.1 {
		t.Errorf("Medellín lasts %.3f s; espeak-ng's es-419 voice %.3f s, its English voice %.3f s: want the Spanish one", got, es, en)
	}

	de := NewEspeak(Options{Language: "de"})
	turn := Utterance{Parts: []Part{{Text: "Ana ist dran."}}}
	if p := ipa(t, de, turn); !strings.Contains(p, "ɪst") {
		t.Errorf("German phonemes %q", p)
	}
	if w, err := de.Render(ctx, turn); err != nil || speechtest.Stat(t, w)["RMS amplitude"] < 0.02 {
		t.Errorf("German turn: %v", err)
	}
}

func rel(a, b float64) float64 {
	d := a - b
	if d < 0 {
		d = -d
	}
	return d / b
}

// Say pipes espeak-ng's WAV into the player with the chosen ALSA device.
func TestSayPlaysOnTheDevice(t *testing.T) {
	speechtest.NeedTools(t)
	dir := t.TempDir()
	player := filepath.Join(dir, "aplay")
	script := "#!/bin/sh\necho \"$@\" > " + dir + "/args\ncat > " + dir + "/played.wav\n"
	if err := os.WriteFile(player, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	e := NewEspeak(Options{Device: "plughw:1,0"})
	e.Player = player
	u := Utterance{Parts: []Part{{Text: "Quito", Lang: "es"}, {Text: ": right."}}}
	if err := e.Say(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	args, _ := os.ReadFile(filepath.Join(dir, "args"))
	if strings.TrimSpace(string(args)) != "-q -D plughw:1,0 -" {
		t.Errorf("player arguments %q", args)
	}
	played, _ := os.ReadFile(filepath.Join(dir, "played.wav"))
	want, err := e.Render(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	// The pipe carries espeak-ng's streaming header; Render's file has the
	// true sizes: the same sound.
	if !bytes.Equal(fixWAVSizes(played), want) {
		t.Errorf("played %d bytes, rendered %d", len(played), len(want))
	}
	// A player that fails names the device.
	e.Player = "false"
	if err := e.Say(context.Background(), u); err == nil || !strings.Contains(err.Error(), "plughw:1,0") {
		t.Errorf("failing player: %v", err)
	}
}

func waitUntil(t *testing.T, ok func() bool) {
	t.Helper()
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if ok() {
			return
		}
	}
	t.Fatal("timed out")
}
