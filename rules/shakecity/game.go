package shakecity

import (
	"fmt"
	"strings"

	"github.com/tableref/tableref/rules"
)

// Phases of a round.
const (
	phaseShake = "shake" // waiting for a 3×3 grid on the table
	phasePlace = "place" // grid accepted: players place tiles
	phaseOver  = "over"  // round 15 scored
)

// Game is a game of Shake That City in play. Every field but cfg is its
// saved state.
type Game struct {
	Setup   rules.Setup `json:"setup"`
	Layout  Layout      `json:"layout"`
	Sites   []Site      `json:"sites,omitempty"` // nil without the module
	Round   int         `json:"round"`
	Manager int         `json:"manager"` // 1-based
	Phase   string      `json:"phase"`
	Grid    *Grid       `json:"grid,omitempty"` // this round's grid (phase place)
	// LastGrid is the previous round's grid: seen again before the shaker
	// was emptied, it is the old grid still lying there, not a new shake.
	LastGrid *Grid `json:"lastGrid,omitempty"`
	// ShakerCleared: the shaker zone was seen empty since the last round
	// ended, so cubes on the table are a new shake, not cubes being put
	// back.
	ShakerCleared bool `json:"shakerCleared"`
	// EndAsked: the cubes went back in the shaker (or "next" was pressed):
	// the round ends as soon as every placement is settled.
	EndAsked bool `json:"endAsked,omitempty"`
	// Said holds the complaints of the last observation, so that a
	// complaint is said once and not at every snapshot.
	Said    []string  `json:"said,omitempty"`
	Players []*player `json:"players"`

	cfg config
}

// player is one player's board and this round's placement.
type player struct {
	Board Board `json:"board"` // accepted at the end of the last round
	Seen  Board `json:"seen"`  // as last seen this round
	// Removed marks construction sites taken off this board.
	Removed [4]bool `json:"removed"`
	// Flipped lists the scoring tiles announced as fulfilled.
	Flipped []string `json:"flipped,omitempty"`
	// Status and Reason are the judgement of this round's placement last
	// said; Declared is a colour the player announced with a choose input.
	Status   string       `json:"status,omitempty"`
	Reason   string       `json:"reason,omitempty"`
	Declared rules.Colour `json:"declared,omitempty"`
	// Announced lists the sites (1-based) already said to be removable.
	Announced []int `json:"announced,omitempty"`
	// Passes and Wrong count legal passes and wrong verdicts (the log).
	Passes int `json:"passes,omitempty"`
	Wrong  int `json:"wrong,omitempty"`
}

func (g *Game) name(p int) string { return g.Setup.PlayerName(p) }

// short is a player's name cut for a display line.
func (g *Game) short(p int) string { return rules.ShortName(g.name(p), 8) }

// sitesLeft returns the squares of player p's construction sites still
// on the board.
func (g *Game) sitesLeft(p int) []rules.Pos {
	var out []rules.Pos
	for i := range g.Sites {
		if !g.Players[p-1].Removed[i] {
			out = append(out, g.cfg.profile.Site(i))
		}
	}
	return out
}

// blocked reports whether nothing may be built on q on player p's board
// this step: an unremoved site or a sea square (L1).
func (g *Game) blocked(p int) func(rules.Pos) bool {
	left := g.sitesLeft(p)
	return func(q rules.Pos) bool {
		for _, s := range left {
			if s == q {
				return true
			}
		}
		return g.cfg.profile.IsSea(q)
	}
}

// Start says how to lay out the game.
func (g *Game) Start() []rules.Event {
	var b strings.Builder
	fmt.Fprintf(&b, "Shake That City, %s side", g.cfg.profile.Side)
	if g.cfg.family {
		b.WriteString(", family variant (scoring tiles only)")
	}
	if g.cfg.solo {
		fmt.Fprintf(&b, ", solo: remove all 4 construction sites and score at least %d", g.cfg.soloTarget)
	}
	fmt.Fprintf(&b, ". Scoring tiles north (west→east): %s; west (north→south): %s; curved tile at the north-west corner.",
		joinKinds(g.Layout.North[:]), joinKinds(g.Layout.West[:]))
	if g.Sites != nil {
		var s []string
		for i, site := range g.Sites {
			s = append(s, fmt.Sprintf("site %d %s at %s", i+1, site.Label(), cellName(g.cfg.profile.Site(i))))
		}
		fmt.Fprintf(&b, " Construction sites: %s.", strings.Join(s, ", "))
	}
	fmt.Fprintf(&b, " Round 1: %s is the construction manager and shakes.", g.name(g.Manager))
	return []rules.Event{{Kind: rules.EventSetup, Round: 1, Player: g.Manager,
		Short: rules.Say("Shake That City", g.short(g.Manager)+" shakes"), Long: b.String()}}
}

func joinKinds(ks []TileKind) string {
	s := make([]string, len(ks))
	for i, k := range ks {
		s[i] = string(k)
	}
	return strings.Join(s, ", ")
}

// scoreOptions are player p's scoring options on the accepted board.
func (g *Game) scoreOptions(p int) ScoreOptions {
	return ScoreOptions{Family: g.cfg.family, Tiles: g.Layout, SitesLeft: g.sitesLeft(p), Player: p, Name: g.name(p)}
}

// Scores returns each player's score on the accepted boards, with the
// construction sites left as a line of the breakdown.
func (g *Game) Scores() []rules.Score {
	out := make([]rules.Score, len(g.Players))
	for i, pl := range g.Players {
		p := i + 1
		s := ScoreBoard(g.cfg.profile, pl.Board, g.scoreOptions(p))
		if g.Sites != nil {
			detail := "all removed"
			if left := g.sitesLeft(p); len(left) > 0 {
				detail = fmt.Sprintf("%d left: cannot win", len(left))
			}
			s.Parts = append(s.Parts, rules.ScorePart{Category: "construction sites", Detail: detail})
		}
		if g.cfg.solo {
			s.Parts = append(s.Parts, rules.ScorePart{Category: "solo target", Detail: fmt.Sprintf("%d points needed", g.cfg.soloTarget)})
		}
		out[i] = s
	}
	return out
}

// Finished reports whether round 15 has been scored.
func (g *Game) Finished() bool { return g.Phase == phaseOver }

// Winners: most points, then more scoring tiles, then fewer empty squares
// (§6.9). With construction sites only players who removed all their
// sites can win; solo needs all sites and the target. Empty (not nil)
// when nobody wins.
func (g *Game) Winners() []int {
	if !g.Finished() {
		return nil
	}
	eligible := g.eligible(g.Scores())
	if len(eligible) == 0 {
		return []int{}
	}
	return rules.Winners(eligible)
}

// eligible are the scores of the players who may win: every construction
// site removed and, solo, the target reached.
func (g *Game) eligible(scores []rules.Score) []rules.Score {
	left := make([]int, len(g.Players))
	for i := range g.Players {
		left[i] = len(g.sitesLeft(i + 1))
	}
	target := 0
	if g.cfg.solo {
		target = g.cfg.soloTarget
	}
	return eligibleScores(scores, left, target)
}

// pickWinners applies the winning conditions to final scores: a player
// with construction sites left (sitesLeft, by seat) cannot win, nor one
// under target (solo; 0 = no target); the rest are ranked by total, then
// the tie-breaks. Nobody eligible: an empty list.
func pickWinners(scores []rules.Score, sitesLeft []int, target int) []int {
	eligible := eligibleScores(scores, sitesLeft, target)
	if len(eligible) == 0 {
		return []int{}
	}
	return rules.Winners(eligible)
}

func eligibleScores(scores []rules.Score, sitesLeft []int, target int) []rules.Score {
	var eligible []rules.Score
	for i, s := range scores {
		if sitesLeft[i] > 0 || s.Total < target {
			continue
		}
		eligible = append(eligible, s)
	}
	return eligible
}
