package sponsoring_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// Who may apply, and the answers (docs/api/eligibility.md).

// eligibleProfile passes every rule of ruled's offer.
var eligibleProfile = map[string]any{"eventLocation": "Pune", "eventCategories": []string{"Education"},
	"nextEventDate": "2027-04-12 00:00:00.000Z", "audience": 300, "isVerified": true, "isReliable": true}

// member creates a member whose profile is eligibleProfile changed by change.
func member(t testing.TB, app core.App, username string, change map[string]any) *core.Record {
	t.Helper()
	m := testutil.CreateMember(t, app, username, testutil.MemberOpts{})
	m.Load(eligibleProfile)
	m.Load(change)
	if err := app.Save(m); err != nil {
		t.Fatal(err)
	}
	return m
}

// setRules gives an offer criteria, two questions and a cap.
func setRules(t testing.TB, app core.App, offer *core.Record, cap int) {
	t.Helper()
	offer.Load(map[string]any{
		"criteria": map[string]any{"locations": []string{"Pune", "Mumbai"}, "categories": []string{"Education"},
			"eventFrom": "2027-03-01", "eventTo": "2027-06-30", "minAudience": 200, "verifiedOnly": true, "reliableOnly": true},
		"questions": []map[string]any{
			{"id": "q1", "label": "How many students attend?", "kind": "number", "required": true},
			{"id": "q2", "label": "Link to last year's event", "kind": "link", "required": false}},
		"applicationCap": cap,
	})
	if err := app.Save(offer); err != nil {
		t.Fatal(err)
	}
}

// ruled: seed, and dan's "Robotics kits" takes applications from members
// in Pune or Mumbai with Education events between March and June 2027, an
// audience of 200, verified and reliable, 50 at most. okay passes every rule;
// each other member fails the one its name says.
func ruled(t testing.TB, app core.App) {
	seed(t, app)
	setRules(t, app, listing(t, app, "sponsorships", "Robotics kits"), 50)
	member(t, app, "okay", nil)
	member(t, app, "far", map[string]any{"eventLocation": "Delhi"})
	member(t, app, "arty", map[string]any{"eventCategories": []string{"Arts"}})
	member(t, app, "late", map[string]any{"nextEventDate": "2027-07-01 00:00:00.000Z"})
	member(t, app, "small", map[string]any{"audience": 199})
	member(t, app, "unverified", map[string]any{"isVerified": false})
	member(t, app, "unreliable", map[string]any{"isReliable": false})
}

// full: ruled, with a cap of 1 that okay's pending application takes.
func full(t testing.TB, app core.App) {
	ruled(t, app)
	offer := listing(t, app, "sponsorships", "Robotics kits")
	offer.Set("applicationCap", 1)
	if err := app.Save(offer); err != nil {
		t.Fatal(err)
	}
	sent(t, app, "okay", "pending")
}

// sent stores who's application to "Robotics kits" in status, counted on
// the offer unless withdrawn.
func sent(t testing.TB, app core.App, who, status string) *core.Record {
	t.Helper()
	offer := listing(t, app, "sponsorships", "Robotics kits")
	c, err := app.FindCollectionByNameOrId("applications")
	if err != nil {
		t.Fatal(err)
	}
	a := core.NewRecord(c)
	a.Load(map[string]any{"sponsorship": offer.Id, "applicant": testutil.FindByUsername(t, app, who).Id,
		"poster": offer.GetString("user"), "status": status, "message": "Hello"})
	if err := app.Save(a); err != nil {
		t.Fatal(err)
	}
	if status != "withdrawn" {
		if _, err := app.DB().NewQuery("UPDATE sponsorships SET applicationCount = applicationCount + 1 WHERE id = {:id}").
			Bind(dbx.Params{"id": offer.Id}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	return a
}

func applyURL(t testing.TB, app core.App) string {
	return "/api/sponsorships/" + listing(t, app, "sponsorships", "Robotics kits").Id + "/apply"
}

// applicationCount is the offer's count.
func applicationCount(t testing.TB, app core.App) int {
	return listing(t, app, "sponsorships", "Robotics kits").GetInt("applicationCount")
}

func wantCount(n int) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if got := applicationCount(t, app); got != n {
			t.Errorf("applicationCount %d, want %d", got, n)
		}
	}
}

// refused is the 422 of one failed rule.
func refused(code, message string) []string {
	return []string{`"status":422`, `"message":"` + message + `"`, `"` + code + `":{"code":"` + code + `","message":"` + message + `"}`}
}

func TestWhoMayApply(t *testing.T) {
	t.Parallel()
	rules, capped := apptest.Factory(nil, ruled), apptest.Factory(nil, full)
	answers := `{"message":"We run a club.","answers":{"q1":"120","q2":"https://example.org/2026","q9":"ignored"}}`
	calls := []struct {
		factory func(testing.TB) *tests.TestApp
		call    testutil.Call
	}{
		{rules, testutil.Call{Name: "a visitor is not signed in", Body: answers, Status: 401}},
		{rules, testutil.Call{Who: "dan", Name: "the poster cannot apply to their own offer", Body: answers, Status: 403,
			Want: []string{"You cannot apply to your own sponsorship."}}},
		{rules, testutil.Call{Who: "okay", Name: "an eligible member applies; the answers are kept with the questions as asked",
			Body: answers, Status: 201, Events: applied,
			Want: []string{`"status":"pending"`, `"answers":[{"questionId":"q1","label":"How many students attend?","kind":"number","value":120},` +
				`{"questionId":"q2","label":"Link to last year's event","kind":"link","value":"https://example.org/2026"}]`},
			NotWant: []string{"ignored"},
			After:   wantCount(1)}},
		{rules, testutil.Call{Who: "far", Name: "location", Body: answers, Status: 422,
			Want: refused("location", "This sponsor supports events in Pune and Mumbai only."), After: wantCount(0)}},
		{rules, testutil.Call{Who: "arty", Name: "category", Body: answers, Status: 422,
			Want: refused("category", "This sponsor supports Education events only.")}},
		{rules, testutil.Call{Who: "late", Name: "event date", Body: answers, Status: 422,
			Want: refused("eventDate", "This sponsor supports events between Mar 1, 2027 and Jun 30, 2027 only.")}},
		{rules, testutil.Call{Who: "small", Name: "audience", Body: answers, Status: 422,
			Want: refused("audience", "This sponsor asks for an audience of at least 200.")}},
		{rules, testutil.Call{Who: "unverified", Name: "verified", Body: answers, Status: 422,
			Want: refused("verified", "This sponsor takes applications from verified members only.")}},
		{rules, testutil.Call{Who: "unreliable", Name: "reliable", Body: answers, Status: 422,
			Want: refused("reliable", "This sponsor takes applications from reliable members only.")}},
		{capped, testutil.Call{Who: "far", Name: "cap first, then every other rule failed", Body: answers, Status: 422,
			Want: append(refused("cap", "This sponsorship has all the applications it takes (1)."),
				`"location":{"code":"location","message":"This sponsor supports events in Pune and Mumbai only."}`),
			After: wantCount(1)}},
		{capped, testutil.Call{Who: "arty", Name: "cap alone for a member who fails only it (and its category)", Body: answers, Status: 422,
			Want:    []string{`"message":"This sponsorship has all the applications it takes (1)."`, `"cap":{"code":"cap"`, `"category":{"code":"category"`},
			NotWant: []string{`"location"`}}},
		{rules, testutil.Call{Who: "boss", Name: "an administrator applies under the same rules (no events stated)", Body: answers, Status: 422,
			Want: []string{`"message":"This sponsor supports events in Pune and Mumbai only."`, `"category":{`, `"eventDate":{`, `"audience":{`,
				`"verified":{`, `"reliable":{`}}},
		{rules, testutil.Call{Who: "far", Name: "the rules come before the answers", Body: `{"answers":{"q1":"many"}}`, Status: 422,
			Want: refused("location", "This sponsor supports events in Pune and Mumbai only.")}},
		{rules, testutil.Call{Who: "okay", Name: "a required answer missing, a link that is not one", Body: `{"answers":{"q2":"example.org"}}`, Status: 400,
			Want: []string{`"answers.q1":{"code":"validation_required","message":"This question needs an answer"}`,
				`"answers.q2":{"code":"validation_link","message":"Enter a link starting with http:// or https://"}`},
			After: wantCount(0)}},
		{rules, testutil.Call{Who: "okay", Name: "no body at all: the required question is unanswered", Status: 400,
			Want: []string{`"answers.q1":{"code":"validation_required"`}}},
	}
	for _, c := range calls {
		c.call.Method = http.MethodPost
		c.call.URLOf = applyURL
		t.Run(c.call.Name, func(t *testing.T) { c.call.Test(t, c.factory) })
	}
}

func TestWithdrawingAnApplication(t *testing.T) {
	t.Parallel()
	in := func(status string) func(t testing.TB) *tests.TestApp {
		return apptest.Factory(nil, func(t testing.TB, app core.App) {
			ruled(t, app)
			sent(t, app, "okay", status)
		})
	}
	pending := in("pending")
	url := func(t testing.TB, app core.App) string {
		a, err := app.FindFirstRecordByData("applications", "applicant", testutil.FindByUsername(t, app, "okay").Id)
		if err != nil {
			t.Fatal(err)
		}
		return "/api/applications/" + a.Id + "/withdraw"
	}
	calls := []struct {
		factory func(testing.TB) *tests.TestApp
		call    testutil.Call
	}{
		{pending, testutil.Call{Name: "a visitor is not signed in", Status: 401}},
		{pending, testutil.Call{Who: "okay", Name: "the applicant withdraws: the place is free and the conversation says so",
			// the application and the conversation updated, its note created (and the conversation opened)
			Status: 200, Events: writesAmidMail(2, 2), Want: []string{`"status":"withdrawn"`},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				wantCount(0)(t, app, res)
				okay, dan := testutil.FindByUsername(t, app, "okay"), testutil.FindByUsername(t, app, "dan")
				conv, err := app.FindFirstRecordByData("conversations", "pairKey", pair(okay.Id, dan.Id))
				if err != nil {
					t.Fatal("no conversation")
				}
				var notes []*core.Record
				if err := app.RecordQuery("messages").AndWhere(dbx.HashExp{"conversation": conv.Id}).All(&notes); err != nil || len(notes) != 1 ||
					notes[0].GetString("body") != "Member okay withdrew their application for “Robotics kits”." {
					t.Errorf("the conversation: %v %v", notes, err)
				}
				if n := count(t, app, "notifications", dbx.HashExp{"user": dan.Id}); n != 0 {
					t.Errorf("the poster was notified %d times", n)
				}
			}}},
		{pending, testutil.Call{Who: "dan", Name: "the poster", Status: 403, Want: []string{"Only the applicant can withdraw an application."},
			After: wantCount(1)}},
		{pending, testutil.Call{Who: "zed", Name: "anyone else", Status: 404, Want: []string{"Application not found."}}},
		{pending, testutil.Call{Who: "boss", Name: "an administrator", Status: 404, Want: []string{"Application not found."}}},
		{in("accepted"), testutil.Call{Who: "okay", Name: "accepted", Status: 409, Want: []string{"This application has already been accepted."}}},
		{in("declined"), testutil.Call{Who: "okay", Name: "declined", Status: 409, Want: []string{"This application has already been declined."}}},
		{in("withdrawn"), testutil.Call{Who: "okay", Name: "withdrawn", Status: 409, Want: []string{"This application has already been withdrawn."}}},
	}
	for _, c := range calls {
		c.call.Method = http.MethodPost
		c.call.URLOf = url
		t.Run(c.call.Name, func(t *testing.T) { c.call.Test(t, c.factory) })
	}

	testutil.Call{Who: "okay", Name: "applying after a withdrawal sends the same application again", Method: http.MethodPost,
		// as applied, the application updated instead of created
		URLOf: applyURL, Body: `{"message":"Again","answers":{"q1":7}}`, Status: 201, Events: writesAmidMail(4, 3),
		Want: []string{`"status":"pending"`, `"message":"Again"`, `"value":7`},
		After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			wantCount(1)(t, app, res)
			if n := count(t, app, "applications", nil); n != 1 {
				t.Errorf("%d applications stored", n)
			}
		}}.Test(t, in("withdrawn"))
	testutil.Call{Who: "okay", Name: "a pending application is not sent twice", Method: http.MethodPost,
		URLOf: applyURL, Body: `{"answers":{"q1":7}}`, Status: 409, Want: []string{"You have already applied for this sponsorship."},
		After: wantCount(1)}.Test(t, pending)
}

// The offer's card reads the withdrawal: applied turns false, the count falls.
func TestTheCardFollowsAWithdrawal(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	full(t, app)
	srv := testutil.Serve(t, app)
	ok, far := testutil.Cookie(t, testutil.FindByUsername(t, app, "okay")), testutil.Cookie(t, testutil.FindByUsername(t, app, "arty"))
	_, body := testutil.Send(t, srv, http.MethodGet, "/api/sponsorships?q=Robotics", "", far)
	if !strings.Contains(body, `"closedReason":"cap"`) || !strings.Contains(body, `{"code":"cap"`) {
		t.Fatalf("the full offer: %s", body)
	}
	a, err := app.FindFirstRecordByData("applications", "applicant", testutil.FindByUsername(t, app, "okay").Id)
	if err != nil {
		t.Fatal(err)
	}
	if status, body := testutil.DoRead(t, srv, http.MethodPost, "/api/applications/"+a.Id+"/withdraw", "", ok); status != 200 {
		t.Fatalf("withdraw: %d %s", status, body)
	}
	_, body = testutil.Send(t, srv, http.MethodGet, "/api/sponsorships?q=Robotics", "", ok)
	if strings.Contains(body, `"closedReason"`) || !strings.Contains(body, `"applicationCount":0`) ||
		!strings.Contains(body, `"applied":false`) || !strings.Contains(body, `"eligibility":[]`) {
		t.Fatalf("after the withdrawal: %s", body)
	}
}

// An application that goes with its applicant's account frees its place;
// a withdrawn one had freed it already.
func TestADeletedAccountFreesItsPlace(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	ruled(t, app)
	sent(t, app, "okay", "pending")
	sent(t, app, "far", "accepted")
	sent(t, app, "arty", "withdrawn")
	if got := applicationCount(t, app); got != 2 {
		t.Fatalf("applicationCount %d", got)
	}
	for _, who := range []string{"okay", "arty"} {
		if err := app.Delete(testutil.FindByUsername(t, app, who)); err != nil {
			t.Fatal(err)
		}
	}
	if got, stored := applicationCount(t, app), count(t, app, "applications", nil); got != 1 || stored != 1 {
		t.Fatalf("applicationCount %d, applications %d; want 1 and 1", got, stored)
	}
}
