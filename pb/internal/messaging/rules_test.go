package messaging_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"

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
	calls := []testutil.Call{
		{
			URL:     "/api/collections/messages/records",
			Name:    "visitor lists messages",
			Method:  http.MethodGet,
			Status:  404,
			Want:    []string{closedRoute},
			NotWant: []string{"secret"},
			Events:  noHook,
		},
		{
			Who:     "priya",
			URL:     "/api/collections/messages/records",
			Name:    "a participant lists the messages",
			Method:  http.MethodGet,
			Status:  404,
			Want:    []string{closedRoute},
			NotWant: []string{"secret"},
			Events:  noHook,
		},
		{
			Who:     "dan",
			URL:     "/api/collections/conversations/records/{conv}",
			Name:    "a participant views the conversation",
			Method:  http.MethodGet,
			Status:  404,
			Want:    []string{closedRoute},
			NotWant: []string{"secret"},
			Events:  noHook,
		},
		{
			Who:    "priya",
			URL:    "/api/collections/messages/records",
			Body:   `{"conversation":"{conv}","body":"sneaky","kind":"text"}`,
			Name:   "a participant cannot write a message directly",
			Method: http.MethodPost,
			Status: 404,
			Want:   []string{closedRoute},
			Events: noHook,
			After:  expectMessages(1),
		},
		{
			Who:    "priya",
			URL:    "/api/collections/conversations/records/{conv}",
			Body:   `{"unreadA":0,"unreadB":0}`,
			Name:   "a participant cannot edit the conversation directly",
			Method: http.MethodPatch,
			Status: 404,
			Want:   []string{closedRoute},
			Events: noHook,
		},
		{
			Who:    "priya",
			URL:    "/api/collections/conversations/records/{conv}",
			Name:   "a participant cannot delete the conversation",
			Method: http.MethodDelete,
			Status: 404,
			Want:   []string{closedRoute},
			Events: noHook,
			After:  expectMessages(1),
		},
		{
			Who:    "zed",
			URL:    "/api/collections/notifications/records",
			Body:   `{"user":"x","type":"message","title":"fake"}`,
			Name:   "members cannot create notifications",
			Method: http.MethodPost,
			Status: 404,
			Want:   []string{closedRoute},
			Events: noHook,
		},
		{
			Who:    "zed",
			URL:    "/api/collections/applications/records",
			Body:   `{"status":"accepted"}`,
			Name:   "members cannot create applications directly",
			Method: http.MethodPost,
			Status: 404,
			Want:   []string{closedRoute},
			Events: noHook,
		},
		{
			Who:    "zed",
			URL:    "/api/collections/commitments/records",
			Body:   `{"amount":1}`,
			Name:   "members cannot create commitments directly",
			Method: http.MethodPost,
			Status: 404,
			Want:   []string{closedRoute},
			Events: noHook,
		},
	}
	for i := range calls {
		calls[i].Prepare = fill
	}
	testutil.RunCalls(t, factory, calls)
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
