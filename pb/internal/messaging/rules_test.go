package messaging_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

const closedRoute = "The requested API route does not exist."

// Members use /messages through the app's routes only: PocketBase's records
// API answers them as if it did not exist, for reads and writes alike.
func TestRecordsAPIIsClosedToMembers(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seed)
	noHook := map[string]int{"*": 0} // the closed records API runs no hook at all
	for _, c := range []scenario{
		{"", "/api/collections/messages/records", "", tests.ApiScenario{
			Name:               "visitor lists messages",
			Method:             http.MethodGet,
			ExpectedStatus:     404,
			ExpectedContent:    []string{closedRoute},
			NotExpectedContent: []string{"secret"},
			ExpectedEvents:     noHook,
		}},
		{"priya", "/api/collections/messages/records", "", tests.ApiScenario{
			Name:               "a participant lists the messages",
			Method:             http.MethodGet,
			ExpectedStatus:     404,
			ExpectedContent:    []string{closedRoute},
			NotExpectedContent: []string{"secret"},
			ExpectedEvents:     noHook,
		}},
		{"dan", "/api/collections/conversations/records/{conv}", "", tests.ApiScenario{
			Name:               "a participant views the conversation",
			Method:             http.MethodGet,
			ExpectedStatus:     404,
			ExpectedContent:    []string{closedRoute},
			NotExpectedContent: []string{"secret"},
			ExpectedEvents:     noHook,
		}},
		{"priya", "/api/collections/messages/records", `{"conversation":"{conv}","body":"sneaky","kind":"text"}`, tests.ApiScenario{
			Name:            "a participant cannot write a message directly",
			Method:          http.MethodPost,
			ExpectedStatus:  404,
			ExpectedContent: []string{closedRoute},
			ExpectedEvents:  noHook,
			AfterTestFunc:   expectMessages(1),
		}},
		{"priya", "/api/collections/conversations/records/{conv}", `{"unreadA":0,"unreadB":0}`, tests.ApiScenario{
			Name:            "a participant cannot edit the conversation directly",
			Method:          http.MethodPatch,
			ExpectedStatus:  404,
			ExpectedContent: []string{closedRoute},
			ExpectedEvents:  noHook,
		}},
		{"priya", "/api/collections/conversations/records/{conv}", "", tests.ApiScenario{
			Name:            "a participant cannot delete the conversation",
			Method:          http.MethodDelete,
			ExpectedStatus:  404,
			ExpectedContent: []string{closedRoute},
			ExpectedEvents:  noHook,
			AfterTestFunc:   expectMessages(1),
		}},
		{"zed", "/api/collections/notifications/records", `{"user":"x","type":"message","title":"fake"}`, tests.ApiScenario{
			Name:            "members cannot create notifications",
			Method:          http.MethodPost,
			ExpectedStatus:  404,
			ExpectedContent: []string{closedRoute},
			ExpectedEvents:  noHook,
		}},
		{"zed", "/api/collections/applications/records", `{"status":"accepted"}`, tests.ApiScenario{
			Name:            "members cannot create applications directly",
			Method:          http.MethodPost,
			ExpectedStatus:  404,
			ExpectedContent: []string{closedRoute},
			ExpectedEvents:  noHook,
		}},
		{"zed", "/api/collections/commitments/records", `{"amount":1}`, tests.ApiScenario{
			Name:            "members cannot create commitments directly",
			Method:          http.MethodPost,
			ExpectedStatus:  404,
			ExpectedContent: []string{closedRoute},
			ExpectedEvents:  noHook,
		}},
	} {
		c.run(t, factory)
	}
}

// The read rules realtime applies to each event: a conversation, its
// messages and a member's notifications reach their participants or owner,
// and nobody else (administrators included).
func TestRealtimeReadRules(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seed(t, app)
	conv := conversation(t, app)
	msg, err := app.FindFirstRecordByData("messages", "conversation", conv.Id)
	if err != nil {
		t.Fatal(err)
	}
	saveNote(t, app, testutil.FindByUsername(t, app, "dan").Id)
	note, err := app.FindFirstRecordByData("notifications", "title", "Private note")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		record *core.Record
		who    string
		want   bool
	}{
		{conv, "dan", true}, {conv, "priya", true}, {conv, "zed", false}, {conv, "boss", false}, {conv, "", false},
		{msg, "dan", true}, {msg, "priya", true}, {msg, "zed", false}, {msg, "boss", false}, {msg, "", false},
		{note, "dan", true}, {note, "priya", false}, {note, "boss", false}, {note, "", false},
	} {
		info := &core.RequestInfo{Context: core.RequestInfoContextRealtime, Method: http.MethodGet}
		if c.who != "" {
			info.Auth = testutil.FindByUsername(t, app, c.who)
		}
		got, err := app.CanAccessRecord(c.record, info, c.record.Collection().ListRule)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("%s record heard by %q: got %v, want %v", c.record.Collection().Name, c.who, got, c.want)
		}
	}
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
