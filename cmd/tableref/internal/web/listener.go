package web

import (
	"log/slog"
	"net"
	"time"

	"golang.org/x/net/netutil"
	"golang.org/x/sys/unix"
)

// MaxConns bounds the page's open connections: MaxStreams event streams,
// the requests of a few phones beside them, and room to spare. Past it
// new connections wait in the kernel's queue (no file descriptor is
// spent on them) until one closes; refused pages' idle connections held
// 316 descriptors before there was a cap.
const MaxConns = 64

// peerGoneAfter is how long data may sit unacknowledged before the
// kernel drops the connection (TCP_USER_TIMEOUT). A phone that vanished
// without closing (Wi-Fi off, battery out) acknowledges nothing: its
// stream's writes keep fitting in the socket buffer, so no write
// deadline fires, and without this its slot was held for the 16 minutes
// of TCP's retransmissions.
const peerGoneAfter = 20 * time.Second

// guardListener caps the connections and gives each the peer timeout.
func guardListener(ln net.Listener) net.Listener {
	return netutil.LimitListener(peerTimeoutListener{ln}, MaxConns)
}

type peerTimeoutListener struct{ net.Listener }

func (l peerTimeoutListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return c, err
	}
	if tc, ok := c.(*net.TCPConn); ok {
		if err := setUserTimeout(tc, peerGoneAfter); err != nil {
			slog.Debug("web: cannot set TCP_USER_TIMEOUT", "err", err)
		}
		_ = tc.SetKeepAlivePeriod(peerGoneAfter / 2) // an idle stream is probed too
	}
	return c, nil
}

// setUserTimeout sets TCP_USER_TIMEOUT (Linux) on c.
func setUserTimeout(c *net.TCPConn, d time.Duration) error {
	raw, err := c.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	if err := raw.Control(func(fd uintptr) {
		serr = unix.SetsockoptInt(int(fd), unix.IPPROTO_TCP, unix.TCP_USER_TIMEOUT, int(d.Milliseconds()))
	}); err != nil {
		return err
	}
	return serr
}

// userTimeout reads TCP_USER_TIMEOUT back (for tests).
func userTimeout(c *net.TCPConn) (time.Duration, error) {
	raw, err := c.SyscallConn()
	if err != nil {
		return 0, err
	}
	var ms int
	var gerr error
	if err := raw.Control(func(fd uintptr) {
		ms, gerr = unix.GetsockoptInt(int(fd), unix.IPPROTO_TCP, unix.TCP_USER_TIMEOUT)
	}); err != nil {
		return 0, err
	}
	return time.Duration(ms) * time.Millisecond, gerr
}
