package admin_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

func seedContact(t testing.TB, app core.App) string {
	c, err := app.FindCollectionByNameOrId("contact_messages")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Set("name", "Asha")
	r.Set("email", "asha@example.org")
	r.Set("subject", "Refund")
	r.Set("message", "Please refund my plan.")
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	return r.Id
}

const validContact = `{"name":"Ravi Kumar","email":"ravi@example.org","subject":"Partnership","message":"We would like to sponsor school events."}`

func TestContactForm(t *testing.T) {
	t.Parallel()
	none := expectRows("contact_messages", 0)
	testutil.RunCalls(t, factory, []testutil.Call{
		{Name: "a visitor writes to us", Events: testutil.Writes(1, 0, 0), Method: http.MethodPost, URL: "/api/contact", Body: validContact,
			Status: 201, Want: []string{"Thank you! Your message has been received."}, NotWant: []string{"ravi@example.org"},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				r, err := app.FindFirstRecordByData("contact_messages", "email", "ravi@example.org")
				if err != nil || r.GetString("name") != "Ravi Kumar" || r.GetBool("resolved") || r.GetString("member") != "" {
					t.Errorf("message not stored as expected: %v", err)
				}
			}},
		{Name: "a signed-in member is remembered as sender", Events: testutil.Writes(1, 0, 0), Method: http.MethodPost, Who: "dan", URL: "/api/contact",
			Body: validContact, Status: 201,
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				r, err := app.FindFirstRecordByData("contact_messages", "email", "ravi@example.org")
				if err != nil || r.GetString("member") != memberID(t, app, "dan") {
					t.Errorf("sender not remembered: %v", err)
				}
			}, Want: []string{`"id":`}},
		{Name: "validation", Method: http.MethodPost, URL: "/api/contact",
			Body:   `{"name":" ","email":"not-an-address","subject":"` + strings.Repeat("s", 201) + `","message":""}`,
			Status: 400, Want: []string{`"message":"Name is required"`, `"message":"Please enter a valid email address"`,
				`"message":"Subject must be at most 200 characters"`, `"message":"Message is required"`}, After: none},
		{Name: "missing fields", Method: http.MethodPost, URL: "/api/contact", Body: `{}`,
			Status: 400, Want: []string{"Name is required", "Email is required", "Message is required"}, After: none},
		{Name: "overlong message", Method: http.MethodPost, URL: "/api/contact",
			Body:   `{"name":"A","email":"a@example.org","message":"` + strings.Repeat("m", 5001) + `"}`,
			Status: 400, Want: []string{"Message must be at most 5000 characters"}, After: none},
		{Name: "malformed JSON", Method: http.MethodPost, URL: "/api/contact", Body: `{"name":`,
			Status: 400, Want: []string{"The request body is not valid JSON."}, After: none},
		{Name: "wrong types", Method: http.MethodPost, URL: "/api/contact", Body: `{"name":1,"email":true}`,
			Status: 400, After: none},
		{Name: "oversized body", Method: http.MethodPost, URL: "/api/contact",
			Body: `{"name":"A","email":"a@example.org","message":"` + strings.Repeat("m", 40<<10) + `"}`, Status: 413, After: none},
		{Name: "members cannot read messages through the collection API", Method: http.MethodGet, Who: "dan",
			URL: "/api/collections/contact_messages/records", Status: 404},
		{Name: "the admin lists open messages", Method: http.MethodGet, Who: "boss", URLOf: func(t testing.TB, app core.App) string {
			seedContact(t, app)
			return "/api/admin/contact-messages"
		}, Status: 200, Want: []string{`"email":"asha@example.org"`, `"subject":"Refund"`, `"resolved":false`},
			WantHeaders: map[string]string{"X-Total-Count": "1", "X-Has-More": "false"}},
		{Name: "bad status filter", Method: http.MethodGet, Who: "boss", URL: "/api/admin/contact-messages?status=x",
			Status: 400, Want: []string{"Status must be open, resolved or all"}},
		{Name: "resolve records who and when, and logs it", Events: testutil.Writes(1, 1, 0), Method: http.MethodPost, Who: "boss",
			URLOf: func(t testing.TB, app core.App) string {
				return "/api/admin/contact-messages/" + seedContact(t, app) + "/resolve"
			},
			Status: 200, Want: []string{`"resolved":true`},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				r, err := app.FindFirstRecordByData("contact_messages", "subject", "Refund")
				if err != nil || r.GetString("resolvedBy") != memberID(t, app, "boss") || r.GetDateTime("resolvedAt").IsZero() {
					t.Errorf("resolution not recorded: %v", err)
				}
				logged("resolve_contact", "Refund")(t, app, res)
			}},
		{Name: "resolve an unknown message", Method: http.MethodPost, Who: "boss",
			URL: "/api/admin/contact-messages/nope/resolve", Status: 404, After: expectRows("moderation_log", 0)},
	})
}

func TestContactIsRateLimited(t *testing.T) {
	t.Parallel()
	cfg := testutil.Config()
	cfg.RateLimits = true
	app := apptest.NewApp(t, cfg)
	defer app.Cleanup()
	j := testutil.NewJourney(t, app)
	for i := 0; i < 5; i++ {
		j.Do(t, testutil.Call{Name: "visitor posts /api/contact", Method: http.MethodPost, URL: "/api/contact", Body: validContact, Status: 201, Events: testutil.Writes(1, 0, 0), Want: []string{"{"}})
	}
	for i := 0; i < 2; i++ {
		j.Do(t, testutil.Call{Name: "visitor posts /api/contact", Method: http.MethodPost, URL: "/api/contact", Body: validContact, Status: 429, Events: testutil.NoWrites()})
	}
	if n := count(t, app, "contact_messages"); n != 5 {
		t.Errorf("stored %d messages, want 5", n)
	}
}
