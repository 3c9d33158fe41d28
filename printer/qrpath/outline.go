package qrpath

// Point is a corner between modules, in module units from the symbol's
// top-left corner (x to the right, y down).
type Point struct{ X, Y int }

// Outline traces the boundary between dark and light modules as closed
// polygons. Each polygon runs clockwise on screen (x right, y down) around
// dark areas and anticlockwise around light holes, so filling all of them
// together with the nonzero rule (or even-odd: the loops never cross)
// paints exactly the dark modules. Consecutive collinear points are merged.
func (g *Grid) Outline() [][]Point {
	// Every dark module contributes the edges it shares with light
	// neighbours, directed clockwise around the module.
	next := map[Point][]Point{}
	add := func(a, b Point) { next[a] = append(next[a], b) }
	for r := 0; r < g.N; r++ {
		for c := 0; c < g.N; c++ {
			if !g.Dark(r, c) {
				continue
			}
			if !g.Dark(r-1, c) {
				add(Point{c, r}, Point{c + 1, r})
			}
			if !g.Dark(r, c+1) {
				add(Point{c + 1, r}, Point{c + 1, r + 1})
			}
			if !g.Dark(r+1, c) {
				add(Point{c + 1, r + 1}, Point{c, r + 1})
			}
			if !g.Dark(r, c-1) {
				add(Point{c, r + 1}, Point{c, r})
			}
		}
	}
	var loops [][]Point
	// Start loops in a fixed scan order so the output is deterministic.
	for r := 0; r <= g.N; r++ {
		for c := 0; c <= g.N; c++ {
			start := Point{c, r}
			for len(next[start]) > 0 {
				loops = append(loops, simplify(walk(next, start)))
			}
		}
	}
	return loops
}

// walk follows and consumes edges from start until it returns there. Where
// two loops touch at a corner (diagonal modules) the vertex has two
// outgoing edges; taking either still covers every edge exactly once, so
// the filled area is the same.
func walk(next map[Point][]Point, start Point) []Point {
	loop := []Point{start}
	at := start
	for {
		outs := next[at]
		to := outs[len(outs)-1]
		next[at] = outs[:len(outs)-1]
		if len(next[at]) == 0 {
			delete(next, at)
		}
		if to == start {
			return loop
		}
		loop = append(loop, to)
		at = to
	}
}

// simplify drops points that lie on a straight line between their
// neighbours.
func simplify(loop []Point) []Point {
	n := len(loop)
	out := make([]Point, 0, n)
	for i, p := range loop {
		prev, nxt := loop[(i+n-1)%n], loop[(i+1)%n]
		if (prev.X == p.X && p.X == nxt.X) || (prev.Y == p.Y && p.Y == nxt.Y) {
			continue
		}
		out = append(out, p)
	}
	return out
}
