package app_test

import (
	"net/http"
	"strings"
	"testing"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// A visitor (no session, or one that ended) who calls a route of the app
// that needs a member is told "You are not signed in.", one wording on
// every route: never PocketBase's "The request requires valid record
// authorization token.". The walk covers every route the app serves,
// PocketBase's included, each path parameter filled with an id that does
// not exist.
func TestVisitorsAreToldTheyAreNotSignedInOnEveryRoute(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	srv := testutil.Serve(t, app)
	refused := 0
	for _, route := range testutil.AppRoutes(t, app) {
		method, path, ok := strings.Cut(route, " ")
		switch {
		case !ok || !strings.HasPrefix(path, "/api/") || strings.Contains(path, "...}"):
			continue // the SPA's pages and the JSON 404 need nobody
		case route == "GET /api/realtime":
			continue // the event stream stays open; its subscriptions (POST) are walked
		case path == "/api/metrics":
			continue // for the monitoring, not members: its own 401 names the tokens it takes (docs/operations.md)
		}
		url := param.ReplaceAllString(path, "nothing")
		status, body := testutil.DoRead(t, srv, method, url, "{}", map[string]string{"Origin": "self"})
		if strings.Contains(body, "authorization token") {
			t.Errorf("%s answers a visitor with PocketBase's wording: %d %s", route, status, body)
		}
		if status == http.StatusUnauthorized {
			refused++
			if !strings.Contains(body, `"message":"You are not signed in."`) {
				t.Errorf("%s answers a visitor 401 %s", route, body)
			}
		}
	}
	if refused < 40 {
		t.Errorf("only %d routes refused a visitor: the walk lost its way", refused)
	}
}
