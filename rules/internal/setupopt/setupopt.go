// Package setupopt reads the whole-number game options of the geography
// engines (mapit, nsoe) with their lower bounds, so both refuse a bad
// option value with the same message.
package setupopt

import (
	"fmt"

	"github.com/tableref/tableref/rules"
)

// Int is one whole-number option: its key, where to store it and the
// smallest value that makes sense.
type Int struct {
	Key string
	Dst *int
	Min int
}

// Ints reads every option in order and stops at the first bad one.
func Ints(s rules.Setup, opts ...Int) error {
	for _, o := range opts {
		v, err := s.IntOption(o.Key)
		if err != nil {
			return err
		}
		if v < o.Min {
			return fmt.Errorf("option %s=%d: want at least %d", o.Key, v, o.Min)
		}
		*o.Dst = v
	}
	return nil
}
