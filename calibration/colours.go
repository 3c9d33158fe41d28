package calibration

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/tableref/tableref/rules"
)

// Lab is a CIE L*a*b* colour (D65): L 0..100, a and b about −128..127.
type Lab [3]float64

// LightnessWeight is how much a lightness difference counts against a
// chroma difference in Dist. Uneven light changes lightness far more than
// hue, so it counts half; black, grey and white still differ by 30 or more.
const LightnessWeight = 0.5

// Dist is the colour difference used for every profile: CIE76 ΔE with the
// lightness term weighted by LightnessWeight.
func (c Lab) Dist(o Lab) float64 {
	dl := LightnessWeight * (c[0] - o[0])
	return math.Sqrt(dl*dl + (c[1]-o[1])*(c[1]-o[1]) + (c[2]-o[2])*(c[2]-o[2]))
}

// Spread limits: a profile accepts at least MinSpread (noise, print and
// plastic vary that much) and at most MaxSpread (beyond it "unknown" would
// never happen).
const (
	MinSpread = 10.0
	MaxSpread = 30.0
)

// Profile is one colour's look under this camera and light: its mean Lab
// and the distance (Dist) within which a sample counts as this colour.
// A sample outside every profile's spread is "unknown", never a guess.
type Profile struct {
	Colour  rules.Colour `json:"colour"`
	Lab     Lab          `json:"lab"`
	Spread  float64      `json:"spread"`
	Samples int          `json:"samples"`
}

// Colours are the profiles of Shake That City's cubes (read on the shaker
// mat) and city tiles (read on the boards): different materials, so
// calibrated apart.
type Colours struct {
	Cubes []Profile `json:"cubes,omitempty"`
	Tiles []Profile `json:"tiles,omitempty"`
}

func (c *Colours) validate(p *problems, field string) {
	validateProfiles(p, field+".cubes", c.Cubes)
	validateProfiles(p, field+".tiles", c.Tiles)
}

func validateProfiles(p *problems, field string, ps []Profile) {
	seen := map[rules.Colour]bool{}
	for i, pr := range ps {
		f := fmt.Sprintf("%s[%d]", field, i)
		if c, ok := rules.ParseColour(string(pr.Colour)); !ok || c != pr.Colour {
			p.add(f+".colour", "%q: want one of red, blue, black, green, grey, white", pr.Colour)
		}
		if seen[pr.Colour] {
			p.add(f+".colour", "%s has two profiles", pr.Colour)
		}
		seen[pr.Colour] = true
		checkLab(p, f+".lab", pr.Lab)
		if !(pr.Spread > 0) || pr.Spread > 100 {
			p.add(f+".spread", "%v: want a colour distance above 0 and at most 100", pr.Spread)
		}
		if pr.Samples < 0 {
			p.add(f+".samples", "%d is negative", pr.Samples)
		}
	}
}

func checkLab(p *problems, field string, l Lab) {
	if math.IsNaN(l[0]) || l[0] < 0 || l[0] > 100 {
		p.add(field, "L %v outside 0..100", l[0])
	}
	for _, v := range l[1:] {
		if math.IsNaN(v) || math.Abs(v) > 128 {
			p.add(field, "a/b %v outside −128..128", v)
			return
		}
	}
}

// Classify returns the colour whose profile holds lab best (the smallest
// distance relative to its spread), its distance, and false when no
// profile's spread holds it: an unknown colour.
func Classify(ps []Profile, lab Lab) (rules.Colour, float64, bool) {
	best, bestRel, bestD := rules.Colour(""), math.Inf(1), math.Inf(1)
	for _, pr := range ps {
		d := pr.Lab.Dist(lab)
		if rel := d / pr.Spread; rel < bestRel {
			best, bestRel, bestD = pr.Colour, rel, d
		}
	}
	return best, bestD, bestRel <= 1
}

// Sample is one patch of a known colour: its mean Lab and how much its own
// pixels vary (the mean Dist of its pixels from that mean).
type Sample struct {
	Colour rules.Colour
	Lab    Lab
	Spread float64
}

// BuildProfiles makes one profile per colour from samples (several photos
// add up): the mean of the samples, and a spread of three times the larger
// of the samples' own variation and their variation between each other,
// within MinSpread..MaxSpread, then cut to 0.45 of the distance to the
// nearest other colour, so that two profiles never touch and a sample
// half way between them is unknown.
func BuildProfiles(samples []Sample) []Profile {
	by := map[rules.Colour][]Sample{}
	for _, s := range samples {
		by[s.Colour] = append(by[s.Colour], s)
	}
	var out []Profile
	for _, c := range rules.Colours {
		ss := by[c.C]
		if len(ss) == 0 {
			continue
		}
		var m Lab
		for _, s := range ss {
			for k := range m {
				m[k] += s.Lab[k] / float64(len(ss))
			}
		}
		var within, between float64
		for _, s := range ss {
			within = math.Max(within, s.Spread)
			between += m.Dist(s.Lab) * m.Dist(s.Lab) / float64(len(ss))
		}
		spread := 3 * math.Max(within, math.Sqrt(between))
		spread = math.Min(MaxSpread, math.Max(MinSpread, spread))
		out = append(out, Profile{Colour: c.C, Lab: roundLab(m), Spread: spread, Samples: len(ss)})
	}
	for i := range out {
		for j := range out {
			if i != j {
				if d := 0.45 * out[i].Lab.Dist(out[j].Lab); d < out[i].Spread {
					out[i].Spread = d
				}
			}
		}
		out[i].Spread = math.Round(out[i].Spread*10) / 10
	}
	sort.SliceStable(out, func(i, j int) bool { return colourIndex(out[i].Colour) < colourIndex(out[j].Colour) })
	return out
}

func colourIndex(c rules.Colour) int {
	for i, k := range rules.Colours {
		if k.C == c {
			return i
		}
	}
	return len(rules.Colours)
}

func roundLab(l Lab) Lab {
	for k := range l {
		l[k] = math.Round(l[k]*10) / 10
	}
	return l
}

// NearestColour returns the colour of ps nearest to profile p's, and their
// distance; "" when p is alone.
func NearestColour(ps []Profile, p Profile) (rules.Colour, float64) {
	best, bestD := rules.Colour(""), math.Inf(1)
	for _, q := range ps {
		if q.Colour != p.Colour {
			if d := q.Lab.Dist(p.Lab); d < bestD {
				best, bestD = q.Colour, d
			}
		}
	}
	return best, bestD
}

// ErrConfused is returned for profiles that would take one colour for
// another.
var ErrConfused = errors.New("colours too close to tell apart")

// CheckProfiles refuses profiles that would confuse two colours: every
// sample they were built from must classify as its own colour. A sample
// outside its own colour's spread (cut to stay clear of a neighbour) or
// nearer another colour means that under this light and camera the two
// overlap, and a cube or tile of one would be read as the other or as
// unknown. The error names each pair.
func CheckProfiles(ps []Profile, samples []Sample) error {
	bad := map[[2]rules.Colour]int{}
	var pairs [][2]rules.Colour
	for _, s := range samples {
		got, _, ok := Classify(ps, s.Lab)
		if ok && got == s.Colour {
			continue
		}
		key := [2]rules.Colour{s.Colour, got}
		if bad[key] == 0 {
			pairs = append(pairs, key)
		}
		bad[key]++
	}
	if len(pairs) == 0 {
		return nil
	}
	var says []string
	for _, k := range pairs {
		if k[1] == "" || k[1] == k[0] {
			says = append(says, fmt.Sprintf("%d %s sample(s) outside the %s profile (its spread had to stay clear of a neighbour)", bad[k], k[0], k[0]))
			continue
		}
		says = append(says, fmt.Sprintf("%d %s sample(s) read as %s", bad[k], k[0], k[1]))
	}
	return fmt.Errorf("%w: %s: more even light, the camera's fixed white balance, or another photo with --add may separate them", ErrConfused, strings.Join(says, "; "))
}
