package listings_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// Keyset paging: each page hands the next one a cursor; a cursor is tied to
// its sort order; anything else in its place is a clear 400.
func TestCursorPaging(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seedBrowse)
	servers := map[*tests.TestApp]*httptest.Server{}
	srvPage := func(t testing.TB, app *tests.TestApp, path string) (*http.Response, []string) {
		t.Helper()
		srv := servers[app]
		if srv == nil {
			srv = testutil.Serve(t, app)
			servers[app] = srv
		}
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		for k, v := range testutil.Cookie(t, testutil.FindByUsername(t, app, "dan")) {
			req.Header.Set(k, v)
		}
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		return res, titles(t, res)
	}

	t.Run("pages follow each other without gaps or repeats", func(t *testing.T) {
		app := factory(t)
		defer app.Cleanup()
		var all []string
		path := "/api/sponsorships?perPage=1&sort=amount_desc"
		for i := 0; i < 10; i++ {
			res, got := srvPage(t, app, path)
			all = append(all, got...)
			next := res.Header.Get("X-Next-Cursor")
			if (next != "") != (res.Header.Get("X-Has-More") == "true") {
				t.Fatalf("X-Next-Cursor %q with X-Has-More %s", next, res.Header.Get("X-Has-More"))
			}
			if i == 0 && res.Header.Get("X-Total-Count") != "4" {
				t.Errorf("first page total %q, want 4", res.Header.Get("X-Total-Count"))
			}
			if i > 0 && res.Header.Get("X-Total-Count") != "" {
				t.Error("a cursor page counts again (the total comes with the first page)")
			}
			if next == "" {
				break
			}
			path = "/api/sponsorships?perPage=1&sort=amount_desc&cursor=" + next
		}
		want := []string{"Coding bootcamp seats", "Tree planting", "Robotics Club Kits", "Market stall fees"}
		if len(all) != len(want) {
			t.Fatalf("got %v, want %v", all, want)
		}
		for i := range want {
			if all[i] != want[i] {
				t.Fatalf("got %v, want %v", all, want)
			}
		}
	})

	t.Run("a listing posted meanwhile does not shift the next page", func(t *testing.T) {
		app := factory(t)
		defer app.Cleanup()
		res, first := srvPage(t, app, "/api/sponsorships?perPage=2")
		testutil.CreateListing(t, app, "sponsorships", testutil.FindByUsername(t, app, "priya"), testutil.ListingOpts{Title: "Brand new"})
		_, second := srvPage(t, app, "/api/sponsorships?perPage=2&cursor="+res.Header.Get("X-Next-Cursor"))
		if len(first) != 2 || len(second) != 2 || second[0] != "Market stall fees" || second[1] != "Robotics Club Kits" {
			t.Errorf("first %v, then %v", first, second)
		}
	})

	bad := []struct{ name, url, msg string }{
		{"garbage cursor", "/api/sponsorships?cursor=@@@", "The cursor is not valid; start again from the first page"},
		{"cursor of another sort order", "/api/sponsorships?sort=amount_asc&cursor=bjE", "The cursor is not valid; start again from the first page"},
		{"overlong cursor", "/api/sponsorships?cursor=bjEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2Nzg5MA",
			"The cursor is not valid; start again from the first page"},
		{"NUL byte in the keyword", "/api/sponsorships?q=a%00b", "Keyword contains characters that are not text"},
		{"invalid UTF-8 in the keyword", "/api/sponsorships?q=%ff%fe", "Keyword contains characters that are not text"},
		{"control character in the location", "/api/sponsorships?location=pu%1bne", "Location contains characters that are not text"},
		{"verified is a boolean", "/api/sponsorships?verified=maybe", "verified must be true or false"},
		{"reversed amount range", "/api/sponsorships?minAmount=900&maxAmount=100", "Maximum amount must not be below the minimum"},
	}
	for _, tc := range bad {
		testutil.Prepared(factory, tests.ApiScenario{
			Name: tc.name, Method: http.MethodGet, URL: tc.url, ExpectedStatus: 400, ExpectedEvents: testutil.NoWrites(),
			ExpectedContent: []string{tc.msg}, NotExpectedContent: []string{"Robotics"},
		}, testutil.As("dan")).Test(t)
	}
}

// verified=true keeps listings of members who carry the badge.
func TestVerifiedOnly(t *testing.T) {
	t.Parallel()
	testutil.Prepared(apptest.Factory(nil, seedBrowse), tests.ApiScenario{
		Name: "verified posters only", Method: http.MethodGet, URL: "/api/sponsorships?verified=true", ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(),
		ExpectedContent:    []string{"Robotics Club Kits", "Tree planting"},
		NotExpectedContent: []string{"Market stall", "Coding bootcamp"},
	}, func(t testing.TB, app core.App, s *tests.ApiScenario) { testutil.As("dan")(t, app, s) }).Test(t)
}

func titles(t testing.TB, res *http.Response) []string {
	t.Helper()
	body, _ := io.ReadAll(res.Body)
	var page []struct {
		Title string `json:"title"`
	}
	if err := json.Unmarshal(body, &page); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	out := make([]string, len(page))
	for i, p := range page {
		out[i] = p.Title
	}
	return out
}

// A market with no listings at all answers an empty page.
func TestEmptyMarket(t *testing.T) {
	t.Parallel()
	for _, url := range []string{"/api/sponsorships", "/api/sponsorship-requests?q=school&categories=Arts&minAmount=5&sort=amount_desc"} {
		testutil.Prepared(apptest.Factory(nil, func(t testing.TB, app core.App) {
			testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})
		}), tests.ApiScenario{
			Name: "empty " + url, Method: http.MethodGet, URL: url, ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(),
			ExpectedContent: []string{"[]"}, AfterTestFunc: expectHeaders(map[string]string{"X-Total-Count": "0", "X-Has-More": "false"}),
		}, testutil.As("dan")).Test(t)
	}
}
