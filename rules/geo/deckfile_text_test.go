package geo

import (
	"bytes"
	"strings"
	"testing"
)

// A deck's text goes to a spreadsheet on export: a cell that starts like
// a formula is written as text (an apostrophe first) and reads back as the
// card's own text (issue 34: `=HYPERLINK(…)` and `=cmd|' /C calc'!A0` were
// exported verbatim for the spreadsheet to run).
func TestExportWritesNoFormula(t *testing.T) {
	in := "# code: WB\n# game: wit\nnumber,name,aliases,country,lat,lon,kind,ns,we\n" +
		"1,\"=HYPERLINK(\"\"http://x\"\",\"\"Lima\"\")\",@SUM(A1),+Perú,-12.05,-77.04,start,30,20\n" +
		"2,Quito,,\"=cmd|' /C calc'!A0\",-0.22,-78.51,city,10,12\n"
	d, err := read(t, in, ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := WriteDeckFile(&out, d); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(out.String(), "\n") {
		for _, cell := range strings.Split(line, ",") {
			cell = strings.TrimPrefix(cell, `"`)
			if cell != "" && strings.ContainsRune("=+@", rune(cell[0])) {
				t.Errorf("exported cell %q starts a formula:\n%s", cell, out.String())
			}
		}
	}
	again, err := read(t, out.String(), ParseOptions{})
	if err != nil {
		t.Fatalf("the export does not read back: %v\n%s", err, out.String())
	}
	if again.Cards[0].Name != d.Cards[0].Name || again.Cards[0].Aliases[0] != "@SUM(A1)" ||
		again.Cards[0].Country != "+Perú" || again.Cards[1].Country != "=cmd|' /C calc'!A0" {
		t.Errorf("read back %+v, want the original text", again.Cards[:2])
	}
	if again.Cards[0].Lat != -12.05 {
		t.Errorf("a negative latitude was quoted: %v", again.Cards[0].Lat)
	}
}

// NUL and the terminal's escapes never enter a card's text: the line and
// the column say where (issue 34: `ESC[31m` was accepted into names).
func TestCardTextRefusesControlCharacters(t *testing.T) {
	head := "# code: WB\n# game: wit\nnumber,name,aliases,country,lat,lon,kind,ns,we\n"
	for _, bad := range []string{"Li\x1b[31mma", "Li\x00ma", "Lima\u009b"} {
		_, err := read(t, head+"1,"+bad+",,Perú,,,,30,20\n", ParseOptions{})
		if err == nil || !strings.Contains(err.Error(), "box.csv:4:3: name: a control character") {
			t.Errorf("name %q: error %v, want box.csv:4:3 naming the control character", bad, err)
		}
	}
}

// A deck file a spreadsheet saved in Windows-1252 (Latin-1) is read, its
// accents right, with a warning to save it as UTF-8 (issue 30: it was
// refused where it could be read).
func TestLatin1DeckFileIsRead(t *testing.T) {
	in := "# code: WB\n# game: wit\nnumber,name,country,ns,we\n1,Bogot\xe1,Colombia,30,20\n2,S\xe3o Paulo,Brasil,70,80\n3,Asunci\xf3n,Paraguay,60,50\n"
	d, err := read(t, in, ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Cards[0].Name != "Bogotá" || d.Cards[1].Name != "São Paulo" || d.Cards[2].Name != "Asunción" {
		t.Errorf("names read %q, %q, %q", d.Cards[0].Name, d.Cards[1].Name, d.Cards[2].Name)
	}
	warned := false
	for _, w := range d.Warnings {
		warned = warned || strings.Contains(w.Msg, "Windows-1252")
	}
	if !warned {
		t.Errorf("no warning that the file was read as Windows-1252: %v", d.Warnings)
	}
}

// One pass lists every problem of a file: a bad latitude on a line does
// not hide that line's duplicate number, nor a clash with tableref's own
// numbering, each with its line (issue 30: three rounds of `decks import`
// to see the mistakes of one file, the last without line numbers).
func TestOnePassListsEveryProblem(t *testing.T) {
	in := "number,name,lat,lon,ns,we\n" +
		"17,Asunción,north,-57.6,70,60\n" + // a bad latitude, and SA-017 is Encarnación
		"17,Quito,-0.2,-78.5,10,12\n" + // the number again
		"300,Puerto Nuevo del Test,-20,-60,71,61\n"
	_, err := read(t, in, ParseOptions{Code: "SA", Game: GameWIT})
	if err == nil {
		t.Fatal("accepted")
	}
	for _, want := range []string{"box.csv:2:", "north", "box.csv:3:1: number 17 is also on line 2", "box.csv:2:4: SA-017 is"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the problems lack %q:\n%v", want, err)
		}
	}
}
