package words

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"

	"github.com/tableref/tableref/hw/lcd"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// pattern is one catalogue key (the English line with %s for a name and
// %d for a number) and the expression that finds it in a line.
type pattern struct {
	key   string
	re    *regexp.Regexp
	verbs []byte // 's' or 'd', in order
	fixed int    // characters that are not verbs: the more, the more specific
}

var (
	cat      = catalog.NewBuilder(catalog.Fallback(language.English))
	patterns []pattern // the display's lines
	said     []pattern // the engines' sentences and their parts
	printers = map[Lang]*message.Printer{}
)

func init() {
	patterns, said = add(lines), add(sentences)
	for _, l := range Langs {
		printers[l] = message.NewPrinter(l.Tag(), message.Catalog(cat))
	}
}

// add puts entries into the catalogue and returns their patterns, the
// most specific first: "Round %d of %d" before "%s %d".
func add(entries []line) []pattern {
	var out []pattern
	for _, e := range entries {
		for l, text := range map[Lang]string{English: e.en, Italian: e.it, German: e.de, Spanish: e.es, Portuguese: e.pt} {
			if err := cat.SetString(l.Tag(), e.en, text); err != nil {
				panic("words: " + e.en + ": " + err.Error()) // the catalogue is code: its test catches it
			}
		}
		out = append(out, compile(e.en))
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].fixed > out[j].fixed })
	return out
}

func compile(key string) pattern {
	p := pattern{key: key}
	var re strings.Builder
	re.WriteString("^")
	for i := 0; i < len(key); i++ {
		if key[i] == '%' && i+1 < len(key) && (key[i+1] == 's' || key[i+1] == 'd') {
			p.verbs = append(p.verbs, key[i+1])
			if key[i+1] == 's' {
				re.WriteString(`(.+?)`)
			} else {
				re.WriteString(`([+-]?\d+)`)
			}
			i++
			continue
		}
		j := i
		for j < len(key) && key[j] != '%' {
			j++
		}
		re.WriteString(regexp.QuoteMeta(key[i:j]))
		p.fixed += utf8.RuneCountInString(key[i:j])
		i = j - 1
	}
	re.WriteString("$")
	p.re = regexp.MustCompile(re.String())
	return p
}

// Width is how many cells a line takes on the 16×2 HD44780: its ROM
// lacks most accented capitals and "…", which take the letters they are
// written as ("…" three dots).
func Width(s string) int { return len(lcd.Encode(s)) }

// Line is a display line in language l, and whether the catalogue knows
// it (a line it does not know, a name alone, stays as it is). The names
// a line carries are shortened the way the engines shorten them
// (rules.ShortName) where the translation is longer than the English.
func Line(l Lang, s string) (string, bool) {
	return translate(l, s, rules.ShortWidth)
}

// Spoken is a display line in language l for a voice to say: as Line, with
// no width to fit (the names stay as the line gives them).
func Spoken(l Lang, s string) (string, bool) {
	return translate(l, s, 0)
}

func translate(l Lang, s string, width int) (string, bool) {
	if s == "" {
		return s, true
	}
	p, args, ok := find(patterns, s)
	if !ok {
		return s, false
	}
	pr := printer(l)
	out := pr.Sprintf(p.key, args...)
	for width > 0 && Width(out) > width {
		i := longestName(p, args)
		if i < 0 {
			break
		}
		n := utf8.RuneCountInString(args[i].(string))
		args[i] = rules.ShortName(args[i].(string), n-1)
		out = pr.Sprintf(p.key, args...)
	}
	return out, true
}

func printer(l Lang) *message.Printer {
	if pr, ok := printers[l]; ok {
		return pr
	}
	return printers[English]
}

// Sentence is one of the engines' full sentences in language l, and
// whether the catalogue knows it (else s as it is). The parts it does not
// know stay as they are: names (the test of every recorded game checks
// that they are only names).
//
// Results are remembered: the page puts the whole log into the players'
// language at every state it sends to every phone, and matching one
// sentence against the catalogue's hundreds of patterns costs 25 to
// 170 µs on this machine (three times that on a Pi: a 200-line log,
// tens of ms a state a phone), where the log's sentences are the same
// from one state to the next (BenchmarkSentence: 82 µs → 0.12 µs for
// three sentences).
func Sentence(l Lang, s string) (string, bool) {
	k := sentenceKey{l, s}
	remembered.Lock()
	r, ok := remembered.m[k]
	remembered.Unlock()
	if ok {
		return r.out, r.known
	}
	out, left := sentence(l, s, true)
	r = sentenceResult{out, true}
	if len(left) == 1 && left[0] == s {
		r = sentenceResult{s, false}
	}
	remembered.Lock()
	if len(remembered.m) >= maxRemembered {
		clear(remembered.m) // a long game's log fits many times over; start again
	}
	remembered.m[k] = r
	remembered.Unlock()
	return r.out, r.known
}

type sentenceKey struct {
	l Lang
	s string
}

type sentenceResult struct {
	out   string
	known bool
}

// maxRemembered bounds the sentences remembered (a few MB at most).
const maxRemembered = 8192

var remembered = struct {
	sync.Mutex
	m map[sentenceKey]sentenceResult
}{m: map[sentenceKey]sentenceResult{}}

// sentence translates s, and its parts in turn; left are the parts the
// catalogue does not know, kept as they are (names, or English it lacks).
// A part that is a list ("; ") is translated item by item: a whole list
// would match a key for one item, the names taking in the rest.
func sentence(l Lang, s string, whole bool) (string, []string) {
	if !whole && strings.Contains(s, "; ") {
		out, left, _ := eachItem(l, s, "; ")
		return out, left
	}
	p, args, ok := find(said, s)
	if !ok && !whole && strings.Contains(s, ", ") {
		// "Ana 0 cards, Ben 1 card" item by item; where no item is
		// translated it stays whole: names ("Green-Green 2 (Deer, Goat)").
		if out, left, known := eachItem(l, s, ", "); known > 0 {
			return out, left
		}
	}
	if !ok && !whole {
		p, args, ok = find(patterns, s) // a part the display says too: "N3 homes"
	}
	if !ok {
		return s, []string{s}
	}
	var left []string
	for i, v := range p.verbs {
		if v != 's' {
			continue
		}
		t, l2 := sentence(l, args[i].(string), false)
		args[i] = t
		left = append(left, l2...)
	}
	return printer(l).Sprintf(p.key, args...), left
}

// eachItem translates the items of a list joined by sep, each a part,
// and says how many the catalogue knew.
func eachItem(l Lang, s, sep string) (string, []string, int) {
	var left []string
	known := 0
	items := strings.Split(s, sep)
	for i, it := range items {
		var l2 []string
		items[i], l2 = sentence(l, it, false)
		if len(l2) != 1 || l2[0] != it {
			known++
		}
		left = append(left, l2...)
	}
	return strings.Join(items, sep), left, known
}

// find is the key of ps that s is a line of, and the names and numbers
// it carries.
func find(ps []pattern, s string) (pattern, []any, bool) {
	for _, p := range ps {
		m := p.re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		args := make([]any, len(p.verbs))
		for i, v := range p.verbs {
			if v == 'd' {
				n, err := strconv.Atoi(strings.TrimPrefix(m[i+1], "+"))
				if err != nil {
					break
				}
				args[i] = n
				continue
			}
			args[i] = m[i+1]
		}
		return p, args, true
	}
	return pattern{}, nil, false
}

// longestName is the index of the name argument worth shortening (more
// than 3 characters), or -1.
func longestName(p pattern, args []any) int {
	best, at := 3, -1
	for i, v := range p.verbs {
		if v != 's' {
			continue
		}
		if n := utf8.RuneCountInString(args[i].(string)); n > best {
			best, at = n, i
		}
	}
	return at
}

// Lines are display lines in language l.
func Lines(l Lang, ls []string) []string {
	if l == English || l == "" {
		return ls
	}
	out := make([]string, len(ls))
	for i, s := range ls {
		out[i], _ = Line(l, s)
	}
	return out
}

// Describe writes an event for a terminal as the display shows it in
// language l: its time, its kind and every 16×2 screen it makes, lines
// joined by " / ", screens by " | " (tableref replay --language).
func Describe(l Lang, s replay.Stamped) string {
	var scr []string
	for _, sc := range append([][2]string{s.Short}, s.More...) {
		if sc == [2]string{} {
			continue
		}
		ls := Lines(l, sc[:])
		scr = append(scr, strings.TrimSuffix(ls[0]+" / "+ls[1], " / "))
	}
	return strings.TrimRight(fmt.Sprintf("%7.1fs  %-8s %s", s.T, s.Kind, strings.Join(scr, " | ")), " ")
}
