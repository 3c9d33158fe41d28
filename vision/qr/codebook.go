package qr

import (
	"fmt"
	"sort"
)

// Codebook is the set of payloads that can lie on a table: the cards of the
// decks a game uses and the markers. A reader given one can read a code too
// small or too blurred for error correction alone by picking the payload
// that best explains the sampled modules — and only when it beats every
// other payload by a clear margin (codebookdecode.go). A code outside the
// codebook is still read the ordinary way; it is never forced onto one.
type Codebook struct {
	payloads []string
}

// NewCodebook builds a codebook of payloads (duplicates are dropped).
func NewCodebook(payloads []string) (*Codebook, error) {
	seen := make(map[string]bool, len(payloads))
	cb := &Codebook{}
	for _, p := range payloads {
		if p == "" {
			return nil, fmt.Errorf("qr: codebook: empty payload")
		}
		if seen[p] {
			continue
		}
		seen[p] = true
		cb.payloads = append(cb.payloads, p)
	}
	sort.Strings(cb.payloads)
	return cb, nil
}

// Len is how many payloads the codebook holds.
func (cb *Codebook) Len() int {
	if cb == nil {
		return 0
	}
	return len(cb.payloads)
}
