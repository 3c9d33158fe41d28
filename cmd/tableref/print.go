package main

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/tableref/tableref/printer/cards"
	"github.com/tableref/tableref/printer/draw"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/printer/markers"
	"github.com/tableref/tableref/printer/preview"
	"github.com/tableref/tableref/printer/sizing"
	"github.com/tableref/tableref/printer/stickers"
	"github.com/tableref/tableref/rules"
)

// cameraFlags are the camera every print command checks its codes against.
func cameraFlags(fs *pflag.FlagSet) *sizing.Camera {
	c := sizing.Default
	fs.IntVar(&c.WidthPx, "camera-width", c.WidthPx, "camera image width in pixels as read (4608 = Camera Module 3 full resolution)")
	fs.Float64Var(&c.HFOVDeg, "hfov", c.HFOVDeg, "camera horizontal field of view, degrees")
	fs.Float64Var(&c.Aspect, "aspect", c.Aspect, "sensor width/height (16:9 = 1.778, 4:3 = 1.333)")
	cli.FlagDefault(fs, "aspect", fmt.Sprintf("%.3f", c.Aspect))
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
		return cli.Usagef("no output file: give -o FILE")
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

// facesOf is how many card faces printing set draws.
func facesOf(set *cards.Set, noBacks bool) int {
	if noBacks {
		return len(set.Cards)
	}
	return 2 * len(set.Cards)
}

// countFaces makes every face of set move bar on as it is drawn.
func countFaces(set *cards.Set, bar *progress) {
	if bar == nil {
		return
	}
	tick := func(f cards.Face) cards.Face {
		if f == nil {
			return nil
		}
		return func(c draw.Canvas, s layout.Size, bleed float64) {
			f(c, s, bleed)
			bar.Add(1)
		}
	}
	for i := range set.Cards {
		set.Cards[i].Front, set.Cards[i].Back = tick(set.Cards[i].Front), tick(set.Cards[i].Back)
	}
}

// printDeckArg resolves the deck of print deck and print stickers; a game
// played without cards (Shake That City) says what to print instead.
func printDeckArg(name string) (*rules.Deck, error) {
	d, err := cli.DeckArg(name)
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
	return nil, fmt.Errorf("deck %s has no print-and-play card set (%s)", code, printable)
}

// printable names the decks print deck prints.
const printable = "printable: SA, WLD, EU; SW as stickers"

// stickerOptions are the flags of a sticker sheet; print deck takes them
// too, since "print deck sw" prints Strange World's stickers.
type stickerOptions struct {
	sheet           string
	start           int
	dx, dy, module  float64
	outlines, force bool
	noGuide         bool
}

func stickerFlags(fs *pflag.FlagSet, o *stickerOptions, prefix string) {
	fs.StringVar(&o.sheet, "sheet", "", prefix+"label sheet: l7160 (Avery, A4, 21), 5160 (Avery, Letter, 30), grid:COLSxROWS on --paper, or cut (stickers sized for the camera, cut from full-sheet sticker paper); default: the Avery sheet of the paper if its labels hold the camera's codes, else cut")
	fs.IntVar(&o.start, "start", 1, prefix+"first label to use on the first sheet (for a part-used sheet)")
	fs.Float64Var(&o.dx, "offset-x", 0, prefix+"printer offset correction: shift right by mm")
	fs.Float64Var(&o.dy, "offset-y", 0, prefix+"printer offset correction: shift down by mm")
	fs.BoolVar(&o.outlines, "outlines", false, prefix+"draw the label outlines (plain paper test, hand cutting)")
	fs.BoolVar(&o.force, "force", false, prefix+"print a sheet or module the camera check refuses")
	fs.BoolVar(&o.noGuide, "no-guide", false, prefix+"leave out the \"where to stick\" page")
}

func newPrintDeck() *cobra.Command {
	var (
		st                   stickerOptions
		card                 string
		bleed, dx, dy, mod   float64
		cut, noBacks, duplex bool
		cols, rows           int
	)
	c := &cobra.Command{
		Use:   "deck NAME -o FILE.pdf",
		Short: "a print-and-play card set as a duplex PDF (NAME: wit-sa, mapit-world, nsoe-eu; sw prints its sticker sheet)",
		Example: "  tableref print deck wit-sa --paper a4 -o sa.pdf\n" +
			"  tableref print deck mapit-world --paper letter --cut-lines -o world.pdf",
		Args: cli.ArgsBetween(1, 1, "one deck name: wit-sa (SA), mapit-world (WLD), nsoe-eu (EU) or sw"),
	}
	f := c.Flags()
	out := outFlag(f, "output PDF file")
	paper := paperFlag(f)
	f.StringVar(&card, "card", "63.5x88.9", "card size WxH in mm (poker 63.5x88.9)")
	f.Float64Var(&bleed, "bleed", cards.DefaultBleed, "bleed around each card, front and back, mm: each card keeps its own background past the cut, so a duplex shift shows no neighbour (default 1, less where the paper has no room; 3 is usual for a print shop)")
	f.IntVar(&cols, "cols", 3, "cards per row")
	f.IntVar(&rows, "rows", 3, "rows of cards per page")
	f.BoolVar(&cut, "cut-lines", false, "full cut lines instead of crop marks")
	f.BoolVar(&noBacks, "no-backs", false, "fronts only (one-sided printing)")
	f.Float64Var(&dx, "back-offset-x", 0, "shift back pages right by this many mm (read it from 'tableref print duplex')")
	f.Float64Var(&dy, "back-offset-y", 0, "shift back pages down by this many mm")
	f.BoolVar(&duplex, "duplex-test", false, "put the duplex calibration sheet first")
	f.Float64Var(&mod, "module", 0, "QR module size, mm (default: the smallest the camera reads, 1.5 mm for the default camera)")
	cam := cameraFlags(f)
	stickerFlags(f, &st, "sw stickers: ")
	c.RunE = func(cmd *cobra.Command, args []string) error {
		stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
		d, err := printDeckArg(args[0])
		if err != nil {
			return err
		}
		if d.Source != "" {
			// tableref's print-and-play cards print tableref's own deck:
			// a box's deck is printed as stickers for its own cards.
			return cli.Usagef("%s is the deck of your box, installed from %s: print deck prints tableref's own decks (%s); for your box's cards: tableref print stickers %s", d.Pick(), d.Source, printable, d.Pick())
		}
		code := d.Code
		if code == "SW" { // Strange World is printed as stickers
			st.module = mod
			return printStickers(code, st, *out, *paper, *cam, stdout, stderr)
		}
		p, err := layout.ParsePaper(*paper)
		if err != nil {
			return cli.Usagef("--paper: %v", err)
		}
		var size layout.Size
		if _, err := fmt.Sscanf(strings.ToLower(card), "%gx%g", &size.W, &size.H); err != nil || size.W <= 0 || size.H <= 0 {
			return cli.Usagef("--card %q: want WxH in mm such as 63.5x88.9", card)
		}
		if err := cam.Validate(); err != nil {
			return cli.Usagef("%v", err)
		}
		if mod <= 0 {
			mod = cam.PrintModuleMM()
		}
		if !cmd.Flags().Changed("bleed") {
			bleed = cards.AutoBleed(p, size, cols, rows)
		}
		set, err := buildSet(code, mod)
		if err != nil {
			return err
		}
		sheet := cards.Sheet{Paper: p, Card: size, Bleed: bleed, CutLines: cut, NoBacks: noBacks, BackDX: dx, BackDY: dy, DuplexTest: duplex, Cols: cols, Rows: rows}
		var buf bytes.Buffer
		bar := startProgress(stderr, facesOf(set, noBacks), "printing "+set.Name)
		countFaces(set, bar)
		pages, err := sheet.Write(set, &buf)
		bar.Done()
		if err != nil {
			return err
		}
		if err := writeOut(*out, buf.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: %d cards on %d pages (%s, %gx%g mm cards, %g mm bleed) → %s\n", set.Name, len(set.Cards), pages, p.Name, size.W, size.H, bleed, *out)
		box := cards.Code(size, mod)
		fmt.Fprintf(stdout, "codes %.1f mm (%.2f mm modules), centred %.1f mm below the card's centre\n", 21*box.Module, box.Module, box.Y-size.H/2)
		if !noBacks {
			fmt.Fprintln(stdout, "print double-sided, flip on long edge, at actual size (100 %)")
		}
		if math.Abs(21*box.Module-rules.CardCodeMM) > 0.05 {
			fmt.Fprintf(stderr, "note: these codes are not the default %.1f mm: to scan without the calibration sheet, give their size in the calibration file (decks: %s: code_mm: %.2f)\n", rules.CardCodeMM, code, 21*box.Module)
		}
		for _, w := range sheet.Warnings() {
			fmt.Fprintln(stderr, w)
		}
		warnSize(stderr, *cam, "card codes", box.Module)
		return nil
	}
	return c
}

func newPrintStickers() *cobra.Command {
	var st stickerOptions
	c := &cobra.Command{
		Use:   "stickers DECK -o FILE.pdf",
		Short: "QR stickers for the cards of a real boxed game: sw (Strange World), wit-sa, mapit-world, nsoe-eu or an installed deck",
		Example: "  tableref print stickers sw -o sw.pdf\n" +
			"  tableref print stickers wit-sa --paper letter --start 5 -o sa-stickers.pdf",
		Args: cli.ArgsBetween(1, 1, "the deck: sw, wit-sa, mapit-world, nsoe-eu or an installed deck's code"),
	}
	f := c.Flags()
	out := outFlag(f, "output PDF file")
	paper := paperFlag(f)
	stickerFlags(f, &st, "")
	f.Float64Var(&st.module, "module", 0, "QR module size, mm (default: the smallest the camera reads)")
	cam := cameraFlags(f)
	c.RunE = func(cmd *cobra.Command, args []string) error {
		d, err := printDeckArg(args[0])
		if err != nil {
			return err
		}
		return printStickers(d.Pick(), st, *out, *paper, *cam, cmd.OutOrStdout(), cmd.ErrOrStderr())
	}
	return c
}

// printStickers prints a deck's sticker sheet: the sheet and code size
// come from stickers.Choose (the camera check), the "where to stick"
// page follows.
func printStickers(code string, st stickerOptions, out, paper string, cam sizing.Camera, stdout, stderr io.Writer) error {
	p, err := layout.ParsePaper(paper)
	if err != nil {
		return cli.Usagef("--paper: %v", err)
	}
	if err := cam.Validate(); err != nil {
		return cli.Usagef("%v", err)
	}
	deck, err := stickers.ForDeck(code)
	if err != nil {
		return cli.Usagef("%v", err)
	}
	choice, err := stickers.Choose(stickers.Request{Paper: p, Sheet: st.sheet, Module: st.module, Camera: cam, Force: st.force})
	if err != nil {
		return cli.Usagef("%v", err)
	}
	opt := stickers.Options{Sheet: choice.Sheet, Start: st.start, DX: st.dx, DY: st.dy, Outlines: st.outlines, Module: choice.Module}
	guide := deck.Game
	if st.noGuide {
		guide = ""
	}
	var buf bytes.Buffer
	pages, module, err := stickers.WriteWithGuide(deck.Stickers, opt, guide, &buf)
	if err != nil {
		return err
	}
	if err := writeOut(out, buf.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %s (%s) → %s, %d pages\n", deck.Name, stickers.Describe(len(deck.Stickers), opt), choice.Why, out, pages)
	fmt.Fprintf(stdout, "codes %.1f mm (%.2f mm modules); the last page shows where each sticker goes\n", module*25, module)
	if choice.Warning != "" {
		fmt.Fprintln(stderr, choice.Warning)
	}
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
		Args:    cli.ArgsBetween(1, -1, "which markers: calibration, players, boards, shaker or all"),
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
			return cli.Usagef("--paper: %v", err)
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
		Args:    cli.NoArgs,
	}
	out := outFlag(c.Flags(), "output PDF file")
	paper := paperFlag(c.Flags())
	c.RunE = func(cmd *cobra.Command, _ []string) error {
		p, err := layout.ParsePaper(*paper)
		if err != nil {
			return cli.Usagef("--paper: %v", err)
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
		Args: cli.ArgsBetween(1, 1, "one card: its code (SA-017, SA-017/B for the back) or its name"),
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
		ref, err := cli.CardArg(args[0], decks...)
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
			return cli.Usagef("-o %q: want a .svg or .png file", *out)
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
		Args:    cli.NoArgs,
	}
	cam := cameraFlags(c.Flags())
	c.Flags().Float64Var(&module, "module", 0, "also check this module size, mm")
	var board string
	c.Flags().StringVar(&board, "board", "9x9", "Nord Sud Ovest Est board, ROWSxCOLS of card squares, to check the view against")
	c.RunE = func(cmd *cobra.Command, _ []string) error {
		if err := cam.Validate(); err != nil {
			return cli.Usagef("%v", err)
		}
		var rows, cols int
		if _, err := fmt.Sscanf(board, "%dx%d", &rows, &cols); err != nil || rows < 1 || cols < 1 || rows > 50 || cols > 50 {
			return cli.Usagef("--board %q: want ROWSxCOLS such as 9x9", board)
		}
		printSize(cmd.OutOrStdout(), *cam, module)
		printBoardView(cmd.OutOrStdout(), *cam, rows, cols)
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
	printCameraModes(stdout, c, rules.CardModuleMM)
}

// printCameraModes says which Camera Module 3 mode, with this lens at this
// height, reads codes of moduleMM, and how high each may hang ('tableref
// run' picks the lightest that reads the calibrated table).
func printCameraModes(stdout io.Writer, c sizing.Camera, moduleMM float64) {
	fmt.Fprintf(stdout, "Camera Module 3 modes for tableref's default %.2f mm modules, %g cm up:\n", moduleMM, c.HeightCm)
	for _, w := range sizing.PiModeWidths {
		m := c
		m.WidthPx = w
		r := m.CheckModule(moduleMM)
		verdict := "reads them"
		if !r.OK {
			verdict = "too coarse"
		}
		fmt.Fprintf(stdout, "  %d×%d: %.1f px per module: %s (up to %.0f cm)\n", w, int(float64(w)/m.Aspect+0.5), r.PxPerModule, verdict, m.MaxHeightCm(moduleMM))
	}
}
