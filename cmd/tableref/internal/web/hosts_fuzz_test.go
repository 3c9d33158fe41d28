package web

import (
	"net"
	"net/netip"
	"strings"
	"testing"
)

// FuzzHostCheck: whatever a request's Host header holds, the allow-list
// answers without panicking, and lets in only the names it knows
// (localhost, the configured ones), loopback and the machine's own
// addresses: never a name or address it was not given.
func FuzzHostCheck(f *testing.F) {
	for _, s := range []string{"localhost", "tableref.local:80", "[::1]:8080", "127.0.0.1", "evil.example", "TABLEREF.LOCAL.", "[fe80::1%eth0]:80", "192.168.1.20:80", "", ":", "[", "]::1["} {
		f.Add(s)
	}
	own := netip.MustParseAddr("192.168.1.20")
	h := newHostCheck([]string{"tableref.local"})
	h.names = map[string]bool{"localhost": true, "tableref.local": true} // not this machine's host name: the test must not depend on it
	h.ifAddrs = func() ([]net.Addr, error) {
		return []net.Addr{&net.IPNet{IP: own.AsSlice(), Mask: net.CIDRMask(24, 32)}}, nil
	}
	f.Fuzz(func(t *testing.T, host string) {
		if !h.allowed(host) {
			return
		}
		name := host
		if hh, _, err := net.SplitHostPort(host); err == nil {
			name = hh
		}
		name = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(name, "["), "]"))), ".")
		if name == "localhost" || name == "tableref.local" {
			return
		}
		a, err := netip.ParseAddr(name)
		if err != nil {
			t.Fatalf("Host %q let in: %q is neither a known name nor an address", host, name)
		}
		if a = a.Unmap().WithZone(""); !a.IsLoopback() && a != own {
			t.Fatalf("Host %q let in: %v is not loopback nor this machine's", host, a)
		}
	})
}
