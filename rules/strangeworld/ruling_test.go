package strangeworld

import (
	"strings"
	"testing"

	"github.com/tableref/tableref/rules"
)

// travellerRows plays a solo world with Kark welcomed west of rows 1-2
// (a portal in row 0), then a second portal in row 1 whose Traveller is
// to be welcomed.
func travellerRows(t *testing.T) *driver {
	t.Helper()
	d := soloStart(t)
	d.put(1, 0, 1, "green-portal#1").snap()
	d.put(1, 0, 2, "grey-portal#1").snap()
	d.item(1, 0.5, -1, "Kark")
	d.expect(d.snap(), "done/place")
	d.put(1, 1, 0, "blue-portal#1").snap()
	d.put(1, 1, 1, "yellow-portal#1")
	if got := d.snap(); !strings.Contains(got, "info") || d.g.Offer == nil || d.g.Offer.Row != 1 {
		t.Fatalf("no offer after the row-1 portal: %q (%s)", got, d.world(1))
	}
	return d
}

// Issue 18 item 3: "If the only spot available is already taken by a
// Traveller, place the new one in the same spot, slightly offset." The
// portal in row 1 has two spots: rows 0-1 (Kark's) and rows 1-2 (free).
// Laying Splash on Kark's spot is refused while rows 1-2 are free; rows
// 1-2 are accepted. The old referee accepted the overlap.
func TestTravellerSharesASpotOnlyWhenItIsTheOnlyOne(t *testing.T) {
	d := travellerRows(t)
	d.item(1, 0.5, -1, "Splash")
	evs := d.g.Observe(d.tab.Clone())
	if len(evs) != 1 || evs[0].Kind != rules.EventWarning || evs[0].Short[1] != "spot taken" || !strings.Contains(evs[0].Long, "Kark's spot while the spot on rows 2-3 from the top is free") {
		t.Fatalf("Splash on Kark's spot: %s", summary(evs))
	}
	if len(d.g.Worlds[0].Travellers) != 1 {
		t.Fatalf("Splash accepted: %+v", d.g.Worlds[0].Travellers)
	}
	z := d.zone("p1")
	z.Items = z.Items[:1]
	d.item(1, 1.5, -1, "Splash")
	d.expect(d.snap(), "done/place")
}

// When the other spot is taken too, sharing is the rule: the new
// Traveller goes on an occupied spot and both count.
func TestTravellerSharesWhenBothSpotsAreTaken(t *testing.T) {
	d := travellerRows(t)
	w := d.g.Worlds[0]
	w.Travellers = append(w.Travellers, TravellerAt{Card: travellerNum(t, "Rumph"), Row: 1, Col: -1, West: true}) // rows 1-2 taken as well
	d.item(1, 1.5, -1, "Rumph")
	d.item(1, 0.5, -1, "Splash")
	d.expect(d.snap(), "done/place")
	if len(w.Travellers) != 3 {
		t.Errorf("travellers %+v", w.Travellers)
	}
}

// A spot beyond a world already 4 rows tall cannot be used: beside a
// portal in the top row of a full-height world, the spot with the row
// below is the only one, so a second Traveller may share it.
func TestTravellerSpotBeyondAFullWorldIsNotAvailable(t *testing.T) {
	w := layout(t, []string{"start-grey"}, []string{"moon"}, []string{"moon"}, []string{"moon"})
	w.Travellers = []TravellerAt{{Card: travellerNum(t, "Kark"), Row: 0, Col: -1, West: true}}
	if _, _, bad := takenSpot(w, 0, 0); bad {
		t.Error("rows 1-2 are the only spot beside a top-row portal of a full world: sharing must be accepted")
	}
	short := layout(t, []string{"start-grey"}, []string{"moon"})
	short.Travellers = w.Travellers
	if _, free, bad := takenSpot(short, 0, 0); !bad || free != -1 {
		t.Errorf("a 2-row world may still grow north: the spot above is free (bad %v, free %d)", bad, free)
	}
	if _, _, bad := takenSpot(w, 1, 0); bad {
		t.Error("an untaken spot is never refused")
	}
}
