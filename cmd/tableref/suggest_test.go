package main

import (
	"strings"
	"testing"
)

// A mistyped command or flag gets a suggestion and fails (issue 31:
// `help prnt` printed the whole help and exited 0; `--papr` got no
// suggestion).
func TestMistypesAreSuggested(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"help", "prnt"}, `unknown command "prnt": did you mean print?`},
		{[]string{"help", "print", "dek"}, `unknown print subcommand "dek": did you mean deck?`},
		{[]string{"print", "deck", "wit-sa", "--papr", "a4"}, "unknown flag: --papr: did you mean --paper?"},
		{[]string{"scan", "--gmae", "wit-continental", "x.jpg"}, "did you mean --game?"},
	} {
		code, out, errOut := run(t, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("tableref %s: exit %d, stderr %q (stdout %d bytes), want exit 2 and %q", strings.Join(tc.args, " "), code, errOut, len(out), tc.want)
		}
	}
	if code, out, _ := run(t, "help", "print", "deck"); code != 0 || !strings.Contains(out, "print-and-play card set") {
		t.Errorf("help print deck: exit %d\n%s", code, out)
	}
}
