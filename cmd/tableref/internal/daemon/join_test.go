package daemon

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/live"

	"github.com/godbus/dbus/v5"

	"github.com/tableref/tableref/cmd/tableref/internal/advertise"
	"github.com/tableref/tableref/cmd/tableref/internal/advertise/avahitest"
	"github.com/tableref/tableref/cmd/tableref/internal/config"
)

// runOnLAN runs the demo replay with the page on the network and a PIN,
// advertised through the bus at busAddr, and returns the display, the
// page's port and a stop function. edit changes the configuration first.
func runOnLAN(t *testing.T, busAddr string, edit ...func(*config.Config)) (*recDisplay, int, func()) {
	t.Helper()
	cfg := testConfig(t, live.ReplayPrefix+"../../testdata/demo-continental.jsonl")
	cfg.Camera.AtEnd = config.AtEndWait
	cfg.Language = "en" // the words the test looks for (the game's own would be Spanish)
	cfg.Camera.Speed = 0
	cfg.Web = config.Web{Listen: "0.0.0.0:0", LAN: true, PIN: "482193", Name: "tableref", Hosts: []string{}}
	for _, e := range edit {
		e(cfg)
	}
	fastHolds(t, 50*time.Millisecond)
	disp := &recDisplay{}
	ready := make(chan string, 1)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, cfg, Deps{Display: disp, Ready: func(a string) { ready <- a },
			Bus: func() (*dbus.Conn, error) { return dbus.Connect(busAddr) }})
	}()
	var addr string
	select {
	case addr = <-ready:
	case err := <-done:
		t.Fatal(err)
	case <-time.After(30 * time.Second):
		t.Fatal("not ready")
	}
	_, p, _ := net.SplitHostPort(addr)
	port, _ := strconv.Atoi(p)
	return disp, port, func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

func pageState(t *testing.T, port int) map[string]any {
	t.Helper()
	r, err := http.Get("http://127.0.0.1:" + strconv.Itoa(port) + "/api/state")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	var st map[string]any
	if err := json.NewDecoder(r.Body).Decode(&st); err != nil {
		t.Fatal(err)
	}
	return st
}

// On the network the page is advertised through avahi as tableref.local
// (tableref-2.local here: the first is held by another machine), the
// display says how a phone joins with the PIN before the game's screens,
// the page says the address, and it answers to that name.
func TestPhonesJoinByName(t *testing.T) {
	busAddr := avahitest.Bus(t)
	fake := avahitest.Start(t, busAddr, "tableref.local")
	disp, port, stop := runOnLAN(t, busAddr)
	defer stop()
	shown := shownUntil(t, disp, "PIN 482193")
	first := strings.SplitN(shown, "\n", 2)[0]
	if !strings.Contains(shown, "tableref-2.local") || !strings.Contains(shown, "PIN 482193") || !strings.Contains(first, "tableref-2.local") && !strings.Contains(first, "Phones open") {
		t.Errorf("the display does not start with how to join:\n%s", shown)
	}
	want := advertise.URL("tableref-2", port)
	if st := pageState(t, port); st["join"] != want {
		t.Errorf("the page says join %v, want %s", st["join"], want)
	}
	srv := ""
	for _, r := range fake.Records() {
		if strings.HasPrefix(r, "SRV") {
			srv = r
		}
	}
	if !strings.Contains(srv, "tableref-2.local:"+strconv.Itoa(port)) {
		t.Errorf("service record %q, want port %d", srv, port)
	}
	for host, code := range map[string]int{"tableref-2.local": 200, "tableref.local": 200, "evil.example": http.StatusMisdirectedRequest} {
		req, _ := http.NewRequest("GET", "http://127.0.0.1:"+strconv.Itoa(port)+"/api/state", nil)
		req.Host = host + ":" + strconv.Itoa(port)
		r, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != code {
			t.Errorf("Host %s: %d, want %d", host, r.StatusCode, code)
		}
	}
}

// Without avahi the page is still on the network: the display and the
// page say its address instead of a name.
func TestPhonesJoinByAddressWithoutAvahi(t *testing.T) {
	addrs, _ := advertise.LANAddrs()
	ip := ""
	for _, a := range addrs {
		if a.IP.Is4() && ip == "" {
			ip = a.IP.String()
		}
	}
	if ip == "" {
		t.Skip("this machine has no IPv4 network address")
	}
	disp, port, stop := runOnLAN(t, avahitest.Bus(t)) // a bus where avahi does not answer
	defer stop()
	if shown := shownUntil(t, disp, "PIN 482193"); !strings.Contains(shown, ip) || !strings.Contains(shown, "PIN 482193") {
		t.Errorf("the display does not say the address %s and the PIN:\n%s", ip, shown)
	}
	if st := pageState(t, port); st["join"] != "http://"+ip+":"+strconv.Itoa(port)+"/" {
		t.Errorf("join %v", st["join"])
	}
}

// shownUntil waits (up to 10 s) for the display to have shown text.
func shownUntil(t *testing.T, disp *recDisplay, text string) string {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end) && !strings.Contains(disp.all(), text); time.Sleep(20 * time.Millisecond) {
	}
	return disp.all()
}

// With web.tls: self-signed the page is served over HTTPS with the
// certificate kept beside the journal: advertised as _https._tcp, its
// address https://, and the display shows the start of the fingerprint
// of the very certificate a TLS client is given.
func TestPhonesJoinOverHTTPS(t *testing.T) {
	busAddr := avahitest.Bus(t)
	fake := avahitest.Start(t, busAddr)
	var stateDir string
	disp, port, stop := runOnLAN(t, busAddr, func(c *config.Config) {
		c.Web.TLS = "self-signed"
		stateDir = filepath.Dir(c.Journal)
	})
	defer stop()
	shown := shownUntil(t, disp, "https SHA-256")
	pemCert, err := os.ReadFile(filepath.Join(stateDir, "web-tls-cert.pem"))
	if err != nil {
		t.Fatal(err)
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(pemCert) {
		t.Fatal("the kept certificate is not PEM")
	}
	client := &http.Client{Timeout: 20 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots, ServerName: "tableref.local"}}}
	req, _ := http.NewRequest("GET", "https://127.0.0.1:"+strconv.Itoa(port)+"/api/state", nil)
	req.Host = "tableref.local"
	r, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var st map[string]any
	err = json.NewDecoder(r.Body).Decode(&st)
	r.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(r.TLS.PeerCertificates[0].Raw)
	short := strings.ToUpper(hex.EncodeToString(sum[:8]))
	if !strings.Contains(shown, "https SHA-256 / "+short) {
		t.Errorf("the display does not show the served certificate's fingerprint %s:\n%s", short, shown)
	}
	if want := "https://tableref.local:" + strconv.Itoa(port) + "/"; st["join"] != want {
		t.Errorf("the page says join %v, want %s", st["join"], want)
	}
	if recs := strings.Join(fake.Records(), "\n"); !strings.Contains(recs, "_https._tcp tableref.local:"+strconv.Itoa(port)) {
		t.Errorf("records:\n%s\nwant an _https._tcp service", recs)
	}
}
