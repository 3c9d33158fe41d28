package colourgrid

import (
	"testing"

	"github.com/tableref/tableref/calibration"
	"github.com/tableref/tableref/scanner/scenes"
)

// BenchmarkRead reads the shaker mat and one city board of a finished
// 2-player table under the lamp (the path of every Shake That City frame:
// Find, then Read per mat). Compare with the whole frame's code reading
// (tableref bench scan) for its share of a scan.
func BenchmarkRead(b *testing.B) {
	o := scenes.Lights()[2].Options
	o.Seed = 5
	tab := scenes.NewCityTable(o, scenes.City{Players: 2, CubeOffset: 7})
	g, err := tab.Final(6)
	if err != nil {
		b.Fatal(err)
	}
	frame, mats := render(b, g, &calibration.File{})
	defer frame.Close()
	for _, m := range mats {
		if m.Zone != calibration.ZoneShaker && m.Zone != calibration.BoardZone(1) {
			continue
		}
		b.Run(m.Zone, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Read(frame, m, Reference{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
