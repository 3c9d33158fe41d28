package advertise

import (
	"context"
	"net/netip"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/tableref/tableref/cmd/tableref/internal/advertise/avahitest"
)

type addrList struct {
	mu sync.Mutex
	a  []Addr
}

func (l *addrList) get() ([]Addr, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Addr(nil), l.a...), nil
}

func (l *addrList) set(a ...Addr) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.a = a
}

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if ok() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// tableref.local is published for each address (no reverse record: the
// host name has it) with the page's service; when another machine holds
// the name, tableref-2.local; when DHCP changes the address, the new one;
// when tableref stops, the records go.
func TestPublishThroughAvahi(t *testing.T) {
	addr := avahitest.Bus(t)
	fake := avahitest.Start(t, addr, "tableref.local")
	client := avahitest.Connect(t, addr)
	addrs := &addrList{}
	addrs.set(Addr{Iface: 2, IP: netip.MustParseAddr("192.168.1.20")}, Addr{Iface: 2, IP: netip.MustParseAddr("fe80::1")})
	names := make(chan string, 4)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, client, Options{Name: "tableref", Port: 80, Addrs: addrs.get, Recheck: 50 * time.Millisecond,
			Hostname: func() (string, error) { return "raspberrypi", nil }}, func(n string) { names <- n })
	}()
	select {
	case n := <-names:
		if n != "tableref-2" {
			t.Errorf("published as %q, want tableref-2 (tableref.local is taken)", n)
		}
	case err := <-done:
		t.Fatal(err)
	case <-time.After(10 * time.Second):
		t.Fatal("nothing published")
	}
	want := []string{
		"A tableref-2.local 192.168.1.20 if2 proto0 flags16",
		"A tableref-2.local fe80::1 if2 proto1 flags16",
		`SRV "tableref-2" _http._tcp tableref-2.local:80 path=/`,
	}
	if got := fake.Records(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("records\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	addrs.set(Addr{Iface: 2, IP: netip.MustParseAddr("192.168.1.77")})
	waitFor(t, "the new address", func() bool {
		r := fake.Records()
		return len(r) == 2 && r[0] == "A tableref-2.local 192.168.1.77 if2 proto0 flags16"
	})
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if r := fake.Records(); len(r) != 0 || fake.Freed() != 1 {
		t.Errorf("after stopping: records %v, freed %d", r, fake.Freed())
	}
}

// On a Pi already named tableref, avahi publishes tableref.local itself:
// only the service is added. Without avahi, a clear error.
func TestHostNamedLikeThePage(t *testing.T) {
	addr := avahitest.Bus(t)
	fake := avahitest.Start(t, addr)
	client := avahitest.Connect(t, addr)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	names := make(chan string, 1)
	go Run(ctx, client, Options{Name: "tableref", Port: 8080, Addrs: func() ([]Addr, error) {
		return []Addr{{Iface: 3, IP: netip.MustParseAddr("10.0.0.5")}}, nil
	}, Hostname: func() (string, error) { return "tableref", nil }}, func(n string) { names <- n })
	if n := <-names; n != "tableref" {
		t.Errorf("name %q", n)
	}
	if r := fake.Records(); len(r) != 1 || !strings.HasPrefix(r[0], `SRV "tableref" _http._tcp tableref.local:8080`) {
		t.Errorf("records %v", r)
	}
	if URL("tableref", 8080) != "http://tableref.local:8080/" || URL("tableref-2", 80) != "http://tableref-2.local/" {
		t.Error("URL")
	}

	other := avahitest.Bus(t) // a bus without avahi
	err := Run(context.Background(), avahitest.Connect(t, other), Options{Name: "tableref", Port: 80}, nil)
	if err == nil || !strings.Contains(err.Error(), ErrNoAvahi.Error()) {
		t.Errorf("without avahi: %v", err)
	}
}

// With a real avahi-daemon (TABLEREF_AVAHI_BUS names its system bus; not
// part of make test, which has none): tableref.local resolves to this
// machine's address and the service is listed with the page's port, as a
// phone's resolver and browser see them through avahi's own tools.
func TestRealAvahi(t *testing.T) {
	busAddr := os.Getenv("TABLEREF_AVAHI_BUS")
	if busAddr == "" {
		t.Skip("TABLEREF_AVAHI_BUS is not set: no real avahi-daemon to publish through")
	}
	conn := avahitest.Connect(t, busAddr)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	names := make(chan string, 1)
	errs := make(chan error, 1)
	go func() { errs <- Run(ctx, conn, Options{Name: "tableref", Port: 8080}, func(n string) { names <- n }) }()
	var name string
	select {
	case name = <-names:
	case err := <-errs:
		t.Fatal(err)
	case <-time.After(20 * time.Second):
		t.Fatal("not established")
	}
	env := append(os.Environ(), "DBUS_SYSTEM_BUS_ADDRESS="+busAddr)
	run := func(args ...string) string {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v: %s", args, err, out)
		}
		t.Logf("$ %s\n%s", strings.Join(args, " "), out)
		return string(out)
	}
	addrs, _ := LANAddrs()
	got := run("avahi-resolve", "-4", "-n", name+".local")
	ok := false
	for _, a := range addrs {
		ok = ok || strings.Contains(got, a.IP.String())
	}
	if !ok {
		t.Errorf("%s.local resolves to %q, want one of %v", name, got, addrs)
	}
	if b := run("avahi-browse", "-rtp", "_http._tcp"); !strings.Contains(b, name+".local;") || !strings.Contains(b, ";8080;") {
		t.Errorf("the service is not listed with port 8080: %s", b)
	}
}

// onePiOnAPrivateBus is a stand-in avahi on a private bus, a client of
// it, and the Pi's one address, 192.168.1.20 on interface 2.
func onePiOnAPrivateBus(t *testing.T) (string, *avahitest.Avahi, *dbus.Conn, *addrList) {
	t.Helper()
	addr := avahitest.Bus(t)
	fake := avahitest.Start(t, addr)
	client := avahitest.Connect(t, addr)
	addrs := &addrList{}
	addrs.set(Addr{Iface: 2, IP: netip.MustParseAddr("192.168.1.20")})
	return addr, fake, client, addrs
}

// avahi-daemon restarting (an upgrade does it) drops every record it held:
// tableref sees it leave the bus, waits, and publishes again through the
// new one (issue 33 D3: tableref.local stayed gone until tableref
// restarted, and nothing was logged).
func TestPublishesAgainAfterAvahiRestarts(t *testing.T) {
	addr, first, client, addrs := onePiOnAPrivateBus(t)
	names := make(chan string, 4)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, client, Options{Name: "tableref", Port: 80, Addrs: addrs.get, Recheck: time.Hour,
			Hostname: func() (string, error) { return "raspberrypi", nil }}, func(n string) { names <- n })
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}()
	wait := func(what string) {
		t.Helper()
		select {
		case n := <-names:
			if n != "tableref" {
				t.Fatalf("%s: published %s.local", what, n)
			}
		case err := <-done:
			t.Fatalf("%s: Run returned %v", what, err)
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: not established", what)
		}
	}
	wait("at start")
	first.Stop(t)
	second := avahitest.Start(t, addr)
	wait("after avahi restarted")
	waitFor(t, "the records in the new avahi", func() bool {
		recs := strings.Join(second.Records(), "\n")
		return strings.Contains(recs, "A tableref.local 192.168.1.20") && strings.Contains(recs, "SRV")
	})
}

// Stopping the referee while tableref waits for avahi's answer to a
// commit (an address just changed) is the end asked for, not an error:
// the call fails with the context, and Run used to return "avahi Commit:
// context canceled", which made a clean stop look like a failure (and
// TestPublishThroughAvahi flaky on a loaded machine).
func TestStopDuringACommitIsNotAnError(t *testing.T) {
	_, fake, client, addrs := onePiOnAPrivateBus(t)
	inCommit, hold := make(chan struct{}, 1), make(chan struct{})
	defer close(hold)
	fake.OnCommit(func(n int) {
		if n == 2 { // the commit after the address change
			inCommit <- struct{}{}
			<-hold
		}
	})
	names := make(chan string, 4)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, client, Options{Name: "tableref", Port: 80, Addrs: addrs.get, Recheck: 20 * time.Millisecond,
			Hostname: func() (string, error) { return "raspberrypi", nil }}, func(n string) { names <- n })
	}()
	select {
	case <-names:
	case err := <-done:
		t.Fatal(err)
	case <-time.After(10 * time.Second):
		t.Fatal("nothing published")
	}
	addrs.set(Addr{Iface: 2, IP: netip.MustParseAddr("192.168.1.77")})
	select {
	case <-inCommit:
	case <-time.After(10 * time.Second):
		t.Fatal("the address change was never committed")
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("stopped during a commit: Run returned %v, want nil", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after its context ended")
	}
}
