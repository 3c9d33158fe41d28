package web

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"syscall"
)

// Listen opens the status page's address. On the Pi the page listens on
// port 80, so that phones open plain tableref.local; where that port is
// taken or not allowed (tableref run by hand, without the service's
// CAP_NET_BIND_SERVICE), it falls back to 8080 and says so.
func Listen(addr string) (net.Listener, error) {
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

// ListenError says why the page cannot listen and what to type: the port
// is another program's (a second tableref, another server), or needs a
// privilege; --listen (web.listen) moves the page (issue 31: "address
// already in use" gave no hint of either).
func ListenError(addr string, err error) error {
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

// PageNames are the names the page answers to on the network besides its
// own (see web.Options.Hosts): NAME.local and the names advertise takes
// when NAME.local is held by another machine.
func PageNames(name string) []string {
	if name == "" {
		return nil
	}
	out := []string{name + ".local"}
	for i := 2; i <= 9; i++ {
		out = append(out, fmt.Sprintf("%s-%d.local", name, i))
	}
	return out
}

// Port is the port the page listens on.
func Port(ln net.Listener) int {
	if a, ok := ln.Addr().(*net.TCPAddr); ok {
		return a.Port
	}
	return 0
}
