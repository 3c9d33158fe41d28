package scenes

import (
	"fmt"
	"sort"

	"github.com/tableref/tableref/rules"
)

// Diff lists how got differs from want, one line per cell or item: what a
// test or the benchmark prints when a scan is wrong.
func Diff(got, want rules.Table) []string {
	names := map[string]bool{}
	for n := range got.Zones {
		names[n] = true
	}
	for n := range want.Zones {
		names[n] = true
	}
	var out []string
	for _, n := range sortedNames(names) {
		g, w := got.Zone(n), want.Zone(n)
		cells := map[rules.Pos]bool{}
		for p := range cellsOf(g) {
			cells[p] = true
		}
		for p := range cellsOf(w) {
			cells[p] = true
		}
		var ps []rules.Pos
		for p := range cells {
			ps = append(ps, p)
		}
		sort.Slice(ps, func(i, j int) bool { return lessPos(ps[i], ps[j]) })
		for _, p := range ps {
			if a, b := g.At(p), w.At(p); a != b {
				out = append(out, fmt.Sprintf("%s %v: got %q, want %q", n, p, a.String(), b.String()))
			}
		}
		gi, wi := items(g), items(w)
		for k := range gi {
			if !wi[k] {
				out = append(out, fmt.Sprintf("%s: item %s not expected", n, k))
			}
		}
		for k := range wi {
			if !gi[k] {
				out = append(out, fmt.Sprintf("%s: item %s missing", n, k))
			}
		}
	}
	sort.Strings(out)
	return out
}

func cellsOf(z *rules.Zone) map[rules.Pos]rules.Cell {
	if z == nil {
		return nil
	}
	return z.Cells
}

func items(z *rules.Zone) map[string]bool {
	out := map[string]bool{}
	if z == nil {
		return out
	}
	for _, it := range z.Items {
		out[fmt.Sprintf("%s at (%g,%g)", it.Card, it.Row, it.Col)] = true
	}
	return out
}

func sortedNames(m map[string]bool) []string {
	var out []string
	for n := range m {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
