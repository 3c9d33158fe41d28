package replay

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// readAll reads every line of a replay (or a journal, with torn).
func readAll(text []byte, torn bool) ([]Line, *Reader, error) {
	r := NewReader(bytes.NewReader(text), "fuzz.jsonl")
	r.AllowTornTail = torn
	var lines []Line
	for {
		l, err := r.Next()
		if errors.Is(err, io.EOF) {
			return lines, r, nil
		}
		if err != nil {
			return lines, r, err
		}
		lines = append(lines, l)
	}
}

// FuzzReader feeds the replay reader arbitrary bytes, as a replay and as a
// journal: it must never panic, every error must be a LineError naming the
// file, refereeing what it accepts must not panic either, and what it
// accepts must be written by Writer and read back as the same lines.
func FuzzReader(f *testing.F) {
	f.Add([]byte(good), false)
	f.Add([]byte(good+`{"kind":"snapshot","t":4,"table":{"map":`), true)
	f.Add([]byte(`{"kind":"header","format":1,"mode":"test-count","players":["A","B"],"options":{"style":"b"}}`+"\n"+
		`{"kind":"snapshot","t":0,"table":{"map":{"origin":[-2,3],"rows":[[null,"ZZR-002"]],"items":[{"at":[0.5,1.5],"card":"bogota"}]}}}`+"\n"), false)
	f.Add([]byte("# only\n"), true)
	f.Add([]byte(`{"kind":"header","format":1,"mo`), true)
	f.Fuzz(func(t *testing.T, text []byte, torn bool) {
		lines, r, err := readAll(text, torn)
		if err != nil {
			var le *LineError
			if !errors.As(err, &le) || le.File != "fuzz.jsonl" {
				t.Fatalf("error is not a LineError naming the file: %v", err)
			}
			if !strings.HasPrefix(err.Error(), "fuzz.jsonl:") {
				t.Fatalf("error does not start FILE:LINE: %v", err)
			}
		}
		// Refereeing what was read must not panic either.
		_, _ = Run(NewReader(bytes.NewReader(text), "fuzz.jsonl"), func(Stamped) {})
		if err != nil || len(lines) == 0 {
			return
		}
		if r.setup == nil || lines[0].Kind != KindHeader {
			t.Fatalf("lines without a header first: %+v", lines[0])
		}
		var buf bytes.Buffer
		w, werr := NewWriter(&buf, lines[0].Setup)
		for _, l := range lines[1:] {
			if werr != nil {
				break
			}
			switch l.Kind {
			case KindSnapshot:
				werr = w.Snapshot(l.T, l.Table)
			case KindInput:
				werr = w.Input(l.T, l.Input)
			}
		}
		if werr != nil {
			t.Fatalf("accepted lines cannot be written: %v", werr)
		}
		again, _, err := readAll(buf.Bytes(), false)
		if err != nil {
			t.Fatalf("written replay does not read back: %v\n%s", err, buf.String())
		}
		if len(again) != len(lines) {
			t.Fatalf("%d lines read back, %d written", len(again), len(lines))
		}
		for i := range lines {
			a, b := lines[i], again[i]
			if a.Kind != b.Kind || a.T != b.T || a.Input != b.Input || !a.Table.Equal(b.Table) || !sameSetup(a.Setup, b.Setup) {
				t.Fatalf("line %d changed in a round trip:\n%+v\n%+v\n%s", i+1, a, b, buf.String())
			}
		}
	})
}

func sameSetup(a, b rules.Setup) bool {
	if a.Mode != b.Mode || strings.Join(a.Players, "\x00") != strings.Join(b.Players, "\x00") || len(a.Options) != len(b.Options) {
		return false
	}
	for k, v := range a.Options {
		if b.Options[k] != v {
			return false
		}
	}
	return true
}
