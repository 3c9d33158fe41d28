package rulebook

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/tableref/tableref/rules/geo"
)

// The decks these cases play with are installed the way a user installs
// the deck file of their own box (`tableref decks import`): the printed
// card is the authority, so the rulebook's printed numbers decide.

var installed sync.Map // code → error

// TestMain installs those decks in a copy of the registries (geo.Scratch),
// so that no other test binary's decks change, and puts them back at the
// end.
func TestMain(m *testing.M) {
	restore := geo.Scratch()
	code := m.Run()
	restore()
	os.Exit(code)
}

func install(t testing.TB, text string) {
	t.Helper()
	code := ""
	for _, l := range strings.Split(text, "\n") {
		if c, ok := strings.CutPrefix(l, "# code: "); ok {
			code = c
		}
	}
	v, _ := installed.LoadOrStore(code, new(sync.Once))
	v.(*sync.Once).Do(func() {
		f, err := geo.ReadDeckFile(strings.NewReader(text), geo.ParseOptions{File: code + ".csv"})
		if err == nil {
			err = geo.Install(f)
		}
		installed.Store(code+"/err", fmt.Sprint(err))
	})
	if e, _ := installed.Load(code + "/err"); e != "<nil>" {
		t.Fatalf("installing deck %s: %v", code, e)
	}
}

// witDeck is a Where is That? box holding every number REFERENCE.md §2.1
// and §3.1 print: Caracas NS 4 over Lima NS 37 (WIT-1), Lima WE 8 beside
// Caracas WE 54 (WIT-2), Punta del Este NS 81 / WE 85 beside Brasília WE 91
// over Piura NS 42 (WIT-7), Potosí NS 63 over Belo Horizonte NS 64 and
// Piura WE 3 beside Chiclayo WE 5 (WIT-10). The other named cards follow
// real geography, but Salta and Tacna, whose WE numbers sit 5 above
// Bogotá's and Lima's (an equal tie-break gap, §3). The cards "F rc" are a
// grid of cities: F rc laid in cell (r, c) of a map whose starting 2×2
// block holds (0..1, 0..1) makes only right circles (NS grows southwards,
// WE eastwards, all above the named cards' numbers), so a case can count
// circles by counting neighbours.
var witDeck = func() string {
	var b strings.Builder
	b.WriteString(`# code: RW
# game: wit
# name: rulebook cases (Where is That?)
number,name,kind,ns,we
1,Bogotá,start,10,15
2,Caracas,start,4,54
3,Sucre,start,50,58
4,Lima,start,37,8
5,Brasília,start,52,91
6,Cobija,city,30,45
7,Punta del Este,city,81,85
8,Piura,city,42,3
9,Cayena,city,17,88
10,Chiclayo,start,35,5
11,Potosí,start,63,57
12,Belo Horizonte,city,64,100
13,Machu Picchu,monument,46,24
14,Quito,city,22,9
15,Cristo Redentor,monument,70,101
16,Manaus,city,20,80
17,Salta,city,90,20
18,Tacna,city,91,13
`)
	for r := 0; r < 6; r++ {
		for c := 0; c < 8; c++ {
			fmt.Fprintf(&b, "%d,F %d%d,city,%d,%d\n", 100+10*r+c, r, c, 200+10*r+c, 200+10*c+r)
		}
	}
	return b.String()
}()

// f names the grid city of cell (r, c).
func f(r, c int) string { return fmt.Sprintf("F %d%d", r, c) }

// nsoeDeck is a Nord Sud Ovest Est box: ROMA 41°N 12°E as the rulebook
// prints it, and the synthetic cities of REFERENCE.md §5.6 (NSOE-1 Alfa …
// NSOE-6 Quebec and Papa), Nordovest k and Sudest k (right at k cells
// north-west / south-east of ROMA on the diagonal, against each other
// too), plus cities enough for the piles.
var nsoeDeck = func() string {
	var b strings.Builder
	b.WriteString(`# code: RN
# game: nsoe
# name: rulebook cases (Nord Sud Ovest Est)
number,name,printed_lat,printed_lon
1,Roma,41,12
2,Alfa,45,9
3,Bravo,43,20
4,Charlie,44,20
5,Delta,52,13
6,Echo,41,2
7,Quebec,48,2
8,Papa,50,5
9,Golf,30,30
10,Hotel,60,-10
41,Nordovest 1,44,9
42,Nordovest 2,47,6
43,Nordovest 3,50,3
44,Nordovest 4,53,0
45,Sudest 1,38,15
46,Sudest 2,35,18
47,Sudest 3,32,21
48,Sudest 4,29,24
`)
	for i := 11; i <= 40; i++ {
		fmt.Fprintf(&b, "%d,Filler %d,%d,%d\n", i, i, 20+i, i-25)
	}
	return b.String()
}()
