package mapit

import (
	"testing"
)

// MI-1: Tokyo placed east of the centre card Washington D.C. is right.
func TestMI1TokyoEastOfWashington(t *testing.T) {
	if !inOrder(East, fixture[id(t, "Washington D.C.")], fixture[id(t, "Tokyo")], true) {
		t.Fatal("Tokyo (139.7) east of Washington (-77.0) judged wrong")
	}
	if inOrder(West, fixture[id(t, "Washington D.C.")], fixture[id(t, "Tokyo")], true) {
		t.Fatal("Tokyo west of Washington judged right")
	}
}

// MI-2: Athens inserted between Washington D.C. and Tokyo on the east arm:
// both pairs (Washington, Athens) and (Athens, Tokyo) are in order.
func TestMI2AthensInsertedBetweenWashingtonAndTokyo(t *testing.T) {
	g := newTest(t, nil, "Ana", "Ben")
	see(t, g, table(t, "Washington D.C."))
	see(t, g, table(t, "Washington D.C.", "E:Tokyo"))
	see(t, g, table(t, "Washington D.C.", "E:Athens,Tokyo")) // Ben's card
	evs := tell(t, g, ruleInput("challenge", 1, "", ""))
	v := only(evs, "verdict")
	if len(v) != 1 || v[0].Verdict != "right" || v[0].Short[0] != "Athens: RIGHT" {
		t.Fatalf("want Athens RIGHT, got:%s", describe(evs))
	}
	// Tokyo moved on to the next cell as Athens went in; nothing to remove.
	if g.Pending != nil || len(g.Cross.Arms[East]) != 2 {
		t.Fatalf("pending %v, east arm %v", g.Pending, g.Cross.Arms[East])
	}
}

func TestLongitudeHasNoWrapAround(t *testing.T) {
	// Honolulu (-157.8) lies "east" of Tokyo (139.7) across the date line,
	// but the cards' flat map puts it far west.
	if inOrder(East, fixture[id(t, "Tokyo")], fixture[id(t, "Honolulu")], true) {
		t.Fatal("Honolulu judged east of Tokyo")
	}
}

func TestTieCountsForThePlacerByDefault(t *testing.T) {
	wash, lima := fixture[id(t, "Washington D.C.")], fixture[id(t, "Lima")]
	for _, a := range []Arm{East, West} {
		if !inOrder(a, wash, lima, true) {
			t.Errorf("%s: equal longitudes judged wrong with tieIsCorrect", a)
		}
		if inOrder(a, wash, lima, false) {
			t.Errorf("%s: equal longitudes judged right without tieIsCorrect", a)
		}
	}
	// Level to a hundredth of a degree is level.
	a, b := Place{Lat: 10.001}, Place{Lat: 10.004}
	if !inOrder(North, a, b, true) || inOrder(North, a, b, false) {
		t.Error("10.001 and 10.004 are not level at the compared precision")
	}
}

func TestEachArmComparesItsOwnAxis(t *testing.T) {
	centre := Place{Lat: 0, Lon: 0}
	ne := Place{Lat: 10, Lon: 10}
	for a, want := range map[Arm]bool{North: true, East: true, South: false, West: false} {
		if got := inOrder(a, centre, ne, true); got != want {
			t.Errorf("(10N,10E) on the %s arm: %v, want %v", a, got, want)
		}
	}
}
