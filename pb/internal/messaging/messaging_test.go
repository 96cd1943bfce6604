package messaging_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

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

type scenario struct {
	name, method, who, path, body string // path: {conv} is replaced by the seeded conversation id
	status                        int
	want, notWant                 []string
	after                         func(testing.TB, *tests.TestApp, *http.Response)
}

func (c scenario) run(t *testing.T, factory func(testing.TB) *tests.TestApp) {
	s := tests.ApiScenario{Name: c.name, Method: c.method, ExpectedStatus: c.status,
		ExpectedContent: c.want, NotExpectedContent: c.notWant, AfterTestFunc: c.after}
	testutil.Prepared(factory, s, func(t testing.TB, app core.App, s *tests.ApiScenario) {
		s.URL = strings.ReplaceAll(c.path, "{conv}", conversation(t, app).Id)
		if c.body != "" {
			s.Body = strings.NewReader(strings.ReplaceAll(c.body, "{zed}", testutil.FindByUsername(t, app, "zed").Id))
		}
		if c.who != "" {
			testutil.As(c.who)(t, app, s)
		}
	}).Test(t)
}

func TestConversations(t *testing.T) {
	t.Parallel()
	factory := testutil.Factory(nil, seed)
	for _, c := range []scenario{
		{"visitor cannot list", http.MethodGet, "", "/api/conversations", "", 401, []string{`"status":401`}, nil, nil},
		{"a participant lists: the other member, last message, unread count", http.MethodGet, "priya", "/api/conversations", "", 200,
			[]string{`"username":"dan"`, `"lastMessage":"Hello from dan, a secret"`, `"unreadCount":1`}, []string{"dan@example.com"}, nil},
		{"the sender has nothing unread", http.MethodGet, "dan", "/api/conversations", "", 200,
			[]string{`"username":"priya"`, `"unreadCount":0`}, nil, nil},
		{"an outsider lists nothing", http.MethodGet, "zed", "/api/conversations", "", 200, []string{`[]`}, []string{"secret"}, nil},
		{"an outsider cannot view it", http.MethodGet, "zed", "/api/conversations/{conv}", "", 404, []string{"Conversation not found."}, []string{"secret"}, nil},
		{"administrators cannot read members' conversations", http.MethodGet, "boss", "/api/conversations/{conv}/messages", "", 404,
			[]string{"Conversation not found."}, []string{"secret"}, nil},
		{"an outsider cannot read its messages", http.MethodGet, "zed", "/api/conversations/{conv}/messages", "", 404,
			[]string{"Conversation not found."}, []string{"secret"}, nil},
		{"a participant reads the messages", http.MethodGet, "priya", "/api/conversations/{conv}/messages", "", 200,
			[]string{`"body":"Hello from dan, a secret"`, `"mine":false`, `"kind":"text"`, `"username":"dan"`}, nil, nil},
		{"a bad limit is refused", http.MethodGet, "priya", "/api/conversations/{conv}/messages?limit=1000", "", 400,
			[]string{"Limit must be a whole number from 1 to 100."}, nil, nil},
		{"an unknown before cursor is refused", http.MethodGet, "priya", "/api/conversations/{conv}/messages?before=nope", "", 400,
			[]string{"Unknown message in before."}, nil, nil},
		{"an outsider cannot write into it", http.MethodPost, "zed", "/api/conversations/{conv}/messages", `{"body":"hi"}`, 404,
			[]string{"Conversation not found."}, nil, expectMessages(1)},
		{"a participant replies", http.MethodPost, "priya", "/api/conversations/{conv}/messages", `{"body":"  Hi dan! "}`, 201,
			[]string{`"body":"Hi dan!"`, `"mine":true`}, nil, func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				conv := conversation(t, app)
				dan := testutil.FindByUsername(t, app, "dan")
				if conv.GetString("lastMessage") != "Hi dan!" || conv.GetInt(unreadField(conv, dan.Id)) != 1 {
					t.Errorf("conversation not moved on: %v", conv.PublicExport())
				}
				n, _ := app.CountRecords("notifications", dbx.HashExp{"user": dan.Id, "type": "message"})
				if n != 1 {
					t.Errorf("dan has %d message notifications", n)
				}
			}},
		{"an empty message is refused", http.MethodPost, "priya", "/api/conversations/{conv}/messages", `{"body":"   "}`, 400,
			[]string{"Message cannot be empty"}, nil, expectMessages(1)},
		{"a message over 4000 characters is refused", http.MethodPost, "priya", "/api/conversations/{conv}/messages",
			`{"body":"` + strings.Repeat("é", 4001) + `"}`, 400, []string{"Message must be at most 4000 characters"}, nil, expectMessages(1)},
		{"a wrong type is refused", http.MethodPost, "priya", "/api/conversations/{conv}/messages", `{"body":["x"]}`, 400,
			[]string{"The request body is not valid JSON."}, nil, expectMessages(1)},
		{"an oversized body is refused", http.MethodPost, "priya", "/api/conversations/{conv}/messages",
			`{"body":"` + strings.Repeat("x", 20<<10) + `"}`, 413, []string{`"status":413`}, nil, expectMessages(1)},
		{"reading clears the unread count", http.MethodPost, "priya", "/api/conversations/{conv}/read", "", 200,
			[]string{`"messages":0`}, nil, func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				conv := conversation(t, app)
				if conv.GetInt(unreadField(conv, testutil.FindByUsername(t, app, "priya").Id)) != 0 {
					t.Error("unread count not cleared")
				}
			}},
		{"an outsider cannot mark it read", http.MethodPost, "zed", "/api/conversations/{conv}/read", "", 404, []string{"Conversation not found."}, nil, nil},
		{"the unread badge counts", http.MethodGet, "priya", "/api/unread", "", 200, []string{`"messages":1`, `"notifications":0`}, nil, nil},
		{"visitor has no badge", http.MethodGet, "", "/api/unread", "", 401, []string{`"status":401`}, nil, nil},
		{"an unknown member is 404", http.MethodPost, "dan", "/api/conversations", `{"userId":"nobody123"}`, 404, []string{"Member not found."}, nil, nil},
		{"a missing member is a field error", http.MethodPost, "dan", "/api/conversations", `{}`, 400, []string{"Choose a member to message"}, nil, nil},
		{"starting with a new member creates the conversation", http.MethodPost, "dan", "/api/conversations", `{"userId":"{zed}"}`, 201,
			[]string{`"username":"zed"`, `"unreadCount":0`}, nil, nil},
	} {
		c.run(t, factory)
	}

	testutil.Prepared(factory, tests.ApiScenario{
		Name: "starting with yourself is refused", Method: http.MethodPost, ExpectedStatus: 400,
		ExpectedContent: []string{"You cannot message yourself"},
	}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
		dan := testutil.FindByUsername(t, app, "dan")
		s.URL = "/api/conversations"
		s.Body = strings.NewReader(`{"userId":"` + dan.Id + `"}`)
		testutil.As("dan")(t, app, s)
	}).Test(t)
	testutil.Prepared(factory, tests.ApiScenario{
		Name: "starting an existing conversation fetches it", Method: http.MethodPost, ExpectedStatus: 200,
		ExpectedContent: []string{`"username":"priya"`, `"lastMessage":"Hello from dan, a secret"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if n, _ := app.CountRecords("conversations"); n != 1 {
				t.Errorf("expected one conversation, found %d", n)
			}
		},
	}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
		s.URL = "/api/conversations"
		s.Body = strings.NewReader(`{"userId":"` + testutil.FindByUsername(t, app, "priya").Id + `"}`)
		testutil.As("dan")(t, app, s)
	}).Test(t)
}

func unreadField(conv *core.Record, userID string) string {
	if conv.GetString("userA") == userID {
		return "unreadA"
	}
	return "unreadB"
}
