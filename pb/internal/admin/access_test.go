package admin_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/testutil"
)

type adminRoute struct {
	name   string
	method string
	url    func(testing.TB, core.App) string
	body   string
	want   string // in the administrator's answer
}

func adminRoutes() []adminRoute {
	pendingOffer := func(action string) func(testing.TB, core.App) string {
		return func(t testing.TB, app core.App) string {
			return "/api/admin/listings/sponsorships/" + listingID(t, app, "sponsorships", "Dan pending offer") + "/" + action
		}
	}
	priya := func(suffix string) func(testing.TB, core.App) string {
		return func(t testing.TB, app core.App) string {
			return "/api/admin/members/" + memberID(t, app, "priya") + suffix
		}
	}
	message := func(t testing.TB, app core.App) string {
		return "/api/admin/contact-messages/" + seedContact(t, app) + "/resolve"
	}
	return []adminRoute{
		{"GET /api/admin/overview", http.MethodGet, path("/api/admin/overview"), "", `"dashboardUrl":"/_/"`},
		{"GET /api/admin/moderation", http.MethodGet, path("/api/admin/moderation"), "", "Dan pending offer"},
		{"POST /api/admin/listings/sponsorships/{id}/approve", http.MethodPost, pendingOffer("approve"), "", `"approved":true`},
		{"POST /api/admin/listings/sponsorships/{id}/reject", http.MethodPost, pendingOffer("reject"), `{"reason":"Not a real offer"}`, `"rejectionReason":"Not a real offer"`},
		{"GET /api/admin/members", http.MethodGet, path("/api/admin/members"), "", "dan@example.com"},
		{"POST /api/admin/members/{id}/verify", http.MethodPost, priya("/verify"), "", `"isVerified":true`},
		{"POST /api/admin/members/{id}/unverify", http.MethodPost, priya("/unverify"), "", `"isVerified":false`},
		{"POST /api/admin/members/{id}/social/verify", http.MethodPost, priya("/social/verify"),
			`{"platform":"twitter","username":"priya_s"}`, `"username":"priya_s","verified":true`},
		{"POST /api/admin/members/{id}/social/unverify", http.MethodPost, priya("/social/unverify"),
			`{"platform":"instagram","username":"priya.art"}`, `"username":"priya.art","verified":false`},
		{"GET /api/admin/subscriptions", http.MethodGet, path("/api/admin/subscriptions"), "", `"email":"dan@example.com"`},
		{"GET /api/admin/subscriptions/summary", http.MethodGet, path("/api/admin/subscriptions/summary"), "", `"plans"`},
		{"GET /api/admin/contact-messages", http.MethodGet, path("/api/admin/contact-messages"), "", `[]`},
		{"POST /api/admin/contact-messages/{id}/resolve", http.MethodPost, message, "", `"resolved":true`},
		{"GET /api/admin/audit", http.MethodGet, path("/api/admin/audit"), "", `[]`},
	}
}

// Every admin route: 401 for visitors, 403 for members, 200 for
// administrators; refused calls change nothing and log nothing.
func TestAdminRoutesNeedAnAdministrator(t *testing.T) {
	t.Parallel()
	var refused, allowed []testutil.Call
	for _, r := range adminRoutes() {
		name := r.name
		unchanged := all(expectRows("moderation_log", 0), expectPendingOffer(false, false))
		refused = append(refused,
			testutil.Call{Name: name + " as visitor", Method: r.method, URLOf: r.url, Body: r.body, Status: 401,
				Want: []string{"You are not signed in."}, After: unchanged},
			testutil.Call{Name: name + " as member", Method: r.method, Who: "dan", URLOf: r.url, Body: r.body, Status: 403,
				Want: []string{"Only administrators can do this."}, NotWant: []string{"priya@example.com"}, After: unchanged},
		)
		allowed = append(allowed, testutil.Call{Name: name + " as administrator", Method: r.method, Who: "boss", URLOf: r.url, Body: r.body, Status: 200,
			Want: []string{r.want}})
	}
	// A refusal writes nothing (each step checks it), so they share one
	// app; each administrator's call changes things and gets its own.
	testutil.RunCalls(t, factory, refused)
	testutil.RunCalls(t, factory, allowed)
}

func expectPendingOffer(reviewed, approved bool) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		r, err := app.FindFirstRecordByData("sponsorships", "title", "Dan pending offer")
		if err != nil {
			t.Fatal(err)
		}
		if r.GetBool("reviewed") != reviewed || r.GetBool("approved") != approved {
			t.Errorf("pending offer flags: reviewed=%v approved=%v", r.GetBool("reviewed"), r.GetBool("approved"))
		}
	}
}

// path is a route's fixed URL, in the table above.
func path(p string) func(testing.TB, core.App) string {
	return func(testing.TB, core.App) string { return p }
}
