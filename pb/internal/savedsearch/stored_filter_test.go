package savedsearch_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/savedsearch"
	"sponsorbridge/pb/internal/testutil"
)

// todaysRow is a saved search's query column as the saved-search route
// writes it: the list route's parameter names, canonical values, through
// PocketBase's JSON column (which keeps "verified":false). earlierRow is
// the same conditions as rows saved before the reliable-posters condition
// hold them: they load as they are, reliable false.
const (
	todaysRow  = `{"q":"school","categories":["Education"],"minAmount":100,"maxAmount":900,"location":"Pune","verified":false,"reliable":false}`
	earlierRow = `{"q":"school","categories":["Education"],"minAmount":100,"maxAmount":900,"location":"Pune","verified":false}`
)

// A row of today's format loads at start, answers as it was saved, and
// alerts with a link to the listing screen holding every condition; a save
// of the same conditions today writes the same bytes.
func TestARowOfTodaysFormatLoadsAnswersAndAlerts(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{Email: "ann@example.com"})
	bob := testutil.CreateMember(t, app, "bob", testutil.MemberOpts{Subscribed: true})
	cat := testutil.CreateMember(t, app, "cat", testutil.MemberOpts{})
	row := saveSearch(t, app, ann, "Schools", "requests", earlierRow)
	j := testutil.NewJourney(t, app) // its router loads the saved searches

	link := "/home?categories=Education&location=Pune&max=900&min=100&q=school&tab=requests"
	j.Step(t, tests.ApiScenario{Name: "ann's list", Method: http.MethodGet, URL: "/api/saved-searches",
		Headers: testutil.Cookie(t, ann), ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(),
		ExpectedContent: []string{`"query":` + todaysRow, `"path":"` + link + `"`}})

	postListing(t, j, app, testutil.Cookie(t, bob), request("School library"))
	if got := alerts(t, app, "ann"); len(got) != 1 {
		t.Fatalf("ann has %d alerts, want 1", len(got))
	}
	mail := mailsTo(t, app, "ann@example.com")
	if len(mail) != 1 || !strings.Contains(mail[0].HTML, strings.ReplaceAll(link, "&", "&amp;")) {
		t.Fatalf("the alert mail does not link the search %s: %v", link, subjects(mail))
	}
	if got := testutil.Find(t, app, savedsearch.Collection, row.Id).GetString("query"); got != earlierRow {
		t.Fatalf("the row now reads %s", got)
	}

	j.Step(t, tests.ApiScenario{Name: "cat saves the same conditions", Method: http.MethodPost, URL: "/api/saved-searches",
		Body:    strings.NewReader(`{"name":"Mine","kind":"requests","query":{"q":" school ","categories":["education"],"minAmount":100,"maxAmount":900,"location":"Pune "}}`),
		Headers: testutil.Cookie(t, cat), ExpectedStatus: 201, ExpectedEvents: testutil.Writes(1, 0, 0),
		ExpectedContent: []string{`"name":"Mine"`}})
	saved, err := app.FindFirstRecordByData(savedsearch.Collection, "user", cat.Id)
	if err != nil {
		t.Fatal(err)
	}
	if got := saved.GetString("query"); got != todaysRow {
		t.Fatalf("a save today stores %s, rows so far hold %s", got, todaysRow)
	}
}

// The service refiles a search whose conditions changed (a superuser's
// records API may rewrite the column) and keeps a renamed one alerting.
func TestAChangedSearchAlertsOnItsNewConditionsAndARenamedOneStillAlerts(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{})
	posters := []string{"bob", "eve", "fay"}
	for _, p := range posters {
		testutil.CreateMember(t, app, p, testutil.MemberOpts{Subscribed: true})
	}
	row := saveSearch(t, app, ann, "Schools", "requests", `{"q":"school"}`)
	j := testutil.NewJourney(t, app)
	post := func(as, title string) {
		t.Helper()
		body := strings.Replace(request(title), "Books and benches for a village school", "For the village", 1)
		postListing(t, j, app, testutil.Cookie(t, testutil.FindByUsername(t, app, as)), body)
	}

	row.Set("query", `{"q":"garden"}`)
	if err := app.Save(row); err != nil {
		t.Fatal(err)
	}
	post("bob", "School roof")
	if n := len(alerts(t, app, "ann")); n != 0 {
		t.Fatalf("the search alerted on its old conditions (%d)", n)
	}
	post("eve", "Garden beds")
	if n := len(alerts(t, app, "ann")); n != 1 {
		t.Fatalf("the search did not alert on its new conditions (%d)", n)
	}

	j.Step(t, tests.ApiScenario{Name: "ann renames the search", Method: http.MethodPatch, URL: "/api/saved-searches/" + row.Id,
		Body: strings.NewReader(`{"name":"Gardens"}`), Headers: testutil.Cookie(t, ann), ExpectedStatus: 200,
		ExpectedEvents: testutil.Writes(0, 1, 0), ExpectedContent: []string{`"name":"Gardens"`}})
	post("fay", "Garden tools")
	got := alerts(t, app, "ann")
	if len(got) != 2 || got[1].GetString("title") != "New listing for “Gardens”" {
		t.Fatalf("after the rename ann has %d alerts", len(got))
	}
}
