package geo

import (
	"embed"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tableref/tableref/rules"
)

// The generated catalogues, one CSV per deck (see scripts/gen-geo-decks.mjs).
//
//go:embed data/*.csv
var data embed.FS

// deckInfo says which file holds a deck, which game it belongs to and the
// other names people call it by (rules.FindDeck).
type deckInfo struct {
	code, name, game, file string
	aliases                []string
	lang                   string // the language the names are printed in (BCP 47)
}

var deckInfos = []deckInfo{
	{DeckSA, "Where is That? South America", "wit", "data/sa.csv", []string{"wit-sa", "south america"}, "es"},
	{DeckWorld, "Map It! World Edition", "mapit", "data/wld.csv", []string{"mapit-world", "world"}, "en"},
	{DeckEurope, "Nord Sud Ovest Est", "nsoe", "data/eu.csv", []string{"nsoe-eu", "europe"}, "it"},
}

func init() {
	for _, d := range deckInfos {
		f, err := data.Open(d.file)
		if err != nil {
			continue // a deck not generated yet is simply absent
		}
		cards, err := parseDeck(d.code, f)
		f.Close()
		if err != nil {
			// The data is embedded at build time: a broken file is a
			// programming error that the package's tests catch.
			panic(fmt.Sprintf("geo: %s: %v", d.file, err))
		}
		setDeck(newDeckData(d.code, d.name, d.game, cards, false))
		rules.RegisterDeck(&rules.Deck{Code: d.code, Name: d.name, Game: d.game, Aliases: d.aliases, Lang: d.lang, Cards: infos(cards)})
	}
}

// infos is what package rules needs to resolve names.
func infos(cards []Card) []rules.CardInfo {
	out := make([]rules.CardInfo, len(cards))
	for i, c := range cards {
		out[i] = rules.CardInfo{ID: c.ID, Name: c.Name, Aliases: c.Aliases, Kind: string(c.Kind), Lang: nameLang(c)}
	}
	return out
}

// nameLang is the language a card's name is printed in, for a voice to
// say it: the deck's (Spanish for South America, Italian for Nord Sud
// Ovest Est, English for Map It!), but Portuguese for Brazil's cities in
// South America (São Paulo, Cuiabá). An installed deck of a built-in
// code is the same edition's language.
func nameLang(c Card) string {
	if c.ID.Deck == DeckSA && c.Country == "Brasil" {
		return "pt-BR"
	}
	for _, d := range deckInfos {
		if d.code == c.ID.Deck {
			return d.lang
		}
	}
	return ""
}

var csvHeader = []string{"id", "name", "aliases", "country", "lat", "lon", "printed_lat", "printed_lon", "kind", "level", "source"}

// parseDeck reads one generated catalogue. Card n must sit on the n-th
// row so that Lookup can index by number.
func parseDeck(code string, r io.Reader) ([]Card, error) {
	cr := csv.NewReader(r)
	cr.Comment = '#'
	cr.FieldsPerRecord = len(csvHeader)
	head, err := cr.Read()
	if err != nil {
		return nil, err
	}
	if strings.Join(head, ",") != strings.Join(csvHeader, ",") {
		return nil, fmt.Errorf("header %q, want %q", strings.Join(head, ","), strings.Join(csvHeader, ","))
	}
	var cards []Card
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return cards, nil
		}
		if err != nil {
			return nil, err
		}
		c, err := parseCard(rec)
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", len(cards)+1, err)
		}
		if want := (rules.CardID{Deck: code, Num: len(cards) + 1}); c.ID != want {
			return nil, fmt.Errorf("row %d is card %s, want %s", len(cards)+1, c.ID, want)
		}
		cards = append(cards, c)
	}
}

func parseCard(rec []string) (Card, error) {
	c := Card{HasCoords: true}
	var err error
	if c.ID, err = rules.ParseCardID(rec[0]); err != nil {
		return c, err
	}
	c.Name, c.Country, c.Kind, c.Level, c.Source = rec[1], rec[3], Kind(rec[8]), rec[9], rec[10]
	if rec[2] != "" {
		c.Aliases = strings.Split(rec[2], "|")
	}
	if c.Lat, err = strconv.ParseFloat(rec[4], 64); err != nil {
		return c, fmt.Errorf("%s lat: %w", c.ID, err)
	}
	if c.Lon, err = strconv.ParseFloat(rec[5], 64); err != nil {
		return c, fmt.Errorf("%s lon: %w", c.ID, err)
	}
	if rec[6] != "" || rec[7] != "" {
		if c.PrintedLat, err = strconv.Atoi(rec[6]); err != nil {
			return c, fmt.Errorf("%s printed lat: %w", c.ID, err)
		}
		if c.PrintedLon, err = strconv.Atoi(rec[7]); err != nil {
			return c, fmt.Errorf("%s printed lon: %w", c.ID, err)
		}
	}
	switch c.Kind {
	case KindCity, KindStart, KindMonument:
	default:
		return c, fmt.Errorf("%s: kind %q", c.ID, c.Kind)
	}
	switch c.Level {
	case "", LevelBeginner, LevelExpert:
	default:
		return c, fmt.Errorf("%s: level %q", c.ID, c.Level)
	}
	return c, nil
}
