package limits

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

// Failed password sign-ins are counted per account (whatever address they
// come from). After freeFailures, the account takes no password for a
// while, doubling from firstLock up to maxLock; the count is forgotten
// after forgetAfter without failures or at a successful sign-in.
//
// The lock cannot shut the owner out: a browser that has signed in to the
// account before carries a signed "known device" cookie, and its attempts
// are counted for that browser alone, not for the account. An attacker
// without the password never holds one. (The owner can also sign in with
// an e-mail code or Google.)
const (
	freeFailures = 5
	firstLock    = 30 * time.Second
	maxLock      = 15 * time.Minute
	forgetAfter  = time.Hour

	// DeviceCookie marks a browser that has signed in to an account.
	DeviceCookie = "sb_device"
	deviceMaxAge = 365 * 24 * time.Hour
)

type failures struct {
	count       int
	last        time.Time
	lockedUntil time.Time
}

type signIns struct {
	mu        sync.Mutex
	byKey     map[string]*failures
	lastSweep time.Time
}

func signInsOf(app core.App) *signIns {
	return app.Store().GetOrSet("sbSignInFailures", func() any {
		return &signIns{byKey: map[string]*failures{}}
	}).(*signIns)
}

// SignInGate is one sign-in attempt for an account.
type SignInGate struct {
	key string
	e   *core.RequestEvent
}

// SignIn opens the gate for a password attempt on username (an account
// that may not exist: unknown names are counted alike, so the answers say
// nothing about which exist). memberID is the account's id, or "".
func SignIn(e *core.RequestEvent, username, memberID string) *SignInGate {
	key := "account|" + strings.ToLower(strings.TrimSpace(username))
	if memberID != "" {
		if device := knownDevice(e, memberID); device != "" {
			key = "device|" + device
		}
	}
	return &SignInGate{key: key, e: e}
}

// Begin admits one password attempt, or answers the 429 to send while the
// account (or this known browser) is locked: then the password is not even
// compared. The attempt counts as a failure from the start, atomically, so
// a burst of concurrent guesses cannot all pass before the first is
// counted; Succeeded takes it back.
func (g *SignInGate) Begin() error {
	if !enabled(g.e.App) {
		return nil
	}
	s := signInsOf(g.e.App)
	s.mu.Lock()
	defer s.mu.Unlock()
	t := now()
	s.sweep(t)
	f := s.byKey[g.key]
	if f != nil && t.Before(f.lockedUntil) {
		return tooMany(g.e, "Too many failed sign-in attempts for this account.", f.lockedUntil.Sub(t))
	}
	if f == nil || t.Sub(f.last) > forgetAfter {
		f = &failures{}
		s.byKey[g.key] = f
	}
	f.count++
	f.last = t
	if over := f.count - freeFailures; over >= 0 {
		lock := maxLock
		if over < 10 && firstLock<<over < maxLock {
			lock = firstLock << over
		}
		f.lockedUntil = t.Add(lock)
	}
	return nil
}

// Succeeded forgets the failures and marks this browser as known to the
// account, so a later lock does not stop it.
func (g *SignInGate) Succeeded(memberID string) {
	s := signInsOf(g.e.App)
	s.mu.Lock()
	delete(s.byKey, g.key)
	s.mu.Unlock()
	if knownDevice(g.e, memberID) == "" {
		setDevice(g.e, memberID)
	}
}

func (s *signIns) sweep(t time.Time) {
	if t.Sub(s.lastSweep) < 10*time.Minute {
		return
	}
	s.lastSweep = t
	for key, f := range s.byKey {
		if t.Sub(f.last) > forgetAfter && !t.Before(f.lockedUntil) {
			delete(s.byKey, key)
		}
	}
}

// The device cookie is "<memberID>.<random>.<signature>", signed with the
// users collection's token secret (kept in the database), so only this
// server makes one and rotating the secret forgets every device.
func deviceSignature(app core.App, payload string) string {
	users, err := app.FindCachedCollectionByNameOrId("users")
	if err != nil || users.AuthToken.Secret == "" {
		return ""
	}
	mac := hmac.New(sha256.New, []byte("sb-known-device|"+users.AuthToken.Secret))
	mac.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// knownDevice answers the browser's device id when its cookie is valid for memberID.
func knownDevice(e *core.RequestEvent, memberID string) string {
	c, err := e.Request.Cookie(DeviceCookie)
	if err != nil {
		return ""
	}
	parts := strings.Split(c.Value, ".")
	if len(parts) != 3 || parts[0] != memberID {
		return ""
	}
	want := deviceSignature(e.App, parts[0]+"."+parts[1])
	if want == "" || !hmac.Equal([]byte(want), []byte(parts[2])) {
		return ""
	}
	return parts[1]
}

func setDevice(e *core.RequestEvent, memberID string) {
	payload := memberID + "." + security.RandomString(24)
	sig := deviceSignature(e.App, payload)
	if sig == "" {
		return
	}
	e.SetCookie(&http.Cookie{
		Name:     DeviceCookie,
		Value:    payload + "." + sig,
		Path:     "/api/login",
		MaxAge:   int(deviceMaxAge.Seconds()),
		Expires:  time.Now().Add(deviceMaxAge),
		HttpOnly: true,
		Secure:   e.IsTLS() || strings.EqualFold(e.Request.Header.Get("X-Forwarded-Proto"), "https"),
		SameSite: http.SameSiteStrictMode,
	})
}
