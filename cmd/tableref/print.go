package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/tableref/tableref/printer/cards"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/printer/markers"
	"github.com/tableref/tableref/printer/preview"
	"github.com/tableref/tableref/printer/sizing"
	"github.com/tableref/tableref/printer/stickers"
	"github.com/tableref/tableref/rules"
)

func init() {
	register(&command{
		name:    "print",
		summary: "print card sets, sticker sheets, markers and the calibration sheet (PDF); QR sizing for a camera",
		run:     runPrint,
	})
}

const printUsage = `usage: tableref print WHAT [ARGS] [OPTIONS]

  deck NAME      print-and-play card set as a duplex PDF
                 NAME: wit-sa (SA), mapit-world (WLD), nsoe-eu (EU);
                 sw (strangeworld) prints its sticker sheet instead
  stickers NAME  QR stickers for a real boxed game: sw (strangeworld)
  markers KIND   calibration, players, boards, shaker, or all
  duplex         the duplex calibration sheet alone
  preview CARD   one card side as SVG or PNG (CARD: SA-017, SA-017/B, Bogotá)
  size           QR module and code size needed for the camera

Print PDFs at actual size (100 %, no "fit to page"). See docs/printing.md.
Run 'tableref print WHAT -h' for the options of each.`

func runPrint(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprintln(stderr, printUsage)
		return errUsage
	}
	sub, rest := args[0], args[1:]
	switch sub {
	case "deck":
		return printDeck(rest, stdout, stderr)
	case "stickers":
		return printStickers(rest, stdout, stderr)
	case "markers":
		return printMarkers(rest, stdout, stderr)
	case "duplex":
		return printDuplex(rest, stdout, stderr)
	case "preview":
		return printPreview(rest, stdout, stderr)
	case "size":
		return printSize(rest, stdout, stderr)
	}
	fmt.Fprintln(stderr, printUsage)
	return fmt.Errorf("unknown print target %q: %w", sub, errUsage)
}

// cameraFlags are the camera every print command checks its codes against.
func cameraFlags(fs *flag.FlagSet) *sizing.Camera {
	c := sizing.Default
	fs.IntVar(&c.WidthPx, "camera-width", c.WidthPx, "camera image width in pixels as read (4608 = Camera Module 3 full resolution)")
	fs.Float64Var(&c.HFOVDeg, "hfov", c.HFOVDeg, "camera horizontal field of view, degrees")
	fs.Float64Var(&c.Aspect, "aspect", c.Aspect, "sensor width/height (16:9 = 1.778, 4:3 = 1.333)")
	fs.Float64Var(&c.HeightCm, "height-cm", c.HeightCm, "camera lens height above the table, cm")
	return &c
}

func paperFlag(fs *flag.FlagSet) *string {
	return fs.String("paper", "a4", "paper: a4 or letter")
}

// newFlags makes a flag set whose usage line is given.
func newFlags(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("print "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tableref print "+usage)
		fs.PrintDefaults()
	}
	return fs
}

// writeOut writes data to path, creating its directory's file atomically
// enough for a print job: nothing is left behind when rendering failed.
func writeOut(path string, data []byte) error {
	if path == "" {
		return fmt.Errorf("no output file: give -o FILE: %w", errUsage)
	}
	if dir := filepath.Dir(path); dir != "." {
		if _, err := os.Stat(dir); err != nil {
			return fmt.Errorf("output directory: %w", err)
		}
	}
	return os.WriteFile(path, data, 0o644)
}

// warnSize prints the camera check of a module size.
func warnSize(stderr io.Writer, cam sizing.Camera, what string, module float64) {
	if w := cam.Warning(what, module); w != "" {
		fmt.Fprintln(stderr, w)
	}
}

// deckAlias maps command-line deck names to deck codes.
func deckAlias(name string) string {
	switch strings.ToLower(name) {
	case "wit-sa", "sa", "wit":
		return "SA"
	case "mapit-world", "mapit", "wld":
		return "WLD"
	case "nsoe-eu", "nsoe", "eu":
		return "EU"
	case "sw", "strangeworld", "strange-world":
		return "SW"
	case "shakecity", "shake-that-city", "stc":
		return "STC"
	}
	return strings.ToUpper(name)
}

func buildSet(code string, module float64) (*cards.Set, error) {
	st := cards.Style{Module: module}
	switch code {
	case "SA":
		ranks, err := cards.WITRanks()
		if err != nil {
			return nil, err
		}
		return cards.WhereIsThat(ranks, st)
	case "WLD":
		return cards.MapIt(st)
	case "EU":
		return cards.NordSudOvestEst(st)
	case "STC":
		return nil, errors.New("Shake That City has no cards: print its markers with 'tableref print markers boards' and 'tableref print markers shaker'")
	}
	return nil, fmt.Errorf("unknown deck %q: want wit-sa, mapit-world, nsoe-eu or sw: %w", code, errUsage)
}

func printDeck(args []string, stdout, stderr io.Writer) error {
	// Strange World is printed as stickers, with the sticker options.
	if len(args) > 0 && deckAlias(args[0]) == "SW" {
		return printStickers(args, stdout, stderr)
	}
	fs := newFlags("deck", "deck NAME -o FILE.pdf [options]", stderr)
	out := fs.String("o", "", "output PDF file")
	paper := paperFlag(fs)
	card := fs.String("card", "63.5x88.9", "card size WxH in mm (poker 63.5x88.9)")
	bleed := fs.Float64("bleed", 0, "bleed around each card, mm (3 is usual for a print shop; 0 for home printing)")
	cut := fs.Bool("cut-lines", false, "full cut lines instead of crop marks")
	noBacks := fs.Bool("no-backs", false, "fronts only (one-sided printing)")
	dx := fs.Float64("back-offset-x", 0, "shift back pages right by this many mm (read it from 'tableref print duplex')")
	dy := fs.Float64("back-offset-y", 0, "shift back pages down by this many mm")
	duplexTest := fs.Bool("duplex-test", false, "put the duplex calibration sheet first")
	module := fs.Float64("module", cards.DefaultModule, "QR module size, mm")
	cam := cameraFlags(fs)
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return errUsage
	}
	if len(pos) != 1 {
		fs.Usage()
		return fmt.Errorf("want one deck name: %w", errUsage)
	}
	code := deckAlias(pos[0])
	if code == "SW" {
		return fmt.Errorf("Strange World prints as stickers: put sw first ('tableref print deck sw …') or use 'tableref print stickers sw': %w", errUsage)
	}
	p, err := layout.ParsePaper(*paper)
	if err != nil {
		return fmt.Errorf("%v: %w", err, errUsage)
	}
	var size layout.Size
	if _, err := fmt.Sscanf(strings.ToLower(*card), "%gx%g", &size.W, &size.H); err != nil || size.W <= 0 || size.H <= 0 {
		return fmt.Errorf("card size %q: want WxH in mm such as 63.5x88.9: %w", *card, errUsage)
	}
	if err := cam.Validate(); err != nil {
		return fmt.Errorf("%v: %w", err, errUsage)
	}
	set, err := buildSet(code, *module)
	if err != nil {
		return err
	}
	sheet := cards.Sheet{Paper: p, Card: size, Bleed: *bleed, CutLines: *cut, NoBacks: *noBacks, BackDX: *dx, BackDY: *dy, DuplexTest: *duplexTest}
	var buf bytes.Buffer
	pages, err := sheet.Write(set, &buf)
	if err != nil {
		return err
	}
	if err := writeOut(*out, buf.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d cards on %d pages (%s, %gx%g mm cards) → %s\n", set.Name, len(set.Cards), pages, p.Name, size.W, size.H, *out)
	if !*noBacks {
		fmt.Fprintln(stdout, "print double-sided, flip on long edge, at actual size (100 %)")
	}
	warnSize(stderr, *cam, "card codes", *module)
	return nil
}

func printStickers(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("stickers", "stickers sw -o FILE.pdf [--sheet l7160|5160|grid:CxR] [options]", stderr)
	out := fs.String("o", "", "output PDF file")
	paper := paperFlag(fs)
	sheetName := fs.String("sheet", "", "label sheet: l7160 (Avery, A4, 21), 5160 (Avery, Letter, 30) or grid:COLSxROWS on --paper (default: l7160 on A4, 5160 on Letter)")
	start := fs.Int("start", 1, "first label to use on the first sheet (for a part-used sheet)")
	dx := fs.Float64("offset-x", 0, "printer offset correction: shift right by mm")
	dy := fs.Float64("offset-y", 0, "printer offset correction: shift down by mm")
	outlines := fs.Bool("outlines", false, "draw the label outlines (plain paper test, hand cutting)")
	cam := cameraFlags(fs)
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return errUsage
	}
	if len(pos) != 1 || deckAlias(pos[0]) != "SW" {
		fs.Usage()
		return fmt.Errorf("want the game: sw (Strange World): %w", errUsage)
	}
	p, err := layout.ParsePaper(*paper)
	if err != nil {
		return fmt.Errorf("%v: %w", err, errUsage)
	}
	name := *sheetName
	if name == "" {
		name = "l7160"
		if p == layout.Letter {
			name = "5160"
		}
	}
	labels, err := layout.ParseLabels(name, p)
	if err != nil {
		return fmt.Errorf("%v: %w", err, errUsage)
	}
	list := stickers.StrangeWorld()
	opt := stickers.Options{Sheet: labels, Start: *start, DX: *dx, DY: *dy, Outlines: *outlines}
	var buf bytes.Buffer
	_, module, err := stickers.Write(list, opt, &buf)
	if err != nil {
		return err
	}
	if err := writeOut(*out, buf.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Strange World: %s → %s\n", stickers.Describe(len(list), opt), *out)
	warnSize(stderr, *cam, "sticker codes", module)
	return nil
}

func printMarkers(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("markers", "markers calibration|players|boards|shaker|all -o FILE.pdf [options]", stderr)
	out := fs.String("o", "", "output PDF file")
	paper := paperFlag(fs)
	players := fs.Int("players", 4, "player markers to print (1–6); city boards (1–4)")
	module := fs.Float64("module", markers.DefaultModule, "QR module size, mm")
	cam := cameraFlags(fs)
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return errUsage
	}
	if len(pos) == 0 {
		fs.Usage()
		return fmt.Errorf("want which markers: %w", errUsage)
	}
	var kinds []string
	for _, k := range pos {
		if k == "all" {
			kinds = append(kinds, markers.Kinds...)
			continue
		}
		kinds = append(kinds, strings.ToLower(k))
	}
	p, err := layout.ParsePaper(*paper)
	if err != nil {
		return fmt.Errorf("%v: %w", err, errUsage)
	}
	opt := markers.Options{Paper: p, Module: *module, Players: *players}
	var buf bytes.Buffer
	pages, err := markers.Write(kinds, opt, &buf)
	if err != nil {
		return err
	}
	if err := writeOut(*out, buf.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "markers %s: %d codes on %d pages (%s) → %s\n", strings.Join(kinds, ", "), len(markers.Payloads(kinds, opt)), pages, p.Name, *out)
	fmt.Fprintln(stdout, "print at actual size (100 %); check the calibration sheet's 100 mm scale bar with a ruler")
	warnSize(stderr, *cam, "marker codes", *module)
	return nil
}

func printDuplex(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("duplex", "duplex -o FILE.pdf [--paper a4|letter]", stderr)
	out := fs.String("o", "", "output PDF file")
	paper := paperFlag(fs)
	if _, err := parseInterspersed(fs, args); err != nil {
		return errUsage
	}
	p, err := layout.ParsePaper(*paper)
	if err != nil {
		return fmt.Errorf("%v: %w", err, errUsage)
	}
	var buf bytes.Buffer
	if _, err := (cards.Sheet{Paper: p, DuplexTest: true}).Write(&cards.Set{Name: "Duplex test"}, &buf); err != nil {
		return err
	}
	if err := writeOut(*out, buf.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "duplex calibration sheet (%s) → %s\nprint double-sided, flip on long edge, at 100 %%; pass the numbers read as --back-offset-x/-y\n", p.Name, *out)
	return nil
}

func printPreview(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("preview", "preview CARD -o FILE.svg|FILE.png [--dpi 300] [--deck NAME]", stderr)
	out := fs.String("o", "", "output file: .svg or .png")
	dpi := fs.Float64("dpi", 300, "PNG resolution")
	module := fs.Float64("module", cards.DefaultModule, "QR module size, mm")
	deck := fs.String("deck", "", "look card names up in this deck only (wit-sa, mapit-world, nsoe-eu)")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return errUsage
	}
	if len(pos) != 1 {
		fs.Usage()
		return fmt.Errorf("want one card: %w", errUsage)
	}
	decks := []string{"SA", "WLD", "EU"}
	if *deck != "" {
		decks = []string{deckAlias(*deck)}
	}
	ref, err := rules.Resolver{Decks: decks}.Resolve(pos[0])
	if err != nil {
		return fmt.Errorf("card %q: %v: %w", pos[0], err, errUsage)
	}
	set, err := buildSet(ref.ID.Deck, *module)
	if err != nil {
		return err
	}
	for _, c := range set.Cards {
		if c.ID != ref.ID {
			continue
		}
		face := c.Front
		if ref.Side == rules.Back {
			face = c.Back
		}
		var buf bytes.Buffer
		switch strings.ToLower(filepath.Ext(*out)) {
		case ".svg":
			err = preview.SVG(&buf, face, layout.Poker)
		case ".png":
			err = preview.PNG(&buf, face, layout.Poker, *dpi)
		default:
			return fmt.Errorf("output %q: want a .svg or .png file: %w", *out, errUsage)
		}
		if err != nil {
			return err
		}
		if err := writeOut(*out, buf.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s %s (%s) → %s\n", ref.ID, ref.Side, c.Name, *out)
		return nil
	}
	return fmt.Errorf("card %s is not in a printable deck", ref.ID)
}

func printSize(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("size", "size [--camera-width 4608] [--hfov 66] [--height-cm 100] [--aspect 1.778] [--module MM]", stderr)
	cam := cameraFlags(fs)
	module := fs.Float64("module", 0, "also check this module size, mm")
	if _, err := parseInterspersed(fs, args); err != nil {
		return errUsage
	}
	if err := cam.Validate(); err != nil {
		return fmt.Errorf("%v: %w", err, errUsage)
	}
	c := *cam
	m := c.MinModuleMM()
	fmt.Fprintf(stdout, "camera: %d px wide, %g° horizontal field of view, aspect %.3f, %g cm above the table\n", c.WidthPx, c.HFOVDeg, c.Aspect, c.HeightCm)
	fmt.Fprintf(stdout, "far corner: %.1f° off axis, %.3f mm per pixel (%.3f under the lens)\n", c.CornerAngleDeg(), c.CornerMMPerPx(), c.CentreMMPerPx())
	fmt.Fprintf(stdout, "for ≥ %g px per module at the far corner: modules of at least %.2f mm\n", sizing.MinPxPerModule, m)
	for _, v := range []struct {
		version int
		use     string
	}{{1, "cards and markers, version 1-Q"}, {2, "stickers, version 2-H"}} {
		n, q := sizing.Modules(v.version)
		fmt.Fprintf(stdout, "  %-32s %d modules: code %.1f mm, %.1f mm with its quiet zone\n", v.use+":", n, float64(n)*m, float64(q)*m)
	}
	for _, chk := range []struct {
		what string
		mm   float64
	}{{"tableref cards and markers (default)", cards.DefaultModule}, {"explicit --module", *module}} {
		if chk.mm <= 0 {
			continue
		}
		r := c.CheckModule(chk.mm)
		verdict := "OK"
		if !r.OK {
			verdict = "TOO SMALL"
		}
		fmt.Fprintf(stdout, "%s: %.2f mm modules → %.1f px per module: %s\n", chk.what, chk.mm, r.PxPerModule, verdict)
	}
	return nil
}
