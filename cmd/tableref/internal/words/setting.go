package words

import "sync/atomic"

// Setting is the language in use while a game runs: the display and the
// voice read it at each screen and sentence, the page's picker changes it.
// The zero Setting speaks English.
type Setting struct{ v atomic.Value }

// NewSetting starts at l.
func NewSetting(l Lang) *Setting {
	s := &Setting{}
	s.Set(l)
	return s
}

// Get is the language in use.
func (s *Setting) Get() Lang {
	if s == nil {
		return English
	}
	if l, ok := s.v.Load().(Lang); ok && l != "" {
		return l
	}
	return English
}

// Set changes the language in use.
func (s *Setting) Set(l Lang) { s.v.Store(l) }

// Lines are display lines in the language in use.
func (s *Setting) Lines(ls []string) []string { return Lines(s.Get(), ls) }
