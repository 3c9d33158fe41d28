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
	// Key picks the deck (the deck option, decks show); Code is what its
	// cards' QR codes carry. They differ for a box installed beside
	// tableref's deck of its code (key SA-BOX, code SA).
	Key     string   `json:"key"`
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
		list = append(list, Summary{d.Pick(), d.Code, d.Name, d.Game, d.Aliases, len(d.Cards), deckdir.Source(d.Pick())})
	}
	if asJSON {
		return cli.WriteJSON(w, list)
	}
	tw := cli.NewTable(w)
	fmt.Fprintln(tw, "DECK\tNAME\tGAME\tALSO\tFROM\tCARDS")
	for _, d := range list {
		from := "tableref's own"
		if d.File != "" {
			from = d.File
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d\n", d.Key, d.Name, d.Game, strings.Join(d.Aliases, ", "), from, d.Cards)
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
	geoCards := geo.Cards(d.Pick())
	in, _ := geo.Info(d.Pick())
	if asJSON {
		return cli.WriteJSON(w, cardRows(in, d, geoCards))
	}
	fmt.Fprintln(w, showHead(d))
	tw := cli.NewTable(w)
	if geoCards == nil {
		fmt.Fprintln(tw, "ID\tNAME\tKIND")
		for _, c := range d.Cards {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", c.ID, c.Name, c.Kind)
		}
		return tw.Flush()
	}
	printed := tablerefEU(in) || in.Installed && in.Printed // what the cards print
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

// showHead is the line decks show starts with: which deck it is, and
// whether it is tableref's own or installed, from which file.
func showHead(d *rules.Deck) string {
	head := fmt.Sprintf("%s: %s, %s, ", d.Pick(), d.Name, rules.Count(len(d.Cards), "card"))
	if d.Source == "" {
		return head + "tableref's own deck"
	}
	head += "installed from " + d.Source
	if d.Pick() != d.Code {
		head += fmt.Sprintf(" (its cards' codes say %s, as tableref's %s stickers do)", d.Code, d.Code)
	}
	return head
}

// tablerefEU says in is tableref's own Nord Sud Ovest Est deck, whose
// printed degrees are the coordinates' whole degrees.
func tablerefEU(in geo.DeckInfo) bool { return in.Code == geo.DeckEurope && !in.Installed }

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

func cardRows(in geo.DeckInfo, d *rules.Deck, geoCards []geo.Card) []CardRow {
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
		if tablerefEU(in) {
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
