package display

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseScores reads a score screen typed as "Ana=12,Bo=9".
func ParseScores(s string) (Scores, error) {
	var sc Scores
	for _, part := range strings.Split(s, ",") {
		name, pts, ok := strings.Cut(part, "=")
		n, err := strconv.Atoi(strings.TrimSpace(pts))
		if !ok || err != nil || strings.TrimSpace(name) == "" {
			return sc, fmt.Errorf("%q is not NAME=POINTS", part)
		}
		sc.Players = append(sc.Players, PlayerScore{Name: strings.TrimSpace(name), Points: n})
	}
	return sc, nil
}
