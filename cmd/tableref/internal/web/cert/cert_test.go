package cert

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The self-signed certificate is made once (ECDSA P-256, for the page's
// names) and kept: the next start serves the same one, so the
// fingerprint a phone's user compared stays the same. Its key is the
// service's alone; a key others may read is refused.
func TestSelfSignedCertificateIsKept(t *testing.T) {
	dir := t.TempDir()
	names := []string{"tableref.local", "192.168.1.5"}
	c1, err := Load(SelfSigned, "", "", dir, names)
	if err != nil {
		t.Fatal(err)
	}
	if !c1.Made {
		t.Error("the first start did not say it made the certificate")
	}
	pub, ok := c1.Leaf.PublicKey.(*ecdsa.PublicKey)
	if !ok || pub.Curve != elliptic.P256() {
		t.Errorf("key %T, want ECDSA P-256", c1.Leaf.PublicKey)
	}
	if err := c1.Leaf.VerifyHostname("tableref.local"); err != nil {
		t.Error(err)
	}
	if err := c1.Leaf.VerifyHostname("192.168.1.5"); err != nil {
		t.Error(err)
	}
	st, err := os.Stat(filepath.Join(dir, selfKeyFile))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("the key file: %v, mode %v; want 0600", err, st.Mode().Perm())
	}
	c2, err := Load(SelfSigned, "", "", dir, names)
	if err != nil {
		t.Fatal(err)
	}
	if c2.Made || c2.Fingerprint() != c1.Fingerprint() {
		t.Errorf("second start: made %v, fingerprint %s, first %s", c2.Made, c2.Fingerprint(), c1.Fingerprint())
	}
	if len(c1.Fingerprint()) != 32*3-1 || len(c1.Short()) != 16 || !strings.HasPrefix(strings.ReplaceAll(c1.Fingerprint(), ":", ""), c1.Short()) {
		t.Errorf("fingerprint %q, short %q", c1.Fingerprint(), c1.Short())
	}
	if err := os.Chmod(filepath.Join(dir, selfKeyFile), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(SelfSigned, "", "", dir, names); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a key others can read: %v", err)
	}
	// The user's own files serve as they are.
	own, err := Load(Files, filepath.Join(dir, selfCertFile), filepath.Join(dir, selfKeyFile), "", nil)
	if err != nil || own.Fingerprint() != c1.Fingerprint() {
		t.Errorf("own files: %v", err)
	}
	if _, err := Load(Files, filepath.Join(dir, "absent.pem"), filepath.Join(dir, selfKeyFile), "", nil); err == nil || !strings.Contains(err.Error(), "absent.pem") {
		t.Errorf("a missing certificate file: %v", err)
	}
	if _, err := Load("yes", "", "", dir, nil); err == nil || !strings.Contains(err.Error(), "self-signed") {
		t.Errorf("web.tls: yes: %v", err)
	}
}
