package speech_test

import (
	"context"
	"fmt"

	"github.com/tableref/tableref/hw/speech"
)

// A card's name is said in its own language inside the referee's
// sentence: espeak-ng reads the SSML with a voice element per part.
func ExampleUtterance_SSML() {
	u := speech.Utterance{Parts: []speech.Part{{Text: "Right: "}, {Text: "São Paulo", Lang: "pt-BR"}, {Text: " plus two."}}}
	fmt.Println(u)
	fmt.Println(u.SSML("en"))
	// Output:
	// Right: [São Paulo:pt-BR] plus two.
	// <speak xml:lang="en">Right: <voice xml:lang="pt-br">São Paulo</voice><voice name="en"> plus two.</voice></speak>
}

// recorder is a Backend that prints instead of speaking.
type recorder chan speech.Utterance

func (r recorder) Say(_ context.Context, u speech.Utterance) error { r <- u; return nil }

// The queue holds two announcements: a third queued before the speaker
// runs drops the oldest, because the table needs the newest verdict.
func ExampleSpeaker() {
	said := make(recorder)
	s := speech.NewSpeaker(said, speech.Options{Queue: 2})
	for _, w := range []string{"Ana's turn", "Ana: wrong", "Ben's turn"} {
		s.Say(speech.Utterance{Parts: []speech.Part{{Text: w}}})
	}
	_, dropped := s.Counts()
	fmt.Println("dropped:", dropped)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.Run(ctx)
	fmt.Println(<-said)
	fmt.Println(<-said)
	// Output:
	// dropped: 1
	// Ana: wrong
	// Ben's turn
}
