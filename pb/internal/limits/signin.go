package limits

import (
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
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
)

// accountKeys starts the keys of members' accounts (a name follows).
const accountKeys = "account|"

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
	key     string
	e       *core.RequestEvent
	devices Devices
}

// SignIn opens the gate for a password attempt on username (an account
// that may not exist: unknown names are counted alike, so the answers say
// nothing about which exist). memberID is the account's id, or "".
func SignIn(e *core.RequestEvent, username, memberID string) *SignInGate {
	return openGate(e, accountKeys, username, MemberDevices, memberID)
}

// SuperuserSignIn opens the gate for a password attempt on a superuser's
// address (the dashboard's sign-in), counted like a member's: per address,
// unknown ones alike, and per browser for one that completed a sign-in to
// the superuser before. superuserID is the superuser's id, or "".
func SuperuserSignIn(e *core.RequestEvent, address, superuserID string) *SignInGate {
	return openGate(e, "superuser|", address, SuperuserDevices, superuserID)
}

func openGate(e *core.RequestEvent, prefix, name string, devices Devices, recordID string) *SignInGate {
	key := prefix + strings.ToLower(strings.TrimSpace(name))
	if recordID != "" {
		if device := devices.Known(e, recordID); device != "" {
			key = prefix + "device|" + device
		}
	}
	return &SignInGate{key: key, e: e, devices: devices}
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
	if wait := signInsOf(g.e.App).begin(g.key, now()); wait > 0 {
		return TooMany(g.e, "Too many failed sign-in attempts for this account.", wait)
	}
	return nil
}

// begin counts an attempt on key at t, or answers the lock's remaining time.
func (s *signIns) begin(key string, t time.Time) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sweep(t)
	f := s.byKey[key]
	if f != nil && t.Before(f.lockedUntil) {
		return f.lockedUntil.Sub(t)
	}
	if f == nil || t.Sub(f.last) > forgetAfter {
		f = &failures{}
		s.byKey[key] = f
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
	return 0
}

// Succeeded forgets the failures and marks this browser as known to the
// account, so a later lock does not stop it.
func (g *SignInGate) Succeeded(recordID string) {
	s := signInsOf(g.e.App)
	s.mu.Lock()
	delete(s.byKey, g.key)
	s.mu.Unlock()
	if g.devices.Known(g.e, recordID) == "" {
		g.devices.Remember(g.e, recordID)
	}
}

// ForgetSignInFailures forgets the failed password sign-ins of username:
// its owner has just proven the account another way (a password reset),
// so the lock the forgotten password earned does not hold the new one.
func ForgetSignInFailures(app core.App, username string) {
	s := signInsOf(app)
	s.mu.Lock()
	delete(s.byKey, accountKeys+strings.ToLower(strings.TrimSpace(username)))
	s.mu.Unlock()
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
