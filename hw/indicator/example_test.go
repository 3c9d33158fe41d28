package indicator_test

import (
	"context"
	"fmt"
	"time"

	"periph.io/x/conn/v3/gpio/gpiotest"

	"github.com/tableref/tableref/hw/display"
	"github.com/tableref/tableref/hw/indicator"
)

// Fake pins and a recording Sleeper show a verdict's light and sound
// without waiting: each line is the outputs during one step.
func ExampleDev_Play() {
	green, red, buzz := &gpiotest.Pin{N: "GPIO16"}, &gpiotest.Pin{N: "GPIO20"}, &gpiotest.Pin{N: "GPIO26"}
	d := &indicator.Dev{Green: green, Red: red, Buzzer: buzz,
		Sleep: func(_ context.Context, dur time.Duration) error {
			fmt.Printf("green=%v red=%v buzz=%v for %v\n", green.Read(), red.Read(), buzz.Read(), dur)
			return nil
		}}
	if err := d.Play(context.Background(), indicator.For(display.Wrong)); err != nil {
		fmt.Println(err)
	}
	// The red LED stays on until the next verdict: players see why the
	// buzzer sounded.
	fmt.Printf("after: green=%v red=%v buzz=%v\n", green.Read(), red.Read(), buzz.Read())
	// Output:
	// green=Low red=High buzz=High for 250ms
	// green=Low red=High buzz=Low for 100ms
	// green=Low red=High buzz=High for 250ms
	// after: green=Low red=High buzz=Low
}
