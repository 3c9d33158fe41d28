package oled_test

import (
	"fmt"
	"math/bits"

	"periph.io/x/conn/v3/i2c/i2ctest"

	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/hw/oled"
)

// An SSD1306 on a recorded I²C bus: New sends the init commands in one
// write, and every screen is sent page by page (8 rows of pixels each), so
// a frame is 8 × (address, 128 bytes of pixels).
func ExampleNew() {
	rec := &i2ctest.Record{}
	d, err := oled.New(rec, oled.DefaultAddress, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v, init: % X ...\n", d, rec.Ops[0].W[:4])
	rec.Ops = nil
	if err := d.Show(display.Message{Lines: []string{"Ana", "+3 points"}, Verdict: display.Right}); err != nil {
		fmt.Println(err)
		return
	}
	// Pages 0-3 hold the verdict banner, pages 4-7 the two lines of text.
	for i := 0; i+1 < len(rec.Ops); i += 2 {
		addr, data := rec.Ops[i].W, rec.Ops[i+1].W[1:] // skip the control bytes
		lit := 0
		for _, b := range data {
			lit += bits.OnesCount8(b)
		}
		fmt.Printf("page %d: % X then %d bytes, %d pixels lit\n", addr[1]&7, addr, len(data), lit)
	}
	// Output:
	// SSD1306 128×64 on I²C 0x3c, init: 00 AE D3 00 ...
	// page 0: 00 B0 00 10 then 128 bytes, 20 pixels lit
	// page 1: 00 B1 00 10 then 128 bytes, 399 pixels lit
	// page 2: 00 B2 00 10 then 128 bytes, 401 pixels lit
	// page 3: 00 B3 00 10 then 128 bytes, 190 pixels lit
	// page 4: 00 B4 00 10 then 128 bytes, 32 pixels lit
	// page 5: 00 B5 00 10 then 128 bytes, 74 pixels lit
	// page 6: 00 B6 00 10 then 128 bytes, 91 pixels lit
	// page 7: 00 B7 00 10 then 128 bytes, 165 pixels lit
}
