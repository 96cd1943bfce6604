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
	run(t, factory, []tc{
		{name: "a visitor writes to us", events: testutil.Writes(1, 0, 0), method: http.MethodPost, url: path("/api/contact"), body: validContact,
			status: 201, want: []string{"Thank you! Your message has been received."}, notWant: []string{"ravi@example.org"},
			after: func(t testing.TB, app *tests.TestApp) {
				r, err := app.FindFirstRecordByData("contact_messages", "email", "ravi@example.org")
				if err != nil || r.GetString("name") != "Ravi Kumar" || r.GetBool("resolved") || r.GetString("member") != "" {
					t.Errorf("message not stored as expected: %v", err)
				}
			}},
		{name: "a signed-in member is remembered as sender", events: testutil.Writes(1, 0, 0), method: http.MethodPost, who: "dan", url: path("/api/contact"),
			body: validContact, status: 201,
			after: func(t testing.TB, app *tests.TestApp) {
				r, err := app.FindFirstRecordByData("contact_messages", "email", "ravi@example.org")
				if err != nil || r.GetString("member") != memberID(t, app, "dan") {
					t.Errorf("sender not remembered: %v", err)
				}
			}},
		{name: "validation", method: http.MethodPost, url: path("/api/contact"),
			body:   `{"name":" ","email":"not-an-address","subject":"` + strings.Repeat("s", 201) + `","message":""}`,
			status: 400, want: []string{`"message":"Name is required"`, `"message":"Please enter a valid email address"`,
				`"message":"Subject must be at most 200 characters"`, `"message":"Message is required"`}, after: none},
		{name: "missing fields", method: http.MethodPost, url: path("/api/contact"), body: `{}`,
			status: 400, want: []string{"Name is required", "Email is required", "Message is required"}, after: none},
		{name: "overlong message", method: http.MethodPost, url: path("/api/contact"),
			body:   `{"name":"A","email":"a@example.org","message":"` + strings.Repeat("m", 5001) + `"}`,
			status: 400, want: []string{"Message must be at most 5000 characters"}, after: none},
		{name: "malformed JSON", method: http.MethodPost, url: path("/api/contact"), body: `{"name":`,
			status: 400, want: []string{"The request body is not valid JSON."}, after: none},
		{name: "wrong types", method: http.MethodPost, url: path("/api/contact"), body: `{"name":1,"email":true}`,
			status: 400, after: none},
		{name: "oversized body", method: http.MethodPost, url: path("/api/contact"),
			body: `{"name":"A","email":"a@example.org","message":"` + strings.Repeat("m", 40<<10) + `"}`, status: 413, after: none},
		{name: "members cannot read messages through the collection API", method: http.MethodGet, who: "dan",
			url: path("/api/collections/contact_messages/records"), status: 404},
		{name: "the admin lists open messages", method: http.MethodGet, who: "boss", url: func(t testing.TB, app core.App) string {
			seedContact(t, app)
			return "/api/admin/contact-messages"
		}, status: 200, want: []string{`"email":"asha@example.org"`, `"subject":"Refund"`, `"resolved":false`},
			headers: map[string]string{"X-Total-Count": "1", "X-Has-More": "false"}},
		{name: "bad status filter", method: http.MethodGet, who: "boss", url: path("/api/admin/contact-messages?status=x"),
			status: 400, want: []string{"Status must be open, resolved or all"}},
		{name: "resolve records who and when, and logs it", events: testutil.Writes(1, 1, 0), method: http.MethodPost, who: "boss",
			url: func(t testing.TB, app core.App) string {
				return "/api/admin/contact-messages/" + seedContact(t, app) + "/resolve"
			},
			status: 200, want: []string{`"resolved":true`},
			after: func(t testing.TB, app *tests.TestApp) {
				r, err := app.FindFirstRecordByData("contact_messages", "subject", "Refund")
				if err != nil || r.GetString("resolvedBy") != memberID(t, app, "boss") || r.GetDateTime("resolvedAt").IsZero() {
					t.Errorf("resolution not recorded: %v", err)
				}
				logged("resolve_contact", "Refund")(t, app)
			}},
		{name: "resolve an unknown message", method: http.MethodPost, who: "boss",
			url: path("/api/admin/contact-messages/nope/resolve"), status: 404, after: expectRows("moderation_log", 0)},
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
		post(t, j, app, "", "/api/contact", validContact, 201, testutil.Writes(1, 0, 0))
	}
	for i := 0; i < 2; i++ {
		post(t, j, app, "", "/api/contact", validContact, 429, testutil.NoWrites())
	}
	if n := count(t, app, "contact_messages"); n != 5 {
		t.Errorf("stored %d messages, want 5", n)
	}
}
