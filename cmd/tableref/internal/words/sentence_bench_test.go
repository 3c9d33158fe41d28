package words

import "testing"

// BenchmarkSentence is a page's log put into Italian again at the next
// state: the sentences are the same, and remembered (Sentence).
func BenchmarkSentence(b *testing.B) {
	log := []string{
		"Flip Medellín to its map side; it stays on the map.",
		"Round 4 of 5: Ana draws 3 cards (one per player) and lays them flag side up.",
		"Ben takes 2 counters and has 5 points.",
	}
	for i := 0; i < b.N; i++ {
		for _, s := range log {
			if _, ok := Sentence(Italian, s); !ok {
				b.Fatalf("%q not in the catalogue", s)
			}
		}
	}
}
