package cert

import (
	"bufio"
	"crypto/tls"
	"errors"
	"net"
	"sync"
	"time"
)

// tlsRecordHandshake is the first byte of every TLS connection: a
// handshake record.
const tlsRecordHandshake = 0x16

// Split sorts the connections of ln by their first byte: a TLS
// handshake goes to the first listener, as a TLS connection; anything
// else (a phone whose user typed the name without https://, which
// browsers open over plain HTTP) to the second, to be told where the page
// is. run accepts until ln is closed (closing the first listener closes
// ln). A connection that says nothing within wait is closed.
func Split(ln net.Listener, cfg *tls.Config, wait time.Duration) (secure, plain net.Listener, run func()) {
	done := make(chan struct{})
	var once sync.Once
	stop := func() { once.Do(func() { close(done); ln.Close() }) }
	sq := &connQueue{ch: make(chan net.Conn), done: done, addr: ln.Addr(), close: stop}
	pq := &connQueue{ch: make(chan net.Conn), done: done, addr: ln.Addr(), close: stop}
	sort := func(c net.Conn) {
		br := bufio.NewReaderSize(c, 512)
		_ = c.SetReadDeadline(time.Now().Add(wait))
		first, err := br.Peek(1)
		_ = c.SetReadDeadline(time.Time{})
		if err != nil {
			c.Close()
			return
		}
		var to chan net.Conn
		var conn net.Conn = peeked{c, br}
		if first[0] == tlsRecordHandshake {
			to, conn = sq.ch, tls.Server(conn, cfg)
		} else {
			to = pq.ch
		}
		select {
		case to <- conn:
		case <-done:
			c.Close()
		}
	}
	run = func() {
		defer stop()
		for {
			c, err := ln.Accept()
			if err != nil {
				var ne net.Error
				if errors.As(err, &ne) && ne.Timeout() {
					continue
				}
				return
			}
			go sort(c)
		}
	}
	return sq, pq, run
}

// peeked is a connection whose first bytes were read into r.
type peeked struct {
	net.Conn
	r *bufio.Reader
}

func (p peeked) Read(b []byte) (int, error) { return p.r.Read(b) }

// connQueue is a listener given its connections by Split.
type connQueue struct {
	ch    chan net.Conn
	done  chan struct{}
	addr  net.Addr
	close func()
}

func (q *connQueue) Accept() (net.Conn, error) {
	select {
	case c := <-q.ch:
		return c, nil
	case <-q.done:
		return nil, net.ErrClosed
	}
}

func (q *connQueue) Close() error   { q.close(); return nil }
func (q *connQueue) Addr() net.Addr { return q.addr }
