package rulestest

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/replay"
)

// Texts referees the replay at path with options of its header set
// (key, value pairs, each added or replaced) and returns every text a player or a
// picture could show: each event's short and long messages, the final
// scores, and the photo scoring (the mode's ScoreTable) of every snapshot.
// Tests scan them for what must never be said.
func Texts(t testing.TB, path string, keyValues ...string) []string {
	t.Helper()
	if len(keyValues)%2 != 0 {
		t.Fatalf("Texts: options %q: want key, value pairs", keyValues)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var head, rest string
	var lines []string
	for _, l := range strings.Split(string(b), "\n") {
		if head == "" && strings.Contains(l, `"header"`) {
			var h map[string]any
			if err := json.Unmarshal([]byte(l), &h); err != nil {
				t.Fatalf("%s: header: %v", path, err)
			}
			opts, _ := h["options"].(map[string]any)
			if opts == nil {
				opts = map[string]any{}
			}
			for i := 0; i < len(keyValues); i += 2 {
				opts[keyValues[i]] = keyValues[i+1]
			}
			h["options"] = opts
			nb, _ := json.Marshal(h)
			head = string(nb)
			lines = append(lines, head)
			continue
		}
		lines = append(lines, l)
	}
	rest = strings.Join(lines, "\n")
	var out []string
	g, err := replay.Run(replay.NewReader(strings.NewReader(rest), path), func(s replay.Stamped) {
		out = append(out, s.Short[0], s.Short[1], s.Long)
		for _, m := range s.More {
			out = append(out, m[0], m[1])
		}
	})
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	for _, s := range g.Scores() {
		js, _ := json.Marshal(s)
		out = append(out, string(js))
	}
	r := replay.NewReader(strings.NewReader(rest), path)
	var setup rules.Setup
	for {
		l, err := r.Next()
		if err != nil {
			break
		}
		switch l.Kind {
		case replay.KindHeader:
			m, _ := rules.LookupMode(l.Setup.Mode)
			if setup, err = m.Check(l.Setup); err != nil {
				t.Fatal(err)
			}
		case replay.KindSnapshot:
			m, _ := rules.LookupMode(setup.Mode)
			if m.ScoreTable == nil {
				continue
			}
			scores, evs, err := m.ScoreTable(setup, l.Table)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				out = append(out, e.Short[0], e.Short[1], e.Long)
			}
			for _, sc := range scores {
				js, _ := json.Marshal(sc)
				out = append(out, string(js))
			}
		}
	}
	return out
}
