package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"strings"

	"github.com/tableref/tableref/cmd/tableref/internal/calibrate"
	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"github.com/spf13/cobra"
	"gocv.io/x/gocv"

	"github.com/tableref/tableref/cmd/tableref/internal/deckdir"
	"github.com/tableref/tableref/cmd/tableref/internal/paths"
	"github.com/tableref/tableref/rules"
	_ "github.com/tableref/tableref/rules/modes" // every game mode
	"github.com/tableref/tableref/scanner"
	"github.com/tableref/tableref/vision/imagefile"
)

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
		Args: cli.ArgsBetween(1, 1, "one photo"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if (f.game == "") == !f.codes {
				return cli.Usagef("want either --game MODE or --codes")
			}
			var err error
			if f.options, err = cli.ParseOptions(opts); err != nil {
				return err
			}
			var mode *rules.Mode
			if f.game != "" {
				if mode, err = cli.ModeArg(f.game); err != nil {
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

// scanResult is the --json form of a game scan.
type scanResult = scanner.Finished

// The exit statuses of scan beyond the common ones (docs/scanner.md).
const (
	exitMissing = 3 // the photo missed part of the finished table: no score
	exitUnsure  = 4 // cards or cells were left out for a problem
)

func scanGame(ctx context.Context, frame gocv.Mat, mode *rules.Mode, f scanFlags, stdout io.Writer) error {
	cal, looked, err := calibrate.Load(f.calPath)
	if err != nil {
		return err
	}
	if cal == nil && looked != "" {
		slog.Info(calibrate.NoCalibrationNote(looked))
	}
	if note := deckdir.BesideNote(rules.Setup{Mode: mode.ID, Options: f.options}); note != "" {
		slog.Warn(note)
	}
	g := scanner.PhotoGame{Mode: mode, Options: f.options, AllowMissing: f.allowMissing}
	if f.players != "" {
		for _, p := range strings.Split(f.players, ",") {
			g.Players = append(g.Players, strings.TrimSpace(p))
		}
	}
	scan, out, _, err := scanner.ScorePhoto(ctx, cal, frame, g, nil)
	if err != nil {
		return err
	}
	if f.annotate != "" {
		notes := scanner.NotesFromEvents(out.Events)
		notes.Title = scanner.TitleLines(mode, out)
		if err := writeAnnotated(frame, scan, notes, f.annotate); err != nil {
			return err
		}
	}
	if f.asJSON {
		if err := printJSON(stdout, out); err != nil {
			return err
		}
	} else {
		scanner.WriteFinished(stdout, mode, out)
	}
	return scanStatus(out)
}

// scanStatus turns the outcome into the command's exit status.
func scanStatus(out scanResult) error {
	switch out.Status {
	case scanner.StatusMissing:
		return cli.WithExit(exitMissing, fmt.Errorf("the photo missed part of the finished table (%s): no score from a partial read; take the photo again, or --allow-missing to score only what was read",
			rules.Count(len(out.Gaps), "gap")))
	case scanner.StatusUnsure:
		if out.Scores == nil && !out.Accepted {
			return cli.WithExit(exitUnsure, fmt.Errorf("%s: the table was not read for sure: no score from a partial read; fix what the problems say and take the photo again, or --allow-missing to score only what was read", rules.Count(len(out.Problems), "problem")))
		}
		return cli.WithExit(exitUnsure, fmt.Errorf("%s: the table was not read for sure (what is in doubt is left out)", rules.Count(len(out.Problems), "problem")))
	}
	return nil
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

func scanCodes(ctx context.Context, frame gocv.Mat, f scanFlags, stdout io.Writer) error {
	res, err := scanner.ReaderFor("", rules.Setup{}).Read(ctx, frame)
	if err != nil {
		return err
	}
	lines, summary := scanner.ListCodes(res)
	if f.annotate != "" {
		if err := writeAnnotated(frame, scanner.CodesScan(res), scanner.Notes{Title: []string{summary}}, f.annotate); err != nil {
			return err
		}
	}
	if f.asJSON {
		return printJSON(stdout, lines)
	}
	return scanner.WriteCodes(stdout, lines, summary)
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
