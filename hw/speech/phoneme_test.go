package speech

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// phonemes is what espeak-ng would say for args, as phoneme mnemonics
// (-x), on one line.
func phonemes(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "espeak-ng", append([]string{"-q", "-x"}, args...)...).Output()
	if err != nil {
		t.Fatalf("espeak-ng %v: %v", args, err)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}

// TestWordsAfterANameInTheSpeakersLanguage says an Italian and a German
// card name, each followed by the referee's words, in every language the
// referee speaks: the number after the name is said in the referee's
// language (issue 31: "Napoli: right. 40 north" was said "quaranta").
func TestWordsAfterANameInTheSpeakersLanguage(t *testing.T) {
	if _, err := exec.LookPath("espeak-ng"); err != nil {
		t.Skip("espeak-ng is not installed (apt install espeak-ng)")
	}
	for _, lang := range Languages {
		want := phonemes(t, "-v", VoiceOf(lang), "17")
		for _, name := range []Part{{Text: "Napoli:", Lang: "it"}, {Text: "München:", Lang: "de"}} {
			if voiceFor(name.Lang) == voiceFor(lang) {
				continue // no switch to test
			}
			u := Utterance{Parts: []Part{name, {Text: " 17"}}}
			got := phonemes(t, "-m", "-v", VoiceOf(lang), u.SSML(lang))
			if !strings.HasSuffix(got, want) {
				t.Errorf("%s after %s: %q, want it to end in the %s %q", lang, name.Text, got, lang, want)
			}
		}
	}
}

// A number that ends an announcement is a number, not an ordinal: German
// espeak-ng said "Ana, plus 1." as "plus erste".
func TestEndingNumberIsCardinal(t *testing.T) {
	if _, err := exec.LookPath("espeak-ng"); err != nil {
		t.Skip("espeak-ng is not installed (apt install espeak-ng)")
	}
	for _, lang := range Languages {
		want := phonemes(t, "-v", VoiceOf(lang), "1")
		u := Utterance{Parts: []Part{{Text: "Ana, plus 1."}}}
		if got := phonemes(t, "-m", "-v", VoiceOf(lang), u.SSML(lang)); !strings.HasSuffix(got, want) {
			t.Errorf("%s: %q, want it to end in %q", lang, got, want)
		}
	}
}
