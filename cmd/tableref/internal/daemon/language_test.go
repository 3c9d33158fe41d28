package daemon

import (
	"context"
	"strings"
	"testing"
	"time"

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
		fastHolds(t, 5*time.Millisecond)
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
