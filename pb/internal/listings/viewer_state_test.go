package listings_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// A page of offers tells the signed-in member which they applied to (and
// nothing of the kind on their own offers): the cards need no request each.
func TestAListPageCarriesTheViewersApplications(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{})
	bob := testutil.CreateMember(t, app, "bob", testutil.MemberOpts{})
	applied := testutil.CreateListing(t, app, "sponsorships", bob, testutil.ListingOpts{Title: "Applied one"})
	testutil.CreateListing(t, app, "sponsorships", bob, testutil.ListingOpts{Title: "Not yet"})
	testutil.CreateListing(t, app, "sponsorships", ann, testutil.ListingOpts{Title: "Ann's own"})
	c, _ := app.FindCollectionByNameOrId("applications")
	a := core.NewRecord(c)
	a.Set("sponsorship", applied.Id)
	a.Set("applicant", ann.Id)
	a.Set("poster", bob.Id)
	a.Set("status", "pending")
	if err := app.Save(a); err != nil {
		t.Fatal(err)
	}
	j := testutil.NewJourney(t, app)
	read := func(name, url string, who *core.Record) string {
		t.Helper()
		return j.Step(t, tests.ApiScenario{Name: name, Method: http.MethodGet, URL: url, Headers: testutil.Cookie(t, who),
			ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"title":"`}}).Body
	}

	body := read("ann's page of offers", "/api/sponsorships", ann)
	for title, want := range map[string]string{"Applied one": `"applied":true`, "Not yet": `"applied":false`} {
		i := strings.Index(body, `"title":"`+title+`"`)
		end := strings.Index(body[i:], `"poster"`)
		rest := body[i+end:]
		if next := strings.Index(rest, `"title"`); next > 0 {
			rest = rest[:next]
		}
		if !strings.Contains(rest, want) {
			t.Errorf("%s: want %s in %s", title, want, rest)
		}
	}
	own := body[strings.Index(body, `"title":"Ann's own"`):]
	if next := strings.Index(own[1:], `"title"`); next > 0 {
		own = own[:next]
	}
	if strings.Contains(own, `"applied"`) {
		t.Errorf("own offer carries applied: %s", own)
	}
	detail := read("the offer ann applied to", "/api/sponsorships/"+applied.Id, ann)
	if !strings.Contains(detail, `"applied":true`) {
		t.Errorf("detail: %s", detail)
	}
	other := read("bob's page of offers", "/api/sponsorships", bob)
	if strings.Contains(other, `"applied":true`) {
		t.Errorf("bob sees ann's application: %s", other)
	}
	// bob never applied (the query's gate answers without the page's
	// lookups): another's offer still says so.
	anns := other[strings.Index(other, `"title":"Ann's own"`):]
	if next := strings.Index(anns[1:], `"title"`); next > 0 {
		anns = anns[:next]
	}
	if !strings.Contains(anns, `"applied":false`) {
		t.Errorf("bob's page lacks applied:false on ann's offer: %s", anns)
	}
	reqs := j.Step(t, tests.ApiScenario{Name: "ann's page of requests", Method: http.MethodGet, URL: "/api/sponsorship-requests",
		Headers: testutil.Cookie(t, ann), ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{"["}}).Body
	if strings.Contains(reqs, `"applied"`) {
		t.Errorf("requests carry applied: %s", reqs)
	}
}
