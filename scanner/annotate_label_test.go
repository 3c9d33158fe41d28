package scanner

import (
	"errors"
	"testing"

	"github.com/tableref/tableref/rules"
)

// A damaged tableref sticker is named as such on the annotated picture, not
// "not ours": the player must replace it, not wonder whose code it is
// (before, every unused code was labelled "not ours").
func TestForeignLabelTellsDamagedFromStrangers(t *testing.T) {
	// A right check character over a bad card number: try each one.
	misprint := ""
	for _, c := range "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ" {
		text := "TR1:C:SA-17F:" + string(c)
		if _, err := rules.ParsePayload(text); errors.Is(err, rules.ErrMalformed) {
			misprint = text
		}
	}
	if misprint == "" {
		t.Fatal("no malformed payload with a right check character found")
	}
	for _, tc := range []struct{ text, want string }{
		{"TR1:C:SA-017F:A", "damaged code"},
		{misprint, "misprinted code"},
		{"HTTPS://EXAMPLE.COM", "not ours"},
		{"", "not ours"},
	} {
		if got := foreignLabel(tc.text); got != tc.want {
			t.Errorf("foreignLabel(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
