package session

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/security"

	"sponsorbridge/pb/internal/membership"
)

// Every signed-in request loads its member from the token. PocketBase's own
// loader (FindAuthRecordByToken) builds and parses that SELECT anew for each
// request, which on this SQLite driver costs more than most of our routes.
// The resolver below does exactly the same checks with one prepared
// statement per auth collection: the claims name the record, the record's
// token key plus the collection's secret verify the signature (so a changed
// password or a revoked key invalidates the token at once), and the record
// is built the way PocketBase builds records from rows. Anything it does not
// accept is left to PocketBase's loader, which then decides as before.

// resolver loads auth records by token.
type resolver struct {
	app   core.App
	mu    sync.Mutex
	stmts map[string]*sql.Stmt // by collection id and kind (prepare)
	cache *authCache           // cache.go
}

// Resolve is the middleware that signs the request's member in from the
// Authorization header (which Middleware fills from the cookie).
//
// Each request gets its own copy of a cached member (a copy costs about
// 15 µs and 12 kB, more than a whole anonymous /api/health), except on the
// routes named in readOnly ("GET /api/health"): their handlers only read
// e.Auth, so they share the cached record. In test binaries (not in
// benchmarks: GuardShared) a shared record is compared before and after the
// handler, and a route that changed it ends the test binary (guardShared),
// so a handler that starts writing to e.Auth is caught by its own tests.
func Resolve(app core.App, readOnly ...string) *hook.Handler[*core.RequestEvent] {
	r := newResolver(app)
	shared := make(map[string]bool, len(readOnly))
	for _, p := range readOnly {
		shared[p] = true
	}
	// A schema change can add or rename columns: prepare again.
	app.OnCollectionAfterUpdateSuccess().BindFunc(func(e *core.CollectionEvent) error {
		r.forget()
		return e.Next()
	})
	return &hook.Handler[*core.RequestEvent]{
		Id:       "sbResolveAuth",
		Priority: apis.DefaultLoadAuthTokenMiddlewarePriority - 1,
		Func: func(e *core.RequestEvent) error {
			if e.Auth == nil {
				if token := bearer(e.Request.Header.Get("Authorization")); token != "" {
					share := shared[e.Request.Pattern]
					if rec, err := r.find(token, share); err == nil {
						e.Auth = rec
						if share && guarding.Load() {
							return guardShared(e, rec)
						}
					}
				}
			}
			return e.Next()
		},
	}
}

func newResolver(app core.App) *resolver {
	return &resolver{app: app, stmts: map[string]*sql.Stmt{}, cache: authCacheOf(app)}
}

func bearer(h string) string {
	if len(h) > 7 && strings.EqualFold(h[:7], "Bearer ") {
		return h[7:]
	}
	return h
}

var errNotHere = errors.New("session: token left to PocketBase's loader")

// guardShared runs the route and stops the test binary when the route
// changed the shared record (test binaries only: the answer may already be
// written, so failing the request would go unseen).
func guardShared(e *core.RequestEvent, rec *core.Record) error {
	before := fingerprint(rec)
	err := e.Next()
	if after := fingerprint(rec); after != before {
		sharedChanged(fmt.Sprintf("session: %s changed the shared member record (Resolve's readOnly list):\n%s\n%s",
			e.Request.Pattern, before, after))
	}
	return err
}

// guarding is on in test binaries; benchmarks turn it off (GuardShared):
// the comparison costs more than the copy it saves.
var guarding = func() *atomic.Bool {
	var b atomic.Bool
	b.Store(testing.Testing())
	return &b
}()

// GuardShared turns the test binaries' check of shared records on or off
// (a benchmark measures the route as served).
func GuardShared(on bool) { guarding.Store(on) }

// sharedChanged reports a route that changed a shared record (a test
// replaces it to check the guard).
var sharedChanged = func(msg string) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(3)
}

func fingerprint(rec *core.Record) string {
	return fmt.Sprintf("%v|%v|%v|%v", rec.Id, rec.FieldsData(), rec.Expand(), rec.PublicExport())
}

// find is FindAuthRecordByToken for auth tokens. A cached record is copied
// unless share is set (the route only reads it).
func (r *resolver) find(token string, share bool) (*core.Record, error) {
	now := time.Now()
	if record := r.cache.get(token, now, share); record != nil {
		if r.stillAdmin(record) {
			return record, nil
		}
		r.cache.drop(record.Id) // and load the member as they are now
	}
	gen := r.cache.generation()
	claims, err := security.ParseUnverifiedJWT(token)
	if err != nil {
		return nil, err
	}
	id, _ := claims[core.TokenClaimId].(string)
	collectionID, _ := claims[core.TokenClaimCollectionId].(string)
	tokenType, _ := claims[core.TokenClaimType].(string)
	if id == "" || collectionID == "" || tokenType != core.TokenTypeAuth {
		return nil, errNotHere
	}
	collection, err := r.app.FindCachedCollectionByNameOrId(collectionID)
	if err != nil || !collection.IsAuth() {
		return nil, errNotHere
	}
	record, err := r.load(collection, id)
	if err != nil {
		return nil, err
	}
	if _, err := security.ParseJWT(token, record.TokenKey()+collection.AuthToken.Secret); err != nil {
		return nil, err
	}
	r.cache.put(token, record, now, gen)
	return record, nil
}

// load reads one record with a prepared statement and builds it as
// PocketBase does (each field prepares its stored text; then PostScan).
func (r *resolver) load(collection *core.Collection, id string) (*core.Record, error) {
	stmt, err := r.stmt(collection)
	if err != nil {
		return nil, err
	}
	rows, err := stmt.Query(id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return nil, err
		}
		return nil, sql.ErrNoRows
	}
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	vals := make([]sql.NullString, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	if err := rows.Scan(ptrs...); err != nil {
		return nil, err
	}
	byName := make(map[string]sql.NullString, len(cols))
	for i, c := range cols {
		byName[c] = vals[i]
	}
	record := core.NewRecord(collection)
	for _, field := range collection.Fields {
		name := field.GetName()
		var raw any
		if v, ok := byName[name]; ok && v.Valid {
			raw = v.String
		}
		value, err := field.PrepareValue(record, raw)
		if err != nil {
			return nil, err
		}
		record.SetRaw(name, value)
	}
	if err := record.PostScan(); err != nil {
		return nil, err
	}
	return record, nil
}

// stillAdmin tells whether a kept record's administrator right still
// holds. The cache's hooks drop a member's entries on any change made
// through this app, but the right can also change in another process (the
// `admin grant`/`admin revoke` commands), which no hook here hears. So a
// kept administrator is never used without reading the flag again: one
// prepared primary-key read, for administrators' requests only; a member
// who is not one pays nothing (a grant from the command line is then seen
// within cacheFor, which gives nobody more than they were given).
func (r *resolver) stillAdmin(record *core.Record) bool {
	if !membership.IsAdmin(record) {
		return true
	}
	stmt, err := r.prepare(record.Collection(), "isAdmin", "SELECT isAdmin FROM %s WHERE id = ? LIMIT 1")
	if err != nil {
		return false
	}
	var admin bool
	if err := stmt.QueryRow(record.Id).Scan(&admin); err != nil {
		return false
	}
	return admin
}

func (r *resolver) stmt(collection *core.Collection) (*sql.Stmt, error) {
	return r.prepare(collection, "", "SELECT * FROM %s WHERE id = ? LIMIT 1")
}

// prepare answers the statement of query (its table written %s) on the
// collection's table, prepared once and kept under kind.
func (r *resolver) prepare(collection *core.Collection, kind, query string) (*sql.Stmt, error) {
	key := collection.Id + "|" + kind
	r.mu.Lock()
	defer r.mu.Unlock()
	if s := r.stmts[key]; s != nil {
		return s, nil
	}
	b, ok := r.app.ConcurrentDB().(*dbx.DB)
	if !ok {
		return nil, fmt.Errorf("session: unexpected database handle %T", r.app.ConcurrentDB())
	}
	s, err := b.DB().Prepare(fmt.Sprintf(query, b.QuoteTableName(collection.Name)))
	if err != nil {
		return nil, err
	}
	r.stmts[key] = s
	return s, nil
}

func (r *resolver) forget() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, s := range r.stmts {
		_ = s.Close()
	}
	r.stmts = map[string]*sql.Stmt{}
}
