package scanner

import (
	"math"

	"github.com/tableref/tableref/calibration"
)

// D65 reference white, the white CIE L*a*b* is defined against.
var d65 = [3]float64{0.95047, 1, 1.08883}

// underWhite re-expresses a colour seen under the light whose white paper
// looks like white (XYZ) as it would look under D65 (a von Kries
// adaptation in XYZ): a cube in a shadow and the same cube in full light
// come out alike, as long as the paper beside them is lit alike.
func underWhite(c calibration.Lab, white [3]float64) calibration.Lab {
	xyz := labToXYZ(c)
	for k := range xyz {
		if white[k] > 1e-6 {
			xyz[k] *= d65[k] / white[k]
		}
	}
	lab := xyzToLab(xyz)
	// Brighter than the paper (a glossy white cube) is still white.
	lab[0] = math.Max(0, math.Min(100, lab[0]))
	for k := 1; k < 3; k++ {
		lab[k] = math.Max(-128, math.Min(128, lab[k]))
	}
	return lab
}

func labToXYZ(c calibration.Lab) [3]float64 {
	fy := (c[0] + 16) / 116
	fx := fy + c[1]/500
	fz := fy - c[2]/200
	inv := func(t float64) float64 {
		if t > 6.0/29 {
			return t * t * t
		}
		return 3 * (6.0 / 29) * (6.0 / 29) * (t - 4.0/29)
	}
	return [3]float64{d65[0] * inv(fx), d65[1] * inv(fy), d65[2] * inv(fz)}
}

func xyzToLab(xyz [3]float64) calibration.Lab {
	f := func(t float64) float64 {
		if t > math.Pow(6.0/29, 3) {
			return math.Cbrt(t)
		}
		return t/(3*(6.0/29)*(6.0/29)) + 4.0/29
	}
	fx, fy, fz := f(xyz[0]/d65[0]), f(xyz[1]/d65[1]), f(xyz[2]/d65[2])
	return calibration.Lab{116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)}
}
