package limits

import (
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// SuperuserCodesMax one-time codes are mailed to a superuser's address per
// code lifetime, however many requests arrive at once (PocketBase's own
// check counted the stored codes outside any lock: 30 requests at once
// mailed 21 to 30). Past it, a request is answered with the last code's id,
// so the superuser, who has that code in the inbox, is never shut out.
// This bound is on even when rate limits are off: it bounds mail.
const SuperuserCodesMax = 3

type superuserCodes struct {
	mu        sync.Mutex
	byAddress map[string]*codesSent
	lastSweep time.Time
}

type codesSent struct {
	at     []time.Time // mails within the code lifetime
	lastID string      // the id last answered for the address
	lastAt time.Time
}

func superuserCodesOf(app core.App) *superuserCodes {
	return app.Store().GetOrSet("sbSuperuserCodes", func() any {
		return &superuserCodes{byAddress: map[string]*codesSent{}}
	}).(*superuserCodes)
}

// ReserveSuperuserCode admits one code mail to address, whose codes live
// for ttl. When the bound is reached it answers ok false, the id of the
// last code answered for the address if that code still lives (else ""),
// and how long until a mail may go again.
func ReserveSuperuserCode(app core.App, address string, ttl time.Duration) (ok bool, lastID string, wait time.Duration) {
	s := superuserCodesOf(app)
	key := strings.ToLower(strings.TrimSpace(address))
	t := now()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sweep(t, ttl)
	c := s.byAddress[key]
	if c == nil {
		c = &codesSent{}
		s.byAddress[key] = c
	}
	kept := c.at[:0]
	for _, at := range c.at {
		if t.Sub(at) < ttl {
			kept = append(kept, at)
		}
	}
	c.at = kept
	if len(c.at) < SuperuserCodesMax {
		c.at = append(c.at, t)
		return true, "", 0
	}
	if t.Sub(c.lastAt) < ttl {
		lastID = c.lastID
	}
	return false, lastID, c.at[0].Add(ttl).Sub(t)
}

// RememberSuperuserCode records the code id answered for address, the one
// repeated once the bound is reached.
func RememberSuperuserCode(app core.App, address, id string) {
	s := superuserCodesOf(app)
	key := strings.ToLower(strings.TrimSpace(address))
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.byAddress[key]; c != nil {
		c.lastID, c.lastAt = id, now()
	}
}

// sweep forgets addresses with no live code, so memory follows activity.
func (s *superuserCodes) sweep(t time.Time, ttl time.Duration) {
	if t.Sub(s.lastSweep) < 10*time.Minute {
		return
	}
	s.lastSweep = t
	for key, c := range s.byAddress {
		if t.Sub(c.lastAt) > ttl && (len(c.at) == 0 || t.Sub(c.at[len(c.at)-1]) > ttl) {
			delete(s.byAddress, key)
		}
	}
}
