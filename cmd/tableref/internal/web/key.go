package web

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/tableref/tableref/cmd/tableref/internal/web/cert"
)

// keyBytes is the size of the cookie's signing key (HMAC-SHA256).
const keyBytes = 32

// LoadKey returns the cookie's signing key kept in path, making it the
// first time (mode 0600, readable by the service alone). A key kept in the
// state folder survives restarts, so a crash, the watchdog, an upgrade or
// a reboot no longer logs every phone out. A file that is not a key (the
// wrong size, too open) is refused, not used: the caller may start with a
// fresh key and say so.
func LoadKey(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	switch {
	case err == nil:
		st, serr := os.Stat(path)
		if serr != nil {
			return nil, serr
		}
		if st.Mode().Perm()&0o077 != 0 {
			return nil, fmt.Errorf("%s: mode %v: the page's key must be readable by its owner alone (chmod 600)", path, st.Mode().Perm())
		}
		if len(b) != keyBytes {
			return nil, fmt.Errorf("%s: %d bytes, not a key of %d", path, len(b), keyBytes)
		}
		return b, nil
	case !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	key := make([]byte, keyBytes)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, err
	}
	// O_EXCL: two starts racing keep one key (the loser reads the winner's).
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return LoadKey(path)
	}
	if err != nil {
		return nil, err
	}
	_, err = f.Write(key)
	if serr := f.Sync(); err == nil {
		err = serr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return key, nil
}

// Kept is what the page keeps in the state folder across restarts.
type Kept struct {
	Key  []byte     // signs the session cookies; nil: a new one (LoadKey failed, said in the log)
	Cert *cert.Cert // nil: plain HTTP
}

// Keep loads (making them the first time) what the page keeps in dir:
// the cookie's key, and with tlsMode (cert.Load) the certificate, whose
// fingerprint it logs for a phone's user to compare. A key that cannot
// be kept costs the phones a login after a restart and is only logged; a
// certificate that cannot be had stops the start (the page would
// otherwise go out in clear, or not at all).
func Keep(dir, tlsMode, certFile, keyFile string, names []string) (Kept, error) {
	var k Kept
	var err error
	if k.Key, err = LoadKey(filepath.Join(dir, "web-key")); err != nil {
		slog.Warn("web: no kept key for the PIN cookie: phones log in again after each restart", "err", err)
	}
	if k.Cert, err = cert.Load(tlsMode, certFile, keyFile, dir, names); err != nil {
		return k, err
	}
	if k.Cert != nil {
		slog.Info("web: HTTPS", "certificate_sha256", k.Cert.Fingerprint(), "public_key_sha256", k.Cert.SPKI,
			"made_now", k.Cert.Made, "expires", k.Cert.Leaf.NotAfter.Format(time.DateOnly))
	}
	return k, nil
}
