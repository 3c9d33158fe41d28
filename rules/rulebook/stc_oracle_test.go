package rulebook

// An independent reading of REFERENCE.md §6.2 and §6.6–§6.9 (default
// board profile), written from the text and not from the engine, to
// score boards the engine plays: a second opinion that catches a misread
// rule on either side.

// stcSide is the default profile of §6.2 for one side.
type stcSide struct {
	sea bool
}

var shopValue = [6][6]int{
	{1, 1, 1, 1, 1, 1},
	{1, 2, 2, 2, 2, 1},
	{1, 2, 3, 3, 2, 1},
	{1, 2, 3, 3, 2, 1},
	{1, 2, 2, 2, 2, 1},
	{1, 1, 1, 1, 1, 1},
}

// asphalt: standard side all four edges, sea side N and W.
func (s stcSide) asphalt(r, c int) bool {
	if s.sea {
		return r == 0 || c == 0
	}
	return r == 0 || c == 0 || r == 5 || c == 5
}

// seaBorder: sea side, squares of row 5 or column 5.
func (s stcSide) seaBorder(r, c int) bool { return s.sea && (r == 5 || c == 5) }

type stcScore struct {
	roads, parks, factories, shops, homes int
	tiles                                 int // fulfilled scoring tiles
	empty                                 int
	total                                 int // city points + 3 per tile (family: tiles only)
}

func near(b *[6][6]byte, r, c int, want byte) bool {
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		rr, cc := r+d[0], c+d[1]
		if rr >= 0 && rr < 6 && cc >= 0 && cc < 6 && b[rr][cc] == want {
			return true
		}
	}
	return false
}

// oracleScore scores a board; layout is the six line tiles (3 north
// west→east on columns 1, 3, 5; 3 west north→south on rows 1, 3, 5);
// sites are squares still holding a construction site.
func oracleScore(side stcSide, b *[6][6]byte, layout [6]string, family bool, sites [][2]int) stcScore {
	var s stcScore
	// Roads: flood from roads on asphalt through adjacent roads.
	on := map[[2]int]bool{}
	var q [][2]int
	for r := 0; r < 6; r++ {
		for c := 0; c < 6; c++ {
			if b[r][c] == 'Y' && side.asphalt(r, c) {
				on[[2]int{r, c}] = true
				q = append(q, [2]int{r, c})
			}
		}
	}
	for len(q) > 0 {
		x := q[0]
		q = q[1:]
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			y := [2]int{x[0] + d[0], x[1] + d[1]}
			if y[0] >= 0 && y[0] < 6 && y[1] >= 0 && y[1] < 6 && b[y[0]][y[1]] == 'Y' && !on[y] {
				on[y] = true
				q = append(q, y)
			}
		}
	}
	s.roads = len(on)
	seen := map[[2]int]bool{}
	for r := 0; r < 6; r++ {
		for c := 0; c < 6; c++ {
			switch b[r][c] {
			case 'G':
				p := 0
				if near(b, r, c, 'R') {
					p++
				}
				if side.sea && side.seaBorder(r, c) || !side.sea && near(b, r, c, 'K') {
					p++
				}
				s.parks += p
			case 'K':
				p := 0
				if near(b, r, c, 'K') {
					p++
				}
				if near(b, r, c, 'Y') {
					p++
				}
				s.factories += p
			case 'B':
				linked := side.asphalt(r, c)
				for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
					if on[[2]int{r + d[0], c + d[1]}] {
						linked = true
					}
				}
				if linked {
					s.shops += shopValue[r][c]
				}
			case 'R':
				if seen[[2]int{r, c}] {
					continue
				}
				group := [][2]int{{r, c}}
				seen[[2]int{r, c}] = true
				spoilt, bySea := false, false
				for i := 0; i < len(group); i++ {
					x := group[i]
					spoilt = spoilt || near(b, x[0], x[1], 'K')
					bySea = bySea || side.seaBorder(x[0], x[1])
					for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
						y := [2]int{x[0] + d[0], x[1] + d[1]}
						if y[0] >= 0 && y[0] < 6 && y[1] >= 0 && y[1] < 6 && b[y[0]][y[1]] == 'R' && !seen[y] {
							seen[y] = true
							group = append(group, y)
						}
					}
				}
				switch {
				case spoilt:
				case side.sea && bySea:
					s.homes += 3
				default:
					s.homes += 2
				}
			}
		}
	}
	want := map[string]byte{"roads": 'Y', "parks": 'G', "factories": 'K', "shops": 'B', "homes": 'R'}
	lines := [6][6][2]int{}
	for i, k := range []int{1, 3, 5} {
		for j := 0; j < 6; j++ {
			lines[i][j] = [2]int{j, k}   // north tile i: column k
			lines[3+i][j] = [2]int{k, j} // west tile i: row k
		}
	}
	for i, kind := range layout {
		full, count, kinds := 0, 0, map[byte]bool{}
		for _, x := range lines[i] {
			t := b[x[0]][x[1]]
			if t == '.' || t == 0 {
				continue
			}
			full++
			kinds[t] = true
			if t == want[kind] {
				count++
			}
		}
		if full == 6 || kind == "different" && len(kinds) >= 4 || kind != "different" && count >= 4 {
			s.tiles++
		}
	}
	corner := true
	for _, t := range []byte{'Y', 'G', 'K', 'B', 'R'} {
		n := 0
		for r := 0; r < 6; r++ {
			for c := 0; c < 6; c++ {
				if b[r][c] == t {
					n++
				}
			}
		}
		corner = corner && n >= 2
	}
	if corner {
		s.tiles++
	}
	site := map[[2]int]bool{}
	for _, x := range sites {
		site[x] = true
	}
	for r := 0; r < 6; r++ {
		for c := 0; c < 6; c++ {
			if (b[r][c] == '.' || b[r][c] == 0) && !site[[2]int{r, c}] {
				s.empty++
			}
		}
	}
	s.total = 3 * s.tiles
	if !family {
		s.total += s.roads + s.parks + s.factories + s.shops + s.homes
	}
	return s
}

func parseLayout(s string) [6]string {
	var out [6]string
	for i, k := range splitComma(s) {
		out[i] = k
	}
	return out
}

func splitComma(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}

func boardOf(rows ...string) *[6][6]byte {
	b := &[6][6]byte{}
	for r, row := range rows {
		copy(b[r][:], row)
	}
	return b
}
