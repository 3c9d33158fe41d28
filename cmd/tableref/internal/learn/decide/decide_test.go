package decide

import (
	"image"
	"strings"
	"testing"

	"github.com/tableref/tableref/vision/cardtext"
)

// half is a half-circle read at several sizes: "81:96" is a reading of 81
// at 96 % confidence.
func half(readings ...string) cardtext.Number {
	var n cardtext.Number
	for _, r := range readings {
		text, conf, _ := strings.Cut(r, ":")
		c := 0.0
		for _, d := range conf {
			c = c*10 + float64(d-'0')
		}
		v := 0
		for _, d := range text {
			v = v*10 + int(d-'0')
		}
		n.Readings = append(n.Readings, cardtext.Reading{Value: v, Text: text, Conf: c})
	}
	if len(n.Readings) > 0 {
		n.Value, n.Text, n.Conf = n.Readings[0].Value, n.Readings[0].Text, n.Readings[0].Conf
	}
	return n
}

func TestDecideNumber(t *testing.T) {
	tests := []struct {
		name       string
		a, b       cardtext.Number
		value      int
		sure       bool
		whyContain string
	}{
		{"both agree clearly", half("81:96", "81:95"), half("81:97"), 81, true, ""},
		{"both agree, one size unsure", half("52:6", "52:94"), half("52:90"), 52, true, ""},
		{"agree at three sizes, never confident", half("11:56", "11:52"), half("11:69"), 11, true, ""},
		{"agree twice, not confident", half("11:56"), half("11:69"), 11, false, "not clearly"},
		{"one half-circle only", half("80:97", "80:96"), half(), 80, false, "the right one nothing"},
		{"they disagree: nothing proposed", half("161:76"), half("101:88", "101:90"), 0, false, "reads 161, the right one 101"},
		{"a competitor on both halves: nothing proposed", half("50:90", "58:85"), half("50:93", "58:80"), 0, false, "reads 50 or 58"},
		{"a lost first figure", half("08:97"), half("108:96"), 108, false, "the left half-circle reads 08, the right one 108"},
		{"nothing at all", half(), half(), 0, false, "no number found"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := DecideNumber(WE, [2]cardtext.Number{tc.a, tc.b}, DefaultThreshold)
			if got.Value != tc.value || got.Sure != tc.sure {
				t.Errorf("got %d sure=%v (%s), want %d sure=%v", got.Value, got.Sure, got.Why, tc.value, tc.sure)
			}
			if !strings.Contains(got.Why, tc.whyContain) {
				t.Errorf("why %q lacks %q", got.Why, tc.whyContain)
			}
			if got.Sure && got.Why != "" {
				t.Errorf("a sure read with a question: %q", got.Why)
			}
		})
	}
}

func TestDecideName(t *testing.T) {
	line := func(s string) cardtext.Line { return cardtext.Line{Text: s, Conf: 90} }
	if n := DecideName([]cardtext.Line{line("| Neuquén"), line("did")}, "Neuquén"); !n.Sure || n.Text != "Neuquén" {
		t.Errorf("a matching line (map frame read as |): %+v", n)
	}
	if n := DecideName([]cardtext.Line{line("Neuquen")}, "Neuquén"); !n.Sure {
		t.Errorf("accents lost at camera resolution must still match: %+v", n)
	}
	if n := DecideName([]cardtext.Line{line("Lima")}, "Cobija"); n.Sure || !strings.Contains(n.Why, "the sticker says Cobija, but the card reads \"Lima\"") {
		t.Errorf("a sticker on the wrong card: %+v", n)
	}
	// A long name wrapped over two lines, the second just under the
	// first; two lines apart across the card do not make a name.
	at := func(s string, x, y int) cardtext.Line {
		return cardtext.Line{Text: s, Conf: 90, Box: image.Rect(x, y, x+200, y+30)}
	}
	if n := DecideName([]cardtext.Line{at("Ciudad del", 100, 100), at("Este", 100, 136)}, "Ciudad del Este"); !n.Sure {
		t.Errorf("a name wrapped over two lines: %+v", n)
	}
	if n := DecideName([]cardtext.Line{at("Ciudad del", 100, 100), at("Este", 400, 136)}, "Ciudad del Este"); n.Sure {
		t.Errorf("two lines side by side taken for one name: %+v", n)
	}
	if n := DecideName(nil, "Cobija"); n.Sure || n.Text != "Cobija" {
		t.Errorf("no name read: %+v", n)
	}
	if n := DecideName([]cardtext.Line{line("e | Ciudad del Este"), line("ab")}, ""); n.Sure || n.Text != "Ciudad del Este" {
		t.Errorf("a new card proposes the longest line, cleaned: %+v", n)
	}
}
