package messaging_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/testutil"
)

// PocketBase's collection API (what realtime and the JS SDK use) shows each
// member only their own conversations, messages and notifications, and
// takes no writes from members at all.
func TestCollectionRules(t *testing.T) {
	factory := testutil.Factory(nil, seed)
	for _, c := range []scenario{
		{"visitor lists no messages", http.MethodGet, "", "/api/collections/messages/records", "", 200,
			[]string{`"totalItems":0`}, []string{"secret"}, nil},
		{"a participant lists the messages", http.MethodGet, "priya", "/api/collections/messages/records", "", 200,
			[]string{`"totalItems":1`, "Hello from dan, a secret"}, nil, nil},
		{"an outsider lists none", http.MethodGet, "zed", "/api/collections/messages/records", "", 200,
			[]string{`"totalItems":0`}, []string{"secret"}, nil},
		{"an administrator lists none", http.MethodGet, "boss", "/api/collections/messages/records", "", 200,
			[]string{`"totalItems":0`}, []string{"secret"}, nil},
		{"a participant views the conversation", http.MethodGet, "dan", "/api/collections/conversations/records/{conv}", "", 200,
			[]string{"Hello from dan, a secret"}, nil, nil},
		{"an outsider cannot view the conversation", http.MethodGet, "zed", "/api/collections/conversations/records/{conv}", "", 404,
			[]string{`"status":404`}, []string{"secret"}, nil},
		{"a participant cannot write a message directly", http.MethodPost, "priya", "/api/collections/messages/records",
			`{"conversation":"{conv}","body":"sneaky","kind":"text"}`, 403, []string{"Only superusers can perform this action."}, nil, expectMessages(1)},
		{"a participant cannot edit the conversation directly", http.MethodPatch, "priya", "/api/collections/conversations/records/{conv}",
			`{"unreadA":0,"unreadB":0}`, 403, []string{"Only superusers can perform this action."}, nil, nil},
		{"a participant cannot delete the conversation", http.MethodDelete, "priya", "/api/collections/conversations/records/{conv}",
			"", 403, []string{"Only superusers can perform this action."}, nil, expectMessages(1)},
		{"members cannot create notifications", http.MethodPost, "zed", "/api/collections/notifications/records",
			`{"user":"x","type":"message","title":"fake"}`, 403, []string{"Only superusers can perform this action."}, nil, nil},
		{"members cannot create applications directly", http.MethodPost, "zed", "/api/collections/applications/records",
			`{"status":"accepted"}`, 403, []string{"Only superusers can perform this action."}, nil, nil},
		{"members cannot create commitments directly", http.MethodPost, "zed", "/api/collections/commitments/records",
			`{"amount":1}`, 403, []string{"Only superusers can perform this action."}, nil, nil},
	} {
		c.run(t, factory)
	}

	testutil.Prepared(factory, tests.ApiScenario{
		Name: "notifications list shows only one's own", Method: http.MethodGet, URL: "/api/collections/notifications/records",
		ExpectedStatus: 200, ExpectedContent: []string{`"totalItems":0`},
	}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
		saveNote(t, app, testutil.FindByUsername(t, app, "dan").Id)
		testutil.As("zed")(t, app, s)
	}).Test(t)
}

func saveNote(t testing.TB, app core.App, userID string) {
	c, err := app.FindCollectionByNameOrId("notifications")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Set("user", userID)
	r.Set("type", "message")
	r.Set("title", "Private note")
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
}
