package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/tableref/tableref/cmd/tableref/internal/deckdir"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	_ "github.com/tableref/tableref/rules/modes" // every deck registers with its game
)

func init() {
	register(newDecks)
	registerUnder("decks", newDecksShow)
}

func newDecks() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "decks",
		Short: "list the card decks and the names they answer to; show, import, learn (from the camera), export or remove one",
		Example: "  tableref decks\n" +
			"  tableref decks show SA --json",
		Args: unknownSubcommand,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return listDecks(cmd.OutOrStdout(), asJSON)
		},
	}
	c.PersistentFlags().BoolVar(&asJSON, "json", false, "print JSON instead of a table")
	return c
}

func newDecksShow() *cobra.Command {
	return &cobra.Command{
		Use:     "show DECK",
		Short:   "print a deck's cards (DECK: its code, such as SA, or any name 'tableref decks' shows)",
		Example: "  tableref decks show wit-sa\n  tableref decks show strangeworld --json",
		Args:    argsBetween(1, 1, "one deck: tableref decks show DECK ('tableref decks' lists them)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			d, err := deckArg(args[0])
			if err != nil {
				return err
			}
			asJSON, _ := cmd.Flags().GetBool("json")
			return showDeck(cmd.OutOrStdout(), d, asJSON)
		},
	}
}

// deckSummary is one line of "tableref decks".
type deckSummary struct {
	Code    string   `json:"code"`
	Name    string   `json:"name"`
	Game    string   `json:"game"`
	Aliases []string `json:"aliases,omitempty"`
	Cards   int      `json:"cards"`
	// File is the deck file an installed deck came from; empty for
	// tableref's own decks.
	File string `json:"file,omitempty"`
}

func listDecks(w io.Writer, asJSON bool) error {
	var list []deckSummary
	for _, d := range rules.Decks() {
		list = append(list, deckSummary{d.Code, d.Name, d.Game, d.Aliases, len(d.Cards), deckdir.Source(d.Code)})
	}
	if asJSON {
		return writeJSON(w, list)
	}
	tw := newTable(w)
	fmt.Fprintln(tw, "CODE\tNAME\tGAME\tALSO\tFROM\tCARDS")
	for _, d := range list {
		from := "built in"
		if d.File != "" {
			from = d.File
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d\n", d.Code, d.Name, d.Game, strings.Join(d.Aliases, ", "), from, d.Cards)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, e := range deckdir.Entries() {
		if e.Err != nil {
			fmt.Fprintf(w, "\nleft out, cannot be used:\n%v\n", e.Err)
		}
	}
	return nil
}

// cardRow is one card of "tableref decks show DECK --json". Geography
// fields are left out for decks without coordinates.
type cardRow struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	Aliases    []string `json:"aliases,omitempty"`
	Country    string   `json:"country,omitempty"`
	Lat        *float64 `json:"lat,omitempty"`
	Lon        *float64 `json:"lon,omitempty"`
	PrintedLat *int     `json:"printedLat,omitempty"`
	PrintedLon *int     `json:"printedLon,omitempty"`
	// What an installed deck's card prints (its box's own numbers).
	NS      int    `json:"ns,omitempty"`
	WE      int    `json:"we,omitempty"`
	Printed string `json:"printed,omitempty"`
	Kind    string `json:"kind,omitempty"`
	Level   string `json:"level,omitempty"`
	Source  string `json:"source,omitempty"`
}

func showDeck(w io.Writer, d *rules.Deck, asJSON bool) error {
	geoCards := geo.Cards(d.Code)
	if asJSON {
		return writeJSON(w, cardRows(d, geoCards))
	}
	tw := newTable(w)
	if geoCards == nil {
		fmt.Fprintln(tw, "ID\tNAME\tKIND")
		for _, c := range d.Cards {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", c.ID, c.Name, c.Kind)
		}
		return tw.Flush()
	}
	in, _ := geo.Info(d.Code)
	printed := d.Code == geo.DeckEurope || in.Installed && in.Printed // what the cards print
	head := "ID\tNAME\tCOUNTRY\tLAT\tLON\tKIND\tLEVEL"
	switch {
	case printed && in.Game == geo.GameWIT:
		head += "\tNS\tWE"
	case printed:
		head += "\tPRINTED"
	}
	fmt.Fprintln(tw, head)
	for _, c := range geoCards {
		lat, lon := "", ""
		if c.HasCoords {
			lat, lon = fmt.Sprintf("%.4f", c.Lat), fmt.Sprintf("%.4f", c.Lon)
		}
		line := fmt.Sprintf("%s\t%s\t%s\t%s\t%s\t%s\t%s", c.ID, c.Name, c.Country, lat, lon, c.Kind, c.Level)
		switch {
		case printed && in.Game == geo.GameWIT:
			if c.Printed != nil {
				line += fmt.Sprintf("\t%d\t%d", c.Printed.NS, c.Printed.WE)
			}
		case printed && in.Installed:
			if c.Printed != nil && c.Printed.HasCoords {
				line += "\t" + c.Printed.LatText + " " + c.Printed.LonText
			}
		case printed:
			line += "\t" + printedDegrees(c.PrintedLat, c.PrintedLon)
		}
		fmt.Fprintln(tw, line)
	}
	return tw.Flush()
}

// printedDegrees writes coordinates the way the Italian cards print them:
// 41°N 12°E, with O (Ovest) for west.
func printedDegrees(lat, lon int) string {
	ns, ew := "N", "E"
	if lat < 0 {
		ns, lat = "S", -lat
	}
	if lon < 0 {
		ew, lon = "O", -lon
	}
	return fmt.Sprintf("%d°%s %d°%s", lat, ns, lon, ew)
}

func cardRows(d *rules.Deck, geoCards []geo.Card) []cardRow {
	var rows []cardRow
	if geoCards == nil {
		for _, c := range d.Cards {
			rows = append(rows, cardRow{ID: c.ID.String(), Name: c.Name, Aliases: c.Aliases, Kind: c.Kind})
		}
		return rows
	}
	for _, c := range geoCards {
		r := cardRow{ID: c.ID.String(), Name: c.Name, Aliases: c.Aliases, Country: c.Country,
			Kind: string(c.Kind), Level: c.Level, Source: c.Source}
		if c.HasCoords {
			r.Lat, r.Lon = &c.Lat, &c.Lon
		}
		if d.Code == geo.DeckEurope {
			r.PrintedLat, r.PrintedLon = &c.PrintedLat, &c.PrintedLon
		}
		if p := c.Printed; p != nil {
			r.NS, r.WE = p.NS, p.WE
			if p.HasCoords {
				r.Printed = p.LatText + " " + p.LonText
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// table aligns tab-separated columns and, unlike a bare tabwriter,
// leaves no padding at the end of a line whose last cells are empty.
type table struct {
	tw  *tabwriter.Writer
	buf bytes.Buffer
	out io.Writer
}

func newTable(w io.Writer) *table {
	t := &table{out: w}
	t.tw = tabwriter.NewWriter(&t.buf, 0, 0, 2, ' ', 0)
	return t
}

func (t *table) Write(p []byte) (int, error) { return t.tw.Write(p) }

// Flush writes the aligned table.
func (t *table) Flush() error {
	if err := t.tw.Flush(); err != nil {
		return err
	}
	lines := strings.SplitAfter(t.buf.String(), "\n")
	for _, l := range lines {
		if l == "" {
			continue
		}
		if _, err := io.WriteString(t.out, strings.TrimRight(l, " \n")+"\n"); err != nil {
			return err
		}
	}
	return nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
