package stickers

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tableref/tableref/printer/internal/printtest"
	"github.com/tableref/tableref/printer/layout"
)

// The "where to stick" page speaks to the user: no developer's source
// ("REFERENCE.md §7.1", "unmeasured (poker size assumed)", issue 31), and
// where a card's size is assumed it asks the user to check one of theirs.
func TestGuideSpeaksToTheUser(t *testing.T) {
	printtest.Need(t, "pdftotext")
	for _, game := range []string{"wit", "strangeworld"} {
		var buf bytes.Buffer
		list := StrangeWorld()
		if _, _, err := WriteWithGuide(list, Options{Sheet: layout.L7160, Start: 1}, game, &buf); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), game+".pdf")
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		text := printtest.Text(t, path)
		for _, bad := range []string{"REFERENCE.md", "unmeasured", "assumed)"} {
			if strings.Contains(text, bad) {
				t.Errorf("%s guide prints %q", game, bad)
			}
		}
		if game == "wit" && !strings.Contains(text, "lay one of yours on this outline") {
			t.Errorf("the wit guide does not ask to check the card's size:\n%s", text)
		}
	}
}
