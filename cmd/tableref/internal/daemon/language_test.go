package daemon

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/config"
	"github.com/tableref/tableref/cmd/tableref/internal/live"
)

// The display speaks the players' language: the configured one, else the
// game's own (the South American deck's Spanish), and the final scores'
// title too.
func TestDisplayInThePlayersLanguage(t *testing.T) {
	for lang, want := range map[string][]string{
		"it": {"Quito: GIUSTO", "Arequipa: ERRATO", "Finale"},
		"":   {"Quito: BIEN", "Arequipa: MAL", "Final"},
		"en": {"Quito: RIGHT", "Arequipa: WRONG", "Final"},
	} {
		cfg := testConfig(t, live.ReplayPrefix+"../../testdata/demo-continental.jsonl")
		cfg.Language = lang
		// The game's 567 s at 100 times: a move every 20–50 ms, each
		// screen's hold 2 ms. Played at once (speed 0) every batch
		// overtook the last and what reached the display depended on
		// the machine's load: a clean-clone make test never showed
		// "Arequipa: WRONG".
		cfg.Camera.Speed, cfg.Camera.AtEnd = 100, config.AtEndStop
		fastHolds(t, 2*time.Millisecond)
		disp := &recDisplay{}
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		err := Run(ctx, cfg, Deps{Display: disp})
		cancel()
		if err != nil {
			t.Fatalf("language %q: %v", lang, err)
		}
		for _, w := range want {
			if !strings.Contains(disp.all(), w) {
				t.Errorf("language %q: the display never said %q:\n%s", lang, w, disp.all())
			}
		}
	}
}
