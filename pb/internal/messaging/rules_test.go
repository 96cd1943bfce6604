package messaging_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/testutil"
)

const closedRoute = "The requested API route does not exist."

// Members use /messages through the app's routes only: PocketBase's records
// API answers them as if it did not exist, for reads and writes alike.
func TestRecordsAPIIsClosedToMembers(t *testing.T) {
	t.Parallel()
	factory := testutil.Factory(nil, seed)
	for _, c := range []scenario{
		{"visitor lists messages", http.MethodGet, "", "/api/collections/messages/records", "", 404,
			[]string{closedRoute}, []string{"secret"}, nil},
		{"a participant lists the messages", http.MethodGet, "priya", "/api/collections/messages/records", "", 404,
			[]string{closedRoute}, []string{"secret"}, nil},
		{"a participant views the conversation", http.MethodGet, "dan", "/api/collections/conversations/records/{conv}", "", 404,
			[]string{closedRoute}, []string{"secret"}, nil},
		{"a participant cannot write a message directly", http.MethodPost, "priya", "/api/collections/messages/records",
			`{"conversation":"{conv}","body":"sneaky","kind":"text"}`, 404, []string{closedRoute}, nil, expectMessages(1)},
		{"a participant cannot edit the conversation directly", http.MethodPatch, "priya", "/api/collections/conversations/records/{conv}",
			`{"unreadA":0,"unreadB":0}`, 404, []string{closedRoute}, nil, nil},
		{"a participant cannot delete the conversation", http.MethodDelete, "priya", "/api/collections/conversations/records/{conv}",
			"", 404, []string{closedRoute}, nil, expectMessages(1)},
		{"members cannot create notifications", http.MethodPost, "zed", "/api/collections/notifications/records",
			`{"user":"x","type":"message","title":"fake"}`, 404, []string{closedRoute}, nil, nil},
		{"members cannot create applications directly", http.MethodPost, "zed", "/api/collections/applications/records",
			`{"status":"accepted"}`, 404, []string{closedRoute}, nil, nil},
		{"members cannot create commitments directly", http.MethodPost, "zed", "/api/collections/commitments/records",
			`{"amount":1}`, 404, []string{closedRoute}, nil, nil},
	} {
		c.run(t, factory)
	}
}

// The read rules realtime applies to each event: a conversation, its
// messages and a member's notifications reach their participants or owner,
// and nobody else (administrators included).
func TestRealtimeReadRules(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
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
