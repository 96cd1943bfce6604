package listings_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// An offer's criteria, questions and cap (docs/api/eligibility.md,
// "Criteria on an offer").

const rulesBody = `"criteria":{"locations":["Pune"," online "],"categories":["education"],"eventFrom":"2027-03-01",
	"eventTo":"2027-06-30","minAudience":200,"verifiedOnly":true},"applicationCap":50,
	"questions":[{"label":"How many students attend?","kind":"number","required":true},
	             {"id":"link","label":"Link to last year's event","kind":"link"}]`

const rulesAnswer = `"criteria":{"locations":["Pune","Online"],"categories":["Education"],"eventFrom":"2027-03-01",` +
	`"eventTo":"2027-06-30","minAudience":200,"verifiedOnly":true,"reliableOnly":false}`

const noRules = `"criteria":{"locations":[],"categories":[],"eventFrom":"","eventTo":"","minAudience":0,"verifiedOnly":false,"reliableOnly":false}`

func withRules(t testing.TB, app core.App) {
	seedPosters(t, app)
	subbed := testutil.FindByUsername(t, app, "subbed")
	offer := testutil.CreateListing(t, app, "sponsorships", subbed, testutil.ListingOpts{Title: "Ruled offer", Location: "Pune"})
	offer.Load(map[string]any{"criteria": map[string]any{"locations": []string{"Pune"}}, "applicationCap": 5,
		"questions": []map[string]any{{"id": "q1", "label": "Why?", "kind": "short", "required": true}}})
	if err := app.Save(offer); err != nil {
		t.Fatal(err)
	}
}

func ruledOffer(t testing.TB, app core.App) *core.Record {
	r, err := app.FindFirstRecordByData("sponsorships", "title", "Ruled offer")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestOfferRules(t *testing.T) {
	t.Parallel()
	posters := apptest.Factory(nil, seedPosters)
	ruled := apptest.Factory(nil, withRules)
	editURL := func(t testing.TB, app core.App) string { return "/api/sponsorships/" + ruledOffer(t, app).Id }
	calls := []struct {
		factory func(testing.TB) *tests.TestApp
		call    testutil.Call
	}{
		{posters, testutil.Call{
			Who: "subbed", Name: "an offer posted with criteria, questions and a cap answers them, every key, ids made",
			Method: http.MethodPost, URL: "/api/sponsorships",
			Body:   `{"title":"Robotics kits","description":"Kits","amount":250,"location":"Pune","categories":["Education"],` + rulesBody + `}`,
			Status: 201, Events: testutil.Writes(1, 0, 0),
			Want: []string{rulesAnswer, `"applicationCap":50`, `"applicationCount":0`, `"eligibility":[]`,
				`"questions":[{"id":"q1","label":"How many students attend?","kind":"number","required":true},` +
					`{"id":"link","label":"Link to last year's event","kind":"link","required":false}]`},
		}},
		{posters, testutil.Call{
			Who: "subbed", Name: "an offer without rules answers empty ones",
			Method: http.MethodPost, URL: "/api/sponsorships", Body: validSponsorship,
			Status: 201, Events: testutil.Writes(1, 0, 0),
			Want: []string{noRules, `"questions":[]`, `"applicationCap":0`, `"applicationCount":0`, `"eligibility":[]`},
		}},
		{posters, testutil.Call{
			Who: "subbed", Name: "a request ignores them",
			Method: http.MethodPost, URL: "/api/sponsorship-requests",
			Body: `{"title":"Gala","description":"A gala","requestedAmount":250,"location":"Pune","categories":["Arts"],` +
				`"eventDate":"` + nextYear + `-05-01",` + rulesBody + `}`,
			Status: 201, Events: testutil.Writes(1, 0, 0),
			Want:    []string{`"title":"Gala"`},
			NotWant: []string{`"criteria"`, `"questions"`, `"applicationCap"`, `"applicationCount"`, `"eligibility"`},
		}},
		{posters, testutil.Call{
			Who: "subbed", Name: "field messages",
			Method: http.MethodPost, URL: "/api/sponsorships",
			Body: `{"title":"Robotics kits","description":"Kits","amount":250,"categories":["Education"],
				"criteria":{"locations":["Pune","pune"],"categories":["Sports"],"eventFrom":"2027-03-02","eventTo":"2027-03-01","minAudience":-5},
				"applicationCap":501,"questions":[{"label":"","kind":"essay"}]}`,
			Status: 400,
			Want: []string{`"criteria.locations":{"code":"validation_not_unique","message":"Each location may appear only once"}`,
				`"criteria.categories":{"code":"validation_unknown_category","message":"Choose categories from the list"}`,
				`"criteria.eventTo":{"code":"validation_date_order","message":"The last event date must be on or after the first"}`,
				`"criteria.minAudience":{"code":"validation_audience","message":"Minimum audience must be a whole number from 0 to 1,000,000,000"}`,
				`"applicationCap":{"code":"validation_cap","message":"The application cap must be from 1 to 500"}`,
				`"questions.0.label":{"code":"validation_required","message":"Write the question"}`,
				`"questions.0.kind":{"code":"validation_question_kind","message":"Choose short text, long text, number, yes/no or a link"}`},
			After: expectCount("sponsorships", 0),
		}},
		{ruled, testutil.Call{
			Who: "subbed", Name: "an edit that leaves them out keeps them",
			Method: http.MethodPatch, URLOf: editURL, Body: `{"title":"Ruled offer, renamed"}`,
			Status: 200, Events: testutil.Writes(0, 1, 0),
			Want: []string{`"locations":["Pune"]`, `"applicationCap":5`, `"questions":[{"id":"q1","label":"Why?","kind":"short","required":true}]`},
		}},
		{ruled, testutil.Call{
			Who: "subbed", Name: "criteria null, questions [] and cap 0 set none",
			Method: http.MethodPatch, URLOf: editURL, Body: `{"criteria":null,"questions":[],"applicationCap":0}`,
			Status: 200, Events: testutil.Writes(0, 1, 0),
			Want: []string{noRules, `"questions":[]`, `"applicationCap":0`},
			After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				r := ruledOffer(t, app)
				if c := r.GetString("criteria"); c != "" && c != "null" {
					t.Errorf("criteria stored %q", c)
				}
			},
		}},
		{ruled, testutil.Call{
			Who: "subbed", Name: "criteria {} set none too",
			Method: http.MethodPatch, URLOf: editURL, Body: `{"criteria":{}}`,
			Status: 200, Events: testutil.Writes(0, 1, 0),
			Want: []string{noRules, `"applicationCap":5`},
		}},
		{ruled, testutil.Call{
			Who: "free", Name: "only the poster edits them",
			Method: http.MethodPatch, URLOf: editURL, Body: `{"criteria":null}`,
			Status: 403,
		}},
	}
	for _, c := range calls {
		t.Run(c.call.Name, func(t *testing.T) { c.call.Test(t, c.factory) })
	}
}

// Every offer a member reads carries the rules they fail; its poster reads
// [], and everyone reads a reached cap as closedReason. (Visitors read no
// listing: the list and the page are for members.)
func TestEligibilityPerViewer(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	withRules(t, app)
	offer := ruledOffer(t, app)
	delhi := testutil.FindByUsername(t, app, "free")
	delhi.Set("eventLocation", "Delhi")
	if err := app.Save(delhi); err != nil {
		t.Fatal(err)
	}
	h := testutil.Handler(t, app)
	q := testutil.WatchQueries(t, app)
	get := func(url string, headers map[string]string) string {
		_, body := q.Get(t, h, url, headers)
		return body
	}
	fails := `"eligibility":[{"code":"location","message":"This sponsor supports events in Pune only."}]`
	poster := testutil.Cookie(t, testutil.FindByUsername(t, app, "subbed"))
	for _, url := range []string{"/api/sponsorships?q=Ruled", "/api/sponsorships/" + offer.Id} {
		if body := get(url, testutil.Cookie(t, delhi)); !strings.Contains(body, fails) {
			t.Errorf("%s, a member in Delhi: %s", url, body)
		}
		if body := get(url, poster); !strings.Contains(body, `"eligibility":[]`) || strings.Contains(body, `"closedReason"`) {
			t.Errorf("%s, the poster: %s", url, body)
		}
	}
	// a place in Pune passes (the profile is read as the request finds it)
	delhi.Set("eventLocation", "Pune, Maharashtra")
	if err := app.Save(delhi); err != nil {
		t.Fatal(err)
	}
	if body := get("/api/sponsorships?q=Ruled", testutil.Cookie(t, delhi)); !strings.Contains(body, `"eligibility":[]`) {
		t.Errorf("a member in Pune: %s", body)
	}
	// the cap reached: the card kept for the page above is dropped with the row's change
	if _, err := app.DB().NewQuery("UPDATE sponsorships SET applicationCount = applicationCap WHERE id = {:id}").
		Bind(map[string]any{"id": offer.Id}).Execute(); err != nil {
		t.Fatal(err)
	}
	for who, headers := range map[string]map[string]string{"poster": poster, "member": testutil.Cookie(t, delhi)} {
		body := get("/api/sponsorships?q=Ruled", headers)
		if !strings.Contains(body, `"closedReason":"cap"`) || !strings.Contains(body, `"applicationCount":5`) {
			t.Errorf("the %s reads the full offer: %s", who, body)
		}
		if who == "member" && !strings.Contains(body, `"eligibility":[{"code":"cap","message":"This sponsorship has all the applications it takes (5)."}]`) {
			t.Errorf("the member is not told: %s", body)
		}
	}
}

// A page of 20 offers with criteria costs the SQL a page of 1 does: the
// viewer's profile is read once a request (with their session), each
// card's rules come with it.
func TestEligibilityCostsNoQueryPerCard(t *testing.T) {
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	seedPosters(t, app)
	subbed := testutil.FindByUsername(t, app, "subbed")
	add := func(from, to int) {
		for i := from; i < to; i++ {
			r := testutil.CreateListing(t, app, "sponsorships", subbed, testutil.ListingOpts{Title: fmt.Sprintf("Gala %d", i)})
			r.Set("criteria", map[string]any{"categories": []string{"Arts"}, "minAudience": 100 + i})
			if err := app.Save(r); err != nil {
				t.Fatal(err)
			}
		}
	}
	h := testutil.Handler(t, app)
	q := testutil.WatchQueries(t, app)
	headers := testutil.Cookie(t, testutil.FindByUsername(t, app, "free"))
	add(0, 1)
	one, body := q.Get(t, h, "/api/sponsorships?q=Gala&perPage=20", headers)
	if n := strings.Count(body, `{"code":"audience"`); n != 1 {
		t.Fatalf("the page of 1: %s", body)
	}
	add(1, 20)
	twenty, body := q.Get(t, h, "/api/sponsorships?q=Gala&perPage=20", headers)
	if n := strings.Count(body, `"message":"This sponsor supports Arts events only."`); n != 20 {
		t.Fatalf("the page of 20 tells %d cards", n)
	}
	t.Logf("a page of 1 costs %d queries, of 20 %d", len(one), len(twenty))
	if len(one) != len(twenty) {
		t.Errorf("a page of 1 costs %d queries, of 20 %d:\n%s", len(one), len(twenty), strings.Join(twenty, "\n"))
	}
}
