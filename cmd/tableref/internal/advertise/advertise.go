// Package advertise makes the status page findable on the home network as
// NAME.local (tableref.local), as OctoPrint's octopi.local is: it asks the
// machine's own mDNS responder, Debian's avahi-daemon, over its D-Bus API
// to publish NAME.local for the machine's addresses and an _http._tcp
// service (listed by the service browsers of phones and laptops). One mDNS
// responder per machine is what avahi asks for: a second one in tableref
// would fight it for port 5353. It follows the addresses as DHCP changes
// them, and takes NAME-2.local, NAME-3.local … when another machine
// (another tableref) holds the name.
package advertise

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/godbus/dbus/v5"
)

// Avahi's D-Bus API (org.freedesktop.Avahi.Server.xml, EntryGroup.xml) and
// the constants of avahi-common/defs.h and address.h.
const (
	busName     = "org.freedesktop.Avahi"
	serverIface = "org.freedesktop.Avahi.Server"
	groupIface  = "org.freedesktop.Avahi.EntryGroup"

	ifUnspec    int32 = -1
	protoInet   int32 = 0
	protoInet6  int32 = 1
	protoUnspec int32 = -1

	// publishNoReverse: no PTR record for the address, which the
	// machine's own host name already has (two would collide).
	publishNoReverse uint32 = 16

	stateEstablished int32 = 2
	stateCollision   int32 = 3
	stateFailure     int32 = 4
)

// ErrNoAvahi says avahi-daemon cannot be reached (not installed, not
// running, or no system bus).
var ErrNoAvahi = errors.New("avahi-daemon does not answer on the system bus")

// Addr is one address of the machine on one interface.
type Addr struct {
	Iface int32 // interface index
	IP    netip.Addr
}

// Options say what to publish.
type Options struct {
	Name string // "tableref": the page is NAME.local
	Port int    // the page's port
	TLS  bool   // the page is served over HTTPS (_https._tcp)
	// Addrs lists the machine's addresses; nil reads the interfaces
	// (LANAddrs). Recheck is how often they are read again (0: 30 s).
	Addrs   func() ([]Addr, error)
	Recheck time.Duration
	// Hostname is the machine's host name (nil: os.Hostname): when it is
	// Name already, avahi publishes NAME.local itself.
	Hostname func() (string, error)
}

// Published is told what is on the network: the name (NAME or NAME-2 …)
// once avahi has established it.
type Published func(name string)

// Run publishes until ctx ends, telling onName each name established. It
// returns at once with an error wrapping ErrNoAvahi when avahi cannot be
// reached, and when avahi fails the records.
func Run(ctx context.Context, conn *dbus.Conn, o Options, onName Published) error {
	if o.Addrs == nil {
		o.Addrs = LANAddrs
	}
	if o.Recheck <= 0 {
		o.Recheck = 30 * time.Second
	}
	if o.Hostname == nil {
		o.Hostname = os.Hostname
	}
	version, err := Probe(ctx, conn)
	if err != nil {
		return err
	}
	// avahi-daemon leaving the bus and coming back (an upgrade restarts
	// it) drops every record it held: watch its name, and publish again
	// when it is back. Only the entry group's state was watched before,
	// and NAME.local stayed gone until tableref restarted.
	signals := make(chan *dbus.Signal, 16)
	conn.Signal(signals)
	defer conn.RemoveSignal(signals)
	owner := []dbus.MatchOption{dbus.WithMatchInterface("org.freedesktop.DBus"), dbus.WithMatchMember("NameOwnerChanged"), dbus.WithMatchArg(0, busName)}
	if err := conn.AddMatchSignalContext(ctx, owner...); err != nil {
		return fmt.Errorf("avahi: watching avahi-daemon on the bus: %w", err)
	}
	defer func() { _ = conn.RemoveMatchSignal(owner...) }()
	for {
		err := publishUntilGone(ctx, conn, version, o, onName, signals)
		if err != nil && ctx.Err() != nil {
			// Stopped in the middle of a call to avahi (a Commit after an
			// address change): the end asked for, not a failure.
			return nil
		}
		if !errors.Is(err, errAvahiGone) {
			return err
		}
		slog.Warn("mdns: avahi-daemon left the bus (restarted?): the page is not advertised until it is back", "name", o.Name+".local")
		if err := waitForOwner(ctx, signals); err != nil {
			return nil // ctx ended
		}
		if version, err = Probe(ctx, conn); err != nil {
			return err
		}
		slog.Info("mdns: avahi-daemon is back: publishing again", "avahi", version)
	}
}

// errAvahiGone says avahi-daemon left the bus while publishing.
var errAvahiGone = errors.New("avahi-daemon left the bus")

// ownerChange reads a NameOwnerChanged signal for avahi's name: whether it
// is one, and the new owner ("" when avahi left).
func ownerChange(s *dbus.Signal) (newOwner string, ok bool) {
	if s.Name != "org.freedesktop.DBus.NameOwnerChanged" || len(s.Body) < 3 {
		return "", false
	}
	if name, _ := s.Body[0].(string); name != busName {
		return "", false
	}
	newOwner, _ = s.Body[2].(string)
	return newOwner, true
}

// waitForOwner waits until avahi's name has an owner again.
func waitForOwner(ctx context.Context, signals <-chan *dbus.Signal) error {
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case s := <-signals:
			if owner, ok := ownerChange(s); ok && owner != "" {
				return nil
			}
		}
	}
}

// publishUntilGone publishes through one entry group until ctx ends (nil),
// avahi fails the records, or avahi leaves the bus (errAvahiGone).
func publishUntilGone(ctx context.Context, conn *dbus.Conn, version string, o Options, onName Published, signals <-chan *dbus.Signal) error {
	server := conn.Object(busName, "/")
	var path dbus.ObjectPath
	if err := server.CallWithContext(ctx, serverIface+".EntryGroupNew", 0).Store(&path); err != nil {
		return fmt.Errorf("avahi %s: a new entry group: %w", version, err)
	}
	group := conn.Object(busName, path)
	defer func() {
		fctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = group.CallWithContext(fctx, groupIface+".Free", 0).Err // the records go with it
	}()
	if err := conn.AddMatchSignalContext(ctx, dbus.WithMatchObjectPath(path), dbus.WithMatchInterface(groupIface), dbus.WithMatchMember("StateChanged")); err != nil {
		return fmt.Errorf("avahi: watching the entry group: %w", err)
	}
	defer func() {
		_ = conn.RemoveMatchSignal(dbus.WithMatchObjectPath(path), dbus.WithMatchInterface(groupIface), dbus.WithMatchMember("StateChanged"))
	}()

	p := &publisher{ctx: ctx, group: group, opt: o, name: o.Name, tries: 1}
	addrs, err := o.Addrs()
	if err != nil {
		return fmt.Errorf("the machine's addresses: %w", err)
	}
	if err := p.publish(addrs); err != nil {
		return err
	}
	slog.Info("mdns: publishing through avahi", "avahi", version, "name", p.name+".local", "port", o.Port)
	tick := time.NewTicker(o.Recheck)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case s := <-signals:
			if owner, ok := ownerChange(s); ok && owner == "" {
				return errAvahiGone
			}
			if s.Path != path || s.Name != groupIface+".StateChanged" || len(s.Body) < 1 {
				continue
			}
			state, _ := s.Body[0].(int32)
			switch state {
			case stateEstablished:
				slog.Info("mdns: the page is on the network", "url", o.URL(p.name+".local"))
				if onName != nil {
					onName(p.name)
				}
			case stateCollision:
				// Another machine holds the name: the next one.
				p.tries++
				old := p.name
				p.name = fmt.Sprintf("%s-%d", o.Name, p.tries)
				slog.Warn("mdns: the name is taken on the network; trying the next", "taken", old+".local", "next", p.name+".local")
				if err := p.publish(p.addrs); err != nil {
					return err
				}
			case stateFailure:
				why := ""
				if len(s.Body) > 1 {
					why, _ = s.Body[1].(string)
				}
				return fmt.Errorf("avahi could not publish %s.local: %s", p.name, why)
			}
		case <-tick.C:
			addrs, err := o.Addrs()
			if err != nil {
				slog.Warn("mdns: the machine's addresses", "err", err)
				continue
			}
			if !slices.Equal(addrs, p.addrs) {
				slog.Info("mdns: the addresses changed", "addrs", fmt.Sprint(addrs))
				if err := p.publish(addrs); err != nil {
					return err
				}
			}
		}
	}
}

type publisher struct {
	ctx   context.Context
	group dbus.BusObject
	opt   Options
	name  string
	tries int
	addrs []Addr
}

// publish replaces the group's records: NAME.local for each address and
// the service, then commits; avahi answers by StateChanged.
func (p *publisher) publish(addrs []Addr) error {
	p.addrs = addrs
	call := func(method string, args ...any) error {
		if err := p.group.CallWithContext(p.ctx, groupIface+"."+method, 0, args...).Err; err != nil {
			return fmt.Errorf("avahi %s: %w", method, err)
		}
		return nil
	}
	if err := call("Reset"); err != nil {
		return err
	}
	host := p.name + ".local"
	short := ""
	if h, err := p.opt.Hostname(); err == nil {
		short, _, _ = strings.Cut(strings.ToLower(h), ".")
	}
	if short != strings.ToLower(p.name) {
		for _, a := range addrs {
			proto := protoInet
			if a.IP.Is6() {
				proto = protoInet6
			}
			if err := call("AddAddress", a.Iface, proto, publishNoReverse, host, a.IP.String()); err != nil {
				return err
			}
		}
	}
	txt := [][]byte{[]byte("path=/")}
	service := "_http._tcp"
	if p.opt.TLS {
		service = "_https._tcp"
	}
	if err := call("AddService", ifUnspec, protoUnspec, uint32(0), p.name, service, "", host, uint16(p.opt.Port), txt); err != nil {
		return err
	}
	return call("Commit")
}

// URL is the address a phone opens.
func URL(name string, port int) string { return Options{Port: port}.URL(name + ".local") }

// URL is the page's address at host: https with TLS, the port left out
// when it is the scheme's own.
func (o Options) URL(host string) string {
	scheme, port := "http", 80
	if o.TLS {
		scheme, port = "https", 443
	}
	if o.Port == port {
		return scheme + "://" + host + "/"
	}
	return scheme + "://" + net.JoinHostPort(host, strconv.Itoa(o.Port)) + "/"
}

// LANAddrs lists the addresses of the interfaces that are up, not loopback
// and not point-to-point: IPv4, and IPv6 link-local (what a phone on the
// same Wi-Fi reaches), in a stable order.
func LANAddrs() ([]Addr, error) {
	ifs, err := net.Interfaces()
	if err != nil {
		return nil, err
	}
	var out []Addr
	for _, ifc := range ifs {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 || ifc.Flags&net.FlagPointToPoint != 0 {
			continue
		}
		as, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range as {
			pfx, err := netip.ParsePrefix(a.String())
			if err != nil {
				continue
			}
			ip := pfx.Addr()
			if ip.Is4() || ip.IsLinkLocalUnicast() {
				out = append(out, Addr{Iface: int32(ifc.Index), IP: ip.WithZone("")})
			}
		}
	}
	slices.SortFunc(out, func(a, b Addr) int {
		if a.Iface != b.Iface {
			return int(a.Iface - b.Iface)
		}
		return a.IP.Compare(b.IP)
	})
	return out, nil
}

// Probe asks avahi-daemon its version: whether it answers on conn.
func Probe(ctx context.Context, conn *dbus.Conn) (string, error) {
	var version string
	if err := conn.Object(busName, "/").CallWithContext(ctx, serverIface+".GetVersionString", 0).Store(&version); err != nil {
		return "", fmt.Errorf("%w: %v", ErrNoAvahi, err)
	}
	return version, nil
}
