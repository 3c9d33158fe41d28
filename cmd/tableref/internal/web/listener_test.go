package web

import (
	"context"
	"net"
	"net/http"
	"testing"
	"time"
)

// Every accepted connection carries the peer timeout, so a phone that
// vanished without closing frees its stream's slot within peerGoneAfter
// (issue 34: slots were held ~16 minutes, TCP's retransmission time).
func TestAcceptedConnectionsDropVanishedPeers(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := peerTimeoutListener{ln} // guardListener's inner layer
	defer g.Close()
	go func() {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err == nil {
			time.Sleep(2 * time.Second)
			c.Close()
		}
	}()
	c, err := g.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	tcp, ok := c.(*net.TCPConn)
	if !ok {
		t.Fatalf("accepted %T, not a TCP connection", c)
	}
	got, err := userTimeout(tcp)
	if err != nil {
		t.Fatal(err)
	}
	if got != peerGoneAfter {
		t.Errorf("TCP_USER_TIMEOUT %v, want %v", got, peerGoneAfter)
	}
}

// Past MaxConns, a new connection waits for one to close instead of
// taking a descriptor of the server's.
func TestConnectionsAreCapped(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := guardListener(ln)
	defer g.Close()
	var held []net.Conn
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	for i := 0; i < MaxConns+1; i++ {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	accepted := make(chan net.Conn, MaxConns+1)
	go func() {
		for {
			c, err := g.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	var open []net.Conn
	for len(open) < MaxConns {
		select {
		case c := <-accepted:
			open = append(open, c)
		case <-time.After(10 * time.Second):
			t.Fatalf("only %d connections accepted, want %d", len(open), MaxConns)
		}
	}
	select {
	case <-accepted:
		t.Fatalf("connection %d accepted past the cap", MaxConns+1)
	case <-time.After(300 * time.Millisecond):
	}
	open[0].Close()
	select {
	case c := <-accepted:
		c.Close()
	case <-time.After(10 * time.Second):
		t.Fatal("a connection closed, yet the waiting one was not accepted")
	}
	for _, c := range open[1:] {
		c.Close()
	}
}

// Serve uses the guard: with MaxConns connections open and silent, a page
// gets no answer until they close.
func TestServeCapsConnections(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := New(&fakeBackend{}, Options{})
	s.Publish(mapItState())
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	defer func() { cancel(); <-done }()
	get := func() error {
		c := http.Client{Timeout: time.Second}
		resp, err := c.Get("http://" + ln.Addr().String() + "/api/state")
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	if err := get(); err != nil {
		t.Fatal(err)
	}
	var silent []net.Conn
	for i := 0; i < MaxConns; i++ {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		silent = append(silent, c)
	}
	time.Sleep(200 * time.Millisecond) // let the server accept them all
	if err := get(); err == nil {
		t.Errorf("a request was answered with %d connections open: no cap", MaxConns)
	}
	for _, c := range silent {
		c.Close()
	}
	if err := get(); err != nil {
		t.Errorf("after the connections closed: %v", err)
	}
}
