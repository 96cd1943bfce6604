package session

import (
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

// Loading the member costs a signed-in request more than the whole of an
// anonymous /api/health (the SELECT and building the record, then the
// token's signature). A member's requests come in bursts (a page asks for
// several things at once), so the resolver keeps what it verified, by the
// whole token, for a moment:
//
//   - an entry is used for at most cacheFor, and never past the token's own
//     expiry; each request gets its own copy of the record, except on routes
//     that only read it (Resolve's readOnly);
//   - any change of the member through the app (a new token key when they
//     sign out everywhere or change their password, the administrator flag,
//     the subscription, the profile) or their deletion drops their entries
//     at once, so such a change is seen by the very next request;
//   - a revoked session never reaches the resolver (RejectRevoked runs
//     first, from memory);
//   - counters written by SQL (deals, ratings, time to answer) may be read
//     up to cacheFor late;
//   - at most maxCached entries: only tokens whose signature verified get
//     one, and a full cache makes room by dropping expired entries, else
//     takes no new one (the request loads the member as before); expired
//     entries are also dropped once every cacheFor, by the next put, and
//     by a timer while any are kept: a crowd that signed in at once and
//     went quiet (2,000 tabs opened, then idle) does not keep a copy of
//     each member until someone else signs in (about 6 KiB a member).
const (
	cacheFor  = time.Second
	maxCached = 10_000
)

type cachedAuth struct {
	record  *core.Record
	sid     string    // the token's session (RejectRevoked reads it here)
	expires time.Time // the token's exp
	until   time.Time // read from the database again after this
}

type authCache struct {
	mu      sync.RWMutex
	entries map[string]cachedAuth // by token
	// gen counts the changes of auth records: a record loaded while one
	// happened (it may be the version from before) is not kept.
	gen uint64
	// swept is when expired entries were last dropped: at most a
	// cacheFor ago, so that a crowd signing in (2,000 members opening
	// their pages) does not leave a record a token for good.
	swept time.Time
	// sweeping tells that a timer will sweep (sweepLater): one at a time,
	// none once the cache is empty.
	sweeping bool
}

const cacheKey = "sbAuthCache"

// authCacheOf is the app's one cache, shared by RejectRevoked and Resolve.
func authCacheOf(app core.App) *authCache {
	return app.Store().GetOrSet(cacheKey, func() any {
		c := &authCache{entries: map[string]cachedAuth{}}
		c.watch(app)
		return c
	}).(*authCache)
}

// session answers the session of a token verified a moment ago.
func (c *authCache) session(token string, now time.Time) (string, bool) {
	c.mu.RLock()
	entry, ok := c.entries[token]
	c.mu.RUnlock()
	if !ok || !now.Before(entry.until) || !now.Before(entry.expires) {
		return "", false
	}
	return entry.sid, true
}

// get answers the record verified for token, if it is fresh: a copy, or
// the cached record itself for a route that only reads it (shared).
func (c *authCache) get(token string, now time.Time, shared bool) *core.Record {
	c.mu.RLock()
	entry, ok := c.entries[token]
	c.mu.RUnlock()
	if !ok || !now.Before(entry.until) || !now.Before(entry.expires) {
		return nil
	}
	if shared {
		return entry.record
	}
	return entry.record.Clone()
}

// generation is the count of changes so far; put takes the one read
// before the record was loaded.
func (c *authCache) generation() uint64 {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.gen
}

// put keeps the record verified for token (its claims tell the expiry),
// unless an auth record changed since gen.
func (c *authCache) put(token string, record *core.Record, now time.Time, gen uint64) {
	claims, err := security.ParseUnverifiedJWT(token)
	if err != nil {
		return
	}
	exp, ok := claims["exp"].(float64)
	if !ok {
		return
	}
	sid, _ := claims[claimSession].(string)
	entry := cachedAuth{record: record.Clone(), sid: sid, expires: time.Unix(int64(exp), 0), until: now.Add(cacheFor)}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	if len(c.entries) >= maxCached || now.Sub(c.swept) >= cacheFor {
		c.sweepLocked(now)
		if len(c.entries) >= maxCached {
			return
		}
	}
	c.entries[token] = entry
	if !c.sweeping {
		c.sweeping = true
		time.AfterFunc(2*cacheFor, c.sweepLater)
	}
}

// sweepLocked drops the expired entries.
func (c *authCache) sweepLocked(now time.Time) {
	for t, e := range c.entries {
		if !now.Before(e.until) || !now.Before(e.expires) {
			delete(c.entries, t)
		}
	}
	if len(c.entries) == 0 {
		c.entries = map[string]cachedAuth{} // a map keeps its largest size: let it go
	}
	c.swept = now
}

// sweepLater is the timer's sweep: it comes again while entries are kept.
func (c *authCache) sweepLater() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sweepLocked(time.Now())
	if len(c.entries) == 0 {
		c.sweeping = false
		return
	}
	time.AfterFunc(2*cacheFor, c.sweepLater)
}

// drop forgets the entries of one record (every one for id "").
func (c *authCache) drop(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	if id == "" {
		c.entries = map[string]cachedAuth{}
		return
	}
	for t, e := range c.entries {
		if e.record.Id == id {
			delete(c.entries, t)
		}
	}
}

// watch drops a member's entries whenever the app changes or deletes an
// auth record (before the write, and again once it is done, so a request
// that read the record in between keeps nothing), and every entry when a
// collection changes.
func (c *authCache) watch(app core.App) {
	changed := func(e *core.ModelEvent) error {
		if r, ok := e.Model.(*core.Record); ok && r.Collection().IsAuth() {
			c.drop(r.Id)
		} else if rec, ok := e.Model.(core.RecordProxy); ok && rec.ProxyRecord().Collection().IsAuth() {
			c.drop(rec.ProxyRecord().Id)
		}
		return e.Next()
	}
	app.OnModelUpdate().BindFunc(changed)
	app.OnModelAfterUpdateSuccess().BindFunc(changed)
	app.OnModelDelete().BindFunc(changed)
	app.OnModelAfterDeleteSuccess().BindFunc(changed)
	app.OnCollectionAfterUpdateSuccess().BindFunc(func(e *core.CollectionEvent) error {
		c.drop("")
		return e.Next()
	})
}
