package messaging_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/testutil"
)

// seed: dan and priya have a conversation with one message from dan; zed is
// an outsider; boss an administrator.
func seed(t testing.TB, app core.App) {
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Email: "dan@example.com"})
	priya := testutil.CreateMember(t, app, "priya", testutil.MemberOpts{Email: "priya@example.com"})
	testutil.CreateMember(t, app, "zed", testutil.MemberOpts{})
	testutil.CreateMember(t, app, "boss", testutil.MemberOpts{Admin: true})
	conv, _, err := messaging.Open(app, dan.Id, priya.Id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := messaging.Send(app, conv.Id, messaging.Post{SenderID: dan.Id, Body: "Hello from dan, a secret"}); err != nil {
		t.Fatal(err)
	}
}

func conversation(t testing.TB, app core.App) *core.Record {
	t.Helper()
	dan, priya := testutil.FindByUsername(t, app, "dan"), testutil.FindByUsername(t, app, "priya")
	r, err := app.FindFirstRecordByData("conversations", "pairKey", messaging.PairKey(dan.Id, priya.Id))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func messageCount(t testing.TB, app core.App) int {
	n, err := app.CountRecords("messages")
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func expectMessages(n int) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if got := messageCount(t, app); got != n {
			t.Errorf("expected %d messages, found %d", n, got)
		}
	}
}

// fill names the seeded records in a call: {conv} in its URL is the
// conversation's id, {zed} in its body zed's.
func fill(t testing.TB, app core.App, c *testutil.Call) {
	c.URL = strings.ReplaceAll(c.URL, "{conv}", conversation(t, app).Id)
	c.Body = strings.ReplaceAll(c.Body, "{zed}", testutil.FindByUsername(t, app, "zed").Id)
}

func TestConversations(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seed)
	calls := []testutil.Call{
		{
			URL:    "/api/conversations",
			Name:   "visitor cannot list",
			Method: http.MethodGet,
			Status: 401,
			Want:   []string{`"status":401`},
		},
		{
			Who:     "priya",
			URL:     "/api/conversations",
			Name:    "a participant lists: the other member, last message, unread count",
			Method:  http.MethodGet,
			Status:  200,
			Want:    []string{`"username":"dan"`, `"lastMessage":"Hello from dan, a secret"`, `"unreadCount":1`},
			NotWant: []string{"dan@example.com"},
		},
		{
			Who:    "dan",
			URL:    "/api/conversations",
			Name:   "the sender has nothing unread",
			Method: http.MethodGet,
			Status: 200,
			Want:   []string{`"username":"priya"`, `"unreadCount":0`},
		},
		{
			Who:     "zed",
			URL:     "/api/conversations",
			Name:    "an outsider lists nothing",
			Method:  http.MethodGet,
			Status:  200,
			Want:    []string{`[]`},
			NotWant: []string{"secret"},
		},
		{
			Who:     "zed",
			URL:     "/api/conversations/{conv}",
			Name:    "an outsider cannot view it",
			Method:  http.MethodGet,
			Status:  404,
			Want:    []string{"Conversation not found."},
			NotWant: []string{"secret"},
		},
		{
			Who:     "boss",
			URL:     "/api/conversations/{conv}/messages",
			Name:    "administrators cannot read members' conversations",
			Method:  http.MethodGet,
			Status:  404,
			Want:    []string{"Conversation not found."},
			NotWant: []string{"secret"},
		},
		{
			Who:     "zed",
			URL:     "/api/conversations/{conv}/messages",
			Name:    "an outsider cannot read its messages",
			Method:  http.MethodGet,
			Status:  404,
			Want:    []string{"Conversation not found."},
			NotWant: []string{"secret"},
		},
		{
			Who:    "priya",
			URL:    "/api/conversations/{conv}/messages",
			Name:   "a participant reads the messages",
			Method: http.MethodGet,
			Status: 200,
			Want:   []string{`"body":"Hello from dan, a secret"`, `"mine":false`, `"kind":"text"`, `"username":"dan"`},
		},
		{
			Who:    "priya",
			URL:    "/api/conversations/{conv}/messages?limit=1000",
			Name:   "a bad limit is refused",
			Method: http.MethodGet,
			Status: 400,
			Want:   []string{"Limit must be a whole number from 1 to 100."},
		},
		{
			Who:    "priya",
			URL:    "/api/conversations/{conv}/messages?before=nope",
			Name:   "an unknown before cursor is refused",
			Method: http.MethodGet,
			Status: 400,
			Want:   []string{"Unknown message in before."},
		},
		{
			Who:    "zed",
			URL:    "/api/conversations/{conv}/messages",
			Body:   `{"body":"hi"}`,
			Name:   "an outsider cannot write into it",
			Method: http.MethodPost,
			Status: 404,
			Want:   []string{"Conversation not found."},
			After:  expectMessages(1),
		},
		{
			Who:    "priya",
			URL:    "/api/conversations/{conv}/messages",
			Body:   `{"body":"  Hi dan! "}`,
			Name:   "a participant replies",
			Method: http.MethodPost,
			Status: 201,
			Events: testutil.WritesAmidMail(2, 1), // the message and dan's notification; the conversation moves on
			Want:   []string{`"body":"Hi dan!"`, `"mine":true`},
			After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				conv := conversation(t, app)
				dan := testutil.FindByUsername(t, app, "dan")
				if conv.GetString("lastMessage") != "Hi dan!" || conv.GetInt(unreadField(conv, dan.Id)) != 1 {
					t.Errorf("conversation not moved on: %v", conv.PublicExport())
				}
				n, _ := app.CountRecords("notifications", dbx.HashExp{"user": dan.Id, "type": "message"})
				if n != 1 {
					t.Errorf("dan has %d message notifications", n)
				}
				// the reply answers dan's message: one sample of priya's time to
				// answer; dan's opening message answered nobody
				priya := testutil.FindByUsername(t, app, "priya")
				if priya.GetInt("answerCount") != 1 || priya.GetInt("answerMedianSeconds") > 60 || dan.GetInt("answerCount") != 0 {
					t.Errorf("answers: priya %d in %d s, dan %d", priya.GetInt("answerCount"), priya.GetInt("answerMedianSeconds"), dan.GetInt("answerCount"))
				}
			},
		},
		{
			Who:    "priya",
			URL:    "/api/conversations/{conv}/messages",
			Body:   `{"body":"   "}`,
			Name:   "an empty message is refused",
			Method: http.MethodPost,
			Status: 400,
			Want:   []string{"Message cannot be empty"},
			After:  expectMessages(1),
		},
		{
			Who:    "priya",
			URL:    "/api/conversations/{conv}/messages",
			Body:   `{"body":"` + strings.Repeat("é", 4001) + `"}`,
			Name:   "a message over 4000 characters is refused",
			Method: http.MethodPost,
			Status: 400,
			Want:   []string{"Message must be at most 4000 characters"},
			After:  expectMessages(1),
		},
		{
			Who:    "priya",
			URL:    "/api/conversations/{conv}/messages",
			Body:   `{"body":["x"]}`,
			Name:   "a wrong type is refused",
			Method: http.MethodPost,
			Status: 400,
			Want:   []string{"The request body is not valid JSON."},
			After:  expectMessages(1),
		},
		{
			Who:    "priya",
			URL:    "/api/conversations/{conv}/messages",
			Body:   `{"body":"` + strings.Repeat("x", 20<<10) + `"}`,
			Name:   "an oversized body is refused",
			Method: http.MethodPost,
			Status: 413,
			Want:   []string{`"status":413`},
			After:  expectMessages(1),
		},
		{
			Who:    "priya",
			URL:    "/api/conversations/{conv}/read",
			Name:   "reading clears the unread count",
			Method: http.MethodPost,
			Status: 200,
			Events: testutil.Writes(0, 1, 0),
			Want:   []string{`"messages":0`},
			After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				conv := conversation(t, app)
				if conv.GetInt(unreadField(conv, testutil.FindByUsername(t, app, "priya").Id)) != 0 {
					t.Error("unread count not cleared")
				}
			},
		},
		{
			Who:    "zed",
			URL:    "/api/conversations/{conv}/read",
			Name:   "an outsider cannot mark it read",
			Method: http.MethodPost,
			Status: 404,
			Want:   []string{"Conversation not found."},
		},
		{
			Who:    "priya",
			URL:    "/api/unread",
			Name:   "the unread badge counts",
			Method: http.MethodGet,
			Status: 200,
			Want:   []string{`"messages":1`, `"notifications":0`},
		},
		{
			URL:    "/api/unread",
			Name:   "visitor has no badge",
			Method: http.MethodGet,
			Status: 401,
			Want:   []string{`"status":401`},
		},
		{
			Who:    "dan",
			URL:    "/api/conversations",
			Body:   `{"userId":"nobody123"}`,
			Name:   "an unknown member is 404",
			Method: http.MethodPost,
			Status: 404,
			Want:   []string{"Member not found."},
		},
		{
			Who:    "dan",
			URL:    "/api/conversations",
			Body:   `{}`,
			Name:   "a missing member is a field error",
			Method: http.MethodPost,
			Status: 400,
			Want:   []string{"Choose a member to message"},
		},
		{
			Who:    "dan",
			URL:    "/api/conversations",
			Body:   `{"userId":"{zed}"}`,
			Name:   "starting with a new member creates the conversation",
			Method: http.MethodPost,
			Status: 201,
			Events: testutil.Writes(1, 0, 0),
			Want:   []string{`"username":"zed"`, `"unreadCount":0`},
		},
	}
	for i := range calls {
		calls[i].Prepare = fill
	}
	testutil.RunCalls(t, factory, calls)

	testutil.Call{Name: "starting with yourself is refused", Who: "dan", Method: http.MethodPost, URL: "/api/conversations",
		Status: 400, Want: []string{"You cannot message yourself"}, Events: testutil.NoWrites(),
		Prepare: func(t testing.TB, app core.App, c *testutil.Call) {
			c.Body = `{"userId":"` + testutil.FindByUsername(t, app, "dan").Id + `"}`
		}}.Test(t, factory)
	testutil.Call{Name: "starting an existing conversation fetches it", Who: "dan", Method: http.MethodPost, URL: "/api/conversations",
		Status: 200, Want: []string{`"username":"priya"`, `"lastMessage":"Hello from dan, a secret"`},
		Events: map[string]int{"*": 0},
		After: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if n, _ := app.CountRecords("conversations"); n != 1 {
				t.Errorf("expected one conversation, found %d", n)
			}
		},
		Prepare: func(t testing.TB, app core.App, c *testutil.Call) {
			c.Body = `{"userId":"` + testutil.FindByUsername(t, app, "priya").Id + `"}`
		}}.Test(t, factory)
}

func unreadField(conv *core.Record, userID string) string {
	if conv.GetString("userA") == userID {
		return "unreadA"
	}
	return "unreadB"
}
