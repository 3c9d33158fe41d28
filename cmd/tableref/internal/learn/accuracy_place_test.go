package learn

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tableref/tableref/cmd/tableref/internal/learn/learntest"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
)

// placeTruth is what a generated coordinate side prints.
type placeTruth struct {
	line             string
	lat, lon         float64
	latText, lonText string
}

// printedPlace is what the generated card of c prints: Nord Sud Ovest
// Est's whole degrees (tableref's printed_lat and printed_lon), Map It!'s
// decimal degrees or, on every other typeface, degrees and minutes.
func printedPlace(game string, c geo.Card, minutes bool) placeTruth {
	var t placeTruth
	if game == geo.GameNSOE {
		t.line = learntest.NSOELine(c)
		t.latText, t.lonText, _ = strings.Cut(t.line, " - ")
	} else {
		t.line = learntest.MapItLine(c, minutes)
		if minutes {
			t.latText, t.lonText, _ = strings.Cut(t.line, " ")
		} else {
			f := strings.Fields(t.line) // "38.9°" "N" "77.0°" "W"
			t.latText, t.lonText = f[0]+f[1], f[2]+f[3]
		}
	}
	var err error
	if t.lat, err = geo.ParseCoord(t.latText, geo.AxisLat); err == nil {
		t.lon, err = geo.ParseCoord(t.lonText, geo.AxisLon)
	}
	if err != nil {
		panic(fmt.Sprintf("learntest printed %q: %v", t.line, err)) // the generator's own output
	}
	return t
}

// The learn accuracy on Nord Sud Ovest Est and Map It! cards laid
// coordinate side up: each card's back drawn as a publisher might, in
// six bold typefaces, the coordinates 3 to 7 mm tall (Map It!'s in decimal
// degrees or degrees and minutes), a sticker below them, photographed
// from 1 m and 70 cm under three lights. Coordinates are taken without a
// question only when surely right: none wrong, for a user who types what
// the card says and for one who accepts every proposal; at least 90 %
// taken without a question; the country (Nord Sud Ovest Est) or the name
// (Map It!) matched on at least 80 %. One card a photo carries another
// card's sticker: it must not pass. The test prints the learn table
// per game, typeface and text height (TABLEREF_LEARN_TABLE=FILE writes
// it).
func TestLearnPlaceCards(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads 12 photos of 12 MP")
	}
	full := os.Getenv("TABLEREF_LEARN_FULL") != ""
	faces, err := learntest.Typefaces()
	if err != nil {
		t.Fatal(err)
	}
	l := newLearner(t)
	heights := []float64{3, 4, 5.5, 7}
	rows := map[string]*boxRow{}
	caught, stickered := 0, 0
	var total boxRow
	var table strings.Builder
	table.WriteString("| game | typeface | text | coordinates | taken, right | asked | wrong | wrong if every proposal is accepted | names or countries |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, game := range []struct {
		code, game, what string
	}{{geo.DeckEurope, geo.GameNSOE, "countries"}, {geo.DeckWorld, geo.GameMapIt, "names"}} {
		g, err := StickerGeometry(game.game, 0)
		if err != nil {
			t.Fatal(err)
		}
		per := 1
		if full {
			per = 3
		}
		batches := learntest.Batches(game.code, 6*per)
		all := geo.Cards(game.code)
		shot := 0
		for _, height := range []float64{1000, 700} {
			for _, light := range boxLights {
				sh := boxShot(height, light)
				s, err := Open(filepath.Join(t.TempDir(), "session.jsonl"), game.code, game.game)
				if err != nil {
					t.Fatal(err)
				}
				for k := 0; k < per; k++ {
					bi := (shot*per + k) % len(batches)
					sh.Seed = uint64(3000 + 10*shot + k)
					var cards []learntest.CoordCard
					var truth []placeTruth
					for j, c := range batches[bi] {
						i := 12*bi + j
						face := faces[(i/4)%len(faces)]
						tr := printedPlace(game.game, c, (i/4)%2 == 1)
						title := c.Country
						if game.game == geo.GameMapIt {
							title = c.Name
						}
						cc := learntest.CoordCard{ID: c.ID, Title: title, Name: c.Name, Line: tr.line, Face: face, TextMM: heights[i%4], Map: game.game == geo.GameMapIt}
						if j == 5 { // another batch's sticker on this card
							o := all[(i+len(all)/2)%len(all)]
							cc.Sticker, cc.StickerName = o.ID, o.Name
						}
						cards = append(cards, cc)
						truth = append(truth, tr)
					}
					frame, side, err := learntest.CoordPhoto(cards, sh, g, "coordinate side")
					b := readPhoto(t, l, s, frame, err)
					seen := map[int]bool{}
					for _, r := range b.Cards {
						j := slices.IndexFunc(cards, func(c learntest.CoordCard) bool {
							return c.ID == r.ID && c.Sticker == (rules.CardID{}) || c.Sticker == r.ID
						})
						if j < 0 {
							t.Errorf("%s %s: read %s, not in the photo", game.code, sh, r.ID)
							continue
						}
						seen[j] = true
						c, tr := cards[j], truth[j]
						if c.Sticker != (rules.CardID{}) {
							// The sticker says another card: its country or
							// name, or its place, must not pass.
							stickered++
							if r.Sure() {
								t.Errorf("%s %s: %s's sticker on %s (%s) passed as %s %s", game.code, sh, c.Sticker, c.Name, tr.line, r.Name.Text, r.Card().Values())
							} else {
								caught++
							}
							continue
						}
						key := fmt.Sprintf("%s | %s | %g mm", game.code, c.Face.Name, c.TextMM)
						if rows[key] == nil {
							rows[key] = &boxRow{sideMin: 99}
						}
						rw := rows[key]
						rw.sideMin, rw.sideMax = math.Min(rw.sideMin, side[j]), math.Max(rw.sideMax, side[j])
						p := r.Place
						right := func() bool {
							return p != nil && math.Abs(p.Lat-tr.lat) < 1e-6 && math.Abs(p.Lon-tr.lon) < 1e-6 && math.Signbit(p.Lon) == math.Signbit(tr.lon)
						}
						switch {
						case r.Problem != "" || p == nil || !p.Sure:
							rw.asked++
							if p != nil && p.Proposed() && !right() {
								rw.acceptWrong++
								t.Errorf("%s %s %s (%s, %s %g mm): asked, proposing %s %s; the card prints %s (%s)", game.code, sh, r.ID, c.Name, c.Face.Name, c.TextMM, p.LatText, p.LonText, tr.line, p.Why)
							}
						case right():
							rw.right++
						default:
							rw.wrong++
							rw.acceptWrong++
							t.Errorf("%s %s %s (%s, %s %g mm): read surely as %s %s, the card prints %s", game.code, sh, r.ID, c.Name, c.Face.Name, c.TextMM, p.LatText, p.LonText, tr.line)
						}
						if testing.Verbose() && (r.Problem != "" || p == nil || !p.Sure) {
							t.Logf("%s %s %s %s %g mm asked: %s %v", game.code, sh, r.ID, c.Face.Name, c.TextMM, r.Problem, r.Questions())
						}
						if r.Name.Sure {
							rw.names++
						} else {
							rw.nameAsk++
							if testing.Verbose() {
								t.Logf("%s %s %s name asked: %s", game.code, sh, r.ID, r.Name.Why)
							}
						}
						// The user confirms the card as it is printed.
						if err := s.Confirm(Card{Num: r.ID.Num, Name: c.Name, LatText: tr.latText, LonText: tr.lonText}); err != nil {
							t.Fatal(err)
						}
					}
					for j, c := range cards {
						if !seen[j] {
							t.Errorf("%s %s: %s (%s) not read at all; notes %q", game.code, sh, c.ID, c.Name, b.Notes)
							key := fmt.Sprintf("%s | %s | %g mm", game.code, c.Face.Name, c.TextMM)
							if rows[key] == nil {
								rows[key] = &boxRow{sideMin: 99}
							}
							rows[key].asked++
							rows[key].nameAsk++
						}
					}
				}
				// What was learnt makes a deck file the deck-file checks take.
				if _, err := s.DeckFile(""); err != nil {
					t.Errorf("%s %s: the session makes no deck: %v", game.code, sh, err)
				}
				s.Close()
				shot++
			}
		}
		var sub boxRow
		keys := make([]string, 0, len(rows))
		for k := range rows {
			if strings.HasPrefix(k, game.code+" |") {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			r := rows[k]
			table.WriteString(fmt.Sprintf("| %s (%.1f–%.1f mm) | %s |\n", k, r.sideMin, r.sideMax, r))
			sub.add(r.tally)
			sub.acceptWrong += r.acceptWrong
			sub.names += r.names
			sub.nameAsk += r.nameAsk
		}
		table.WriteString(fmt.Sprintf("| %s | all | 3–7 mm | %s |\n", game.code, sub))
		for _, check := range []struct {
			pct  float64
			want float64
			what string
		}{
			{100 * float64(sub.right) / float64(max(sub.total(), 1)), 90, "coordinates taken without a question"},
			{100 * float64(sub.names) / float64(max(sub.names+sub.nameAsk, 1)), 80, game.what + " matched without a question"},
		} {
			if check.pct < check.want {
				t.Errorf("%s: %.1f%% of the %s, want at least %.0f%%", game.code, check.pct, check.what, check.want)
			}
		}
		total.add(sub.tally)
		total.acceptWrong += sub.acceptWrong
	}
	t.Logf("Nord Sud Ovest Est (EU) and Map It! (WLD) coordinate sides, 1 m and 70 cm, three lights:\n%s\nstickers on the wrong card: %d of %d caught", table.String(), caught, stickered)
	if total.wrong > 0 || total.acceptWrong > 0 {
		t.Errorf("coordinates wrong: %d taken, %d for a user accepting every proposal: want none", total.wrong, total.acceptWrong)
	}
	if out := os.Getenv("TABLEREF_LEARN_TABLE"); out != "" {
		if err := os.WriteFile(out, []byte(table.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
