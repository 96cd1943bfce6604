package ops_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tools/logger"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// The request log's bound: past REQUEST_LOGS_PER_SECOND (a burst of twice
// as many) requests are answered exactly as before and not logged, a
// warning counts them, and quiet routes' successes (never logged) spend
// nothing.
func TestRequestLogBudget(t *testing.T) {
	cfg := testutil.Config()
	cfg.LogsMaxDays = 7
	cfg.RequestLogsPerSecond = 1 // a burst of 2
	app := apptest.NewApp(t, cfg)
	defer app.Cleanup()
	srv := httptest.NewServer(testutil.Handler(t, app))
	defer srv.Close()
	member := testutil.CreateMember(t, app, "logbudget", testutil.MemberOpts{})
	h := testutil.Cookie(t, member)

	start := time.Now()
	// quiet successes first: a list page writes no success to the log, so
	// it must not spend the budget
	for range 5 {
		if res, body := testutil.Send(t, srv, "GET", "/api/sponsorships", "", h); res.StatusCode != 200 {
			t.Fatalf("list: %d %s", res.StatusCode, body)
		}
	}
	var first, last string
	for i := range 20 {
		if res, body := testutil.Send(t, srv, "GET", "/api/health", "", nil); res.StatusCode != 200 {
			t.Fatalf("health: %d %s", res.StatusCode, body)
		}
		res, body := testutil.Send(t, srv, "GET", "/api/nothing-here", "", nil)
		if res.StatusCode != 404 || !strings.Contains(body, `"message"`) {
			t.Fatalf("unknown route: %d %s", res.StatusCode, body)
		}
		if i == 0 {
			first = body
		}
		last = body
	}
	elapsed := time.Since(start)
	if first != last {
		t.Errorf("an unlogged error is answered differently:\nlogged:   %s\nunlogged: %s", first, last)
	}
	if err := app.Logger().Handler().(*logger.BatchHandler).WriteAll(context.WithValue(context.Background(), logger.BlockKey, true)); err != nil {
		t.Fatal(err)
	}

	// the logger's 3-second ticker may have handed a batch to a goroutine
	// of its own before the blocking flush: wait for it
	var logged []string
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		logged = nil
		if err := app.AuxDB().NewQuery(`SELECT message FROM _logs WHERE json_extract(data, '$.type') = 'request' ORDER BY created, rowid`).Column(&logged); err != nil {
			t.Fatal(err)
		}
		if len(logged) >= 2 || time.Now().After(deadline) {
			break
		}
	}
	most := 2 + int(elapsed.Seconds()) + 1
	if len(logged) < 2 || len(logged) > most {
		t.Errorf("%d request entries logged in %s, want 2 to %d: %v", len(logged), elapsed, most, logged)
	}
	if len(logged) > 0 && !strings.HasPrefix(logged[0], "GET /api/health") {
		t.Errorf("the first entry logged is %q, want the first health check (the lists spent nothing)", logged[0])
	}
	var warned []string
	if err := app.AuxDB().NewQuery(`SELECT message FROM _logs WHERE message LIKE 'request log:%'`).Column(&warned); err != nil {
		t.Fatal(err)
	}
	if len(warned) != 1 || !strings.Contains(warned[0], "answered but not logged") {
		t.Errorf("warnings about unlogged requests: %q, want one (at most one a minute)", warned)
	}
}
