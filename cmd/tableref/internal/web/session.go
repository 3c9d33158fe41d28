package web

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A visitor who gives the right PIN gets a session of its own: a random
// id, an expiry and an HMAC over both, the PIN and the page's key (kept
// across restarts: LoadKey), in the cookie; the server keeps the live
// sessions in a map of at most maxSessions. A session ends when it
// expires, when its visitor logs out (POST /api/logout revokes its id) or
// when the PIN changes (the MAC covers the PIN). After a restart a cookie
// the kept key signed is let in again while it lasts; the revocations of
// logouts are kept in memory only, so a restart forgets them (the browser
// forgot the cookie when it logged out; only a copy taken before would
// still open the page, until it expires).
const (
	sessionTTL  = 12 * time.Hour // an evening of play
	maxSessions = 256
)

type sessions struct {
	mu      sync.Mutex
	key     []byte
	pin     [sha256.Size]byte
	now     func() time.Time
	live    map[string]time.Time // id → expiry
	revoked map[string]time.Time // id → expiry: logged out
	// started is when this server began: a session issued since must be
	// in live (one that is not was logged out or pushed out by the cap).
	started time.Time
}

func newSessions(key []byte, pin string) *sessions {
	return &sessions{key: key, pin: sha256.Sum256([]byte(pin)), now: time.Now,
		live: map[string]time.Time{}, revoked: map[string]time.Time{}, started: time.Now().Truncate(time.Second)}
}

func (ss *sessions) mac(id string, exp int64) string {
	m := hmac.New(sha256.New, ss.key)
	m.Write([]byte("session|" + id + "|" + strconv.FormatInt(exp, 10) + "|"))
	m.Write(ss.pin[:])
	return hex.EncodeToString(m.Sum(nil))
}

// issue starts a session and returns its cookie value and expiry.
func (ss *sessions) issue() (string, time.Time) {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // never fails (crypto/rand panics rather than return short)
	id := base64.RawURLEncoding.EncodeToString(b)
	exp := ss.now().Add(sessionTTL).Truncate(time.Second)
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.admit(id, exp)
	return id + "." + strconv.FormatInt(exp.Unix(), 10) + "." + ss.mac(id, exp.Unix()), exp
}

// admit adds a session, dropping the expired ones and, when the map is
// full, the one that would end first. Under mu.
func (ss *sessions) admit(id string, exp time.Time) {
	now := ss.now()
	for k, e := range ss.live {
		if !e.After(now) {
			delete(ss.live, k)
		}
	}
	for k, e := range ss.revoked {
		if !e.After(now) {
			delete(ss.revoked, k)
		}
	}
	for len(ss.live) >= maxSessions {
		first := ""
		for k, e := range ss.live {
			if first == "" || e.Before(ss.live[first]) {
				first = k
			}
		}
		delete(ss.live, first)
	}
	ss.live[id] = exp
}

// parse checks a cookie value's form, MAC and expiry and returns its id.
func (ss *sessions) parse(value string) (string, time.Time, bool) {
	id, rest, ok1 := strings.Cut(value, ".")
	ts, mac, ok2 := strings.Cut(rest, ".")
	exp, err := strconv.ParseInt(ts, 10, 64)
	if !ok1 || !ok2 || err != nil || !hmac.Equal([]byte(mac), []byte(ss.mac(id, exp))) {
		return "", time.Time{}, false
	}
	at := time.Unix(exp, 0)
	return id, at, at.After(ss.now())
}

// valid says whether a cookie value opens the page: a live session, or
// one the kept key signed before this server started (a restart) that has
// not ended.
func (ss *sessions) valid(value string) bool {
	id, exp, ok := ss.parse(value)
	if !ok {
		return false
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if _, out := ss.revoked[id]; out {
		return false
	}
	if _, in := ss.live[id]; !in {
		if !exp.Add(-sessionTTL).Before(ss.started) {
			return false // issued by this server, then ended
		}
		ss.admit(id, exp)
	}
	return true
}

// revoke ends the session of a cookie value.
func (ss *sessions) revoke(value string) {
	id, exp, ok := ss.parse(value)
	if !ok {
		return
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	delete(ss.live, id)
	if len(ss.revoked) < 4*maxSessions {
		ss.revoked[id] = exp
	}
}
