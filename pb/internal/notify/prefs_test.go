package notify_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/testutil"
)

func TestEmailPreferencesRoutes(t *testing.T) {
	t.Parallel()
	f := apptest.Factory(nil, func(t testing.TB, app core.App) {
		testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Email: "dan@example.com"})
		zed := testutil.CreateMember(t, app, "zed", testutil.MemberOpts{})
		zed.Set("emailPrefs", map[string]bool{"matches": false})
		if err := app.Save(zed); err != nil {
			t.Fatal(err)
		}
	})
	prefsOf := func(t testing.TB, app core.App, who string) notify.Prefs {
		return notify.PrefsOf(testutil.FindByUsername(t, app, who))
	}
	danUnchanged := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		for topic, on := range prefsOf(t, app, "dan") {
			if !on {
				t.Fatalf("dan's %s switched off", topic)
			}
		}
	}
	for _, s := range []*tests.ApiScenario{
		testutil.Prepared(f, tests.ApiScenario{Name: "visitor", Method: http.MethodGet, URL: "/api/user/email-preferences",
			ExpectedStatus: 401, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"status":401`}}, nil),
		testutil.Prepared(f, tests.ApiScenario{Name: "every topic starts on", Method: http.MethodGet, URL: "/api/user/email-preferences",
			ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"messages":true`, `"applications":true`, `"listings":true`,
				`"matches":true`, `"alerts":true`, `"planExpiry":true`}}, testutil.As("dan")),
		testutil.Prepared(f, tests.ApiScenario{Name: "a member reads only their own", Method: http.MethodGet, URL: "/api/user/email-preferences",
			ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{`"matches":false`, `"alerts":true`}}, testutil.As("zed")),
		testutil.Prepared(f, tests.ApiScenario{Name: "switching two off", Method: http.MethodPatch, URL: "/api/user/email-preferences",
			Body: strings.NewReader(`{"alerts":false,"planExpiry":false}`), ExpectedStatus: 200, ExpectedEvents: testutil.Writes(0, 1, 0),
			ExpectedContent: []string{`"alerts":false`, `"planExpiry":false`, `"messages":true`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				p := prefsOf(t, app, "dan")
				if p["alerts"] || p["planExpiry"] || !p["messages"] {
					t.Fatalf("stored %v", p)
				}
			}}, testutil.As("dan")),
		testutil.Prepared(f, tests.ApiScenario{Name: "unknown topic and non-boolean", Method: http.MethodPatch, URL: "/api/user/email-preferences",
			Body: strings.NewReader(`{"spam":false,"alerts":"no"}`), ExpectedStatus: 400, ExpectedEvents: testutil.NoWrites(),
			ExpectedContent: []string{"Unknown e-mail topic", "Must be true or false"}, AfterTestFunc: danUnchanged}, testutil.As("dan")),
		testutil.Prepared(f, tests.ApiScenario{Name: "malformed body", Method: http.MethodPatch, URL: "/api/user/email-preferences",
			Body: strings.NewReader(`[1,2`), ExpectedStatus: 400, ExpectedEvents: testutil.NoWrites(), ExpectedContent: []string{"The request body is not valid JSON."},
			AfterTestFunc: danUnchanged}, testutil.As("dan")),
		testutil.Prepared(f, tests.ApiScenario{Name: "a forged unsubscribe link does nothing", Method: http.MethodPost,
			URL: "/api/email/unsubscribe?u={dan}&t=messages&s=AAAA", ExpectedStatus: 400, ExpectedEvents: testutil.NoWrites(),
			ExpectedContent: []string{"This unsubscribe link is not valid"}, AfterTestFunc: danUnchanged},
			func(t testing.TB, app core.App, s *tests.ApiScenario) {
				s.URL = strings.Replace(s.URL, "{dan}", testutil.FindByUsername(t, app, "dan").Id, 1)
			}),
	} {
		s.Test(t)
	}
}

// The link in a real notification mail: GET only asks (mail scanners open
// links), POST (the button, or the mail client's one-click) switches the
// topic off, and then that topic's mail stops while others still arrive.
func TestOneClickUnsubscribe(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Email: "dan@example.com"})
	j := testutil.NewJourney(t, app)
	note := func(noteType, title string) {
		if err := notify.Create(app, notify.Note{UserID: dan.Id, Type: noteType, Title: title, Link: "/messages"}); err != nil {
			t.Fatal(err)
		}
	}
	inbox := func() []mailbox.Message {
		m, err := mailbox.Read(mailbox.Dir(app), "dan@example.com")
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	note(notify.TypeMessage, "Priya wrote to you")
	msgs := pollInbox(t, inbox, 1)
	header := msgs[0].Headers["List-Unsubscribe"]
	link := strings.TrimSuffix(strings.TrimPrefix(header, "<"), ">")
	u, err := url.Parse(link)
	if err != nil || u.Query().Get("t") != "messages" || !strings.Contains(msgs[0].Text, link) || !strings.Contains(msgs[0].HTML, "Unsubscribe") {
		t.Fatalf("no unsubscribe link in the mail: %q\n%s", header, msgs[0].Text)
	}
	path := u.RequestURI()

	j.Step(t, tests.ApiScenario{
		Name: "opening the link only asks", Method: http.MethodGet, URL: path,
		ExpectedStatus: 200, ExpectedEvents: testutil.NoWrites(),
		ExpectedContent: []string{"Unsubscribe from e-mails about new messages?", `method="post"`},
	})
	if !notify.PrefsOf(testutil.Find(t, app, "users", dan.Id))["messages"] {
		t.Fatal("opening the link unsubscribed")
	}
	j.Step(t, tests.ApiScenario{
		Name: "the one-click POST switches the topic off", Method: http.MethodPost, URL: path,
		Body:           strings.NewReader("List-Unsubscribe=One-Click"),
		Headers:        map[string]string{"Content-Type": "application/x-www-form-urlencoded"},
		ExpectedStatus: 200, ExpectedEvents: testutil.Writes(0, 1, 0),
		ExpectedContent: []string{"We will no longer e-mail you about new messages."},
	})
	p := notify.PrefsOf(testutil.Find(t, app, "users", dan.Id))
	if p["messages"] || !p["applications"] {
		t.Fatalf("after unsubscribing: %v", p)
	}

	// a message about another conversation (so not merged into the unread
	// note) is not mailed now; an application still is
	if err := notify.Create(app, notify.Note{UserID: dan.Id, Type: notify.TypeMessage, Title: "Priya wrote again",
		Link: "/messages", Subject: "another chat"}); err != nil {
		t.Fatal(err)
	}
	note(notify.TypeApplication, "Someone applied")
	queue.Of(app).Wait()
	msgs = inbox()
	if len(msgs) != 2 || msgs[0].Subject != "Someone applied" {
		t.Fatalf("after unsubscribing from messages the inbox holds %d, newest %q", len(msgs), msgs[0].Subject)
	}
}

// pollInbox waits (up to five seconds) until the inbox holds n mails: mail
// goes out in the background.
func pollInbox(t *testing.T, inbox func() []mailbox.Message, n int) []mailbox.Message {
	t.Helper()
	var m []mailbox.Message
	testutil.Eventually(t, 5*time.Second, fmt.Sprintf("%d mails in the inbox", n), func() bool {
		m = inbox()
		return len(m) >= n
	})
	return m
}
