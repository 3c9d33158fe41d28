package qr

import (
	"fmt"
	"sort"
	"sync"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
	"github.com/makiuchi-d/gozxing/qrcode/encoder"
)

// Codebook is the set of payloads that can lie on a table: the cards of the
// decks a game uses and the markers. A reader given one can read a code too
// small or too blurred for error correction alone by picking the payload
// that best explains the sampled modules — and only when it beats every
// other payload by a clear margin (codebookmatch.go). A code outside the
// codebook is still read the ordinary way; it is never forced onto one.
//
// A payload can be printed at several versions and error-correction levels
// (tableref prints cards at 1-Q and stickers at 2-H; another renderer may
// choose otherwise) and with any of the eight masks. The codebook keeps each
// payload's modules unmasked, per symbol size and level, built the first
// time a code of that size and level is seen; the mask the code itself
// declares in its format information is applied when matching.
type Codebook struct {
	payloads []string

	mu     sync.Mutex
	shapes map[shape]*shapeBook
}

// shape is a symbol size (modules a side) and error-correction level (the
// format information's two bits: 0 M, 1 L, 2 H, 3 Q).
type shape struct{ n, ec int }

// shapeBook is every payload of the codebook encoded at one shape: data
// modules unmasked, as +1 dark / -1 light in the order of dataIndex.
type shapeBook struct {
	payloads []string
	bits     [][]int8
}

// ecLevels are the format information's level bits: L, M, Q, H (ZXing's
// ErrorCorrectionLevel values are these bits).
var ecLevels = []int{1, 0, 3, 2}

// codebookVersions are the symbol versions a codebook is matched at: a
// tableref payload (16 alphanumeric characters at most) fits version 1 at
// levels L, M and Q and version 2 at every level.
var codebookVersions = []int{1, 2}

// NewCodebook builds a codebook of payloads (duplicates are dropped).
func NewCodebook(payloads []string) (*Codebook, error) {
	seen := make(map[string]bool, len(payloads))
	cb := &Codebook{shapes: map[shape]*shapeBook{}}
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

// Has reports whether payload is in the codebook.
func (cb *Codebook) Has(payload string) bool {
	if cb == nil {
		return false
	}
	i := sort.SearchStrings(cb.payloads, payload)
	return i < len(cb.payloads) && cb.payloads[i] == payload
}

// shapesFor lists the shapes a code of n modules a side can have.
func shapesFor(n int) []shape {
	var out []shape
	for _, v := range codebookVersions {
		if 17+4*v != n {
			continue
		}
		for _, l := range ecLevels {
			out = append(out, shape{n: n, ec: l})
		}
	}
	return out
}

// book returns the codebook encoded at shape s, building it once.
// Payloads that do not fit the shape are left out of it.
func (cb *Codebook) book(s shape) *shapeBook {
	cb.mu.Lock()
	defer cb.mu.Unlock()
	if b, ok := cb.shapes[s]; ok {
		return b
	}
	b := &shapeBook{}
	for _, p := range cb.payloads {
		if bits, ok := encodeUnmasked(p, s); ok {
			b.payloads = append(b.payloads, p)
			b.bits = append(b.bits, bits)
		}
	}
	cb.shapes[s] = b
	return b
}

// encodeUnmasked encodes payload at shape s and returns its data modules
// unmasked. The encoder is told to use mask 0 (which spares it scoring all
// eight), and mask 0 is taken off again.
func encodeUnmasked(payload string, s shape) ([]int8, bool) {
	hints := map[gozxing.EncodeHintType]interface{}{
		gozxing.EncodeHintType_QR_VERSION:      (s.n - 17) / 4,
		gozxing.EncodeHintType_QR_MASK_PATTERN: 0,
	}
	q, err := encoder.Encoder_encode(payload, decoder.ErrorCorrectionLevel(s.ec), hints)
	if err != nil {
		return nil, false
	}
	mx := q.GetMatrix()
	if mx.GetWidth() != s.n || mx.GetHeight() != s.n {
		return nil, false
	}
	lay := layoutFor(s.n)
	bits := make([]int8, len(lay.data))
	for k, m := range lay.data {
		dark := mx.Get(m%s.n, m/s.n) == 1
		bits[k] = sign(dark != masked(0, m/s.n, m%s.n))
	}
	return bits, true
}

func sign(dark bool) int8 {
	if dark {
		return 1
	}
	return -1
}

// masked reports whether mask k flips the module at row i, column j (the
// standard's eight data masks).
func masked(k, i, j int) bool {
	switch k {
	case 0:
		return (i+j)%2 == 0
	case 1:
		return i%2 == 0
	case 2:
		return j%3 == 0
	case 3:
		return (i+j)%3 == 0
	case 4:
		return (i/2+j/3)%2 == 0
	case 5:
		return (i*j)%2+(i*j)%3 == 0
	case 6:
		return ((i*j)%2+(i*j)%3)%2 == 0
	case 7:
		return ((i+j)%2+(i*j)%3)%2 == 0
	}
	return false
}

// formatWord is the 15-bit format information for a level and mask: five
// bits, a BCH(15,5) remainder, and the standard's XOR pattern.
func formatWord(ec, mask int) int {
	data := ec<<3 | mask
	rem := data << 10
	for b := 14; b >= 10; b-- {
		if rem&(1<<b) != 0 {
			rem ^= 0x537 << (b - 10)
		}
	}
	return (data<<10 | rem) ^ 0x5412
}

// symbolLayout says what each module of an n×n symbol is. Modules are
// numbered row*n + column.
type symbolLayout struct {
	n int
	// known is +1 where every code is dark, -1 where light (finders,
	// separators, timing, alignment, the dark module), 0 elsewhere.
	known []int8
	// format1 and format2 are the two copies of the format information,
	// most significant bit first.
	format1, format2 []int
	// data are the data and error-correction modules, row by row.
	data []int
}

var (
	layoutsMu sync.Mutex
	layouts   = map[int]*symbolLayout{}
)

// layoutFor returns the layout of an n×n symbol (versions 1–6: no version
// information blocks).
func layoutFor(n int) *symbolLayout {
	layoutsMu.Lock()
	defer layoutsMu.Unlock()
	if l, ok := layouts[n]; ok {
		return l
	}
	l := &symbolLayout{n: n}
	// knownModules numbers modules column-major-free as j*n+i with i the
	// column: the same row*n+column order.
	l.known = knownModules(n)
	l.known[(n-8)*n+8] = 1 // the dark module beside the bottom-left finder
	at := func(col, row int) int { return row*n + col }
	for x := 0; x <= 5; x++ {
		l.format1 = append(l.format1, at(x, 8))
	}
	l.format1 = append(l.format1, at(7, 8), at(8, 8), at(8, 7))
	for y := 5; y >= 0; y-- {
		l.format1 = append(l.format1, at(8, y))
	}
	for y := n - 1; y >= n-7; y-- {
		l.format2 = append(l.format2, at(8, y))
	}
	for x := n - 8; x < n; x++ {
		l.format2 = append(l.format2, at(x, 8))
	}
	reserved := make([]bool, n*n)
	for _, m := range append(append([]int{}, l.format1...), l.format2...) {
		reserved[m] = true
	}
	for m := range l.known {
		if l.known[m] == 0 && !reserved[m] {
			l.data = append(l.data, m)
		}
	}
	layouts[n] = l
	return l
}
