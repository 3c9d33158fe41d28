package web

import (
	"log/slog"
	"net"
	"net/netip"
	"os"
	"strings"
	"sync"
	"time"
)

// hostCheck is the Host allow-list: the page answers only to the names it
// is known by — localhost, the machine's host name and NAME.local, the
// configured names (web.hosts) — and to the machine's own addresses.
//
// Why: without it a web page elsewhere can re-point its own name at
// 127.0.0.1 (DNS rebinding); opened in a browser on the Pi, its scripts
// then talk to this server as a same-origin page on the machine itself,
// where no PIN is asked: it could press Undo, start a new game (archiving
// the live journal) and read the camera picture. The Origin check cannot
// see this (Origin and Host are both the attacker's name); the Host check
// does, since the attacker's name is not one of ours.
type hostCheck struct {
	names map[string]bool

	mu      sync.Mutex
	addrs   map[netip.Addr]bool // the machine's addresses, re-read now and then (DHCP)
	readAt  time.Time
	ifAddrs func() ([]net.Addr, error)
}

func newHostCheck(extra []string) *hostCheck {
	h := &hostCheck{names: map[string]bool{"localhost": true}, ifAddrs: net.InterfaceAddrs}
	if name, err := os.Hostname(); err == nil && name != "" {
		name = normHost(name)
		short, _, _ := strings.Cut(name, ".")
		h.names[name], h.names[short], h.names[short+".local"] = true, true, true
	}
	for _, n := range extra {
		if n = normHost(n); n != "" {
			h.names[n] = true
		}
	}
	return h
}

// normHost lower-cases a name and drops a final dot (a fully qualified
// "pi.local." is the same name).
func normHost(s string) string { return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), ".") }

// allowed reports whether a request's Host header (name or address, with
// or without a port) is one of ours.
func (h *hostCheck) allowed(hostport string) bool {
	host := hostport
	if hh, _, err := net.SplitHostPort(hostport); err == nil {
		host = hh
	}
	host = normHost(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
	if host == "" {
		return false
	}
	if a, err := netip.ParseAddr(host); err == nil {
		a = a.Unmap()
		return a.IsLoopback() || h.ownAddr(a)
	}
	return h.names[host]
}

// ownAddr reports whether a is an address of this machine, reading the
// interfaces again at most every 10 s (an address may change under DHCP).
func (h *hostCheck) ownAddr(a netip.Addr) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.addrs == nil || time.Since(h.readAt) > 10*time.Second {
		h.readAt = time.Now()
		h.addrs = map[netip.Addr]bool{}
		list, err := h.ifAddrs()
		if err != nil {
			slog.Warn("web: cannot list this machine's addresses", "err", err)
		}
		for _, ad := range list {
			if p, err := netip.ParsePrefix(ad.String()); err == nil {
				h.addrs[p.Addr().Unmap().WithZone("")] = true
			}
		}
	}
	return h.addrs[a.WithZone("")]
}
