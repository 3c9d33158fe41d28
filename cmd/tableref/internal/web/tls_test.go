package web

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tableref/tableref/cmd/tableref/internal/web/browsertest"
	"github.com/tableref/tableref/cmd/tableref/internal/web/cert"
)

// Over HTTPS the page answers a TLS client that trusts its certificate
// (and only that one: the fingerprint is the certificate the client
// got), its session cookie is Secure, and a plain HTTP request on its
// port is refused.
func TestPageOverHTTPS(t *testing.T) {
	c, err := cert.Load(cert.SelfSigned, "", "", t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	addr, s := serveOn(t, Options{PIN: "2468", Cert: c, ReadHeaderTimeout: time.Second})
	s.Publish(sampleState())
	if s.Scheme() != "https" {
		t.Errorf("scheme %q", s.Scheme())
	}
	roots := x509.NewCertPool()
	roots.AddCert(c.Leaf)
	client := &http.Client{Timeout: 20 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots}}}
	resp, err := client.Get("https://" + addr + "/api/state")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Contains(body, []byte(`"players"`)) {
		t.Errorf("GET /api/state over HTTPS: %s %s", resp.Status, body)
	}
	if got := resp.TLS.PeerCertificates[0].Raw; !bytes.Equal(got, c.Leaf.Raw) {
		t.Error("the client got another certificate than the one whose fingerprint is shown")
	}
	resp, err = client.Post("https://"+addr+"/api/login", "application/json", strings.NewReader(`{"pin":"2468"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	cookies := resp.Cookies()
	if resp.StatusCode != 200 || len(cookies) != 1 || !cookies[0].Secure || !cookies[0].HttpOnly {
		t.Errorf("login over HTTPS: %s, cookies %v: want one Secure HttpOnly cookie", resp.Status, cookies)
	}
	// A client that does not trust the certificate does not get through.
	if _, err := (&http.Client{Timeout: 20 * time.Second}).Get("https://" + addr + "/api/state"); err == nil || !strings.Contains(err.Error(), "certificate") {
		t.Errorf("a client trusting only the system's authorities: %v", err)
	}
	// Plain HTTP on the HTTPS port (a name typed without https://) is sent
	// to the same address over HTTPS; for another name, it is refused.
	noFollow := &http.Client{Timeout: 20 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err = noFollow.Get("http://" + addr + "/api/state?x=1")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusMovedPermanently || loc != "https://"+addr+"/api/state?x=1" {
		t.Errorf("plain HTTP to the HTTPS port: %s, Location %q", resp.Status, loc)
	}
	req, _ := http.NewRequest("GET", "http://"+addr+"/", nil)
	req.Host = "evil.example"
	if resp, err = noFollow.Do(req); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("plain HTTP for another name: %s, want 421", resp.Status)
	}
	// A connection that says nothing is closed; the page goes on serving.
	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	if !closedWithin(idle, 5*time.Second) {
		t.Error("a silent connection was held")
	}
	if resp, err = client.Get("https://" + addr + "/api/state"); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	// Over plain HTTP the cookie cannot be Secure (the browser would drop it).
	plain, _ := serveOn(t, Options{PIN: "2468"})
	resp, err = http.Post("http://"+plain+"/api/login", "application/json", strings.NewReader(`{"pin":"2468"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if cs := resp.Cookies(); len(cs) != 1 || cs[0].Secure {
		t.Errorf("login over HTTP: cookies %v", cs)
	}
}

// A browser told to trust the certificate's public key (what a phone's
// user does by comparing the fingerprint and accepting) opens the page
// over HTTPS and its live updates work; a page with another certificate
// it refuses.
func TestPageOverHTTPSInChromium(t *testing.T) {
	c, err := cert.Load(cert.SelfSigned, "", "", t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	other, err := cert.Load(cert.SelfSigned, "", "", t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	addr, s := serveOn(t, Options{Cert: c})
	s.Publish(mapItState())
	otherAddr, _ := serveOn(t, Options{Cert: other})
	ctx, cancel := context.WithTimeout(browsertest.Chromium(t, chromedp.Flag("ignore-certificate-errors-spki-list", c.SPKI)), 90*time.Second)
	defer cancel()
	p := page{t: t, ctx: ctx}
	// Typed without https://, the address opens the page over HTTPS.
	p.do(chromedp.Navigate("http://"+addr+"/"), chromedp.WaitVisible(chromedp.CSS(`#scores li`)))
	p.until(`location.protocol === 'https:'`, "the page over HTTPS")
	st := mapItState()
	st.Scores[0].Total = 987
	s.Publish(st)
	p.until(`document.getElementById('scores').textContent.includes('987')`, "the scores after an update, through the event stream")
	if err := chromedp.Do(ctx, chromedp.Navigate("https://"+otherAddr+"/")); err == nil || !strings.Contains(err.Error(), "CERT") {
		t.Errorf("a page with another certificate: %v, want a certificate error", err)
	}
}
