package geo

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// FuzzReadDeckFile feeds the deck-file reader arbitrary bytes: it must
// never panic, and a file it accepts must write out and read back as the
// same deck (so what `decks learn` writes, `decks import` reads).
func FuzzReadDeckFile(f *testing.F) {
	f.Add([]byte(witBox), GameWIT)
	f.Add([]byte("# game: nsoe\n# code: EB\nnumber,name,lat,lon,printed_lat,printed_lon\n1,Roma,41.89,12.51,41N,12E\n2,Lisbona,38.72,-9.13,38,9O\n"), GameNSOE)
	f.Add([]byte("number,name,level,printed_lat,printed_lon\n1,Washington D.C.,,38°54'N,77°02'W\n2,Tokyo,expert,35.69,139.69\n"), GameMapIt)
	f.Add([]byte("\ufeffnumber;name;lat;lon;ns;we\r\n1;Lima;-12,05;-77,04;30;20\r\n"), GameWIT)
	f.Add([]byte("number,name,ns,we\n1,\"Li\"\"ma\",3,4\n2,Bogotá,,\n"), GameWIT)
	f.Fuzz(func(t *testing.T, data []byte, game string) {
		d, err := ReadDeckFile(bytes.NewReader(data), ParseOptions{File: "fuzz.csv", Code: "FZ", Game: game})
		if err != nil {
			if d != nil {
				t.Fatal("a deck came back with an error")
			}
			if !strings.HasPrefix(err.Error(), "fuzz.csv") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := WriteDeckFile(&buf, d); err != nil {
			t.Fatalf("write: %v", err)
		}
		again, err := ReadDeckFile(bytes.NewReader(buf.Bytes()), ParseOptions{File: "again.csv"})
		if err != nil {
			t.Fatalf("written deck does not read back: %v\n%s", err, buf.String())
		}
		again.Warnings, d.Warnings = nil, nil // lines move when written again
		if !reflect.DeepEqual(d, again) {
			t.Fatalf("round trip changed the deck:\n%+v\n%+v", d, again)
		}
	})
}
