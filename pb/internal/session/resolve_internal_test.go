package session

import (
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// appWithAna is a test app with one member, Ana, and her auth token; the
// app is cleaned up when the test ends.
func appWithAna(t *testing.T) (*tests.TestApp, *core.Record, string) {
	t.Helper()
	dir := t.TempDir()
	app, err := tests.NewTestAppWithConfig(core.BaseAppConfig{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		app.Cleanup()
		_ = os.RemoveAll(dir)
	})
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		t.Fatal(err)
	}
	u := core.NewRecord(users)
	u.SetEmail("ana@example.com")
	u.SetPassword("secret-pass-1")
	u.Set("username", "ana")
	u.Set("displayName", "Ana")
	if err := app.Save(u); err != nil {
		t.Fatal(err)
	}
	token, _ := u.NewAuthToken()
	return app, u, token
}

// The resolver builds the very record PocketBase's own loader builds.
func TestResolverBuildsPocketBasesRecord(t *testing.T) {
	t.Parallel()
	app, u, token := appWithAna(t)
	r := newResolver(app)
	theirs, err := app.FindAuthRecordByToken(token, core.TokenTypeAuth)
	if err != nil {
		t.Fatal(err)
	}
	var mine *core.Record
	for round := range 2 { // loaded, then from the cache
		if mine, err = r.find(token, false); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(mine.FieldsData(), theirs.FieldsData()) || mine.IsNew() != theirs.IsNew() ||
			!reflect.DeepEqual(mine.Original().FieldsData(), theirs.Original().FieldsData()) {
			t.Errorf("round %d: records differ:\n%v\n%v", round, mine.FieldsData(), theirs.FieldsData())
		}
	}
	if len(r.cache.entries) != 1 {
		t.Fatalf("%d cached entries, want 1", len(r.cache.entries))
	}
	// Each request has its own copy: a change to one is not another's.
	mine.Set("displayName", "Ana B")
	if again, _ := r.find(token, false); again.GetString("displayName") != "Ana" {
		t.Errorf("another request read %q", again.GetString("displayName"))
	}
	// A change saved from the resolved record is a normal update, and the
	// next request reads it.
	if err := app.Save(mine); err != nil {
		t.Fatal(err)
	}
	if got, _ := app.FindRecordById("users", u.Id); got.GetString("displayName") != "Ana B" {
		t.Error("saving the resolved record did not update it")
	}
	if again, _ := r.find(token, false); again.GetString("displayName") != "Ana B" {
		t.Errorf("the next request read %q after the change", again.GetString("displayName"))
	}
	// A new token key (signing out everywhere) refuses the token at once.
	mine.RefreshTokenKey()
	if err := app.Save(mine); err != nil {
		t.Fatal(err)
	}
	if _, err := r.find(token, false); err == nil {
		t.Error("the token of an old key was accepted from the cache")
	}
	if _, err := r.find(token[:len(token)-3]+"abc", false); err == nil {
		t.Error("a tampered token was accepted")
	}
}

// Routes that only read the member share the cached record (no copy per
// request); a route on that list that changes it is caught in tests, and
// the other routes still get copies they may change.
func TestReadOnlyRoutesShareTheCachedMember(t *testing.T) {
	app, _, token := appWithAna(t)

	var reports []string
	saved := sharedChanged
	sharedChanged = func(msg string) { reports = append(reports, msg) }
	defer func() { sharedChanged = saved }()

	var seen *core.Record
	router, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	router.Bind(Resolve(app, "GET /read", "GET /write"))
	router.GET("/read", func(e *core.RequestEvent) error {
		seen = e.Auth
		return e.String(http.StatusOK, e.Auth.GetString("displayName"))
	})
	change := func(e *core.RequestEvent) error {
		seen = e.Auth
		e.Auth.Set("displayName", "Changed")
		return e.String(http.StatusOK, "changed")
	}
	router.GET("/write", change)
	router.GET("/copy", change)
	mux, err := router.BuildMux()
	if err != nil {
		t.Fatal(err)
	}
	get := func(path string) string {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Authorization", token)
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		return rec.Body.String()
	}
	cache := authCacheOf(app)
	cached := func() *core.Record {
		cache.mu.RLock()
		defer cache.mu.RUnlock()
		return cache.entries[token].record
	}

	get("/read") // loads and caches the member
	if body := get("/read"); body != "Ana" || seen != cached() || seen == nil {
		t.Fatalf("a read-only route got %q, shared=%v", body, seen == cached())
	}
	if allocs := testing.AllocsPerRun(50, func() { _ = cache.get(token, time.Now(), true) }); allocs != 0 {
		t.Errorf("a shared lookup allocated %v times", allocs)
	}
	// A route off the list changes its own copy only.
	if body := get("/copy"); body != "changed" || seen == cached() {
		t.Fatalf("the other route got %q, shared=%v", body, seen == cached())
	}
	if body := get("/read"); body != "Ana" {
		t.Errorf("a copy's change reached the next request: %q", body)
	}
	if len(reports) != 0 {
		t.Fatalf("reports for routes that changed nothing shared: %v", reports)
	}
	// A listed route that changes the member is reported.
	get("/write")
	if len(reports) != 1 || !strings.Contains(reports[0], "GET /write changed the shared member record") {
		t.Errorf("reports: %q", reports)
	}
}

// Expired entries do not stay until the cache is full: a crowd that signed
// in once (2,000 members opening their pages) would otherwise keep a copy
// of every member for good.
func TestExpiredEntriesAreDropped(t *testing.T) {
	app, ana, token := appWithAna(t)
	cache := authCacheOf(app)
	now := time.Now()
	for i := range 100 {
		other, err := newToken(ana, "s"+strconv.Itoa(i))
		if err != nil {
			t.Fatal(err)
		}
		cache.put(other, ana, now, cache.generation())
	}
	cache.put(token, ana, now.Add(cacheFor/2), cache.generation())
	if n := len(cache.entries); n != 101 {
		t.Fatalf("%d entries within a moment, want 101", n)
	}
	late, _ := newToken(ana, "late")
	cache.put(late, ana, now.Add(2*cacheFor), cache.generation())
	if n := len(cache.entries); n != 1 {
		t.Errorf("%d entries after every other expired, want 1", n)
	}
}

// Nor do they stay when nobody signs in after the crowd: 2,000 tabs opened
// at once, then idle, would keep a copy of each member (about 6 KiB) until
// someone else signed in. A timer sweeps while entries are kept.
func TestExpiredEntriesGoWithoutAnotherSignIn(t *testing.T) {
	app, ana, _ := appWithAna(t)
	cache := authCacheOf(app)
	for i := range 100 {
		other, err := newToken(ana, "q"+strconv.Itoa(i))
		if err != nil {
			t.Fatal(err)
		}
		cache.put(other, ana, time.Now(), cache.generation())
	}
	kept := func() (int, bool) {
		cache.mu.RLock()
		defer cache.mu.RUnlock()
		return len(cache.entries), cache.sweeping
	}
	if n, sweeping := kept(); n != 100 || !sweeping {
		t.Fatalf("%d entries (sweep scheduled: %v), want 100 and a sweep", n, sweeping)
	}
	deadline := time.Now().Add(4 * cacheFor)
	for {
		n, sweeping := kept()
		if n == 0 && !sweeping {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d entries %v after they expired (sweep scheduled: %v), want none and no timer", n, 4*cacheFor, sweeping)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
