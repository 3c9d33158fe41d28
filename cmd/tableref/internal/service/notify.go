package service

import (
	"context"
	"log/slog"
	"net"
	"os"
	"strconv"
	"time"
)

// Notifier speaks systemd's sd_notify protocol (a datagram to
// $NOTIFY_SOCKET), enough for Type=notify and WatchdogSec: READY=1 once
// the pipeline runs, WATCHDOG=1 while the referee goroutine answers,
// STOPPING=1 on the way out. Without NOTIFY_SOCKET it does nothing.
type Notifier struct {
	addr string
}

func NewNotifier() *Notifier { return &Notifier{addr: os.Getenv("NOTIFY_SOCKET")} }

func (n *Notifier) Send(state string) {
	if n.addr == "" {
		return
	}
	addr := n.addr
	if addr[0] == '@' { // abstract socket
		addr = "\x00" + addr[1:]
	}
	c, err := net.DialUnix("unixgram", nil, &net.UnixAddr{Name: addr, Net: "unixgram"})
	if err != nil {
		slog.Debug("sd_notify", "err", err)
		return
	}
	defer c.Close()
	if _, err := c.Write([]byte(state)); err != nil {
		slog.Debug("sd_notify", "err", err)
	}
}

// watchdogInterval is half of $WATCHDOG_USEC (systemd's advice), or 0
// when the unit has no watchdog (or it is meant for another process).
func watchdogInterval() time.Duration {
	us, err := strconv.ParseInt(os.Getenv("WATCHDOG_USEC"), 10, 64)
	if err != nil || us <= 0 {
		return 0
	}
	if pid := os.Getenv("WATCHDOG_PID"); pid != "" && pid != strconv.Itoa(os.Getpid()) {
		return 0
	}
	return time.Duration(us) * time.Microsecond / 2
}

// watchdog pets systemd's watchdog while alive() says the referee loop is
// turning: a referee stuck (a hung driver, a deadlock) stops the petting
// and systemd restarts the service.
func (n *Notifier) Watchdog(ctx context.Context, alive func() bool) {
	every := watchdogInterval()
	if every <= 0 || n.addr == "" {
		return
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if alive() {
				n.Send("WATCHDOG=1")
			} else {
				slog.Error("watchdog: the referee loop is not answering; systemd will restart the service")
			}
		}
	}
}
