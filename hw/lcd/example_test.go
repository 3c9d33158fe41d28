package lcd_test

import (
	"fmt"
	"time"

	"periph.io/x/conn/v3/i2c/i2ctest"

	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/hw/lcd"
)

// The HD44780 ROM has no "í": Encode maps it to the nearest code, so place
// names still read on a cheap LCD.
func ExampleEncode() {
	fmt.Printf("% X\n", lcd.Encode("Brasília"))
	// Output:
	// 42 72 61 73 69 6C 69 61
}

// An LCD behind a PCF8574 backpack is driven over I²C; i2ctest.Record
// stands in for the bus. Each write is one port byte: the data nibble in
// bits 4-7, RS in bit 0, E in bit 2. The LCD latches a nibble when E
// falls, so decoding those with RS set gives back the characters sent.
func ExampleNewPCF8574() {
	rec := &i2ctest.Record{}
	d, err := lcd.NewPCF8574(rec, 0x27, &lcd.Opts{Sleep: func(time.Duration) {}})
	if err != nil {
		fmt.Println(err)
		return
	}
	rec.Ops = nil // forget the initialisation
	if err := d.Show(display.Message{Lines: []string{"Bo: +3", "Ana's turn"}}); err != nil {
		fmt.Println(err)
		return
	}
	var text, nibbles []byte
	prev := byte(0)
	for _, op := range rec.Ops {
		v := op.W[0]
		if prev&0x04 != 0 && v&0x04 == 0 && v&0x01 != 0 {
			if nibbles = append(nibbles, v>>4); len(nibbles) == 2 {
				text, nibbles = append(text, nibbles[0]<<4|nibbles[1]), nil
			}
		}
		prev = v
	}
	fmt.Println(d)
	fmt.Printf("%q\n", text)
	// Output:
	// HD44780 16×2 on PCF8574 0x27
	// "Bo: +3          Ana's turn      "
}
