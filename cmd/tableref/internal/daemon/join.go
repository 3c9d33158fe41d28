package daemon

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"syscall"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/tableref/tableref/cmd/tableref/internal/advertise"
	"github.com/tableref/tableref/cmd/tableref/internal/present"
	"github.com/tableref/tableref/hw/display"
)

// listen opens the status page's address. On the Pi the page listens on
// port 80, so that phones open plain tableref.local; where that port is
// taken or not allowed (tableref run by hand, without the service's
// CAP_NET_BIND_SERVICE), it falls back to 8080 and says so.
func listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	host, port, _ := net.SplitHostPort(addr)
	if err != nil && port == "80" && (errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.EADDRINUSE)) {
		alt := net.JoinHostPort(host, "8080")
		if ln2, err2 := net.Listen("tcp", alt); err2 == nil {
			slog.Warn("status page: port 80 is not available, using 8080 instead (phones open NAME.local:8080)", "err", err)
			return ln2, nil
		}
	}
	return ln, err
}

// listenError says why the page cannot listen and what to type: the port
// is another program's (a second tableref, another server), or needs a
// privilege; --listen (web.listen) moves the page (issue 31: "address
// already in use" gave no hint of either).
func listenError(addr string, err error) error {
	hint := ""
	host, port, _ := net.SplitHostPort(addr)
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		alt := "8081"
		if port == "8081" {
			alt = "8082"
		}
		hint = fmt.Sprintf(": another program has port %s (a second tableref?); give the page another with --listen %s (web.listen in the configuration), or --listen off for none", port, net.JoinHostPort(host, alt))
	case errors.Is(err, syscall.EACCES):
		hint = fmt.Sprintf(": port %s needs a privilege this user lacks (the service has it); give --listen %s", port, net.JoinHostPort(host, "8080"))
	}
	return fmt.Errorf("web.listen %s: %w%s", addr, err, hint)
}

// pageNames are the names the page answers to on the network besides its
// own (see web.Options.Hosts): NAME.local and the names advertise takes
// when NAME.local is held by another machine.
func pageNames(name string) []string {
	if name == "" {
		return nil
	}
	out := []string{name + ".local"}
	for i := 2; i <= 9; i++ {
		out = append(out, fmt.Sprintf("%s-%d.local", name, i))
	}
	return out
}

// joinMsg is what the advertiser found: the address phones open.
type joinMsg struct {
	url, host string // "http://tableref.local/", "tableref.local" (or the IP without avahi)
}

// advertiseStage publishes the page as NAME.local through avahi-daemon and
// tells the referee the address phones open; without avahi it tells the
// machine's IP address instead. It never stops tableref: a page that cannot
// be advertised is still reached by its address.
func (d *daemon) advertiseStage(ctx context.Context, port int, bus func() (*dbus.Conn, error)) {
	tell := func(j joinMsg) {
		select {
		case d.joins <- j:
		case <-ctx.Done():
		}
	}
	byIP := func(why error) {
		addrs, _ := advertise.LANAddrs()
		for _, a := range addrs {
			if a.IP.Is4() {
				host := a.IP.String()
				url := "http://" + host + "/"
				if port != 80 {
					url = "http://" + net.JoinHostPort(host, strconv.Itoa(port)) + "/"
				}
				slog.Warn("mdns: the page is not advertised by name; phones open its address", "url", url, "why", why)
				tell(joinMsg{url: url, host: host})
				return
			}
		}
		slog.Warn("mdns: the page is not advertised, and this machine has no network address", "why", why)
	}
	if bus == nil {
		bus = func() (*dbus.Conn, error) { return dbus.ConnectSystemBus() }
	}
	conn, err := bus()
	if err != nil {
		byIP(fmt.Errorf("%w (%v): install and start it: sudo apt install avahi-daemon", advertise.ErrNoAvahi, err))
		return
	}
	defer conn.Close()
	err = advertise.Run(ctx, conn, advertise.Options{Name: d.cfg.Web.Name, Port: port}, func(name string) {
		tell(joinMsg{url: advertise.URL(name, port), host: name + ".local"})
	})
	if err != nil && ctx.Err() == nil {
		byIP(err)
	}
}

// joinScreens say on the display how a phone joins: the name (or address)
// and the PIN, e.g. "tableref.local" / "PIN 482193", or with another port
// "tableref.local" / ":8080 PIN 4821".
func joinScreens(j joinMsg, port int, pin string) []present.Screen {
	second := "PIN " + pin
	if pin == "" {
		second = "on your phone"
	}
	if port != 80 {
		second = ":" + strconv.Itoa(port) + " " + second
	}
	out := []present.Screen{{Msg: display.Message{Lines: []string{j.host, second}}, Hold: present.VerdictHold, Class: present.ClassSystem}}
	if len([]rune(second)) > 16 || len([]rune(j.host)) > 16 {
		out = []present.Screen{
			{Msg: display.Message{Lines: []string{"Phones open:", j.host}}, Hold: present.VerdictHold, Class: present.ClassSystem},
			{Msg: display.Message{Lines: []string{"port " + strconv.Itoa(port), "PIN " + pin}}, Hold: present.VerdictHold, Class: present.ClassSystem},
		}
	}
	return out
}

// webPort is the port the page listens on.
func webPort(ln net.Listener) int {
	if a, ok := ln.Addr().(*net.TCPAddr); ok {
		return a.Port
	}
	return 0
}

// joined takes the address phones open: on the page, and on the display
// with the PIN.
func (d *daemon) joined(j joinMsg, port int) {
	d.h.join, d.h.port, d.h.joinHost = j.url, port, j.host
	d.pres.Send(joinScreens(j, port, pinShown(d.deps.Display, d.cfg.Web.PIN)))
	d.publish()
}

// joinWait is how long the start waits for the page's address, so that the
// display says it before the game's first screens.
const joinWait = 3 * time.Second

// hiddenPIN stands for the PIN on a display that is a log: "PIN in
// web-pin" says where to read it (/etc/tableref/web-pin, root and the
// service only).
const hiddenPIN = "in web-pin"

// pinShown is what the display says of the PIN: the PIN itself, unless
// the display is the console writing to a log (the system journal,
// readable by group adm on Raspberry Pi OS, where the PIN file is not).
func pinShown(dev any, pin string) string {
	if c, ok := dev.(interface{ Logged() bool }); ok && pin != "" && c.Logged() {
		return hiddenPIN
	}
	return pin
}
