package club_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/club"
)

// writeCA makes a certificate authority and a server certificate for
// 127.0.0.1 signed by it, as a club's hub would (docs/club.md), and
// returns the PEM files.
func writeCA(t *testing.T, dir string) (caFile, certFile, keyFile string) {
	t.Helper()
	caKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	ca := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "club test CA"}, NotBefore: time.Now().Add(-time.Hour),
		NotAfter: time.Now().Add(time.Hour), IsCA: true, KeyUsage: x509.KeyUsageCertSign, BasicConstraintsValid: true}
	caDER, err := x509.CreateCertificate(rand.Reader, ca, ca, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	srvKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	srv := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "127.0.0.1"}, NotBefore: time.Now().Add(-time.Hour),
		NotAfter: time.Now().Add(time.Hour), IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		KeyUsage: x509.KeyUsageDigitalSignature}
	caCert, _ := x509.ParseCertificate(caDER)
	srvDER, err := x509.CreateCertificate(rand.Reader, srv, caCert, &srvKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, _ := x509.MarshalECPrivateKey(srvKey)
	write := func(name, typ string, der []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	return write("ca.pem", "CERTIFICATE", caDER), write("server.pem", "CERTIFICATE", srvDER), write("server.key", "EC PRIVATE KEY", keyDER)
}

// A table and the club view reach a broker that takes only TLS and a user
// with a password (docs/club.md): the table's state arrives; a view
// without the password, or one that does not trust the broker's
// certificate authority, sees nothing.
func TestClubOverTLSWithPassword(t *testing.T) {
	if _, err := os.Stat(mosquitto); err != nil {
		t.Skip("mosquitto is not installed (scripts/setup installs it)")
	}
	pw, err := exec.LookPath("mosquitto_passwd")
	if err != nil {
		t.Skip("mosquitto_passwd is not installed (package mosquitto)")
	}
	dir := t.TempDir()
	caFile, certFile, keyFile := writeCA(t, dir)
	passwd := filepath.Join(dir, "passwd")
	if out, err := exec.Command(pw, "-c", "-b", passwd, "hub", "s3cret").CombinedOutput(); err != nil {
		t.Fatalf("mosquitto_passwd: %v: %s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	b := &broker{t: t, dir: dir, port: port}
	conf := fmt.Sprintf("listener %d 127.0.0.1\nallow_anonymous false\npassword_file %s\ncafile %s\ncertfile %s\nkeyfile %s\n", port, passwd, caFile, certFile, keyFile)
	if os.Geteuid() == 0 {
		conf += "user root\n"
	}
	if err := os.WriteFile(filepath.Join(dir, "mosquitto.conf"), []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	b.start()
	t.Cleanup(b.stop)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	url := "mqtts://127.0.0.1:" + strconv.Itoa(port)
	good := club.Broker{URL: url, Username: "hub", Password: "s3cret", CAFile: caFile}
	follow := func(br club.Broker) *club.View {
		v := club.NewView("thursday", time.Now().Add(-time.Hour))
		if _, err := v.Follow(ctx, br); err != nil {
			t.Fatal(err)
		}
		return v
	}
	view := follow(good)
	wrongPassword := follow(club.Broker{URL: url, Username: "hub", Password: "guess", CAFile: caFile})
	untrusted := follow(club.Broker{URL: url, Username: "hub", Password: "s3cret"}) // the system's roots: not this CA
	p, err := club.Publish(ctx, good, "thursday", "north")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	p.Update(club.State{Mode: "wit-continental", Players: []club.Score{{Name: "Ana", Total: 3}, {Name: "Ben", Total: 1}}, Turn: "Ben"}, nil)
	waitFor(t, "the table's state over TLS", 15*time.Second, func() bool {
		s := view.Snapshot()
		return len(s.Tables) == 1 && s.Tables[0].Name == "north"
	})
	time.Sleep(time.Second) // what the others could have received by now
	for name, v := range map[string]*club.View{"a wrong password": wrongPassword, "an untrusted certificate": untrusted} {
		if s := v.Snapshot(); len(s.Tables) != 0 || s.Connected {
			t.Errorf("a view with %s sees %d tables (connected %v)", name, len(s.Tables), s.Connected)
		}
	}
}
