package calibration

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
)

// nonFinite adds a problem for every NaN or infinite number in v, named by
// its JSON path ("colours.cubes[0].spread"). JSON cannot spell NaN, but a
// calibration computed from a degenerate photo can hold one, and every
// range check below (v < 0, v > max) lets NaN through.
func nonFinite(v reflect.Value, path string, p *problems) {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			p.add(path, "%v is not a finite number", f)
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			nonFinite(v.Elem(), path, p)
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			sub := name
			if path != "" {
				sub = path + "." + name
			}
			nonFinite(v.Field(i), sub, p)
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			nonFinite(v.Index(i), fmt.Sprintf("%s[%d]", path, i), p)
		}
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
		for _, k := range keys {
			nonFinite(v.MapIndex(k), fmt.Sprintf("%s.%v", path, k), p)
		}
	}
}
