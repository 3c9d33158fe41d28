package cli

import (
	"fmt"
	"strings"
)

// ParseOption reads one --option KEY=VALUE of a game (scan, run, print):
// the key and value trimmed, the key not empty. The first "=" splits, so a
// value may hold more. The error quotes what was typed.
func ParseOption(kv string) (key, value string, err error) {
	k, v, ok := strings.Cut(kv, "=")
	k = strings.TrimSpace(k)
	if !ok || k == "" {
		return "", "", fmt.Errorf("%q: want KEY=VALUE", kv)
	}
	return k, strings.TrimSpace(v), nil
}

// ParseOptions reads repeated --option flags into a map (a later key
// replaces an earlier one); an error is a usage error naming the flag.
func ParseOptions(kvs []string) (map[string]string, error) {
	out := map[string]string{}
	for _, kv := range kvs {
		k, v, err := ParseOption(kv)
		if err != nil {
			return nil, Usagef("--option %v", err)
		}
		out[k] = v
	}
	return out, nil
}
