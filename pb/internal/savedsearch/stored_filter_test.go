package savedsearch_test

import (
	"net/http"
	"strings"
	"testing"

	"sponsorbridge/pb/internal/savedsearch"
	"sponsorbridge/pb/internal/testutil"
)

// todaysRow is a saved search's query column as the saved-search route has
// always written it: the list route's parameter names, canonical values,
// through PocketBase's JSON column (which keeps "verified":false).
const todaysRow = `{"q":"school","categories":["Education"],"minAmount":100,"maxAmount":900,"location":"Pune","verified":false}`

// A row of today's format loads at start, answers as it was saved, and
// alerts with a link to the listing screen holding every condition; a save
// of the same conditions today writes the same bytes.
func TestARowOfTodaysFormatLoadsAnswersAndAlerts(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{Email: "ann@example.com"})
	bob := testutil.CreateMember(t, app, "bob", testutil.MemberOpts{Subscribed: true})
	cat := testutil.CreateMember(t, app, "cat", testutil.MemberOpts{})
	row := saveSearch(t, app, ann, "Schools", "requests", todaysRow)
	srv := testutil.Serve(t, app) // loads the saved searches

	code, out := testutil.DoRead(t, srv, http.MethodGet, "/api/saved-searches", "", testutil.Cookie(t, ann))
	link := "/home?categories=Education&location=Pune&max=900&min=100&q=school&tab=requests"
	if code != 200 || !strings.Contains(out, `"query":`+todaysRow) || !strings.Contains(out, `"path":"`+link+`"`) {
		t.Fatalf("the list answered %d: %s", code, out)
	}

	code, out = testutil.DoRead(t, srv, http.MethodPost, "/api/sponsorship-requests", request("School library"), testutil.Cookie(t, bob))
	if code != 201 {
		t.Fatalf("posting answered %d: %s", code, out)
	}
	settle(app)
	if got := alerts(t, app, "ann"); len(got) != 1 {
		t.Fatalf("ann has %d alerts, want 1", len(got))
	}
	mail := mailsTo(t, app, "ann@example.com")
	if len(mail) != 1 || !strings.Contains(mail[0].HTML, strings.ReplaceAll(link, "&", "&amp;")) {
		t.Fatalf("the alert mail does not link the search %s: %v", link, subjects(mail))
	}
	if got := testutil.Find(t, app, savedsearch.Collection, row.Id).GetString("query"); got != todaysRow {
		t.Fatalf("the row now reads %s", got)
	}

	code, out = testutil.DoRead(t, srv, http.MethodPost, "/api/saved-searches",
		`{"name":"Mine","kind":"requests","query":{"q":" school ","categories":["education"],"minAmount":100,"maxAmount":900,"location":"Pune "}}`,
		testutil.Cookie(t, cat))
	if code != 201 {
		t.Fatalf("saving answered %d: %s", code, out)
	}
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
	app := testutil.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	ann := testutil.CreateMember(t, app, "ann", testutil.MemberOpts{})
	posters := []string{"bob", "eve", "fay"}
	for _, p := range posters {
		testutil.CreateMember(t, app, p, testutil.MemberOpts{Subscribed: true})
	}
	row := saveSearch(t, app, ann, "Schools", "requests", `{"q":"school"}`)
	srv := testutil.Serve(t, app)
	post := func(as, title string) {
		t.Helper()
		body := strings.Replace(request(title), "Books and benches for a village school", "For the village", 1)
		code, out := testutil.DoRead(t, srv, http.MethodPost, "/api/sponsorship-requests", body, testutil.Cookie(t, testutil.FindByUsername(t, app, as)))
		if code != 201 {
			t.Fatalf("posting answered %d: %s", code, out)
		}
		settle(app)
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

	code, out := testutil.DoRead(t, srv, http.MethodPatch, "/api/saved-searches/"+row.Id, `{"name":"Gardens"}`, testutil.Cookie(t, ann))
	if code != 200 {
		t.Fatalf("the rename answered %d: %s", code, out)
	}
	post("fay", "Garden tools")
	got := alerts(t, app, "ann")
	if len(got) != 2 || got[1].GetString("title") != "New listing for “Gardens”" {
		t.Fatalf("after the rename ann has %d alerts", len(got))
	}
}
