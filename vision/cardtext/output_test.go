package cardtext

import (
	"bufio"
	"image"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// Tesseract's output is not trusted: a sign or another script's digits
// make no number, a confidence outside 0-100 (NaN, -1) is kept within it,
// text loses invalid bytes and control characters, a box stays inside
// the picture.
func TestTesseractOutputIsUntrusted(t *testing.T) {
	for _, c := range []struct {
		text string
		want int // 0: no number
	}{
		{"17", 17}, {" 17\n", 17}, {"+7", 0}, {"-3", 0}, {"٣٤", 0}, {"0", 0}, {"1234567", 0}, {"", 0}, {"7a", 0},
	} {
		text, _ := numberText([]word{{text: c.text, conf: 90}})
		if v, ok := numberValue(text); v != c.want || ok != (c.want > 0) {
			t.Errorf("%q read as %q: value %d (%v), want %d", c.text, text, v, ok, c.want)
		}
	}
	if _, conf := numberText([]word{{text: "4", conf: 91}, {text: "2", conf: math.NaN()}}); conf != 0 {
		t.Errorf("a NaN confidence: %v, want 0", conf)
	}
	if _, conf := numberText([]word{{text: "4", conf: 250}}); conf != 100 {
		t.Errorf("a confidence of 250: %v, want 100", conf)
	}
	bounds := image.Rect(0, 0, 400, 300)
	lines := textLines([]word{
		{text: "\x1b[31mLi\xffma\x00", conf: 80, box: image.Rect(-50, 10, 100, 40)},
		{text: "Bogot\u202eá  centro\n", conf: -1, box: image.Rect(350, 280, 900, 900)},
	}, bounds, map[string]bool{})
	if len(lines) != 2 || lines[0].Text != "[31mLima" || lines[1].Text != "Bogotá centro" || lines[1].Conf != 0 {
		t.Fatalf("lines %+v", lines)
	}
	for _, l := range lines {
		if !l.Box.In(bounds) {
			t.Errorf("box %v outside the picture %v", l.Box, bounds)
		}
	}
}

// FuzzTesseractOutput feeds what Tesseract may say, in its TSV form
// (level, page, block, paragraph, line, word, left, top, width, height,
// conf, text), to the functions that keep it, and checks what they keep.
func FuzzTesseractOutput(f *testing.F) {
	for _, s := range []string{
		"5\t1\t1\t1\t1\t1\t12\t8\t40\t30\t91.2\t17\n",
		"5\t1\t1\t1\t1\t1\t12\t8\t20\t30\t88.0\t1\n5\t1\t1\t1\t1\t2\t34\t8\t20\t30\t64.5\t7\n",
		"4\t1\t1\t1\t1\t0\t5\t120\t300\t40\t77.1\tSan Carlos de Bariloche\n4\t1\t1\t1\t2\t0\t5\t170\t200\t30\t-1\tARGENTINA\n",
		"5\t1\t1\t1\t1\t1\t0\t0\t10\t10\tNaN\t+7\n",
		"4\t1\t1\t1\t1\t0\t-5\t-5\t9999\t9999\t1e308\tLi\xffma \x1b[31m\n",
		"5\t1\t1\t1\t1\t1\t0\t0\t10\t10\t50\t٣٤\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		words := parseTSV(data)
		bounds := image.Rect(0, 0, 640, 480)
		text, conf := numberText(words)
		if math.IsNaN(conf) || conf < 0 || conf > 100 {
			t.Fatalf("number %q: confidence %v", text, conf)
		}
		if strings.IndexFunc(text, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 || !utf8.ValidString(text) {
			t.Fatalf("number text %q", text)
		}
		if v, ok := numberValue(text); ok && (v <= 0 || strconv.Itoa(v) != strings.TrimLeft(text, "0")) {
			t.Fatalf("%q read as %d", text, v)
		}
		lines := textLines(words, bounds, map[string]bool{})
		byConfidence(lines)
		seen := map[string]bool{}
		for i, l := range lines {
			if !utf8.ValidString(l.Text) || l.Text != strings.Join(strings.Fields(l.Text), " ") || letters(l.Text) < 3 || seen[l.Text] {
				t.Fatalf("line %q", l.Text)
			}
			seen[l.Text] = true
			if strings.IndexFunc(l.Text, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }) >= 0 {
				t.Fatalf("line %q holds a control character", l.Text)
			}
			if math.IsNaN(l.Conf) || l.Conf < 0 || l.Conf > 100 || i > 0 && l.Conf > lines[i-1].Conf {
				t.Fatalf("line %q: confidence %v (lines %+v)", l.Text, l.Conf, lines)
			}
			if !l.Box.Empty() && !l.Box.In(bounds) {
				t.Fatalf("line %q: box %v outside %v", l.Text, l.Box, bounds)
			}
		}
	})
}

// parseTSV reads Tesseract's TSV output into words; a line that is not
// twelve fields with numbers where numbers go is left out, as Tesseract's
// own header line is.
func parseTSV(data []byte) []word {
	var out []word
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for sc.Scan() {
		f := strings.SplitN(sc.Text(), "\t", 12)
		if len(f) != 12 {
			continue
		}
		var n [4]int
		ok := true
		for i := range n {
			var err error
			n[i], err = strconv.Atoi(f[6+i])
			ok = ok && err == nil
		}
		conf, err := strconv.ParseFloat(f[10], 64)
		if !ok || err != nil {
			continue
		}
		out = append(out, word{text: f[11], conf: conf, box: image.Rect(n[0], n[1], n[0]+n[2], n[1]+n[3])})
	}
	return out
}
