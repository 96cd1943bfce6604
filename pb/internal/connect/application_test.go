package connect_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/testutil"
)

func TestApply(t *testing.T) {
	t.Parallel()
	factory := testutil.Factory(nil, seed)
	applyTo := func(name, who, title, body string, status int, want, notWant []string,
		after func(testing.TB, *tests.TestApp, *http.Response)) {
		testutil.Prepared(factory, tests.ApiScenario{
			Name: name, Method: http.MethodPost, Body: strings.NewReader(body),
			ExpectedStatus: status, ExpectedContent: want, NotExpectedContent: notWant, AfterTestFunc: after,
		}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			s.URL = "/api/sponsorships/" + listing(t, app, "sponsorships", title).Id + "/apply"
			if who != "" {
				testutil.As(who)(t, app, s)
			}
		}).Test(t)
	}

	applyTo("visitor is refused", "", "Robotics kits", `{}`, 401, []string{`"status":401`}, nil, expectCount("applications", 0))
	applyTo("member applies with a message: application, conversation, notification and e-mail for the poster",
		"priya", "Robotics kits", `{"message":"  We run a school robotics club. "}`, 201,
		[]string{`"status":"pending"`, `"message":"We run a school robotics club."`, `"title":"Robotics kits"`,
			`"username":"priya"`, `"username":"dan"`, `"conversationId":"`},
		[]string{"priya@example.com", "dan@example.com"},
		func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			priya, dan := testutil.FindByUsername(t, app, "priya"), testutil.FindByUsername(t, app, "dan")
			if n := count(t, app, "applications", dbx.HashExp{"applicant": priya.Id, "poster": dan.Id, "status": "pending"}); n != 1 {
				t.Fatalf("expected one pending application, found %d", n)
			}
			conv, err := app.FindFirstRecordByData("conversations", "pairKey", pair(priya.Id, dan.Id))
			if err != nil {
				t.Fatal("no conversation was opened")
			}
			var msgs []*core.Record
			if err := app.RecordQuery("messages").AndWhere(dbx.HashExp{"conversation": conv.Id}).OrderBy("rowid").All(&msgs); err != nil || len(msgs) != 2 {
				t.Fatalf("expected the system note and the message, got %d (%v)", len(msgs), err)
			}
			if msgs[0].GetString("kind") != "system" || !strings.Contains(msgs[0].GetString("body"), "“Robotics kits”") ||
				msgs[0].GetString("contextType") != "application" || msgs[1].GetString("body") != "We run a school robotics club." {
				t.Errorf("unexpected messages: %v / %v", msgs[0].PublicExport(), msgs[1].PublicExport())
			}
			if conv.GetInt(unreadOf(conv, dan.Id)) != 2 || conv.GetInt(unreadOf(conv, priya.Id)) != 0 {
				t.Errorf("unread counts wrong: %v", conv.PublicExport())
			}
			if n := count(t, app, "notifications", dbx.HashExp{"user": dan.Id, "type": "application"}); n != 1 {
				t.Errorf("poster has %d application notifications", n)
			}
			mails := waitForMail(t, app, 1)
			if len(mails) != 1 || mails[0].To[0] != "dan@example.com" || !strings.Contains(mails[0].Subject, "Robotics kits") {
				t.Errorf("unexpected mail: %+v", mails)
			}
		})
	applyTo("no body at all is fine (the message is optional)", "zed", "Robotics kits", ``, 201,
		[]string{`"status":"pending"`, `"message":""`}, nil, expectCount("applications", 1))
	applyTo("the poster cannot apply to their own sponsorship", "dan", "Robotics kits", `{}`, 403,
		[]string{"You cannot apply to your own sponsorship."}, nil, expectCount("applications", 0))
	applyTo("a rejected sponsorship does not exist for others", "priya", "Spam offer", `{}`, 404,
		[]string{"Listing not found."}, nil, expectCount("applications", 0))
	applyTo("administrators see a rejected sponsorship but cannot apply to it", "boss", "Spam offer", `{}`, 400,
		[]string{"does not take applications"}, nil, expectCount("applications", 0))
	applyTo("an overlong message is refused", "priya", "Robotics kits", `{"message":"`+strings.Repeat("x", 2001)+`"}`, 400,
		[]string{"Message must be at most 2000 characters"}, nil, expectCount("applications", 0))
	applyTo("malformed JSON is refused", "priya", "Robotics kits", `{"message":`, 400,
		[]string{"The request body is not valid JSON."}, nil, expectCount("applications", 0))
	applyTo("a wrong type is refused", "priya", "Robotics kits", `{"message":42}`, 400,
		[]string{"The request body is not valid JSON."}, nil, expectCount("applications", 0))
	applyTo("an oversized body is refused", "priya", "Robotics kits", `{"message":"`+strings.Repeat("x", 20<<10)+`"}`, 413,
		[]string{`"status":413`}, nil, expectCount("applications", 0))

	testutil.Prepared(factory, tests.ApiScenario{
		Name: "nobody applies twice: the second time is a clear 409", Method: http.MethodPost,
		ExpectedStatus: 409, ExpectedContent: []string{"You have already applied for this sponsorship."},
		AfterTestFunc: expectCount("applications", 1),
	}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
		offer := listing(t, app, "sponsorships", "Robotics kits")
		s.URL = "/api/sponsorships/" + offer.Id + "/apply"
		testutil.As("priya")(t, app, s)
		createApplication(t, app, offer, testutil.FindByUsername(t, app, "priya"), "pending")
	}).Test(t)

	testutil.Prepared(factory, tests.ApiScenario{
		Name: "unknown sponsorship is 404", Method: http.MethodPost, URL: "/api/sponsorships/nope/apply",
		ExpectedStatus: 404, ExpectedContent: []string{"Listing not found."},
	}, testutil.As("priya")).Test(t)
}

func pair(a, b string) string {
	if a > b {
		a, b = b, a
	}
	return a + ":" + b
}

func unreadOf(conv *core.Record, userID string) string {
	if conv.GetString("userA") == userID {
		return "unreadA"
	}
	return "unreadB"
}

// createApplication stores an application directly.
func createApplication(t testing.TB, app core.App, offer, applicant *core.Record, status string) *core.Record {
	t.Helper()
	c, err := app.FindCollectionByNameOrId("applications")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Set("sponsorship", offer.Id)
	r.Set("applicant", applicant.Id)
	r.Set("poster", offer.GetString("user"))
	r.Set("status", status)
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}
