// Package strictyaml decodes the YAML files people edit by hand (the
// hardware profile, the daemon's configuration) strictly and in one way:
// every key the target struct does not have is reported at once, with its
// dotted path, its line and the keys known at that place, because a typo
// that silently falls back to a default is found only at the table. It
// lives beside the hardware profile, the lowest layer that reads YAML;
// the daemon's configuration (cmd) uses it too.
package strictyaml

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// Decode decodes data into v, a pointer to a struct with yaml tags.
// Unknown keys, then type errors, are returned with their lines
// ("line 3: unknown key "web.pin_code" (known here: lan, listen, pin)");
// several are joined with "; ". An empty document leaves v as it was.
func Decode(data []byte, v any) error {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return err
	}
	if len(root.Content) == 0 {
		return nil
	}
	var problems []string
	checkKeys(root.Content[0], reflect.TypeOf(v), "", &problems)
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "; "))
	}
	if err := root.Content[0].Decode(v); err != nil {
		var te *yaml.TypeError
		if errors.As(err, &te) {
			return errors.New(strings.Join(te.Errors, "; "))
		}
		return err
	}
	return nil
}

// checkKeys walks a mapping node against the struct type t and reports
// every key the struct does not have, with its full dotted path and line.
// Maps (free keys) and other kinds are not checked.
func checkKeys(n *yaml.Node, t reflect.Type, path string, problems *[]string) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n.Kind != yaml.MappingNode || t.Kind() != reflect.Struct {
		return
	}
	fields := map[string]reflect.Type{}
	var names []string
	for i := 0; i < t.NumField(); i++ {
		tag, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		if tag != "" && tag != "-" {
			fields[tag] = t.Field(i).Type
			names = append(names, tag)
		}
	}
	sort.Strings(names)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		key := k.Value
		if path != "" {
			key = path + "." + k.Value
		}
		ft, ok := fields[k.Value]
		if !ok {
			*problems = append(*problems, fmt.Sprintf("line %d: unknown key %q (known here: %s)", k.Line, key, strings.Join(names, ", ")))
			continue
		}
		checkKeys(v, ft, key, problems)
	}
}
