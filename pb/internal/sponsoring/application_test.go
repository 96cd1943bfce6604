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

func TestApply(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seed)
	// Each case applies to the listing it names by title (the URL is made
	// once the app is seeded); who is empty for a visitor.
	for _, c := range []struct {
		who, title string
		s          tests.ApiScenario
	}{
		{"", "Robotics kits", tests.ApiScenario{
			Name:           "visitor is refused",
			Body:           strings.NewReader(`{}`),
			ExpectedStatus: 401, ExpectedContent: []string{`"status":401`},
			ExpectedEvents: testutil.NoWrites(),
			AfterTestFunc:  expectCount("applications", 0),
		}},
		{"priya", "Robotics kits", tests.ApiScenario{
			Name:           "member applies with a message: application, conversation, notification and e-mail for the poster",
			Body:           strings.NewReader(`{"message":"  We run a school robotics club. "}`),
			ExpectedStatus: 201,
			ExpectedContent: []string{`"status":"pending"`, `"message":"We run a school robotics club."`, `"title":"Robotics kits"`,
				`"username":"priya"`, `"username":"dan"`, `"conversationId":"`},
			NotExpectedContent: []string{"priya@example.com", "dan@example.com"},
			ExpectedEvents:     applied,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
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
			},
		}},
		{"zed", "Robotics kits", tests.ApiScenario{
			Name:            "no body at all is fine (the message is optional)",
			ExpectedStatus:  201,
			ExpectedContent: []string{`"status":"pending"`, `"message":""`},
			ExpectedEvents:  appliedSilently,
			AfterTestFunc:   expectCount("applications", 1),
		}},
		{"dan", "Robotics kits", tests.ApiScenario{
			Name:            "the poster cannot apply to their own sponsorship",
			Body:            strings.NewReader(`{}`),
			ExpectedStatus:  403,
			ExpectedContent: []string{"You cannot apply to your own sponsorship."},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   expectCount("applications", 0),
		}},
		{"priya", "Spam offer", tests.ApiScenario{
			Name:            "a rejected sponsorship does not exist for others",
			Body:            strings.NewReader(`{}`),
			ExpectedStatus:  404,
			ExpectedContent: []string{"Listing not found."},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   expectCount("applications", 0),
		}},
		{"boss", "Spam offer", tests.ApiScenario{
			Name:            "administrators see a rejected sponsorship but cannot apply to it",
			Body:            strings.NewReader(`{}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{"does not take applications"},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   expectCount("applications", 0),
		}},
		{"priya", "Robotics kits", tests.ApiScenario{
			Name:            "an overlong message is refused",
			Body:            strings.NewReader(`{"message":"` + strings.Repeat("x", 2001) + `"}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{"Message must be at most 2000 characters"},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   expectCount("applications", 0),
		}},
		{"priya", "Robotics kits", tests.ApiScenario{
			Name:            "malformed JSON is refused",
			Body:            strings.NewReader(`{"message":`),
			ExpectedStatus:  400,
			ExpectedContent: []string{"The request body is not valid JSON."},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   expectCount("applications", 0),
		}},
		{"priya", "Robotics kits", tests.ApiScenario{
			Name:            "a wrong type is refused",
			Body:            strings.NewReader(`{"message":42}`),
			ExpectedStatus:  400,
			ExpectedContent: []string{"The request body is not valid JSON."},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   expectCount("applications", 0),
		}},
		{"priya", "Robotics kits", tests.ApiScenario{
			Name:            "an oversized body is refused",
			Body:            strings.NewReader(`{"message":"` + strings.Repeat("x", 20<<10) + `"}`),
			ExpectedStatus:  413,
			ExpectedContent: []string{`"status":413`},
			ExpectedEvents:  testutil.NoWrites(),
			AfterTestFunc:   expectCount("applications", 0),
		}},
	} {
		c.s.Method = http.MethodPost
		testutil.Prepared(factory, c.s, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			s.URL = "/api/sponsorships/" + listing(t, app, "sponsorships", c.title).Id + "/apply"
			if c.who != "" {
				testutil.As(c.who)(t, app, s)
			}
		}).Test(t)
	}

	testutil.Prepared(factory, tests.ApiScenario{
		Name: "nobody applies twice: the second time is a clear 409", Method: http.MethodPost,
		ExpectedStatus: 409, ExpectedContent: []string{"You have already applied for this sponsorship."},
		ExpectedEvents: testutil.NoWrites(), AfterTestFunc: expectCount("applications", 1),
	}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
		offer := listing(t, app, "sponsorships", "Robotics kits")
		s.URL = "/api/sponsorships/" + offer.Id + "/apply"
		testutil.As("priya")(t, app, s)
		createApplication(t, app, offer, testutil.FindByUsername(t, app, "priya"), "pending")
	}).Test(t)

	testutil.Prepared(factory, tests.ApiScenario{
		Name: "unknown sponsorship is 404", Method: http.MethodPost, URL: "/api/sponsorships/nope/apply",
		ExpectedStatus: 404, ExpectedContent: []string{"Listing not found."}, ExpectedEvents: testutil.NoWrites(),
	}, testutil.As("priya")).Test(t)
}

// applied: the application, the conversation it opens, its system note
// and the message, and the poster's notification are created; each
// message then updates the conversation (last message, unread count).
// The e-mail leaves in the background (see waitForMail): mail events may
// fire before or after the check, so only the record events are counted.
var applied = writesAmidMail(5, 2)

// appliedSilently: no message, only the system note.
var appliedSilently = writesAmidMail(4, 1)

func writesAmidMail(creates, updates int) map[string]int {
	m := testutil.Writes(creates, updates, 0)
	delete(m, "*")
	m["OnRecordDelete"] = 0
	return m
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
