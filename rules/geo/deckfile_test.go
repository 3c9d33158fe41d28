package geo

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

func read(t *testing.T, in string, opt ParseOptions) (*DeckFile, error) {
	t.Helper()
	if opt.File == "" {
		opt.File = "box.csv"
	}
	return ReadDeckFile(strings.NewReader(in), opt)
}

const witBox = `# code: WB
# game: wit
number,name,aliases,country,lat,lon,kind,ns,we
1,Bogotá,Bogota,Colombia,4.61,-74.08,start,9,30
2,Punta del Este,,Uruguay,-34.96,-54.95,city,81,85
3,Brasília,Brasilia,Brasil,-15.78,-47.93,start,60,91
4,Piura,,Perú,-5.19,-80.63,,42,4
`

func TestReadDeckFileWIT(t *testing.T) {
	d, err := read(t, witBox, ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Code != "WB" || d.Game != GameWIT || d.Name != "Where is That? (WB)" || len(d.Cards) != 4 {
		t.Fatalf("deck = %s %s %q, %d cards", d.Code, d.Game, d.Name, len(d.Cards))
	}
	pde := d.Cards[1]
	if pde.ID != (rules.CardID{Deck: "WB", Num: 2}) || pde.Name != "Punta del Este" || pde.Printed == nil ||
		pde.Printed.NS != 81 || pde.Printed.WE != 85 || !pde.HasCoords || pde.Lat != -34.96 || pde.Kind != KindCity {
		t.Errorf("card 2 = %+v, printed %+v", pde, pde.Printed)
	}
	if d.Cards[3].Kind != KindCity {
		t.Errorf("an empty kind is %q, want city", d.Cards[3].Kind)
	}
	if len(d.Warnings) != 0 {
		t.Errorf("warnings on a consistent deck: %v", d.Warnings)
	}
}

// Every kind of bad input names file:line:column and says what is wrong;
// nothing comes back.
func TestReadDeckFileProblems(t *testing.T) {
	head := "number,name,aliases,country,lat,lon,kind,ns,we\n"
	tests := []struct {
		name, in string
		want     []string // substrings of the error, each with its place
	}{
		{"duplicate number", head + "1,Lima,,,,,,30,20\n1,Quito,,,,,,10,12\n",
			[]string{"box.csv:3:1: number 1 is also on line 2"}},
		{"duplicate name", head + "1,Lima,,,,,,30,20\n2,Lima,,,,,,10,12\n",
			[]string{`box.csv:3:3: name "Lima" is also on line 2`}},
		{"accent-folded collision", head + "1,Bogotá,,,,,,30,20\n2,BOGOTA,,,,,,10,12\n",
			[]string{`box.csv:3:3: name "BOGOTA" is the same as "Bogotá" on line 2 once accents and case are ignored`}},
		{"alias collides with a name", head + "1,Cayena,Cayenne,,,,,30,20\n2,Cayenne,,,,,,10,12\n",
			[]string{`box.csv:3:3: name "Cayenne" is also on line 2`}},
		{"missing column", "number,name,ns\n1,Lima,3\n",
			[]string{`box.csv:1: missing column "we": it goes with "ns"`}},
		{"missing name column", "number,ns,we\n1,3,4\n",
			[]string{`box.csv:1: missing column "name"`}},
		{"not a number", head + "x1,Lima,,,,,,30,20\n",
			[]string{`box.csv:2:1: number "x1": want a whole number from 1 to 999`}},
		{"circle number not a number", head + "1,Lima,,,,,,thirty,20\n",
			[]string{`box.csv:2:13: ns "thirty": want the whole number printed in the half-circle`}},
		{"latitude not a number", head + "1,São Paulo,,,north,-46.6,,30,20\n",
			[]string{`box.csv:2:15: "north" is not a latitude: write decimal degrees like -34.6, or 34°36'S`}},
		{"latitude out of range", head + "1,Lima,,,-95,-77,,30,20\n",
			[]string{`box.csv:2:10: latitude "-95" is beyond ±90°`}},
		{"unknown column", "number,name,colour,ns,we\n1,Lima,red,3,4\n",
			[]string{`box.csv:1:13: unknown column "colour"`}},
		{"column of another game", "number,name,printed_lat,printed_lon\n1,Lima,3,4\n",
			[]string{`unknown column "printed_lat" (it belongs to Map It! decks)`}},
		{"short line", head + "1,Lima,,,,\n",
			[]string{"box.csv:2: 6 fields, but the header names 9 columns"}},
		{"shared circle number", head + "1,Lima,,,,,,30,20\n2,Quito,,,,,,30,12\n",
			[]string{"box.csv:3:14: north–south number 30 is also on line 2"}},
		{"numbers on some cards only", head + "1,Lima,,,-12,-77,,30,20\n2,Quito,,,-0.2,-78.5,,,\n",
			[]string{"box.csv:3:", "no circle numbers here, but 1 other cards have them (first on line 2)"}},
		{"nothing to judge with", head + "1,Lima,,,,,,,\n",
			[]string{"box.csv:2:3: Lima has neither circle numbers (ns, we) nor coordinates (lat, lon)"}},
		{"bad quote", head + "1,\"Lima,,,,,,30,20\n",
			[]string{"box.csv:2:"}},
		{"bad kind", head + "1,Lima,,,,,village,30,20\n",
			[]string{`box.csv:2:12: kind "village": a Where is That? card is city, start or monument`}},
		{"no cards", head, []string{"box.csv: no cards"}},
		{"not UTF-8 nor Windows-1252", head + "1,Bogot\xe1\x81,,,,,,30,20\n", []string{"box.csv:2:8: not UTF-8 text"}},
		{"several problems at once", head + "0,Lima,,,,,,30,20\n2,,,,,,,31,21\n",
			[]string{"box.csv:2:1: number \"0\"", "box.csv:3:3: no name"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := read(t, tc.in, ParseOptions{Code: "WB", Game: GameWIT})
			if err == nil {
				t.Fatalf("no error; deck %+v", d)
			}
			if d != nil {
				t.Errorf("a deck came back with the error")
			}
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Errorf("error %T is not a *FileError", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error\n%v\nlacks %q", err, w)
				}
			}
		})
	}
}

// The column counts characters, not bytes: "São Paulo" is one column
// wider in bytes than on screen.
func TestProblemColumnsCountCharacters(t *testing.T) {
	in := "number,name,aliases,country,lat,lon,ns,we\n1,São Paulo,Sao Paulo,Brasil,x,-46.6,30,20\n"
	_, err := read(t, in, ParseOptions{Code: "WB", Game: GameWIT})
	if err == nil || !strings.Contains(err.Error(), "box.csv:2:30:") {
		t.Fatalf("error %v, want it at 2:30 (the lat field; 31 would be bytes)", err)
	}
}

func TestReadDeckFileDirectivesAndFlags(t *testing.T) {
	if _, err := read(t, witBox, ParseOptions{Game: GameNSOE}); err == nil || !strings.Contains(err.Error(), "box.csv:2: the file is for wit, but the command says nsoe") {
		t.Errorf("game mismatch: %v", err)
	}
	if _, err := read(t, witBox, ParseOptions{Code: "ZZ"}); err == nil || !strings.Contains(err.Error(), "box.csv:1: the file is deck WB, but the command says ZZ") {
		t.Errorf("code mismatch: %v", err)
	}
	body := witBox[strings.Index(witBox, "number"):]
	if _, err := read(t, body, ParseOptions{}); err == nil || !strings.Contains(err.Error(), "which game") {
		t.Errorf("no game: %v", err)
	}
	if _, err := read(t, body, ParseOptions{Game: GameWIT, Code: "toolong"}); err == nil || !strings.Contains(err.Error(), "2 or 3 characters") {
		t.Errorf("bad code: %v", err)
	}
	d, err := read(t, body, ParseOptions{Game: GameWIT, Code: "wb", Name: "My box"})
	if err != nil || d.Code != "WB" || d.Name != "My box" {
		t.Errorf("flags only: %v, %+v", err, d)
	}
}

// A spreadsheet in a decimal-comma locale writes semicolons; a byte order
// mark and CRLF line ends come with it.
func TestReadDeckFileSpreadsheetExport(t *testing.T) {
	in := "\ufeffnumber;name;lat;lon;ns;we\r\n1;Lima;-12,05;-77,04;30;20\r\n2;Quito;-0,22;-78,5;12;15\r\n"
	d, err := read(t, in, ParseOptions{Code: "WB", Game: GameWIT})
	if err != nil {
		t.Fatal(err)
	}
	if d.Cards[0].Lat != -12.05 || d.Cards[1].Lon != -78.5 || d.Cards[1].Printed.WE != 15 {
		t.Errorf("cards = %+v %+v", d.Cards[0], d.Cards[1])
	}
}

// Printed numbers that disagree with the coordinates are warned about,
// pair by pair, and kept as printed: the card is the authority.
func TestCircleContradictionsAreWarnedNotFixed(t *testing.T) {
	// Quito's north–south number is mistyped 71 instead of 17: it is
	// north of Lima and Santiago but prints the higher number.
	in := "number,name,lat,lon,ns,we\n" +
		"1,Quito,-0.22,-78.5,71,15\n" +
		"2,Lima,-12.05,-77.04,30,20\n" +
		"3,Santiago,-33.45,-70.66,50,40\n" +
		"4,Caracas,10.49,-66.88,5,60\n"
	d, err := read(t, in, ParseOptions{Code: "WB", Game: GameWIT})
	if err != nil {
		t.Fatal(err)
	}
	if d.Cards[0].Printed.NS != 71 {
		t.Errorf("Quito's ns became %d: a printed number must never be fixed", d.Cards[0].Printed.NS)
	}
	text := ""
	for _, w := range d.Warnings {
		text += w.String() + "\n"
	}
	for _, want := range []string{
		"box.csv:2:", "Quito (ns 71, line 2) lies north of Lima (ns 30, line 3)",
		"Quito (ns 71, line 2) lies north of Santiago (ns 50, line 4)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("warnings\n%slack %q", text, want)
		}
	}
	if strings.Contains(text, "Caracas (ns 5") && strings.Contains(text, "lies north of Quito") {
		t.Errorf("Caracas north of Quito printing 5 < 71 is consistent, yet warned:\n%s", text)
	}
	if len(d.Warnings) != 2 {
		t.Errorf("%d warnings, want the 2 pairs:\n%s", len(d.Warnings), text)
	}
}

func TestNSOEAndMapItPrintedCoordinates(t *testing.T) {
	in := "# game: nsoe\n# code: EB\nnumber,name,lat,lon,printed_lat,printed_lon\n" +
		"1,Roma,41.89,12.51,41N,12E\n2,Lisbona,38.72,-9.13,38,9O\n3,Oslo,59.9,10.7,,\n4,Berna,46.9,7.4,44,7\n"
	d, err := read(t, in, ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	l := d.Cards[1]
	if l.Printed == nil || l.Printed.Lon != -9 || l.PrintedLon != -9 || l.Printed.LonText != "9°O" {
		t.Errorf("Lisbona printed = %+v, PrintedLon %d", l.Printed, l.PrintedLon)
	}
	if d.Cards[2].Printed != nil {
		t.Errorf("Oslo has no printed degrees, got %+v", d.Cards[2].Printed)
	}
	if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0].String(), "box.csv:7:") || !strings.Contains(d.Warnings[0].String(), "Berna prints 44°N but its lat is 46.9") {
		t.Errorf("warnings = %v", d.Warnings)
	}
	if _, err := read(t, "number,name,printed_lat,printed_lon\n1,Roma,41.5,12\n", ParseOptions{Game: GameNSOE, Code: "EB"}); err == nil ||
		!strings.Contains(err.Error(), "box.csv:2:8:") || !strings.Contains(err.Error(), "whole degrees") {
		t.Errorf("a fraction on a Nord Sud Ovest Est card: %v", err)
	}
	m, err := read(t, "number,name,level,printed_lat,printed_lon\n1,Washington D.C.,,38°54'N,77°02'W\n2,Tokyo,expert,35.69,139.69\n",
		ParseOptions{Game: GameMapIt, Code: "MB"})
	if err != nil {
		t.Fatal(err)
	}
	w := m.Cards[0]
	if w.Printed.LatText != "38°54'N" || w.Printed.Lat != 38.9 || w.Printed.Lon > -77.03 || w.Printed.Lon < -77.04 || w.Level != LevelBeginner || m.Cards[1].Level != LevelExpert {
		t.Errorf("Map It! cards = %+v %+v / %+v", w, w.Printed, m.Cards[1])
	}
}

func TestParseCoord(t *testing.T) {
	good := map[string]float64{
		"-34.6": -34.6, "34.6S": -34.6, "S 34.6": -34.6, "34.6° S": -34.6, "34°36'S": -34.6,
		"34°36'36\"S": -34.61, "34 36 N": 34.6, "+12": 12, "-34 36": -34.6,
	}
	for in, want := range good {
		got, err := ParseCoord(in, AxisLat)
		if err != nil || got < want-1e-9 || got > want+1e-9 {
			t.Errorf("ParseCoord(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if v, err := ParseCoord("9O", AxisLon); err != nil || v != -9 {
		t.Errorf("9O = %v, %v", v, err)
	}
	for _, in := range []string{"", "north", "12E", "-12S", "12°75'N", "12 30 -5", "91", "NaN", "Inf", "1 2 3 4", "12.5°30'N"} {
		if v, err := ParseCoord(in, AxisLat); err == nil {
			t.Errorf("ParseCoord(%q) = %v, want an error", in, v)
		}
	}
}

// What WriteDeckFile writes reads back as the same deck.
func TestDeckFileRoundTrip(t *testing.T) {
	for _, in := range []string{witBox,
		"# game: nsoe\n# code: EB\n# name: Il mio, \"box\"\nnumber,name,aliases,lat,lon,printed_lat,printed_lon\n1,Roma,Rome|Rom,41.89,12.51,41N,12E\n2,Lisbona,,,,38,9O\n",
		"# game: mapit\n# code: MB\nnumber,name,country,level,printed_lat,printed_lon,source\n1,\"Washington, D.C.\",USA,,38°54'N,77°02'W,box\n",
	} {
		d, err := read(t, in, ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteDeckFile(&buf, d); err != nil {
			t.Fatal(err)
		}
		again, err := read(t, buf.String(), ParseOptions{})
		if err != nil {
			t.Fatalf("written deck does not read back: %v\n%s", err, buf.String())
		}
		if !reflect.DeepEqual(d, again) {
			t.Errorf("round trip changed the deck:\n%+v\n%+v\n%s", d, again, buf.String())
		}
	}
}
