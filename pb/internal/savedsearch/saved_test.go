package savedsearch_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/savedsearch"
	"sponsorbridge/pb/internal/testutil"
)

// seed: ann and bob each keep one saved search; root is an administrator.
func seed(t testing.TB, app core.App) {
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{Subscribed: true, Email: "ann@example.com"})
	bob := testutil.CreateMember(t, app, "bob", testutil.MemberOpts{Email: "bob@example.com"})
	testutil.CreateMember(t, app, "root", testutil.MemberOpts{Admin: true})
	saveSearch(t, app, ann, "Ann's schools", "requests", `{"q":"school","categories":["Education"]}`)
	saveSearch(t, app, bob, "Bob's secret hunt", "sponsorships", `{"location":"Pune"}`)
}

func saveSearch(t testing.TB, app core.App, owner *core.Record, name, kind, query string) *core.Record {
	t.Helper()
	c, err := app.FindCollectionByNameOrId(savedsearch.Collection)
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Set("user", owner.Id)
	r.Set("name", name)
	r.Set("kind", kind)
	r.Set("query", query)
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}

func savedOf(t testing.TB, app core.App, username string) *core.Record {
	t.Helper()
	owner := testutil.FindByUsername(t, app, username)
	r, err := app.FindFirstRecordByData(savedsearch.Collection, "user", owner.Id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// onSaved points the scenario's URL at username's saved search.
func onSaved(as, owner string) func(t testing.TB, app core.App, s *tests.ApiScenario) {
	return func(t testing.TB, app core.App, s *tests.ApiScenario) {
		testutil.As(as)(t, app, s)
		s.URL = strings.Replace(s.URL, "{id}", savedOf(t, app, owner).Id, 1)
	}
}

func TestSavedSearchRoutes(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seed)
	with := func(s tests.ApiScenario, prepare func(testing.TB, core.App, *tests.ApiScenario)) *tests.ApiScenario {
		return testutil.Prepared(factory, s, prepare)
	}
	unchanged := func(owner, name string) func(testing.TB, *tests.TestApp, *http.Response) {
		return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if got := savedOf(t, app, owner); got.GetString("name") != name || got.GetBool("paused") {
				t.Fatalf("another member's search changed: %q paused=%v", got.GetString("name"), got.GetBool("paused"))
			}
		}
	}
	scenarios := []*tests.ApiScenario{
		with(tests.ApiScenario{Name: "visitor cannot list", Method: http.MethodGet, URL: "/api/saved-searches",
			ExpectedStatus: 401, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"status":401`}}, nil),
		with(tests.ApiScenario{Name: "visitor cannot save", Method: http.MethodPost, URL: "/api/saved-searches",
			Body:    strings.NewReader(`{"name":"x","kind":"requests","query":{}}`),
			Headers: map[string]string{"Origin": testutil.Origin}, ExpectedStatus: 401, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"status":401`}}, nil),
		with(tests.ApiScenario{Name: "member lists only their own", Method: http.MethodGet, URL: "/api/saved-searches",
			ExpectedStatus: 200,
			ExpectedEvents: testutil.NoWrites(),
			ExpectedContent: []string{`"name":"Ann's schools"`, `"kind":"requests"`, `"q":"school"`, `"categories":["Education"]`,
				`"path":"/home?categories=Education&q=school&tab=requests"`, `"paused":false`},
			NotExpectedContent: []string{"Bob's secret hunt", "Pune"}}, testutil.As("ann")),
		with(tests.ApiScenario{Name: "administrator sees only their own (none)", Method: http.MethodGet, URL: "/api/saved-searches",
			ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`[]`}, NotExpectedContent: []string{"Ann's", "Bob's"}}, testutil.As("root")),
		with(tests.ApiScenario{Name: "member saves a search, normalized by the list rules", Method: http.MethodPost, URL: "/api/saved-searches",
			Body:           strings.NewReader(`{"name":"  Pune offers  ","kind":"sponsorships","query":{"q":"  music ","categories":["education"],"minAmount":500,"location":"Pune","verified":true}}`),
			ExpectedStatus: 201,
			ExpectedContent: []string{`"name":"Pune offers"`, `"kind":"sponsorships"`, `"q":"music"`, `"categories":["Education"]`,
				`"minAmount":500`, `"verified":true`, `"location":"Pune"`},
			ExpectedEvents: map[string]int{"OnModelCreate": 1, "OnModelCreateExecute": 1, "OnModelAfterCreateSuccess": 1,
				"OnModelValidate": 1, "OnRecordCreate": 1, "OnRecordCreateExecute": 1, "OnRecordAfterCreateSuccess": 1, "OnRecordValidate": 1,
				"*": 0}}, testutil.As("bob")),
		with(tests.ApiScenario{Name: "no name", Method: http.MethodPost, URL: "/api/saved-searches",
			Body:           strings.NewReader(`{"name":"   ","kind":"requests","query":{}}`),
			ExpectedStatus: 400, ExpectedContent: []string{`"name":{"code":"validation_required","message":"Give the search a name"}`},
			ExpectedEvents: map[string]int{"*": 0}}, testutil.As("ann")),
		with(tests.ApiScenario{Name: "name too long", Method: http.MethodPost, URL: "/api/saved-searches",
			Body:           strings.NewReader(`{"name":"` + strings.Repeat("n", 61) + `","kind":"requests","query":{}}`),
			ExpectedStatus: 400, ExpectedContent: []string{"Name must be at most 60 characters"}, ExpectedEvents: map[string]int{"*": 0}}, testutil.As("ann")),
		with(tests.ApiScenario{Name: "unknown kind", Method: http.MethodPost, URL: "/api/saved-searches",
			Body:           strings.NewReader(`{"name":"x","kind":"users","query":{}}`),
			ExpectedStatus: 400, ExpectedContent: []string{"Kind must be sponsorships or requests"}, ExpectedEvents: map[string]int{"*": 0}}, testutil.As("ann")),
		with(tests.ApiScenario{Name: "query the list route refuses", Method: http.MethodPost, URL: "/api/saved-searches",
			Body:           strings.NewReader(`{"name":"x","kind":"requests","query":{"minAmount":900,"maxAmount":100,"categories":["Nope"]}}`),
			ExpectedStatus: 400, ExpectedContent: []string{"Maximum amount must not be below the minimum", "Unknown category"},
			ExpectedEvents: map[string]int{"*": 0}}, testutil.As("ann")),
		with(tests.ApiScenario{Name: "hostile keyword", Method: http.MethodPost, URL: "/api/saved-searches",
			Body:           strings.NewReader(`{"name":"x","kind":"requests","query":{"q":"a\u0000b"}}`),
			ExpectedStatus: 400, ExpectedContent: []string{"Keyword contains characters that are not text"}, ExpectedEvents: map[string]int{"*": 0}}, testutil.As("ann")),
		with(tests.ApiScenario{Name: "malformed body", Method: http.MethodPost, URL: "/api/saved-searches",
			Body: strings.NewReader(`{"name":`), ExpectedStatus: 400, ExpectedContent: []string{`"status":400`}, ExpectedEvents: map[string]int{"*": 0}}, testutil.As("ann")),
		with(tests.ApiScenario{Name: "a 21st search is refused", Method: http.MethodPost, URL: "/api/saved-searches",
			Body:           strings.NewReader(`{"name":"one too many","kind":"requests","query":{}}`),
			ExpectedStatus: 409, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{"You can keep at most 20 saved searches. Delete one to save another."},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if n, _ := app.CountRecords(savedsearch.Collection); n != 21 {
					t.Fatalf("%d saved searches stored, want 21 (20 of ann's and bob's)", n)
				}
			}}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			ann := testutil.FindByUsername(t, app, "ann")
			for i := 1; i < savedsearch.MaxPerMember; i++ {
				saveSearch(t, app, ann, "search "+strconv.Itoa(i), "sponsorships", `{}`)
			}
			testutil.As("ann")(t, app, s)
		}),
		with(tests.ApiScenario{Name: "owner renames and pauses", Method: http.MethodPatch, URL: "/api/saved-searches/{id}",
			Body:           strings.NewReader(`{"name":" Schools in Pune ","paused":true}`),
			ExpectedStatus: 200, ExpectedEvents: testutil.Writes(0, 1, 0), ExpectedContent: []string{`"name":"Schools in Pune"`, `"paused":true`}}, onSaved("ann", "ann")),
		with(tests.ApiScenario{Name: "rename to nothing", Method: http.MethodPatch, URL: "/api/saved-searches/{id}",
			Body: strings.NewReader(`{"name":""}`), ExpectedStatus: 400, ExpectedContent: []string{"Give the search a name"},
			ExpectedEvents: map[string]int{"*": 0}}, onSaved("ann", "ann")),
		with(tests.ApiScenario{Name: "another member cannot rename (404, nothing learned)", Method: http.MethodPatch, URL: "/api/saved-searches/{id}",
			Body: strings.NewReader(`{"name":"mine now","paused":true}`), ExpectedStatus: 404,
			ExpectedContent: []string{"Saved search not found."}, NotExpectedContent: []string{"Bob's"},
			ExpectedEvents: map[string]int{"*": 0}, AfterTestFunc: unchanged("bob", "Bob's secret hunt")}, onSaved("ann", "bob")),
		with(tests.ApiScenario{Name: "an administrator cannot change a member's search", Method: http.MethodPatch, URL: "/api/saved-searches/{id}",
			Body: strings.NewReader(`{"paused":true}`), ExpectedStatus: 404, ExpectedContent: []string{"Saved search not found."}, ExpectedEvents: map[string]int{"*": 0},
			AfterTestFunc: unchanged("bob", "Bob's secret hunt")}, onSaved("root", "bob")),
		with(tests.ApiScenario{Name: "another member cannot delete", Method: http.MethodDelete, URL: "/api/saved-searches/{id}",
			ExpectedStatus: 404, ExpectedContent: []string{"Saved search not found."}, ExpectedEvents: map[string]int{"*": 0},
			AfterTestFunc: unchanged("bob", "Bob's secret hunt")}, onSaved("ann", "bob")),
		with(tests.ApiScenario{Name: "owner deletes", Method: http.MethodDelete, URL: "/api/saved-searches/{id}",
			ExpectedStatus: 204, ExpectedEvents: testutil.Writes(0, 0, 1), AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if n, _ := app.CountRecords(savedsearch.Collection); n != 1 {
					t.Fatalf("%d saved searches left, want bob's only", n)
				}
			}}, onSaved("bob", "bob")),
		with(tests.ApiScenario{Name: "unknown id", Method: http.MethodDelete, URL: "/api/saved-searches/nope",
			ExpectedStatus: 404, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{"Saved search not found."}}, testutil.As("ann")),
		with(tests.ApiScenario{Name: "the collection API does not answer members", Method: http.MethodGet,
			URL: "/api/collections/saved_searches/records", ExpectedStatus: 404, ExpectedEvents: testutil.NoWrites(), NotExpectedContent: []string{"Bob's"}}, testutil.As("ann")),
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}
