package speech

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
)

// SayOnce says u through espeak-ng to the ALSA device of opt (`tableref
// say`); an error says where to look.
func SayOnce(ctx context.Context, opt Options, u Utterance) error {
	if err := NewEspeak(opt).Say(ctx, u); err != nil {
		return fmt.Errorf("%w\n(tableref doctor checks the audio device; aplay -L lists the ALSA devices)", err)
	}
	return nil
}

// WriteWAV renders u as espeak-ng would say it into the WAV file path and
// returns its size.
func WriteWAV(ctx context.Context, opt Options, u Utterance, path string) (int, error) {
	if strings.TrimSpace(u.Text()) == "" {
		return 0, errors.New("nothing to say: give the words (a WAV of silence is no use)")
	}
	b, err := NewEspeak(opt).Render(ctx, u)
	if err != nil {
		return 0, err
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return 0, err
	}
	return len(b), nil
}
