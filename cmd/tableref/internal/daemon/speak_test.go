package daemon

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/live"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/hw/speech"
)

// voice records what was said; block makes every announcement last until
// tableref stops (a voice that never finishes).
type voice struct {
	mu    sync.Mutex
	said  []string
	block bool
}

func (v *voice) Say(ctx context.Context, u speech.Utterance) error {
	if v.block {
		<-ctx.Done()
		return ctx.Err()
	}
	v.mu.Lock()
	v.said = append(v.said, u.String())
	v.mu.Unlock()
	time.Sleep(5 * time.Millisecond)
	return nil
}

func (v *voice) all() []string {
	v.mu.Lock()
	defer v.mu.Unlock()
	return append([]string(nil), v.said...)
}

func speakReplay(t *testing.T, v *voice, speed float64) {
	t.Helper()
	cfg := testConfig(t, live.ReplayPrefix+"../../testdata/demo-continental.jsonl")
	cfg.Camera.AtEnd = config.AtEndStop
	cfg.Camera.Speed = speed
	cfg.Speech.Enabled = true
	cfg.Language = "en" // the words the tests look for (the game's own would be Spanish)
	fastHolds(t, 10*time.Millisecond)
	done := make(chan error, 1)
	go func() { done <- Run(context.Background(), cfg, Deps{Display: &recDisplay{}, Speech: v}) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("the game did not end: the referee waited for the voice")
	}
}

// With speech on, the referee says the verdicts and turns aloud, names in
// their language, in the order of the game.
func TestSpokenVerdicts(t *testing.T) {
	speechTuning = func(o *speech.Options) { o.Queue, o.MaxAge = 1000, time.Hour }
	t.Cleanup(func() { speechTuning = nil })
	v := &voice{}
	speakReplay(t, v, 100)
	said := v.all()
	i := 0
	for _, want := range []string{"Ana's turn. Place a card.", "[Quito:es]: right. Ana, plus 1.", "Flip [Quito:es], map side up.", "[Manaus:pt-BR]: right. Ben, plus 1."} {
		for i < len(said) && said[i] != want {
			i++
		}
		if i == len(said) {
			t.Errorf("%q was not said in its place; said:\n%s", want, strings.Join(said, "\n"))
			return
		}
	}
}

// A voice that never finishes does not hold the game up: the recording is
// refereed to its end.
func TestSpeechNeverBlocksTheReferee(t *testing.T) {
	speakReplay(t, &voice{block: true}, 0)
}
