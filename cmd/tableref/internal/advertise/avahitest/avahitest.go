// Package avahitest is a stand-in for avahi-daemon on a private D-Bus
// daemon, for tests of what tableref asks avahi to publish: it answers
// avahi's D-Bus methods with avahi's own signatures, records the records
// committed, and says a name is taken on the network when told so.
package avahitest

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/godbus/dbus/v5"
)

// The names avahi-daemon answers to on D-Bus and the entry group states it
// signals (org.freedesktop.Avahi.*.xml, avahi-common/defs.h).
const (
	busName                = "org.freedesktop.Avahi"
	serverIface            = "org.freedesktop.Avahi.Server"
	groupIface             = "org.freedesktop.Avahi.EntryGroup"
	stateEstablished int32 = 2
	stateCollision   int32 = 3
)

// Bus starts a private D-Bus daemon for a test (Debian's dbus-daemon, which
// scripts/setup installs) and returns its address.
func Bus(t testing.TB) string {
	t.Helper()
	bin, err := exec.LookPath("dbus-daemon")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("dbus-daemon is not installed; scripts/setup installs it")
		}
		t.Skip("dbus-daemon is not installed (scripts/setup installs it)")
	}
	dir := t.TempDir()
	cmd := exec.Command(bin, "--session", "--nofork", "--print-address=1", "--address=unix:path="+filepath.Join(dir, "bus"))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("dbus-daemon: %v", err)
	}
	return strings.TrimSpace(line)
}

// Connect connects to the bus at addr for the test.
func Connect(t testing.TB, addr string) *dbus.Conn {
	t.Helper()
	c, err := dbus.Connect(addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// Avahi answers avahi-daemon's D-Bus methods with avahi's signatures
// (a wrong argument type is refused by the bus library, as avahi would),
// records the records committed, and answers a commit with a collision
// for the names in taken.
type Avahi struct {
	conn  *dbus.Conn
	mu    sync.Mutex
	taken map[string]bool
	next  int
	// per group: the records being built, and those committed
	building  map[dbus.ObjectPath][]string
	committed []string
	freed     int
	commits   int
	onCommit  func(n int)
}

// OnCommit makes f run in each Commit, the nth counted from 1, before the
// fake answers: a test holds a commit there to stop the publisher in the
// middle of its call.
func (a *Avahi) OnCommit(f func(n int)) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.onCommit = f
}

// Freed is how many entry groups were freed.
func (a *Avahi) Freed() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.freed
}

// GetVersionString is avahi's org.freedesktop.Avahi.Server method.
func (a *Avahi) GetVersionString() (string, *dbus.Error) { return "avahi 0.8 (fake)", nil }

// EntryGroupNew is avahi's org.freedesktop.Avahi.Server method.
func (a *Avahi) EntryGroupNew() (dbus.ObjectPath, *dbus.Error) {
	a.mu.Lock()
	a.next++
	p := dbus.ObjectPath(fmt.Sprintf("/Client1/EntryGroup%d", a.next))
	a.mu.Unlock()
	if err := a.conn.Export(&fakeGroup{a: a, path: p}, p, groupIface); err != nil {
		return "", dbus.MakeFailedError(err)
	}
	return p, nil
}

type fakeGroup struct {
	a    *Avahi
	path dbus.ObjectPath
}

func (g *fakeGroup) add(rec string) {
	g.a.mu.Lock()
	defer g.a.mu.Unlock()
	g.a.building[g.path] = append(g.a.building[g.path], rec)
}

// Reset and the methods below are org.freedesktop.Avahi.EntryGroup's.
func (g *fakeGroup) Reset() *dbus.Error {
	g.a.mu.Lock()
	defer g.a.mu.Unlock()
	g.a.building[g.path] = nil
	return nil
}

func (g *fakeGroup) AddAddress(iface, proto int32, flags uint32, name, address string) *dbus.Error {
	g.add(fmt.Sprintf("A %s %s if%d proto%d flags%d", name, address, iface, proto, flags))
	return nil
}

func (g *fakeGroup) AddService(iface, proto int32, flags uint32, name, typ, domain, host string, port uint16, txt [][]byte) *dbus.Error {
	var t []string
	for _, b := range txt {
		t = append(t, string(b))
	}
	g.add(fmt.Sprintf("SRV %q %s %s:%d %s", name, typ, host, port, strings.Join(t, ",")))
	return nil
}

func (g *fakeGroup) Commit() *dbus.Error {
	g.a.mu.Lock()
	recs := g.a.building[g.path]
	collide := false
	for _, r := range recs {
		for name := range g.a.taken {
			collide = collide || strings.Contains(r, " "+name+" ") || strings.Contains(r, " "+name+":")
		}
	}
	if !collide {
		g.a.committed = append([]string(nil), recs...)
	}
	g.a.commits++
	n, hook := g.a.commits, g.a.onCommit
	g.a.mu.Unlock()
	if hook != nil {
		hook(n)
	}
	state := stateEstablished
	if collide {
		state = stateCollision
	}
	go g.a.conn.Emit(g.path, groupIface+".StateChanged", state, "")
	return nil
}

func (g *fakeGroup) Free() *dbus.Error {
	g.a.mu.Lock()
	defer g.a.mu.Unlock()
	g.a.freed++
	g.a.committed = nil
	return nil
}

// Records are the records committed and not freed, in order: "A NAME
// ADDRESS ifN protoN flagsN" and "SRV \"NAME\" TYPE HOST:PORT TXT".
func (a *Avahi) Records() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.committed...)
}

// Start takes avahi's name on the bus at addr; committing a record for
// a name in taken ("tableref.local") collides, as when another machine
// holds it.
func Start(t testing.TB, addr string, taken ...string) *Avahi {
	t.Helper()
	conn := Connect(t, addr)
	a := &Avahi{conn: conn, taken: map[string]bool{}, building: map[dbus.ObjectPath][]string{}}
	for _, n := range taken {
		a.taken[n] = true
	}
	if err := conn.Export(a, "/", serverIface); err != nil {
		t.Fatal(err)
	}
	if r, err := conn.RequestName(busName, dbus.NameFlagDoNotQueue); err != nil || r != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("the fake avahi could not take its name: %v %v", r, err)
	}
	return a
}

// Stop leaves the bus as avahi-daemon does when it stops or restarts:
// its name goes, with every record it held. Start another for the
// restarted daemon.
func (a *Avahi) Stop(t testing.TB) {
	t.Helper()
	if _, err := a.conn.ReleaseName(busName); err != nil {
		t.Fatal(err)
	}
	a.mu.Lock()
	a.committed = nil
	a.mu.Unlock()
	a.conn.Close()
}
