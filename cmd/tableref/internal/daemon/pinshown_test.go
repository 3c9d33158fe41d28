package daemon

import (
	"bytes"
	"github.com/tableref/tableref/cmd/tableref/internal/present"
	"os"
	"strings"
	"testing"

	"github.com/tableref/tableref/hw/console"
)

// The console display writing to a log (the system journal under
// systemd) never shows the PIN; it says where to read it (issue 33 D5:
// the PIN went to the journal, readable by group adm, while the PIN file
// is root and tableref's only). An LCD shows it.
func TestPINNeverGoesToALog(t *testing.T) {
	r, w, err := os.Pipe() // what systemd gives a service: not a terminal
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for _, dev := range []any{console.New(&bytes.Buffer{}, 16, 2), console.New(w, 16, 2)} {
		for _, port := range []int{80, 8080} {
			for _, s := range present.JoinScreens("tableref.local", port, present.PINShown(dev, "482193")) {
				text := strings.Join(s.Msg.Lines, "/")
				if strings.Contains(text, "482193") {
					t.Errorf("the console display logs the PIN: %q", text)
				}
				if strings.Contains(text, "PIN") && !strings.Contains(text, "PIN in web-pin") {
					t.Errorf("%q does not say where the PIN is", text)
				}
				for _, l := range s.Msg.Lines {
					if len([]rune(l)) > 16 {
						t.Errorf("line %q is wider than the display", l)
					}
				}
			}
		}
	}
	if got := present.PINShown(&recDisplay{}, "482193"); got != "482193" {
		t.Errorf("an LCD shows %q, want the PIN", got)
	}
}
