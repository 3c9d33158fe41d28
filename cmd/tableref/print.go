package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/tableref/tableref/printer/cards"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/printer/markers"
	"github.com/tableref/tableref/printer/preview"
	"github.com/tableref/tableref/printer/sizing"
	"github.com/tableref/tableref/printer/stickers"
	"github.com/tableref/tableref/rules"
)

func init() {
	register(func() *cobra.Command {
		c := newGroup("print", "print card sets, sticker sheets, markers and the calibration sheet (PDF); QR sizing for a camera")
		c.Long = "Print PDFs at actual size (100 %, no \"fit to page\"). See docs/printing.md."
		return c
	})
	for _, b := range []builder{newPrintDeck, newPrintStickers, newPrintMarkers, newPrintDuplex, newPrintPreview, newPrintSize} {
		registerUnder("print", b)
	}
}

// cameraFlags are the camera every print command checks its codes against.
func cameraFlags(fs *pflag.FlagSet) *sizing.Camera {
	c := sizing.Default
	fs.IntVar(&c.WidthPx, "camera-width", c.WidthPx, "camera image width in pixels as read (4608 = Camera Module 3 full resolution)")
	fs.Float64Var(&c.HFOVDeg, "hfov", c.HFOVDeg, "camera horizontal field of view, degrees")
	fs.Float64Var(&c.Aspect, "aspect", c.Aspect, "sensor width/height (16:9 = 1.778, 4:3 = 1.333)")
	flagDefault(fs, "aspect", fmt.Sprintf("%.3f", c.Aspect))
	fs.Float64Var(&c.HeightCm, "height-cm", c.HeightCm, "camera lens height above the table, cm")
	return &c
}

func paperFlag(fs *pflag.FlagSet) *string {
	return fs.String("paper", "a4", "paper: a4 or letter")
}

func outFlag(fs *pflag.FlagSet, what string) *string {
	return fs.StringP("output", "o", "", what)
}

// writeOut writes data to path, creating its directory's file atomically
// enough for a print job: nothing is left behind when rendering failed.
func writeOut(path string, data []byte) error {
	if path == "" {
		return usagef("no output file: give -o FILE")
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

// printDeckArg resolves the deck of print deck and print stickers; a game
// played without cards (Shake That City) says what to print instead.
func printDeckArg(name string) (*rules.Deck, error) {
	d, err := deckArg(name)
	if err == nil {
		return d, nil
	}
	if m, merr := rules.FindMode(name); merr == nil && len(m.Decks) == 0 {
		return nil, fmt.Errorf("%s has no cards: print its markers with 'tableref print markers boards' and 'tableref print markers shaker'", m.Name)
	}
	return nil, err
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
	}
	return nil, fmt.Errorf("deck %s has no print-and-play card set (printable: SA, WLD, EU; SW as stickers)", code)
}

// stickerOptions are the flags of a sticker sheet; print deck takes them
// too, since "print deck sw" prints Strange World's stickers.
type stickerOptions struct {
	sheet    string
	start    int
	dx, dy   float64
	outlines bool
}

func stickerFlags(fs *pflag.FlagSet, o *stickerOptions, prefix string) {
	fs.StringVar(&o.sheet, "sheet", "", prefix+"label sheet: l7160 (Avery, A4, 21), 5160 (Avery, Letter, 30) or grid:COLSxROWS on --paper (default: l7160 on A4, 5160 on Letter)")
	fs.IntVar(&o.start, "start", 1, prefix+"first label to use on the first sheet (for a part-used sheet)")
	fs.Float64Var(&o.dx, "offset-x", 0, prefix+"printer offset correction: shift right by mm")
	fs.Float64Var(&o.dy, "offset-y", 0, prefix+"printer offset correction: shift down by mm")
	fs.BoolVar(&o.outlines, "outlines", false, prefix+"draw the label outlines (plain paper test, hand cutting)")
}

func newPrintDeck() *cobra.Command {
	var (
		st                   stickerOptions
		card                 string
		bleed, dx, dy, mod   float64
		cut, noBacks, duplex bool
	)
	c := &cobra.Command{
		Use:   "deck NAME -o FILE.pdf",
		Short: "a print-and-play card set as a duplex PDF (NAME: wit-sa, mapit-world, nsoe-eu; sw prints its sticker sheet)",
		Example: "  tableref print deck wit-sa --paper a4 -o sa.pdf\n" +
			"  tableref print deck mapit-world --paper letter --bleed 3 --cut-lines -o world.pdf",
		Args: argsBetween(1, 1, "one deck name: wit-sa (SA), mapit-world (WLD), nsoe-eu (EU) or sw"),
	}
	f := c.Flags()
	out := outFlag(f, "output PDF file")
	paper := paperFlag(f)
	f.StringVar(&card, "card", "63.5x88.9", "card size WxH in mm (poker 63.5x88.9)")
	f.Float64Var(&bleed, "bleed", 0, "bleed around each card, mm (3 is usual for a print shop; 0 for home printing)")
	f.BoolVar(&cut, "cut-lines", false, "full cut lines instead of crop marks")
	f.BoolVar(&noBacks, "no-backs", false, "fronts only (one-sided printing)")
	f.Float64Var(&dx, "back-offset-x", 0, "shift back pages right by this many mm (read it from 'tableref print duplex')")
	f.Float64Var(&dy, "back-offset-y", 0, "shift back pages down by this many mm")
	f.BoolVar(&duplex, "duplex-test", false, "put the duplex calibration sheet first")
	f.Float64Var(&mod, "module", cards.DefaultModule, "QR module size, mm")
	cam := cameraFlags(f)
	stickerFlags(f, &st, "sw stickers: ")
	c.RunE = func(cmd *cobra.Command, args []string) error {
		stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
		d, err := printDeckArg(args[0])
		if err != nil {
			return err
		}
		code := d.Code
		if code == "SW" { // Strange World is printed as stickers
			return printStickers(st, *out, *paper, *cam, stdout, stderr)
		}
		p, err := layout.ParsePaper(*paper)
		if err != nil {
			return usagef("--paper: %v", err)
		}
		var size layout.Size
		if _, err := fmt.Sscanf(strings.ToLower(card), "%gx%g", &size.W, &size.H); err != nil || size.W <= 0 || size.H <= 0 {
			return usagef("--card %q: want WxH in mm such as 63.5x88.9", card)
		}
		if err := cam.Validate(); err != nil {
			return usagef("%v", err)
		}
		set, err := buildSet(code, mod)
		if err != nil {
			return err
		}
		sheet := cards.Sheet{Paper: p, Card: size, Bleed: bleed, CutLines: cut, NoBacks: noBacks, BackDX: dx, BackDY: dy, DuplexTest: duplex}
		var buf bytes.Buffer
		pages, err := sheet.Write(set, &buf)
		if err != nil {
			return err
		}
		if err := writeOut(*out, buf.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: %d cards on %d pages (%s, %gx%g mm cards) → %s\n", set.Name, len(set.Cards), pages, p.Name, size.W, size.H, *out)
		if !noBacks {
			fmt.Fprintln(stdout, "print double-sided, flip on long edge, at actual size (100 %)")
		}
		warnSize(stderr, *cam, "card codes", mod)
		return nil
	}
	return c
}

func newPrintStickers() *cobra.Command {
	var st stickerOptions
	c := &cobra.Command{
		Use:     "stickers GAME -o FILE.pdf",
		Short:   "QR stickers for a real boxed game: sw (Strange World)",
		Example: "  tableref print stickers sw --paper letter --start 5 -o sw.pdf",
		Args:    argsBetween(1, 1, "the game: sw (Strange World)"),
	}
	f := c.Flags()
	out := outFlag(f, "output PDF file")
	paper := paperFlag(f)
	stickerFlags(f, &st, "")
	cam := cameraFlags(f)
	c.RunE = func(cmd *cobra.Command, args []string) error {
		d, err := printDeckArg(args[0])
		if err != nil {
			return err
		}
		if d.Code != "SW" {
			return usagef("stickers for %s: only sw (Strange World) has a sticker sheet; print %s with 'tableref print deck %s'", d.Name, d.Name, d.Code)
		}
		return printStickers(st, *out, *paper, *cam, cmd.OutOrStdout(), cmd.ErrOrStderr())
	}
	return c
}

func printStickers(st stickerOptions, out, paper string, cam sizing.Camera, stdout, stderr io.Writer) error {
	p, err := layout.ParsePaper(paper)
	if err != nil {
		return usagef("--paper: %v", err)
	}
	name := st.sheet
	if name == "" {
		name = "l7160"
		if p == layout.Letter {
			name = "5160"
		}
	}
	labels, err := layout.ParseLabels(name, p)
	if err != nil {
		return usagef("--sheet: %v", err)
	}
	list := stickers.StrangeWorld()
	opt := stickers.Options{Sheet: labels, Start: st.start, DX: st.dx, DY: st.dy, Outlines: st.outlines}
	var buf bytes.Buffer
	_, module, err := stickers.Write(list, opt, &buf)
	if err != nil {
		return err
	}
	if err := writeOut(out, buf.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Strange World: %s → %s\n", stickers.Describe(len(list), opt), out)
	warnSize(stderr, cam, "sticker codes", module)
	return nil
}

func newPrintMarkers() *cobra.Command {
	var (
		players int
		module  float64
	)
	c := &cobra.Command{
		Use:     "markers calibration|players|boards|shaker|all -o FILE.pdf",
		Short:   "calibration sheet, player markers, city-board and shaker-mat corners",
		Example: "  tableref print markers all -o markers.pdf\n  tableref print markers players --players 6 -o players.pdf",
		Args:    argsBetween(1, -1, "which markers: calibration, players, boards, shaker or all"),
	}
	f := c.Flags()
	out := outFlag(f, "output PDF file")
	paper := paperFlag(f)
	f.IntVar(&players, "players", 4, "player markers to print (1–6); city boards (1–4)")
	f.Float64Var(&module, "module", markers.DefaultModule, "QR module size, mm")
	cam := cameraFlags(f)
	c.RunE = func(cmd *cobra.Command, args []string) error {
		stdout := cmd.OutOrStdout()
		var kinds []string
		for _, k := range args {
			if k == "all" {
				kinds = append(kinds, markers.Kinds...)
				continue
			}
			kinds = append(kinds, strings.ToLower(k))
		}
		p, err := layout.ParsePaper(*paper)
		if err != nil {
			return usagef("--paper: %v", err)
		}
		opt := markers.Options{Paper: p, Module: module, Players: players}
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
		warnSize(cmd.ErrOrStderr(), *cam, "marker codes", module)
		return nil
	}
	return c
}

func newPrintDuplex() *cobra.Command {
	c := &cobra.Command{
		Use:     "duplex -o FILE.pdf",
		Short:   "the duplex calibration sheet alone",
		Example: "  tableref print duplex -o d.pdf",
		Args:    noArgs,
	}
	out := outFlag(c.Flags(), "output PDF file")
	paper := paperFlag(c.Flags())
	c.RunE = func(cmd *cobra.Command, _ []string) error {
		p, err := layout.ParsePaper(*paper)
		if err != nil {
			return usagef("--paper: %v", err)
		}
		var buf bytes.Buffer
		if _, err := (cards.Sheet{Paper: p, DuplexTest: true}).Write(&cards.Set{Name: "Duplex test"}, &buf); err != nil {
			return err
		}
		if err := writeOut(*out, buf.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(cmd.OutOrStdout(), "duplex calibration sheet (%s) → %s\nprint double-sided, flip on long edge, at 100 %%; pass the numbers read as --back-offset-x/-y\n", p.Name, *out)
		return nil
	}
	return c
}

func newPrintPreview() *cobra.Command {
	var (
		dpi, module float64
		deck        string
	)
	c := &cobra.Command{
		Use:   "preview CARD -o FILE.svg|FILE.png",
		Short: "one card side (or Strange World sticker) as SVG or PNG (CARD: SA-017, SA-017/B, SW-010, a card's name)",
		Example: "  tableref print preview SA-017 -o card.png\n" +
			"  tableref print preview Bogotá --deck wit-sa -o card.svg\n" +
			"  tableref print preview SW-021 -o sticker.png",
		Args: argsBetween(1, 1, "one card: its code (SA-017, SA-017/B for the back) or its name"),
	}
	f := c.Flags()
	out := outFlag(f, "output file: .svg or .png")
	f.Float64Var(&dpi, "dpi", 300, "PNG resolution")
	f.Float64Var(&module, "module", cards.DefaultModule, "QR module size, mm")
	f.StringVar(&deck, "deck", "", "look card names up in this deck only (any name 'tableref decks' shows: SA, wit-sa, mapit, …)")
	c.RunE = func(cmd *cobra.Command, args []string) error {
		var decks []string
		if deck != "" {
			decks = append(decks, deck)
		}
		ref, err := cardArg(args[0], decks...)
		if err != nil {
			return err
		}
		face, size, name, err := cardFace(ref, module)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		switch strings.ToLower(filepath.Ext(*out)) {
		case ".svg":
			err = preview.SVG(&buf, face, size)
		case ".png":
			err = preview.PNG(&buf, face, size, dpi)
		default:
			return usagef("-o %q: want a .svg or .png file", *out)
		}
		if err != nil {
			return err
		}
		if err := writeOut(*out, buf.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(cmd.OutOrStdout(), "%s %s (%s) → %s\n", ref.ID, ref.Side, name, *out)
		return nil
	}
	return c
}

// cardFace is how one side of a card prints: a card of a print-and-play
// set, or a Strange World sticker on an L7160 label.
func cardFace(ref rules.CardRef, module float64) (cards.Face, layout.Size, string, error) {
	if ref.ID.Deck == "SW" {
		want := rules.CardPayload(ref).String()
		back := rules.CardPayload(rules.CardRef{ID: rules.CardID{Deck: "SW"}, Side: rules.Back}).String()
		var found *stickers.Sticker
		for _, s := range stickers.StrangeWorld() {
			if s.Payload == want || (found == nil && ref.Side == rules.Back && s.Payload == back) {
				found = &s
			}
		}
		if found == nil {
			return nil, layout.Size{}, "", fmt.Errorf("%s has no sticker ('tableref decks show SW' lists the cards)", ref)
		}
		face, err := stickers.Face(*found)
		return face, layout.Size{W: layout.L7160.W, H: layout.L7160.H}, found.Label, err
	}
	set, err := buildSet(ref.ID.Deck, module)
	if err != nil {
		return nil, layout.Size{}, "", err
	}
	for _, c := range set.Cards {
		if c.ID == ref.ID {
			if ref.Side == rules.Back {
				return c.Back, layout.Poker, c.Name, nil
			}
			return c.Front, layout.Poker, c.Name, nil
		}
	}
	return nil, layout.Size{}, "", fmt.Errorf("card %s is not in the %s card set", ref.ID, set.Name)
}

func newPrintSize() *cobra.Command {
	var module float64
	c := &cobra.Command{
		Use:     "size",
		Short:   "QR module and code size needed for the camera",
		Example: "  tableref print size --camera-width 4608 --hfov 66 --height-cm 100",
		Args:    noArgs,
	}
	cam := cameraFlags(c.Flags())
	c.Flags().Float64Var(&module, "module", 0, "also check this module size, mm")
	c.RunE = func(cmd *cobra.Command, _ []string) error {
		if err := cam.Validate(); err != nil {
			return usagef("%v", err)
		}
		printSize(cmd.OutOrStdout(), *cam, module)
		return nil
	}
	return c
}

func printSize(stdout io.Writer, cam sizing.Camera, module float64) {
	c := cam
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
	}{{"tableref cards and stickers for this camera", c.PrintModuleMM()}, {"markers (default)", markers.DefaultModule}, {"explicit --module", module}} {
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
}
