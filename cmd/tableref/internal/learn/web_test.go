package learn

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/cmd/tableref/internal/learn/learntest"
	"github.com/tableref/tableref/rules"
	"github.com/tableref/tableref/rules/geo"
	"github.com/tableref/tableref/vision/cardtext"
)

// The learn page reads the camera's picture, learns the sure cards,
// takes the user's answer for the others and installs the deck.
func TestLearnPage(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a 12 MP photo and reads it")
	}
	ids := learntest.SABatches()[2]
	frame, err := learntest.Photo(ids, learntest.Shot{HeightMM: 1000, TiltDeg: 2, Blur: 0.7, Noise: 2, JPEG: 90, Seed: 31}, PrintedGeometry(0), false)
	if err != nil {
		t.Fatal(err)
	}
	defer frame.Close()
	truth, err := learntest.Truth()
	if err != nil {
		t.Fatal(err)
	}
	var installed *geo.DeckFile
	p := &Page{
		Grab:       func(context.Context) (gocv.Mat, error) { return frame.Clone(), nil },
		NewLearner: func() (*Learner, error) { return newLearner(t), nil },
		Dir:        t.TempDir(),
		Install:    func(d *geo.DeckFile) (string, error) { installed = d; return "/test/decks/SA.csv", nil },
	}
	call := caller(t, p)
	if code, _, body := call("GET", "/learn", nil); code != 200 || !strings.Contains(body, "Learn your box") {
		t.Fatalf("page: %d", code)
	}
	if code, _, body := call("POST", "/api/learn/read", struct{}{}); code != http.StatusConflict || !strings.Contains(body, "choose the deck first") {
		t.Errorf("read before start: %d %s", code, body)
	}
	code, st, body := call("POST", "/api/learn/start", map[string]string{"deck": "wit-sa"})
	if code != 200 || st.Deck != "SA" {
		t.Fatalf("start: %d %s", code, body)
	}
	code, st, body = call("POST", "/api/learn/read", struct{}{})
	if code != 200 || len(st.Pending) != len(ids) {
		t.Fatalf("read: %d, %d cards: %s", code, len(st.Pending), body[:min(len(body), 300)])
	}
	asked := 0
	for _, c := range st.Pending {
		if !strings.HasPrefix(c.Crop, "data:image/png;base64,") {
			t.Errorf("%s has no picture", c.ID)
		}
		if c.Confirmed {
			continue
		}
		asked++
		// The user answers from the card.
		want, _ := truth.Card(idOf(t, c.ID))
		code, _, body := call("POST", "/api/learn/confirm", Card{Num: c.Num, Name: want.Name, NS: want.NS, WE: want.WE})
		if code != 200 {
			t.Errorf("confirm %s: %d %s", c.ID, code, body)
		}
	}
	t.Logf("%d cards read, %d asked", len(st.Pending), asked)
	code, st, _ = call("GET", "/api/learn/state", nil)
	if code != 200 || len(st.Learned) != len(ids) {
		t.Fatalf("learned %d of %d", len(st.Learned), len(ids))
	}
	for _, c := range st.Learned {
		want, _ := truth.Card(idOf(t, "SA-"+pad(c.Num)))
		if c.NS != want.NS || c.WE != want.WE {
			t.Errorf("learned %+v, the card prints %d %d", c, want.NS, want.WE)
		}
	}
	// A number another card prints is refused.
	if code, _, body := call("POST", "/api/learn/confirm", Card{Num: 999, Name: "Nowhere", NS: st.Learned[0].NS, WE: 500}); code != 400 || !strings.Contains(body, "already") {
		t.Errorf("a duplicate number: %d %s", code, body)
	}
	code, st, body = call("POST", "/api/learn/finish", struct{}{})
	if code != 200 || installed == nil || len(installed.Cards) != len(ids) || !strings.Contains(st.Message, "installed SA-BOX") || !strings.Contains(st.Message, "deck=SA-BOX") {
		// a box of SA's cards is installed beside tableref's SA, as SA-BOX (issue 30)
		t.Errorf("finish: %d %s", code, body)
	}
}

// caller serves the page's routes and calls them: the status, the state
// replied and the body.
func caller(t *testing.T, p *Page) func(method, path string, body any) (int, stateJSON, string) {
	mux := http.NewServeMux()
	for pattern, h := range p.Routes() {
		mux.Handle(pattern, h)
	}
	return func(method, path string, body any) (int, stateJSON, string) {
		t.Helper()
		var b bytes.Buffer
		if body != nil {
			_ = json.NewEncoder(&b).Encode(body)
		}
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest(method, path, &b))
		var st stateJSON
		_ = json.Unmarshal(rec.Body.Bytes(), &st)
		return rec.Code, st, rec.Body.String()
	}
}

func idOf(t *testing.T, s string) rules.CardID {
	t.Helper()
	id, err := rules.ParseCardID(s)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// nsoePhotoKit skips the test in -short mode (it renders a 12 MP photo
// and reads it) and gives the typefaces and the Nord Sud Ovest Est
// sticker's geometry the photo is made with.
func nsoePhotoKit(t *testing.T) ([]learntest.Typeface, cardtext.Geometry) {
	t.Helper()
	if testing.Short() {
		t.Skip("renders a 12 MP photo and reads it")
	}
	faces, err := learntest.Typefaces()
	if err != nil {
		t.Fatal(err)
	}
	g, err := StickerGeometry(geo.GameNSOE, 0)
	if err != nil {
		t.Fatal(err)
	}
	return faces, g
}

func pad(n int) string { return fmt.Sprintf("%03d", n) }

// The learn page learns a Nord Sud Ovest Est box too: started with EU
// (before: "EU is Nord Sud Ovest Est: learn reads Where is That? decks"),
// it reads the coordinate sides, learns the sure cards, takes the user's
// coordinates for the others as typed on one line, refuses a line that is
// no coordinates, and installs EU-BOX with what the cards print.
func TestLearnPageCoordinates(t *testing.T) {
	faces, g := nsoePhotoKit(t)
	batch := learntest.Batches(geo.DeckEurope, 3)[2]
	var cards []learntest.CoordCard
	want := map[int][2]string{}
	for i, c := range batch {
		line := learntest.NSOELine(c)
		cards = append(cards, learntest.CoordCard{ID: c.ID, Title: c.Country, Name: c.Name, Line: line, Face: faces[i%len(faces)], TextMM: 3 + float64(i%4)})
		lat, lon, _ := strings.Cut(line, " - ")
		want[c.ID.Num] = [2]string{lat, lon}
	}
	frame, _, err := learntest.CoordPhoto(cards, learntest.Shot{HeightMM: 1000, TiltDeg: 2, Blur: 0.7, Noise: 2, JPEG: 90, Seed: 41}, g, "coordinate side")
	if err != nil {
		t.Fatal(err)
	}
	defer frame.Close()
	var installed *geo.DeckFile
	p := &Page{
		Grab:       func(context.Context) (gocv.Mat, error) { return frame.Clone(), nil },
		NewLearner: func() (*Learner, error) { return newLearner(t), nil },
		Dir:        t.TempDir(),
		Install:    func(d *geo.DeckFile) (string, error) { installed = d; return "/test/decks/EU.csv", nil },
	}
	call := caller(t, p)
	code, st, body := call("POST", "/api/learn/start", map[string]string{"deck": "EU"})
	if code != 200 || st.Deck != "EU" || !slices.Contains(st.Decks, "WLD") {
		t.Fatalf("start with EU: %d %s", code, body)
	}
	code, st, body = call("POST", "/api/learn/read", struct{}{})
	if code != 200 || len(st.Pending) != len(batch) {
		t.Fatalf("read: %d, %d cards: %s", code, len(st.Pending), body[:min(len(body), 300)])
	}
	for _, c := range st.Pending {
		if c.Coords == nil {
			t.Fatalf("%s: no coordinates in the card's reads", c.ID)
		}
		if c.Confirmed {
			continue
		}
		w := want[c.Num]
		if code, _, body := call("POST", "/api/learn/confirm", map[string]any{"num": c.Num, "name": c.Name.Text, "coords": "Italia"}); code != 400 || !strings.Contains(body, "the latitude then the longitude") {
			t.Errorf("confirm %s with no coordinates: %d %s", c.ID, code, body)
		}
		if code, _, body := call("POST", "/api/learn/confirm", map[string]any{"num": c.Num, "name": c.Name.Text, "coords": w[0] + " " + w[1]}); code != 200 {
			t.Errorf("confirm %s: %d %s", c.ID, code, body)
		}
	}
	code, st, body = call("POST", "/api/learn/finish", struct{}{})
	if code != 200 || installed == nil || len(installed.Cards) != len(batch) || !strings.Contains(st.Message, "installed EU-BOX") {
		t.Fatalf("finish: %d %s", code, body)
	}
	for _, c := range installed.Cards {
		w := want[c.ID.Num]
		if c.Printed == nil || c.Printed.LatText != w[0] || c.Printed.LonText != w[1] || c.PrintedLat == 0 && w[0] != "0°N" {
			t.Errorf("installed %s %s printing %+v, the card prints %s %s", c.ID, c.Name, c.Printed, w[0], w[1])
		}
	}
}
