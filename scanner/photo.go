package scanner

import (
	"context"
	"fmt"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/vision/geom"
	"github.com/tableref/tableref/vision/qr"
)

// PhotoGame says what a photo of a finished table shows.
type PhotoGame struct {
	Mode *rules.Mode
	// Players are the names in seat order; nil: P1, P2… as many as the
	// photo's player markers or city boards show (or the calibration's
	// player zones), at least the mode's minimum.
	Players []string
	Options map[string]string
	// AllowMissing scores what was read even when part of the finished
	// table was missed (the gaps are still listed).
	AllowMissing bool
}

// ScorePhoto reads a photo of a finished table and scores it (`tableref
// scan`): the codes are read once, with reader (nil: the default QR
// reader), the players counted from them when none are named, then the
// table is rebuilt from the same read and scored. A partial read gets no
// score unless g.AllowMissing (see ScoreFinished).
func ScorePhoto(ctx context.Context, cal *calibration.File, frame gocv.Mat, g PhotoGame, reader CodeReader) (*Scan, Finished, rules.Setup, error) {
	if err := checkFrame(frame); err != nil {
		return nil, Finished{}, rules.Setup{}, err
	}
	if reader == nil {
		reader = ReaderFor(g.Mode.ID, rules.Setup{Mode: g.Mode.ID, Options: g.Options})
	}
	res, err := reader.Read(ctx, frame)
	if err != nil {
		return nil, Finished{}, rules.Setup{}, fmt.Errorf("scanner: reading codes: %w", err)
	}
	setup, err := photoSetup(g, SeatsSeen(res.Codes, cal))
	if err != nil {
		return nil, Finished{}, setup, err
	}
	sc, err := New(cal, Options{Mode: g.Mode.ID, Setup: setup, Reader: reader})
	if err != nil {
		return nil, Finished{}, setup, err
	}
	scan, err := sc.read(frame, res, nil)
	if err != nil {
		return nil, Finished{}, setup, err
	}
	out, err := ScoreFinished(g.Mode, setup, scan, g.AllowMissing)
	return scan, out, setup, err
}

// photoSetup is the game's setup: the players named, or seats players
// (at least the mode's minimum), checked by the mode.
func photoSetup(g PhotoGame, seats int) (rules.Setup, error) {
	s := rules.Setup{Mode: g.Mode.ID, Options: g.Options, Players: g.Players}
	if len(s.Players) == 0 {
		for p := 1; p <= max(g.Mode.MinPlayers, seats); p++ {
			s.Players = append(s.Players, fmt.Sprintf("P%d", p))
		}
	}
	s, err := g.Mode.Check(s)
	if err != nil {
		return s, fmt.Errorf("%w (name the players with --players)", err)
	}
	return s, nil
}

// SeatsSeen is the highest player number on a player marker or city-board
// corner among codes, or else in the calibration's player zones.
func SeatsSeen(codes []qr.Tableref, cal *calibration.File) int {
	n := 0
	for _, c := range codes {
		if m := c.Payload.Marker; c.Payload.Kind == rules.KindMarker && (m.Type == rules.MarkerPlayer || m.Type == rules.MarkerBoard) {
			n = max(n, m.Player)
		}
	}
	if n == 0 && cal != nil && cal.Zones != nil {
		for _, m := range cal.Zones.Players {
			n = max(n, m.Player)
		}
	}
	return n
}

// PlayerMarkers is where each player's marker lies among codes, in frame
// pixels. A player's marker seen twice is an error: which one marks the
// seat cannot be told.
func PlayerMarkers(codes []qr.Tableref) (map[int]geom.Pt, error) {
	seen := map[int]geom.Pt{}
	for _, c := range codes {
		if m := c.Payload.Marker; c.Payload.Kind == rules.KindMarker && m.Type == rules.MarkerPlayer {
			if _, dup := seen[m.Player]; dup {
				return nil, fmt.Errorf("player %d's marker is seen twice", m.Player)
			}
			seen[m.Player] = c.Centre()
		}
	}
	return seen, nil
}
