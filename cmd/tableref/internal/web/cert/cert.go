// Package cert is the status page's HTTPS certificate: one made once and
// kept in the state folder (ECDSA P-256), or the user's own files, and the
// fingerprints a person compares it by.
package cert

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The page's HTTPS (web.tls in the configuration): the modes of Load.
const (
	Off        = ""            // plain HTTP
	SelfSigned = "self-signed" // a certificate made once and kept in the state folder
	Files      = "files"       // the user's certificate and key (web.cert_file, web.key_file)
)

// The self-signed certificate's files in the state folder: the key
// readable by the service alone, the certificate by anyone (it is public:
// a phone is shown it at every visit).
const (
	selfCertFile = "web-tls-cert.pem"
	selfKeyFile  = "web-tls-key.pem"
)

// selfSignedYears is how long a made certificate lasts. A phone trusts it
// because its user compared its fingerprint, not because of its dates, so
// it never has to be made again (and a new one means comparing again).
const selfSignedYears = 20

// Cert is the page's certificate, with what a person compares it by.
type Cert struct {
	tls.Certificate
	// SHA256 is the SHA-256 of the certificate (DER): the fingerprint
	// browsers show in the certificate's details.
	SHA256 [32]byte
	// SPKI is the SHA-256 of its public key (SubjectPublicKeyInfo), what
	// curl --pinnedpubkey and Chromium's --ignore-certificate-errors-spki-list
	// take, base64.
	SPKI string
	// Made says the certificate was made at this start (not loaded).
	Made bool
}

// Fingerprint is SHA256 as browsers write it: "AB:12:…", 32 bytes.
func (c *Cert) Fingerprint() string {
	h := strings.ToUpper(hex.EncodeToString(c.SHA256[:]))
	parts := make([]string, 0, len(c.SHA256))
	for i := 0; i < len(h); i += 2 {
		parts = append(parts, h[i:i+2])
	}
	return strings.Join(parts, ":")
}

// Short is the fingerprint's first 16 hex digits, as a 16-cell display
// shows them: a person compares them with the start of what the phone
// shows; "" for no certificate (nil).
func (c *Cert) Short() string {
	if c == nil {
		return "" // plain HTTP
	}
	return strings.ToUpper(hex.EncodeToString(c.SHA256[:8]))
}

// Load returns the page's certificate for mode (Off: nil). With
// SelfSigned it is made the first time (ECDSA P-256, for names: the
// names and addresses the page answers to) and kept in dir; later starts
// load it, so the fingerprint a phone's user compared stays the same. A
// kept key that others may read is refused. With Files it is read from
// certFile and keyFile.
func Load(mode, certFile, keyFile, dir string, names []string) (*Cert, error) {
	switch mode {
	case Off:
		return nil, nil
	case Files:
		return readCert(certFile, keyFile, false)
	case SelfSigned:
		certFile, keyFile = filepath.Join(dir, selfCertFile), filepath.Join(dir, selfKeyFile)
		c, err := readCert(certFile, keyFile, true)
		if err == nil || !errors.Is(err, fs.ErrNotExist) {
			return c, err
		}
		if err := makeCert(certFile, keyFile, names); err != nil {
			return nil, err
		}
		c, err = readCert(certFile, keyFile, true)
		if c != nil {
			c.Made = true
		}
		return c, err
	}
	return nil, fmt.Errorf("web.tls: %q: want %q, %q or nothing", mode, SelfSigned, Files)
}

// readCert loads a certificate and its key; private says the key must be
// readable by its owner alone (the one tableref made; a user's own key
// is the user's to keep).
func readCert(certFile, keyFile string, private bool) (*Cert, error) {
	if private {
		st, err := os.Stat(keyFile)
		if err != nil {
			return nil, fmt.Errorf("cert: the page's TLS key: %w", err)
		}
		if st.Mode().Perm()&0o077 != 0 {
			return nil, fmt.Errorf("cert: %s: mode %v: the page's TLS key must be readable by its owner alone (chmod 600)", keyFile, st.Mode().Perm())
		}
	}
	kp, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, fmt.Errorf("cert: the page's certificate %s and key %s: %w", certFile, keyFile, err)
	}
	leaf, err := x509.ParseCertificate(kp.Certificate[0])
	if err != nil {
		return nil, fmt.Errorf("cert: the page's certificate %s: %w", certFile, err)
	}
	kp.Leaf = leaf
	spki := sha256.Sum256(leaf.RawSubjectPublicKeyInfo)
	return &Cert{Certificate: kp, SHA256: sha256.Sum256(leaf.Raw), SPKI: base64.StdEncoding.EncodeToString(spki[:])}, nil
}

// makeCert makes a self-signed certificate for names and writes it and
// its key (0600).
func makeCert(certFile, keyFile string, names []string) error {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return fmt.Errorf("cert: making the page's TLS key: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return fmt.Errorf("cert: making the page's certificate: %w", err)
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "tableref"},
		NotBefore:             now.Add(-time.Hour), // a phone whose clock is a little behind
		NotAfter:              now.AddDate(selfSignedYears, 0, 0),
		KeyUsage:              x509.KeyUsageDigitalSignature,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
	}
	for _, n := range append([]string{"localhost"}, names...) {
		if ip := net.ParseIP(strings.Trim(n, "[]")); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else if n != "" {
			tmpl.DNSNames = append(tmpl.DNSNames, n)
		}
	}
	tmpl.IPAddresses = append(tmpl.IPAddresses, net.IPv4(127, 0, 0, 1), net.IPv6loopback)
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return fmt.Errorf("cert: making the page's certificate: %w", err)
	}
	kder, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return fmt.Errorf("cert: making the page's TLS key: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(keyFile), 0o750); err != nil {
		return fmt.Errorf("cert: %w", err)
	}
	// The certificate first, then the key: a certificate without its key
	// is a start that died half-way, and both are made again. (Two starts
	// cannot race here: they would share the journal's lock.)
	if err := writeFileSynced(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
		return err
	}
	return writeFileSynced(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kder}), 0o600)
}

// writeFileSynced writes a file whole through a temporary one, so a power
// cut leaves the old file or the new, never half of one.
func writeFileSynced(path string, b []byte, mode os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*") // 0600 until chmod
	if err != nil {
		return fmt.Errorf("cert: %w", err)
	}
	_, err = tmp.Write(b)
	if err == nil {
		err = tmp.Chmod(mode)
	}
	if serr := tmp.Sync(); err == nil {
		err = serr
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("cert: %s: %w", path, err)
	}
	return nil
}
