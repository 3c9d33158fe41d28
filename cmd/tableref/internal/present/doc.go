// Package present turns what the referee says into what players see: the
// screens of a batch of events (Screens), and the presenter that owns the
// display, the LEDs and the buzzer, with the queue that decides what is
// shown when and for how long (a new verdict at once; what players must
// act on never dropped unseen; results last).
package present
