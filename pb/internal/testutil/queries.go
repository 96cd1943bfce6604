package testutil

import (
	"context"
	"database/sql"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/queue"
)

// Queries records the SQL statements an app runs on both its databases
// while a step runs: a list's test proves with it that a page of 20 rows
// costs the queries a page of 1 does.
type Queries struct {
	app core.App
	mu  sync.Mutex
	on  bool
	sql []string
}

// WatchQueries starts recording app's statements (only inside During).
func WatchQueries(t testing.TB, app core.App) *Queries {
	t.Helper()
	q := &Queries{app: app}
	for _, db := range []dbx.Builder{app.ConcurrentDB(), app.NonconcurrentDB()} {
		d, ok := db.(*dbx.DB)
		if !ok {
			t.Fatalf("the app's database is a %T, not a *dbx.DB", db)
		}
		d.QueryLogFunc = func(_ context.Context, _ time.Duration, s string, _ *sql.Rows, _ error) { q.add(s) }
		d.ExecLogFunc = func(_ context.Context, _ time.Duration, s string, _ sql.Result, _ error) { q.add(s) }
	}
	return q
}

func (q *Queries) add(s string) {
	if strings.HasPrefix(s, "PRAGMA wal_checkpoint") {
		return // the served app's background checkpoint (pb/app), every 250 ms: no step's
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.on {
		q.sql = append(q.sql, s)
	}
}

// During answers the statements run while step ran, in order; the
// background work queued before (a seed's match notices) runs first.
func (q *Queries) During(step func()) []string {
	queue.Of(q.app).Wait()
	q.mu.Lock()
	q.on, q.sql = true, nil
	q.mu.Unlock()
	step()
	q.mu.Lock()
	defer q.mu.Unlock()
	q.on = false
	return q.sql
}

// Get answers the statements a GET of url with headers costs through h,
// and its body, failing the test unless it answers 200.
func (q *Queries) Get(t testing.TB, h http.Handler, url string, headers map[string]string) ([]string, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, url, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	statements := q.During(func() { h.ServeHTTP(rec, req) })
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: %d %s", url, rec.Code, rec.Body.String())
	}
	return statements, rec.Body.String()
}
