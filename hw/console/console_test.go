package console

import (
	"bytes"
	"testing"

	"github.com/tableref/tableref/hw/display"
)

func TestShow(t *testing.T) {
	var buf bytes.Buffer
	d := New(&buf, 0, 0)
	if err := d.Show(display.Message{Lines: []string{"Brasília", "+3 points"}, Verdict: display.Right}); err != nil {
		t.Fatal(err)
	}
	want := "┌────────────────┐\n│Brasília        │ ✓ right\n│+3 points       │\n└────────────────┘\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
	buf.Reset()
	if err := d.ShowScores(display.Scores{Players: []display.PlayerScore{{Name: "Ana", Points: 12}, {Name: "Bo", Points: 9}}}); err != nil {
		t.Fatal(err)
	}
	want = "┌────────────────┐\n│Ana           12│\n│Bo             9│\n└────────────────┘\n"
	if buf.String() != want {
		t.Errorf("scores: got\n%s\nwant\n%s", buf.String(), want)
	}
}
