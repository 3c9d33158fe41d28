package wit

// RankRange is the range of ranks a card at lat, lon takes among places
// when its coordinates may differ from theirs by up to margin degrees (a
// publisher places a town a little differently from tableref's data):
// the north–south rank lo to hi, then the west–east one. Every rank
// RankPlaces would give the card lies in it. With no place, both ranges
// are 1 to 0.
func RankRange(places []Place, lat, lon, margin float64) (ns, we [2]int) {
	ns, we = [2]int{1, 0}, [2]int{1, 0}
	for _, p := range places {
		ns[1]++
		we[1]++
		switch {
		case p.Lat > lat+margin: // surely north of it: ranked before
			ns[0]++
		case p.Lat < lat-margin: // surely south: after
			ns[1]--
		}
		switch {
		case p.Lon < lon-margin:
			we[0]++
		case p.Lon > lon+margin:
			we[1]--
		}
	}
	return ns, we
}
