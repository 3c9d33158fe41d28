package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

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
		Short: "list the card decks and the names they answer to, or show one deck's cards (decks show DECK)",
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
}

func listDecks(w io.Writer, asJSON bool) error {
	var list []deckSummary
	for _, d := range rules.Decks() {
		list = append(list, deckSummary{d.Code, d.Name, d.Game, d.Aliases, len(d.Cards)})
	}
	if asJSON {
		return writeJSON(w, list)
	}
	tw := newTable(w)
	fmt.Fprintln(tw, "CODE\tNAME\tGAME\tALSO\tCARDS")
	for _, d := range list {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\n", d.Code, d.Name, d.Game, strings.Join(d.Aliases, ", "), d.Cards)
	}
	return tw.Flush()
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
	Kind       string   `json:"kind,omitempty"`
	Level      string   `json:"level,omitempty"`
	Source     string   `json:"source,omitempty"`
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
	printed := d.Code == geo.DeckEurope // only Nord Sud Ovest Est prints degrees
	head := "ID\tNAME\tCOUNTRY\tLAT\tLON\tKIND\tLEVEL"
	if printed {
		head += "\tPRINTED"
	}
	fmt.Fprintln(tw, head)
	for _, c := range geoCards {
		line := fmt.Sprintf("%s\t%s\t%s\t%.4f\t%.4f\t%s\t%s", c.ID, c.Name, c.Country, c.Lat, c.Lon, c.Kind, c.Level)
		if printed {
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
			Lat: &c.Lat, Lon: &c.Lon, Kind: string(c.Kind), Level: c.Level, Source: c.Source}
		if d.Code == geo.DeckEurope {
			r.PrintedLat, r.PrintedLon = &c.PrintedLat, &c.PrintedLon
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
