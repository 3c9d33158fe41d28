package mapit

import (
	"errors"
	"fmt"

	"github.com/tableref/tableref/rules"
)

// problem is something wrong with the table or an input, with the two
// lines the display shows for it and the full sentence.
type problem struct {
	short [2]string
	long  string
}

func (p *problem) Error() string { return p.long }

// bad builds a problem; l2 is cut to fit the display by rules.Say.
func bad(l1, l2, format string, args ...any) error {
	return &problem{short: rules.Say(l1, l2), long: fmt.Sprintf(format, args...)}
}

// warning turns an error into the warning event the players see.
func warning(err error) []rules.Event {
	var p *problem
	if errors.As(err, &p) {
		return []rules.Event{{Kind: rules.EventWarning, Short: p.short, Long: capital(p.long) + "."}}
	}
	return []rules.Event{{Kind: rules.EventWarning, Short: rules.Say("Check the table", ""), Long: capital(err.Error()) + "."}}
}

// capital upper-cases a sentence's first letter.
func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
