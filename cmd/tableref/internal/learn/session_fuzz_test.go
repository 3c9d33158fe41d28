package learn

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tableref/tableref/rules/geo"
)

// FuzzOpenSession opens arbitrary session files: never a panic; a file it
// accepts takes another card and reads back with it.
func FuzzOpenSession(f *testing.F) {
	f.Add([]byte(`{"kind":"session","format":1,"code":"SA","game":"wit"}` + "\n" + `{"kind":"card","card":{"num":18,"name":"Punta del Este","ns":97,"we":83}}` + "\n"))
	f.Add([]byte(`{"kind":"session","format":1,"code":"SA","game":"wit"}` + "\n" + `{"kind":"card","card":{"num":1`))
	f.Add([]byte(`{"kind":"forget","num":3}`))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "s.jsonl")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := Open(path, "SA", geo.GameWIT)
		if err != nil {
			return
		}
		defer s.Close()
		before := len(s.Cards())
		c := Card{Num: 999, Name: "Fuzz", NS: 998, WE: 997}
		if _, taken := s.Card(999); taken {
			return
		}
		if err := s.Confirm(c); err != nil {
			return // a number the file gave another card already
		}
		s.Close()
		again, err := Open(path, "SA", geo.GameWIT)
		if err != nil {
			t.Fatalf("a session that took a card does not open again: %v", err)
		}
		defer again.Close()
		if len(again.Cards()) != before+1 {
			t.Fatalf("%d cards after adding one to %d", len(again.Cards()), before)
		}
	})
}
