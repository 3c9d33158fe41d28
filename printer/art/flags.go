package art

import (
	"bufio"
	"bytes"
	"strings"
	"sync"

	"github.com/tableref/tableref/rules"
)

// FlagAspect is the height over the width of every embedded flag (4:3,
// the shape flag-icons draws them in).
const FlagAspect = 3.0 / 4

var (
	flagOnce  sync.Once
	flagIndex map[string]string // folded country name or code → ISO code
)

func loadFlagIndex() {
	flagIndex = map[string]string{}
	b, err := data.ReadFile("data/flags/index.csv")
	if err != nil {
		return
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		name, code, ok := strings.Cut(sc.Text(), ",")
		if !ok || name == "name" {
			continue
		}
		flagIndex[rules.Fold(name)] = code
		flagIndex[code] = code
	}
}

// Flag returns the PNG of a country's flag from the name a deck prints
// (English, Spanish or Italian) or its ISO 3166 code, with that code.
func Flag(country string) (png []byte, code string, ok bool) {
	flagOnce.Do(loadFlagIndex)
	code, ok = flagIndex[rules.Fold(country)]
	if !ok {
		code, ok = flagIndex[strings.ToLower(country)]
	}
	if !ok {
		return nil, "", false
	}
	png, err := data.ReadFile("data/flags/" + code + ".png")
	if err != nil {
		return nil, "", false
	}
	return png, code, true
}
