package daemon

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/godbus/dbus/v5"

	"github.com/tableref/tableref/cmd/tableref/internal/advertise"
	"github.com/tableref/tableref/cmd/tableref/internal/present"
)

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
	opts := advertise.Options{Name: d.cfg.Web.Name, Port: port, TLS: d.cert != nil}
	byIP := func(why error) {
		addrs, _ := advertise.LANAddrs()
		for _, a := range addrs {
			if a.IP.Is4() {
				host := a.IP.String()
				url := opts.URL(host)
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
	err = advertise.Run(ctx, conn, opts, func(name string) {
		tell(joinMsg{url: opts.URL(name + ".local"), host: name + ".local"})
	})
	if err != nil && ctx.Err() == nil {
		byIP(err)
	}
}

// joined takes the address phones open: on the page, and on the display
// with the PIN.
func (d *daemon) joined(j joinMsg, port int) {
	d.h.join, d.h.port, d.h.joinHost = j.url, port, j.host
	d.pres.Send(append(present.JoinScreens(j.host, port, present.PINShown(d.deps.Display, d.cfg.Web.PIN)), present.CertScreens(d.cert.Short())...))
	d.publish()
}

// joinWait is how long the start waits for the page's address, so that the
// display says it before the game's first screens.
const joinWait = 3 * time.Second
