package setupopt

import (
	"testing"

	"github.com/tableref/tableref/rules"
)

func TestInts(t *testing.T) {
	var a, b int
	s := rules.Setup{Options: map[string]string{"a": "3", "b": "0", "c": "x"}}
	if err := Ints(s, Int{"a", &a, 1}, Int{"b", &b, 0}); err != nil || a != 3 || b != 0 {
		t.Fatalf("a=%d b=%d err=%v", a, b, err)
	}
	if err := Ints(s, Int{"b", &b, 1}); err == nil || err.Error() != "option b=0: want at least 1" {
		t.Errorf("below the minimum: %v", err)
	}
	if err := Ints(s, Int{"c", &b, 0}); err == nil {
		t.Error("a word accepted as a number")
	}
}
