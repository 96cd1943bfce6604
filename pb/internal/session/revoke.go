package session

import (
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/clientindex"
	"sponsorbridge/pb/internal/live"
)

// RevokedCollection keeps the sessions signed out before their tokens
// expire, so a copied cookie stops working at sign-out and stays stopped
// across restarts. A row can go once every token of its session has expired.
const RevokedCollection = "revoked_sessions"

const (
	storeKey    = "sbRevokedSessions"
	realtimeKey = "sbRealtimeBySession"
)

// revocations mirrors the table in memory: the check runs on every request.
type revocations struct {
	once sync.Once
	mu   sync.RWMutex
	sids map[string]time.Time // session id -> when its last token expires
	err  error
}

func revocationsOf(app core.App) *revocations {
	r := app.Store().GetOrSet(storeKey, func() any { return &revocations{sids: map[string]time.Time{}} }).(*revocations)
	r.once.Do(func() {
		var rows []struct {
			Sid     string         `db:"sid"`
			Expires types.DateTime `db:"expires"`
		}
		r.err = app.DB().Select("sid", "expires").From(RevokedCollection).
			Where(dbx.NewExp("[[expires]] > {:now}", dbx.Params{"now": types.NowDateTime().String()})).All(&rows)
		for _, row := range rows {
			r.sids[row.Sid] = row.Expires.Time()
		}
	})
	return r
}

func (r *revocations) has(sid string) bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	_, ok := r.sids[sid]
	return ok
}

// Revoke ends the session sid: its tokens are refused from now on, and
// realtime connections it opened stop hearing the member's events.
func Revoke(app core.App, sid string) error {
	if sid == "" {
		return nil
	}
	r := revocationsOf(app)
	if r.err != nil {
		return r.err
	}
	users, err := app.FindCachedCollectionByNameOrId("users")
	if err != nil {
		return err
	}
	until := time.Now().Add(users.AuthToken.DurationTime())
	c, err := app.FindCachedCollectionByNameOrId(RevokedCollection)
	if err != nil {
		return err
	}
	row := core.NewRecord(c)
	row.Set("sid", sid)
	row.Set("expires", until)
	if err := app.Save(row); err != nil {
		if _, findErr := app.FindFirstRecordByData(c, "sid", sid); findErr != nil {
			return err
		}
		// already revoked (signed out twice at once)
	}
	r.mu.Lock()
	r.sids[sid] = until
	r.mu.Unlock()
	unsetRealtime(app, sid)
	return nil
}

// RejectRevoked drops the credentials of a revoked session before the auth
// token is loaded, so the request is a visitor's; a revoked cookie is
// cleared. It runs after Middleware has copied the cookie into the header.
func RejectRevoked(app core.App) *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "sbRejectRevoked",
		Priority: apis.DefaultLoadAuthTokenMiddlewarePriority - 1,
		Func: func(e *core.RequestEvent) error {
			h := e.Request.Header.Get("Authorization")
			sid, ok := authCacheOf(app).session(bearer(h), time.Now())
			if !ok {
				sid = sessionOf(h)
			}
			if sid != "" && revocationsOf(app).has(sid) {
				e.Request.Header.Del("Authorization")
				if v, _ := e.Get(viaCookieKey).(bool); v {
					e.Set(viaCookieKey, false)
					End(e)
				}
			}
			return e.Next()
		},
	}
}

// CleanRevoked deletes the rows of sessions whose tokens have all expired.
func CleanRevoked(app core.App) error {
	now := time.Now()
	_, err := app.DB().Delete(RevokedCollection, dbx.NewExp("[[expires]] <= {:now}",
		dbx.Params{"now": types.NowDateTime().String()})).Execute()
	if err != nil {
		return err
	}
	r := revocationsOf(app)
	r.mu.Lock()
	for sid, until := range r.sids {
		if !until.After(now) {
			delete(r.sids, sid)
		}
	}
	r.mu.Unlock()
	return nil
}

// realtime is an app's realtime connections by the member and the session
// that subscribed them.
type realtime struct {
	byMember, bySession *clientindex.Index
}

func realtimeOf(app core.App) *realtime {
	return app.Store().GetOrSet(realtimeKey, func() any {
		return &realtime{byMember: clientindex.New(), bySession: clientindex.New()}
	}).(*realtime)
}

// BindRealtime remembers which session (and member) opened each realtime
// subscription, so revoking the session silences it (PocketBase itself only
// notices a changed token key) and an ending elsewhere is told (TellEnded).
// A connection is forgotten when it ends.
func BindRealtime(app core.App) {
	rt := realtimeOf(app)
	app.OnRealtimeSubscribeRequest().BindFunc(func(e *core.RealtimeSubscribeRequestEvent) error {
		if sid := sessionOf(e.Request.Header.Get("Authorization")); sid != "" {
			rt.bySession.File(sid, e.Client)
		}
		if e.Auth != nil && e.Auth.Collection().Name == "users" {
			rt.byMember.File(e.Auth.Id, e.Client) // TellEnded finds the member's pages by it
		}
		return e.Next()
	})
	app.OnRealtimeConnectRequest().BindFunc(func(e *core.RealtimeConnectRequestEvent) error {
		err := e.Next()
		id := e.Client.Id()
		live.AfterStream(e.Client, func() {
			rt.byMember.Forget(id)
			rt.bySession.Forget(id)
		})
		return err
	})
}

func unsetRealtime(app core.App, sid string) {
	for _, client := range realtimeOf(app).bySession.Of(sid) {
		client.Unset(apis.RealtimeClientAuthKey)
	}
}
