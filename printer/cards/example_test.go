package cards_test

import (
	"bytes"
	"context"
	"fmt"

	"gocv.io/x/gocv"

	"github.com/tableref/tableref/printer/cards"
	"github.com/tableref/tableref/printer/layout"
	"github.com/tableref/tableref/printer/preview"
	"github.com/tableref/tableref/vision/qr"
)

// Print-and-play cards of Where is That? South America, checked the way
// the camera will see them: each face is rendered to a PNG and its code
// read back with vision/qr, which must give the payload the card carries.
func ExampleWhereIsThat() {
	ranks, err := cards.WITRanks()
	if err != nil {
		fmt.Println(err)
		return
	}
	set, err := cards.WhereIsThat(ranks, cards.Style{Module: cards.DefaultModule})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s (%s): %d cards, %.1f mm modules\n", set.Name, set.Code, len(set.Cards), set.Module)
	reader := qr.NewReader(qr.Options{})
	for _, c := range set.Cards[:3] {
		var buf bytes.Buffer
		if err := preview.PNG(&buf, c.Back, layout.Poker, 150); err != nil {
			fmt.Println(err)
			return
		}
		img, err := gocv.IMDecode(buf.Bytes(), gocv.IMReadColor)
		if err != nil {
			fmt.Println(err)
			return
		}
		res, err := reader.Read(context.Background(), img)
		img.Close()
		if err != nil {
			fmt.Println(err)
			return
		}
		_, back := cards.Payloads(c.ID)
		fmt.Printf("%-8s %s read back: %v\n", c.Name, back, len(res.Codes) == 1 && res.Codes[0].Text == back)
	}
	// Output:
	// Where is That? South America (SA): 108 cards, 0.8 mm modules
	// Bogotá   TR1:P:SA-001B:9 read back: true
	// Caracas  TR1:P:SA-002B:8 read back: true
	// Sucre    TR1:P:SA-003B:7 read back: true
}
