package decks

import (
	"fmt"
	"io"
	"strings"

	"github.com/tableref/tableref/cmd/tableref/internal/cli"

	"github.com/tableref/tableref/cmd/tableref/internal/deckdir"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	_ "github.com/tableref/tableref/rules/modes" // every deck registers with its game
)

// Summary is one line of "tableref decks".
type Summary struct {
	Code    string   `json:"code"`
	Name    string   `json:"name"`
	Game    string   `json:"game"`
	Aliases []string `json:"aliases,omitempty"`
	Cards   int      `json:"cards"`
	// File is the deck file an installed deck came from; empty for
	// tableref's own decks.
	File string `json:"file,omitempty"`
}

func List(w io.Writer, asJSON bool) error {
	var list []Summary
	for _, d := range rules.Decks() {
		list = append(list, Summary{d.Code, d.Name, d.Game, d.Aliases, len(d.Cards), deckdir.Source(d.Code)})
	}
	if asJSON {
		return cli.WriteJSON(w, list)
	}
	tw := cli.NewTable(w)
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

// CardRow is one card of "tableref decks show DECK --json". Geography
// fields are left out for decks without coordinates.
type CardRow struct {
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

func Show(w io.Writer, d *rules.Deck, asJSON bool) error {
	geoCards := geo.Cards(d.Code)
	if asJSON {
		return cli.WriteJSON(w, cardRows(d, geoCards))
	}
	tw := cli.NewTable(w)
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

func cardRows(d *rules.Deck, geoCards []geo.Card) []CardRow {
	var rows []CardRow
	if geoCards == nil {
		for _, c := range d.Cards {
			rows = append(rows, CardRow{ID: c.ID.String(), Name: c.Name, Aliases: c.Aliases, Kind: c.Kind})
		}
		return rows
	}
	for _, c := range geoCards {
		r := CardRow{ID: c.ID.String(), Name: c.Name, Aliases: c.Aliases, Country: c.Country,
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
