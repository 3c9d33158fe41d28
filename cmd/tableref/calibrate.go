package main

import (
	"github.com/spf13/cobra"
	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/cmd/tableref/internal/calibrate"
	"github.com/tableref/tableref/cmd/tableref/internal/cli"
	"github.com/tableref/tableref/cmd/tableref/internal/paths"
	"github.com/tableref/tableref/rules/shakecity"
)

func newCalibrate() *cobra.Command {
	c := cli.NewGroup("calibrate", "calibrate the table plane, player zones, city boards and sites, cube and tile colours, the shaker (calibrate show draws them)")
	c.Long = "Each step reads a photo and updates the calibration file; docs/calibration.md explains them."
	c.PersistentFlags().String("calibration", paths.Calibration(), "calibration file to read and update (scan and run read the same one)")
	return c
}

// calibrationPath is the --calibration of the calibrate subcommands.
func calibrationPath(cmd *cobra.Command) string {
	p, _ := cmd.Flags().GetString("calibration")
	return p
}

func newCalibrateTable() *cobra.Command {
	var o calibrate.PlaneOptions
	c := &cobra.Command{
		Use:     "table PHOTO",
		Short:   "the table plane from the calibration sheet's four corner codes (or from the cards' codes)",
		Example: "  tableref calibrate table sheet.jpg\n  tableref calibrate table --from-cards table.jpg",
		Args:    cli.ArgsBetween(1, 1, "one photo of the calibration sheet ('tableref print markers calibration' prints it)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return calibrate.Plane(cmd.Context(), calibrationPath(cmd), o, args[0], cmd.OutOrStdout())
		},
	}
	f := c.Flags()
	f.Float64Var(&o.CodeMM, "code-mm", calibration.PrintedCode, "printed side of the sheet's codes without quiet zone, mm (21 × the module size)")
	f.BoolVar(&o.FromCards, "from-cards", false, "no sheet: find the plane from every card and marker code by its printed size")
	f.StringVar(&o.Paper, "paper", "a4", "paper the sheet was printed on (a4, letter), which sets how far apart its codes are; none: use only the codes' size")
	f.StringVar(&o.Spans, "span", "", "WE,NS: the distances between the sheet's code centres in mm, as printed on it (overrides --paper)")
	return c
}

func newCalibrateZones() *cobra.Command {
	var o calibrate.ZoneOptions
	c := &cobra.Command{
		Use:   "zones [PHOTO]",
		Short: "the player markers' places; fixed grids and polygons in table mm",
		Example: "  tableref calibrate zones players.jpg\n" +
			"  tableref calibrate zones --grid board:9x9:-300,-420,300,420 --polygon 'offer:-50,-50;50,-50;50,50'",
		Args: cli.ArgsBetween(0, 1, "at most one photo of the player markers"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 && len(o.Grids)+len(o.Polygons) == 0 && !o.Clear {
				return cli.Usagef("want a photo of the player markers, or --grid / --polygon")
			}
			return calibrate.Zones(cmd.Context(), calibrationPath(cmd), o, args, cmd.OutOrStdout())
		},
	}
	f := c.Flags()
	f.StringArrayVar(&o.Grids, "grid", nil, "a fixed grid ZONE:ROWSxCOLS:X0,Y0,X1,Y1[:TURN] (table mm: the NW and SE corners of the area the board covers; TURN 90, 180 or 270 for a board turned clockwise, its rows and columns counted from its own corner; repeatable), e.g. board:9x9:-300,-420,300,420:90")
	f.StringArrayVar(&o.Polygons, "polygon", nil, "a zone's area ZONE:X,Y;X,Y;X,Y… in table mm (repeatable)")
	f.BoolVar(&o.Clear, "clear", false, "forget the stored markers, grids and polygons first")
	return c
}

func newCalibrateShow() *cobra.Command {
	var out string
	c := &cobra.Command{
		Use:     "show [PHOTO]",
		Short:   "print the calibration; with a photo, draw it over the photo",
		Example: "  tableref calibrate show\n  tableref calibrate show --out check.png table.jpg",
		Args:    cli.ArgsBetween(0, 1, "at most one photo"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return calibrate.Show(cmd.Context(), calibrationPath(cmd), out, args, cmd.OutOrStdout())
		},
	}
	c.Flags().StringVar(&out, "out", "calibration.png", "where to write the drawing")
	return c
}

func newCalibrateBoard() *cobra.Command {
	var sites bool
	var pc calibrate.PrintedCheck
	c := &cobra.Command{
		Use:   "board PHOTO [ZONE...]",
		Short: "the empty look of every shaker mat and city board in the photo (or only the zones named: shaker, board:p1 …); --sites: the construction sites laid on the empty boards",
		Example: "  tableref calibrate board empty.jpg\n  tableref calibrate board empty.jpg board:p2\n" +
			"  tableref calibrate board --sites sites.jpg\n" +
			"  tableref calibrate board empty.jpg --side sea --profile rules/shakecity/profiles/sea.json",
		Args: cli.ArgsBetween(1, -1, "a photo of the empty boards, then the zones to take (default all)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return calibrate.Board(cmd.Context(), calibrationPath(cmd), sites, pc, args, cmd.OutOrStdout())
		},
	}
	c.Flags().BoolVar(&sites, "sites", false, "the photo shows the construction sites on their squares of the empty boards (run after the empty capture)")
	c.Flags().StringVar(&pc.Side, "side", shakecity.SideStandard, "the board side up in the photo, standard or sea: its profile's printed squares are checked against the photo")
	c.Flags().StringVar(&pc.Profile, "profile", "", "your board profile (JSON, docs/shake-that-city.md) to check instead of the side's default")
	return c
}

func newCalibrateColours() *cobra.Command {
	var add bool
	c := &cobra.Command{
		Use:   "colours PHOTO...",
		Short: "cube and tile colours: one cube of each colour on the shaker mat (red blue black / green grey white), tiles in the first five columns of the boards (red blue black green grey)",
		Example: "  tableref calibrate colours colours.jpg\n  tableref calibrate colours colours1.jpg colours2.jpg\n" +
			"  tableref calibrate colours --add lamp.jpg",
		Args: cli.ArgsBetween(1, -1, "at least one photo of the cubes and tiles"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return calibrate.Colours(cmd.Context(), calibrationPath(cmd), add, args, cmd.OutOrStdout())
		},
	}
	c.Flags().BoolVar(&add, "add", false, "add these photos' samples to the stored profiles instead of replacing them")
	return c
}

func newCalibrateShaker() *cobra.Command {
	return &cobra.Command{
		Use:     "shaker PHOTO...",
		Short:   "where the shaker drops its 9 cubes: from photos of a few shakes on the shaker mat (the mat's cells move onto the cubes when they do not land on the printed ones)",
		Example: "  tableref calibrate shaker shake1.jpg shake2.jpg shake3.jpg",
		Args:    cli.ArgsBetween(1, -1, "photos of shakes"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return calibrate.Shaker(cmd.Context(), calibrationPath(cmd), args, cmd.OutOrStdout())
		},
	}
}
