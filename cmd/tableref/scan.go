package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"gocv.io/x/gocv"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/cmd/tableref/internal/paths"
	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/modes" // every game mode
	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/vision/imagefile"
	"github.com/tableref/tableref/vision/qr"
)

func init() { register(newScan) }

// scanFlags are the options of `tableref scan`.
type scanFlags struct {
	game, players, calPath, annotate string
	options                          map[string]string
	asJSON, codes, allowMissing      bool
}

func newScan() *cobra.Command {
	f := scanFlags{}
	var opts []string
	c := &cobra.Command{
		Use:   "scan --game MODE PHOTO | scan --codes PHOTO",
		Short: "read a photo of a finished table: scores and winner (scan --codes: every QR code in it)",
		Example: "  tableref scan --game wit-cartographer --players Ana,Ben --annotate out.png table.jpg\n" +
			"  tableref scan --codes photo.jpg",
		Args: argsBetween(1, 1, "one photo"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if (f.game == "") == !f.codes {
				return usagef("want either --game MODE or --codes")
			}
			var err error
			if f.options, err = parseOptions(opts); err != nil {
				return err
			}
			var mode *rules.Mode
			if f.game != "" {
				if mode, err = modeArg(f.game); err != nil {
					return err
				}
			}
			frame, err := imagefile.Read(args[0])
			if err != nil {
				return err
			}
			defer frame.Close()
			if f.codes {
				return scanCodes(cmd.Context(), frame, f, cmd.OutOrStdout())
			}
			return scanGame(cmd.Context(), frame, mode, f, cmd.OutOrStdout())
		},
	}
	fs := c.Flags()
	fs.StringVar(&f.game, "game", "", "game mode of the table, by ID or name (tableref modes lists them; e.g. wit-cartographer)")
	fs.StringVar(&f.players, "players", "", "player names in seat order, comma-separated (default P1… as many as the photo's player markers or boards)")
	fs.StringArrayVar(&opts, "option", nil, "a game option `KEY=VALUE` (repeatable)")
	fs.StringVar(&f.calPath, "calibration", "", "calibration file, or none (default "+paths.Calibration()+" if it exists, the one tableref calibrate writes; without one the table plane comes from the cards' codes)")
	fs.StringVar(&f.annotate, "annotate", "", "write the photo with every card, cell and verdict drawn to this PNG")
	fs.BoolVar(&f.asJSON, "json", false, "print JSON")
	fs.BoolVar(&f.codes, "codes", false, "list every QR code in the photo, ours or not")
	fs.BoolVar(&f.allowMissing, "allow-missing", false, "score what was read even when the photo missed part of the finished table or a problem left cards out (the gaps and problems are still listed)")
	return c
}

// parseOptions reads repeated --option KEY=VALUE flags.
func parseOptions(kvs []string) (map[string]string, error) {
	out := map[string]string{}
	for _, v := range kvs {
		k, val, ok := strings.Cut(v, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, usagef("--option %q: want KEY=VALUE", v)
		}
		out[strings.TrimSpace(k)] = strings.TrimSpace(val)
	}
	return out, nil
}

// scanResult is the --json form of a game scan.
type scanResult = scanner.Finished

// The exit statuses of scan beyond the common ones (docs/scanner.md).
const (
	exitMissing = 3 // the photo missed part of the finished table: no score
	exitUnsure  = 4 // cards or cells were left out for a problem
)

func scanGame(ctx context.Context, frame gocv.Mat, mode *rules.Mode, f scanFlags, stdout io.Writer) error {
	cal, looked, err := loadCalibration(f.calPath)
	if err != nil {
		return err
	}
	if cal == nil && looked != "" {
		slog.Info(noCalibrationNote(looked))
	}
	reader := qr.NewReader(qr.Options{})
	res, err := reader.Read(ctx, frame)
	if err != nil {
		return err
	}
	setup, err := scanSetup(mode, f, res.Codes, cal)
	if err != nil {
		return err
	}
	sc, err := scanner.New(cal, scanner.Options{Mode: mode.ID, Setup: setup, Reader: fixedReader{res}})
	if err != nil {
		return err
	}
	scan, err := sc.Photo(ctx, frame)
	if err != nil {
		return err
	}
	out, err := scanner.ScoreFinished(mode, setup, scan, f.allowMissing)
	if err != nil {
		return err
	}
	if f.annotate != "" {
		notes := scanner.NotesFromEvents(out.Events)
		notes.Title = titleLines(mode, out)
		if err := writeAnnotated(frame, scan, notes, f.annotate); err != nil {
			return err
		}
	}
	if f.asJSON {
		if err := printJSON(stdout, out); err != nil {
			return err
		}
	} else {
		printScan(stdout, mode, out)
	}
	return scanStatus(out)
}

// scanStatus turns the outcome into the command's exit status.
func scanStatus(out scanResult) error {
	switch out.Status {
	case scanner.StatusMissing:
		return withExit(exitMissing, fmt.Errorf("the photo missed part of the finished table (%s): no score from a partial read; take the photo again, or --allow-missing to score only what was read",
			rules.Count(len(out.Gaps), "gap")))
	case scanner.StatusUnsure:
		if out.Scores == nil && !out.Accepted {
			return withExit(exitUnsure, fmt.Errorf("%s: the table was not read for sure: no score from a partial read; fix what the problems say and take the photo again, or --allow-missing to score only what was read", rules.Count(len(out.Problems), "problem")))
		}
		return withExit(exitUnsure, fmt.Errorf("%s: the table was not read for sure (what is in doubt is left out)", rules.Count(len(out.Problems), "problem")))
	}
	return nil
}

// fixedReader hands the scanner codes already read, so a photo is read
// once.
type fixedReader struct{ res qr.Result }

func (r fixedReader) Read(context.Context, gocv.Mat) (qr.Result, error) { return r.res, nil }

// scanSetup builds the game setup: the players named, or as many as the
// photo's player markers (or city boards) show, at least the mode's
// minimum; options as given, checked by the mode.
func scanSetup(mode *rules.Mode, f scanFlags, codes []qr.Tableref, cal *calibration.File) (rules.Setup, error) {
	s := rules.Setup{Mode: mode.ID, Options: f.options}
	if f.players != "" {
		for _, p := range strings.Split(f.players, ",") {
			s.Players = append(s.Players, strings.TrimSpace(p))
		}
	} else {
		n := max(mode.MinPlayers, seatsSeen(codes, cal))
		for p := 1; p <= n; p++ {
			s.Players = append(s.Players, fmt.Sprintf("P%d", p))
		}
	}
	s, err := mode.Check(s)
	if err != nil {
		return s, fmt.Errorf("%w (name the players with --players)", err)
	}
	return s, nil
}

// seatsSeen is the highest player number on a player marker or city-board
// corner in view, or in the calibration's player zones.
func seatsSeen(codes []qr.Tableref, cal *calibration.File) int {
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

func printScan(w io.Writer, mode *rules.Mode, r scanResult) {
	what := fmt.Sprintf("%d cards", r.Cards)
	if r.Cells > 0 {
		what = fmt.Sprintf("%d cubes and tiles", r.Cells)
	}
	fmt.Fprintf(w, "%s: %s, %s read (table plane: %s)\n", mode.Name, rules.Count(len(r.Players), "player"), what, r.Plane)
	switch {
	case r.Status == scanner.StatusMissing:
		fmt.Fprintln(w, "no score: the photo missed part of the finished table (a score from a partial read could be wrong):")
	case r.Status == scanner.StatusUnsure && r.Scores == nil && mode.ScoreTable != nil && len(r.Players) > 0:
		fmt.Fprintln(w, "no score: a problem below left cards or squares of the game out (a score from a partial read could be wrong)")
	case r.Accepted:
		fmt.Fprintln(w, "scored without what the photo missed or a problem left out (--allow-missing): those cards and squares count for nothing:")
	}
	for _, g := range r.Gaps {
		fmt.Fprintf(w, "  missing: %s\n", g.Text)
	}
	if r.Scores != nil {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, s := range r.Scores {
			var parts []string
			for _, p := range s.Parts {
				part := fmt.Sprintf("%s %d", p.Category, p.Points)
				if p.Detail != "" {
					part += " (" + p.Detail + ")"
				}
				parts = append(parts, part)
			}
			fmt.Fprintf(tw, "  %s\t%d\t%s\n", s.Name, s.Total, strings.Join(parts, "; "))
		}
		tw.Flush()
		fmt.Fprintln(w, winnerLine(r))
	}
	right, wrong := 0, 0
	var wrongs []string
	for _, e := range r.Events {
		switch {
		case e.Kind == rules.EventVerdict && e.Verdict == rules.Right:
			right++
		case e.Kind == rules.EventVerdict:
			wrong++
			wrongs = append(wrongs, e.Long)
		case e.Kind == rules.EventInfo || e.Kind == rules.EventWarning:
			fmt.Fprintf(w, "%s: %s\n", e.Kind, e.Long)
		}
	}
	if right+wrong > 0 {
		fmt.Fprintf(w, "pairs judged: %d, right %d, wrong %d\n", right+wrong, right, wrong)
		for _, s := range wrongs {
			fmt.Fprintf(w, "  wrong: %s\n", s)
		}
	}
	if mode.ScoreTable == nil {
		fmt.Fprintln(w, "this mode cannot be judged from a photo")
	}
	for _, p := range r.Problems {
		fmt.Fprintf(w, "problem: %s\n", p)
	}
}

func winnerLine(r scanResult) string {
	if len(r.Winners) == 0 {
		return "winner: nobody (no player meets the winning conditions)"
	}
	var names []string
	for _, p := range r.Winners {
		names = append(names, r.Players[p-1])
	}
	line := "shared win: " + rules.JoinNames(names)
	if len(names) == 1 {
		line = "winner: " + names[0]
	}
	if r.TieBreak != "" {
		line += " (equal on points; " + r.TieBreak + ")"
	}
	return line
}

// titleLines are the annotated picture's heading: mode, scores, winner or
// the pair count.
func titleLines(mode *rules.Mode, r scanResult) []string {
	out := []string{mode.Name}
	var parts []string
	for _, s := range r.Scores {
		parts = append(parts, fmt.Sprintf("%s %d", s.Name, s.Total))
	}
	if len(parts) > 0 {
		out = append(out, strings.Join(parts, "  ")+"  -  "+winnerLine(r))
	}
	if len(r.Gaps) > 0 {
		cells := 0
		for _, g := range r.Gaps {
			cells += len(g.Cells)
		}
		line := fmt.Sprintf("NOT SCORED: %s missed", rules.Count(len(r.Gaps), "gap"))
		if r.Accepted {
			line = fmt.Sprintf("scored without %s (--allow-missing)", rules.Count(len(r.Gaps), "gap"))
		}
		if cells > 0 {
			line += fmt.Sprintf(", %s marked ?", rules.Count(cells, "cell"))
		}
		out = append(out, line)
	} else if r.Status == scanner.StatusUnsure && r.Scores == nil && mode.ScoreTable != nil {
		out = append(out, fmt.Sprintf("NOT SCORED: %s left cards out", rules.Count(len(r.Problems), "problem")))
	}
	right, all := 0, 0
	for _, e := range r.Events {
		if e.Kind == rules.EventVerdict {
			all++
			if e.Verdict == rules.Right {
				right++
			}
		}
	}
	if all > 0 {
		out = append(out, fmt.Sprintf("%d of %d pairs right", right, all))
	}
	return out
}

func writeAnnotated(frame gocv.Mat, scan *scanner.Scan, notes scanner.Notes, path string) error {
	img, err := scanner.Annotate(frame, scan, notes)
	if err != nil {
		return err
	}
	defer img.Close()
	if err := imagefile.Write(path, img, 0); err != nil {
		return fmt.Errorf("cannot write the annotated image: %w", err)
	}
	return nil
}

// codeLine is one line of `scan --codes`.
type codeLine struct {
	Text       string     `json:"text"`
	Ours       bool       `json:"ours"`
	Means      string     `json:"means"`
	Centre     [2]float64 `json:"centre_px"`
	ModulePx   float64    `json:"module_px"`
	Confidence float64    `json:"confidence"`
}

func scanCodes(ctx context.Context, frame gocv.Mat, f scanFlags, stdout io.Writer) error {
	res, err := qr.NewReader(qr.Options{}).Read(ctx, frame)
	if err != nil {
		return err
	}
	var lines []codeLine
	add := func(c qr.Code, ours bool, means string) {
		ctr := c.Centre()
		lines = append(lines, codeLine{Text: c.Text, Ours: ours, Means: means, Centre: [2]float64{round1(ctr.X), round1(ctr.Y)},
			ModulePx: round1(c.ModulePx), Confidence: round1(c.Confidence)})
	}
	for _, c := range res.Codes {
		add(c.Code, true, describePayload(c.Payload))
	}
	damaged := 0 // tableref-looking codes that cannot be used: a wrong check character, malformed
	for _, c := range res.Foreign {
		if _, err := rules.ParsePayload(c.Text); errors.Is(err, rules.ErrBadCheck) || errors.Is(err, rules.ErrMalformed) {
			damaged++
		}
		add(c, false, rules.WhyNotOurs(c.Text))
	}
	summary := fmt.Sprintf("%d codes: %d tableref, %d not ours", len(lines), len(res.Codes), len(res.Foreign)-damaged)
	if damaged > 0 {
		summary = fmt.Sprintf("%d codes: %d tableref, %d damaged or misprinted tableref, %d not ours", len(lines), len(res.Codes), damaged, len(res.Foreign)-damaged)
	}
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].Centre[1] < lines[j].Centre[1] })
	if f.annotate != "" {
		sc := &scanner.Scan{Foreign: res.Foreign}
		for _, c := range res.Codes {
			sc.Codes = append(sc.Codes, scanner.Code{Tableref: c})
		}
		notes := scanner.Notes{Title: []string{summary}}
		if err := writeAnnotated(frame, sc, notes, f.annotate); err != nil {
			return err
		}
	}
	if f.asJSON {
		return printJSON(stdout, lines)
	}
	fmt.Fprintln(stdout, summary)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  text\tmeans\tcentre px\tpx/module")
	for _, l := range lines {
		fmt.Fprintf(tw, "  %s\t%s\t%.0f,%.0f\t%.1f\n", l.Text, l.Means, l.Centre[0], l.Centre[1], l.ModulePx)
	}
	return tw.Flush()
}

// describePayload says what a tableref code stands for.
func describePayload(p rules.Payload) string {
	if p.Kind == rules.KindCard {
		side := "front"
		if p.Card.Side == rules.Back {
			side = "back"
		}
		return fmt.Sprintf("card %s (%s), %s", p.Card.ID, rules.CardName(p.Card.ID), side)
	}
	switch m := p.Marker; m.Type {
	case rules.MarkerCalibration:
		return "calibration sheet corner " + m.Corner.String()
	case rules.MarkerPlayer:
		return fmt.Sprintf("player %d's marker", m.Player)
	case rules.MarkerBoard:
		return fmt.Sprintf("player %d's city board, corner %s", m.Player, m.Corner)
	case rules.MarkerShaker:
		return "shaker mat corner " + m.Corner.String()
	}
	return p.String()
}

func printJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(w, string(b))
	return err
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }
