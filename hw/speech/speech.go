// Package speech says the referee's verdicts aloud: Debian's espeak-ng
// renders each announcement (SSML, so a card's name is said in its own
// language inside the referee's sentence) and ALSA's aplay plays it on a
// chosen device. A Speaker never blocks its caller: announcements wait in
// a small bounded queue, the oldest is dropped when it is full and one
// that waited too long is dropped as stale, so the table never hears a
// verdict about a move long gone.
package speech

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"html"
	"log/slog"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Part is a stretch of an announcement said in one language.
type Part struct {
	Text string
	// Lang is a BCP 47 tag ("es", "pt-BR", "it"); "" is the speaker's
	// own language (the referee's words).
	Lang string
}

// Utterance is one announcement.
type Utterance struct {
	Parts []Part
	// At is when the referee said it; the speaker drops it once it is
	// older than Options.MaxAge (zero: never stale).
	At time.Time
	// Minor marks what only says what comes next (whose turn it is): a
	// newer announcement that is not minor drops it while it waits.
	Minor bool
}

// Text is the announcement as plain text (logs, tests).
func (u Utterance) Text() string {
	var b strings.Builder
	for _, p := range u.Parts {
		b.WriteString(p.Text)
	}
	return strings.TrimSpace(b.String())
}

// String is the text with each part in another language marked
// [text:lang] (logs, tests).
func (u Utterance) String() string {
	var b strings.Builder
	for _, p := range u.Parts {
		if p.Lang != "" {
			b.WriteString("[" + p.Text + ":" + p.Lang + "]")
		} else {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// Empty reports whether there is nothing to say.
func (u Utterance) Empty() bool { return u.Text() == "" }

// Languages are the languages the referee's own words can be said in
// (Options.Language): English (two accents), Italian, German, Spanish
// and Portuguese, the languages of the games' boxes and cards. Card
// names are said in their deck's language whatever this is.
var Languages = []string{"en", "en-gb", "en-us", "it", "de", "es", "pt"}

// refereeVoices are the espeak-ng voices of the referee's words where
// the language's own is not the one players at a South American game
// expect: Latin American Spanish, Brazilian Portuguese.
var refereeVoices = map[string]string{"es": "es-419", "pt": "pt-br"}

// VoiceOf is the espeak-ng voice the referee's words in lang are said in.
func VoiceOf(lang string) string {
	if v, ok := refereeVoices[lang]; ok {
		return v
	}
	return lang
}

// voices maps a name's language to the espeak-ng language said for it:
// the South American deck's Spanish is Latin American Spanish.
var voices = map[string]string{"es": "es-419", "pt-br": "pt-br", "pt": "pt", "it": "it", "de": "de", "en": "en", "fr": "fr", "nl": "nl"}

// voiceFor is the espeak-ng language for a BCP 47 tag ("" when none fits:
// the part is said in the speaker's language).
func voiceFor(lang string) string {
	l := strings.ToLower(strings.TrimSpace(lang))
	if v, ok := voices[l]; ok {
		return v
	}
	base, _, _ := strings.Cut(l, "-")
	return voices[base]
}

// SSML is the announcement as espeak-ng reads it with -m: the speaker's
// language around, each part in another language inside a voice element.
// After such a part, the speaker's words go inside a voice element that
// names the speaker's voice: espeak-ng keeps an Italian or German voice
// past its element's end ("Napoli: right. Ana, plus 1." said "plus
// uno"), and names it back only by name.
func (u Utterance) SSML(lang string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<speak xml:lang="%s">`, html.EscapeString(lang))
	other := false // a part in another voice came before
	for _, p := range endNumber(keepPunctuation(u.Parts, lang)) {
		text := html.EscapeString(p.Text)
		switch v := voiceFor(p.Lang); {
		case v != "" && v != voiceFor(lang) && strings.TrimSpace(p.Text) != "":
			fmt.Fprintf(&b, `<voice xml:lang="%s">%s</voice>`, v, text)
			other = true
		case other && strings.TrimSpace(p.Text) != "":
			fmt.Fprintf(&b, `<voice name="%s">%s</voice>`, html.EscapeString(VoiceOf(lang)), text)
		default:
			b.WriteString(text)
		}
	}
	b.WriteString("</speak>")
	return b.String()
}

// endNumber drops the full stop after a number that ends the
// announcement: in SSML, German espeak-ng reads "plus 1." at the end as
// an ordinal ("plus erste"); the end of the text is a pause anyway.
func endNumber(parts []Part) []Part {
	for i := len(parts) - 1; i >= 0; i-- {
		t := strings.TrimRight(parts[i].Text, " ")
		if t == "" {
			continue
		}
		if n := len(t); n >= 2 && t[n-1] == '.' && t[n-2] >= '0' && t[n-2] <= '9' {
			parts[i].Text = t[:n-1]
		}
		break
	}
	return parts
}

// keepPunctuation moves the punctuation that follows a name said in
// another language into it: espeak-ng reads a colon that opens the text
// after a voice element aloud ("Medellín colon right").
func keepPunctuation(parts []Part, lang string) []Part {
	out := append([]Part(nil), parts...)
	for i := 1; i < len(out); i++ {
		prev := voiceFor(out[i-1].Lang)
		if prev == "" || prev == voiceFor(lang) {
			continue
		}
		rest := strings.TrimLeft(out[i].Text, ".,:;!?")
		out[i-1].Text += out[i].Text[:len(out[i].Text)-len(rest)]
		out[i].Text = rest
	}
	return out
}

// Options configure a Speaker.
type Options struct {
	// Language of the referee's words: one of Languages ("" is en).
	Language string
	// Device is the ALSA device (aplay -L lists them); "" is ALSA's default.
	Device string
	// Rate is in words per minute (espeak-ng -s; 0 is 160), Volume the
	// amplitude 0 to 200 (espeak-ng -a; 0 is 100).
	Rate, Volume int
	// MaxAge drops an announcement that has not started within it (0 is
	// 6 s); Queue is how many may wait (0 is 3).
	MaxAge time.Duration
	Queue  int
	// Repeat: the same words are not said again within it (0 is 10 s; a
	// read that flickers makes the referee repeat a warning).
	Repeat time.Duration
}

func (o Options) withDefaults() Options {
	if o.Language == "" {
		o.Language = "en"
	}
	if o.Rate == 0 {
		o.Rate = 160
	}
	if o.Volume == 0 {
		o.Volume = 100
	}
	if o.MaxAge == 0 {
		o.MaxAge = 6 * time.Second
	}
	if o.Queue == 0 {
		o.Queue = 3
	}
	if o.Repeat == 0 {
		o.Repeat = 10 * time.Second
	}
	return o
}

// Check says what is wrong with the options, naming the field.
func (o Options) Check() error {
	o = o.withDefaults()
	ok := false
	for _, l := range Languages {
		ok = ok || l == o.Language
	}
	switch {
	case !ok:
		return fmt.Errorf("language %q: want one of %s (card names are said in their deck's language)", o.Language, strings.Join(Languages, ", "))
	case o.Rate < 80 || o.Rate > 450:
		return fmt.Errorf("rate %d: want 80 to 450 words per minute", o.Rate)
	case o.Volume < 0 || o.Volume > 200:
		return fmt.Errorf("volume %d: want 0 to 200", o.Volume)
	case strings.ContainsAny(o.Device, " \t\n"):
		return fmt.Errorf("device %q: an ALSA device name has no spaces (aplay -L lists them)", o.Device)
	}
	return nil
}

// Backend says one announcement and returns when it has been said (or ctx
// ended: a mute cuts it short). The real one is Espeak; tests record.
type Backend interface {
	Say(ctx context.Context, u Utterance) error
}

// Espeak renders with espeak-ng and plays with aplay.
type Espeak struct {
	Options
	// Bin and Player are the programs (default espeak-ng and aplay).
	Bin, Player string
}

// NewEspeak returns the real backend for o.
func NewEspeak(o Options) *Espeak {
	return &Espeak{Options: o.withDefaults(), Bin: "espeak-ng", Player: "aplay"}
}

func (e *Espeak) args(u Utterance) []string {
	return []string{"-m", "-v", VoiceOf(e.Language), "-s", strconv.Itoa(e.Rate), "-a", strconv.Itoa(e.Volume), "--stdout", u.SSML(e.Language)}
}

// Render returns the announcement as a WAV file (`tableref say --wav`,
// and the tests that listen to it with sox).
func (e *Espeak) Render(ctx context.Context, u Utterance) ([]byte, error) {
	out, err := exec.CommandContext(ctx, e.Bin, e.args(u)...).Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %w%s", e.Bin, err, stderrOf(err))
	}
	if len(out) <= 44 {
		return nil, fmt.Errorf("%s rendered no sound for %q", e.Bin, u.Text())
	}
	return fixWAVSizes(out), nil
}

// fixWAVSizes writes the true sizes into a WAV's RIFF and data headers.
// espeak-ng --stdout streams, so it cannot know them and writes 0x7ffff000
// (soxi: 0 s; Python's wave module: 13.5 h) into a file whose length it
// knew in the end.
func fixWAVSizes(b []byte) []byte {
	if len(b) < 12 || string(b[0:4]) != "RIFF" || string(b[8:12]) != "WAVE" {
		return b
	}
	binary.LittleEndian.PutUint32(b[4:8], uint32(len(b)-8))
	for i := 12; i+8 <= len(b); {
		id, n := string(b[i:i+4]), int(binary.LittleEndian.Uint32(b[i+4:i+8]))
		if id == "data" {
			binary.LittleEndian.PutUint32(b[i+4:i+8], uint32(len(b)-i-8))
			break
		}
		if n < 0 || i+8+n > len(b) {
			break
		}
		i += 8 + n + n%2 // chunks are padded to an even length
	}
	return b
}

// Say renders and plays u, espeak-ng piping into aplay.
func (e *Espeak) Say(ctx context.Context, u Utterance) error {
	render := exec.CommandContext(ctx, e.Bin, e.args(u)...)
	args := []string{"-q"}
	if e.Device != "" {
		args = append(args, "-D", e.Device)
	}
	play := exec.CommandContext(ctx, e.Player, append(args, "-")...)
	pipe, err := render.StdoutPipe()
	if err != nil {
		return err
	}
	play.Stdin = pipe
	var perr strings.Builder
	play.Stderr = &perr
	if err := render.Start(); err != nil {
		return fmt.Errorf("%s: %w (install it: apt install espeak-ng)", e.Bin, err)
	}
	if err := play.Run(); err != nil {
		_ = render.Process.Kill()
		_ = render.Wait()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("%s on %s: %w: %s", e.Player, deviceName(e.Device), err, lastLine(perr.String()))
	}
	if err := render.Wait(); err != nil && ctx.Err() == nil {
		return fmt.Errorf("%s: %w", e.Bin, err)
	}
	return ctx.Err()
}

// lastLine is the last line of a program's complaint (ALSA's library
// prints its whole search before aplay says what failed).
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

func deviceName(d string) string {
	if d == "" {
		return "the default ALSA device"
	}
	return "ALSA device " + d
}

func stderrOf(err error) string {
	var ee *exec.ExitError
	if errors.As(err, &ee) && len(ee.Stderr) > 0 {
		return ": " + strings.TrimSpace(string(ee.Stderr))
	}
	return ""
}

// Speaker says announcements one after another from a bounded queue. Say
// never blocks; SetMuted(true) empties the queue and cuts the one being
// said.
type Speaker struct {
	b   Backend
	opt Options
	now func() time.Time

	mu      sync.Mutex
	queue   []Utterance
	muted   bool
	cancel  context.CancelFunc // cuts the announcement being said
	wake    chan struct{}
	dropped int // announcements dropped (full queue or stale), for tests and logs
	said    int
	last    map[string]time.Time // when each text was last queued
}

// NewSpeaker returns a speaker saying through b; call Run.
func NewSpeaker(b Backend, o Options) *Speaker {
	return &Speaker{b: b, opt: o.withDefaults(), now: time.Now, wake: make(chan struct{}, 1), last: map[string]time.Time{}}
}

// Say queues u and returns at once. A full queue drops its oldest
// announcement: the newest is what the table needs to hear.
func (s *Speaker) Say(u Utterance) {
	if u.Empty() {
		return
	}
	s.mu.Lock()
	if s.muted {
		s.mu.Unlock()
		return
	}
	now, text := s.now(), u.Text()
	if t, ok := s.last[text]; ok && now.Sub(t) < s.opt.Repeat {
		s.mu.Unlock()
		return
	}
	for k, t := range s.last {
		if now.Sub(t) >= s.opt.Repeat {
			delete(s.last, k)
		}
	}
	s.last[text] = now
	if !u.Minor {
		kept := s.queue[:0]
		for _, q := range s.queue {
			if q.Minor {
				s.dropped++
				continue
			}
			kept = append(kept, q)
		}
		s.queue = kept
	}
	if len(s.queue) >= s.opt.Queue {
		slog.Debug("speech: queue full, dropping the oldest", "dropped", s.queue[0].Text())
		s.queue = s.queue[1:]
		s.dropped++
	}
	s.queue = append(s.queue, u)
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// SetMuted mutes or unmutes; muting forgets what waits and cuts what is
// being said.
func (s *Speaker) SetMuted(m bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.muted = m
	if m {
		s.dropped += len(s.queue)
		s.queue = nil
		if s.cancel != nil {
			s.cancel()
		}
	}
}

// Muted reports whether the speaker is muted.
func (s *Speaker) Muted() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.muted
}

// Counts are how many announcements were said and dropped so far.
func (s *Speaker) Counts() (said, dropped int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.said, s.dropped
}

// next takes the oldest announcement still fresh, dropping stale ones.
func (s *Speaker) next(ctx context.Context) (Utterance, context.Context, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.queue) > 0 {
		u := s.queue[0]
		s.queue = s.queue[1:]
		if !u.At.IsZero() && s.now().Sub(u.At) > s.opt.MaxAge {
			slog.Debug("speech: stale, dropped", "text", u.Text(), "age", s.now().Sub(u.At))
			s.dropped++
			continue
		}
		uctx, cancel := context.WithCancel(ctx)
		s.cancel = cancel
		return u, uctx, true
	}
	return Utterance{}, nil, false
}

// Run says what is queued until ctx ends. A backend error is logged once
// per kind and the speaker goes on (a speaker unplugged mid-game must not
// stop the referee).
func (s *Speaker) Run(ctx context.Context) {
	lastErr := ""
	for {
		u, uctx, ok := s.next(ctx)
		if !ok {
			select {
			case <-ctx.Done():
				return
			case <-s.wake:
				continue
			}
		}
		err := s.b.Say(uctx, u)
		s.mu.Lock()
		s.cancel()
		s.cancel = nil
		if err == nil {
			s.said++
		}
		s.mu.Unlock()
		switch {
		case err == nil:
			lastErr = ""
		case errors.Is(err, context.Canceled):
		case err.Error() != lastErr:
			lastErr = err.Error()
			slog.Warn("speech: cannot speak", "err", err)
		}
		if ctx.Err() != nil {
			return
		}
	}
}

// Discard is a Backend that says nothing (tests).
var Discard Backend = discard{}

type discard struct{}

func (discard) Say(context.Context, Utterance) error { return nil }
