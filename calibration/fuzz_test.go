package calibration

import (
	"errors"
	"reflect"
	"testing"
)

// FuzzParse feeds the calibration reader arbitrary bytes: it must never
// panic, every error must be ErrInvalid, and a file it accepts must be
// written (Marshal) and read back as the same calibration.
func FuzzParse(f *testing.F) {
	b, err := full().Marshal()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(`{"format":1}`))
	f.Add([]byte(`{"format":1,"table":{"image":[2304,1296],"homography":[1,0,0,0,1,0,0,0,1],"source":"codes","code_mm":30,"codes":4,"rms_mm":0.1}}`))
	f.Add([]byte(`{"format":1,"colours":{"cubes":[{"colour":"red","lab":[50,60,40],"spread":1e400}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse(data)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("error is not ErrInvalid: %v", err)
			}
			return
		}
		out, err := c.Marshal()
		if err != nil {
			t.Fatalf("accepted but cannot be written: %v", err)
		}
		again, err := Parse(out)
		if err != nil {
			t.Fatalf("the written file does not read back: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(c, again) {
			t.Fatalf("round trip changed the calibration:\n%+v\n%+v", c, again)
		}
	})
}
