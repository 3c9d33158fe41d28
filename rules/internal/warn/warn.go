// Package warn turns what is wrong with a table or an input into the
// warning event players see: two short display lines and a sentence. The
// geography engines (mapit, nsoe) share it so that every refusal reads the
// same way.
package warn

import (
	"errors"
	"fmt"

	"github.com/tableref/tableref/rules"
)

// Problem is an error with the two lines the display shows for it.
type Problem struct {
	Short [2]string
	Long  string
}

func (p *Problem) Error() string { return p.Long }

// New builds a Problem; the lines are cut to fit the display by rules.Say.
func New(l1, l2, format string, args ...any) error {
	return &Problem{Short: rules.Say(l1, l2), Long: fmt.Sprintf(format, args...)}
}

// Events turns an error into the one warning event players see; an error
// that is not a Problem shows "Check the table".
func Events(err error) []rules.Event {
	var p *Problem
	if errors.As(err, &p) {
		return []rules.Event{{Kind: rules.EventWarning, Short: p.Short, Long: Sentence(p.Long)}}
	}
	return []rules.Event{{Kind: rules.EventWarning, Short: rules.Say("Check the table", ""), Long: Sentence(err.Error())}}
}

// Capital starts s with a capital letter (ASCII: messages start with a
// word of ours or a card name, which is already capitalised).
func Capital(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		s = string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// Sentence starts s with a capital letter and ends it with a full stop.
func Sentence(s string) string {
	s = Capital(s)
	if s == "" {
		return s
	}
	if last := s[len(s)-1]; last != '.' && last != '!' && last != '?' {
		s += "."
	}
	return s
}
