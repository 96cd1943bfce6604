package messaging_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/apptest"
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

// scenario is one request as who ("" for a visitor) to path, where {conv}
// is replaced by the seeded conversation's id, with body, where {zed} is
// replaced by zed's id. A read (GET) or a refusal (4xx) must write nothing
// unless s.ExpectedEvents says otherwise.
type scenario struct {
	who, path, body string
	s               tests.ApiScenario
}

func (c scenario) run(t *testing.T, factory func(testing.TB) *tests.TestApp) {
	s := c.s
	if s.ExpectedEvents == nil && (s.Method == http.MethodGet || s.ExpectedStatus >= 400) {
		s.ExpectedEvents = testutil.NoWrites()
	}
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
	factory := apptest.Factory(nil, seed)
	for _, c := range []scenario{
		{"", "/api/conversations", "", tests.ApiScenario{
			Name:            "visitor cannot list",
			Method:          http.MethodGet,
			ExpectedStatus:  401,
			ExpectedContent: []string{`"status":401`},
		}},
		{"priya", "/api/conversations", "", tests.ApiScenario{
			Name:               "a participant lists: the other member, last message, unread count",
			Method:             http.MethodGet,
			ExpectedStatus:     200,
			ExpectedContent:    []string{`"username":"dan"`, `"lastMessage":"Hello from dan, a secret"`, `"unreadCount":1`},
			NotExpectedContent: []string{"dan@example.com"},
		}},
		{"dan", "/api/conversations", "", tests.ApiScenario{
			Name:            "the sender has nothing unread",
			Method:          http.MethodGet,
			ExpectedStatus:  200,
			ExpectedContent: []string{`"username":"priya"`, `"unreadCount":0`},
		}},
		{"zed", "/api/conversations", "", tests.ApiScenario{
			Name:               "an outsider lists nothing",
			Method:             http.MethodGet,
			ExpectedStatus:     200,
			ExpectedContent:    []string{`[]`},
			NotExpectedContent: []string{"secret"},
		}},
		{"zed", "/api/conversations/{conv}", "", tests.ApiScenario{
			Name:               "an outsider cannot view it",
			Method:             http.MethodGet,
			ExpectedStatus:     404,
			ExpectedContent:    []string{"Conversation not found."},
			NotExpectedContent: []string{"secret"},
		}},
		{"boss", "/api/conversations/{conv}/messages", "", tests.ApiScenario{
			Name:               "administrators cannot read members' conversations",
			Method:             http.MethodGet,
			ExpectedStatus:     404,
			ExpectedContent:    []string{"Conversation not found."},
			NotExpectedContent: []string{"secret"},
		}},
		{"zed", "/api/conversations/{conv}/messages", "", tests.ApiScenario{
			Name:               "an outsider cannot read its messages",
			Method:             http.MethodGet,
			ExpectedStatus:     404,
			ExpectedContent:    []string{"Conversation not found."},
			NotExpectedContent: []string{"secret"},
		}},
		{"priya", "/api/conversations/{conv}/messages", "", tests.ApiScenario{
			Name:            "a participant reads the messages",
			Method:          http.MethodGet,
			ExpectedStatus:  200,
			ExpectedContent: []string{`"body":"Hello from dan, a secret"`, `"mine":false`, `"kind":"text"`, `"username":"dan"`},
		}},
		{"priya", "/api/conversations/{conv}/messages?limit=1000", "", tests.ApiScenario{
			Name:            "a bad limit is refused",
			Method:          http.MethodGet,
			ExpectedStatus:  400,
			ExpectedContent: []string{"Limit must be a whole number from 1 to 100."},
		}},
		{"priya", "/api/conversations/{conv}/messages?before=nope", "", tests.ApiScenario{
			Name:            "an unknown before cursor is refused",
			Method:          http.MethodGet,
			ExpectedStatus:  400,
			ExpectedContent: []string{"Unknown message in before."},
		}},
		{"zed", "/api/conversations/{conv}/messages", `{"body":"hi"}`, tests.ApiScenario{
			Name:            "an outsider cannot write into it",
			Method:          http.MethodPost,
			ExpectedStatus:  404,
			ExpectedContent: []string{"Conversation not found."},
			AfterTestFunc:   expectMessages(1),
		}},
		{"priya", "/api/conversations/{conv}/messages", `{"body":"  Hi dan! "}`, tests.ApiScenario{
			Name:            "a participant replies",
			Method:          http.MethodPost,
			ExpectedStatus:  201,
			ExpectedEvents:  testutil.WritesAmidMail(2, 1), // the message and dan's notification; the conversation moves on
			ExpectedContent: []string{`"body":"Hi dan!"`, `"mine":true`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
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
		}},
		{"priya", "/api/conversations/{conv}/messages", `{"body":"   "}`, tests.ApiScenario{
			Name:            "an empty message is refused",
			Method:          http.MethodPost,
			ExpectedStatus:  400,
			ExpectedContent: []string{"Message cannot be empty"},
			AfterTestFunc:   expectMessages(1),
		}},
		{"priya", "/api/conversations/{conv}/messages", `{"body":"` + strings.Repeat("é", 4001) + `"}`, tests.ApiScenario{
			Name:            "a message over 4000 characters is refused",
			Method:          http.MethodPost,
			ExpectedStatus:  400,
			ExpectedContent: []string{"Message must be at most 4000 characters"},
			AfterTestFunc:   expectMessages(1),
		}},
		{"priya", "/api/conversations/{conv}/messages", `{"body":["x"]}`, tests.ApiScenario{
			Name:            "a wrong type is refused",
			Method:          http.MethodPost,
			ExpectedStatus:  400,
			ExpectedContent: []string{"The request body is not valid JSON."},
			AfterTestFunc:   expectMessages(1),
		}},
		{"priya", "/api/conversations/{conv}/messages", `{"body":"` + strings.Repeat("x", 20<<10) + `"}`, tests.ApiScenario{
			Name:            "an oversized body is refused",
			Method:          http.MethodPost,
			ExpectedStatus:  413,
			ExpectedContent: []string{`"status":413`},
			AfterTestFunc:   expectMessages(1),
		}},
		{"priya", "/api/conversations/{conv}/read", "", tests.ApiScenario{
			Name:            "reading clears the unread count",
			Method:          http.MethodPost,
			ExpectedStatus:  200,
			ExpectedEvents:  testutil.Writes(0, 1, 0),
			ExpectedContent: []string{`"messages":0`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				conv := conversation(t, app)
				if conv.GetInt(unreadField(conv, testutil.FindByUsername(t, app, "priya").Id)) != 0 {
					t.Error("unread count not cleared")
				}
			},
		}},
		{"zed", "/api/conversations/{conv}/read", "", tests.ApiScenario{
			Name:            "an outsider cannot mark it read",
			Method:          http.MethodPost,
			ExpectedStatus:  404,
			ExpectedContent: []string{"Conversation not found."},
		}},
		{"priya", "/api/unread", "", tests.ApiScenario{
			Name:            "the unread badge counts",
			Method:          http.MethodGet,
			ExpectedStatus:  200,
			ExpectedContent: []string{`"messages":1`, `"notifications":0`},
		}},
		{"", "/api/unread", "", tests.ApiScenario{
			Name:            "visitor has no badge",
			Method:          http.MethodGet,
			ExpectedStatus:  401,
			ExpectedContent: []string{`"status":401`},
		}},
		{"dan", "/api/conversations", `{"userId":"nobody123"}`, tests.ApiScenario{
			Name:            "an unknown member is 404",
			Method:          http.MethodPost,
			ExpectedStatus:  404,
			ExpectedContent: []string{"Member not found."},
		}},
		{"dan", "/api/conversations", `{}`, tests.ApiScenario{
			Name:            "a missing member is a field error",
			Method:          http.MethodPost,
			ExpectedStatus:  400,
			ExpectedContent: []string{"Choose a member to message"},
		}},
		{"dan", "/api/conversations", `{"userId":"{zed}"}`, tests.ApiScenario{
			Name:            "starting with a new member creates the conversation",
			Method:          http.MethodPost,
			ExpectedStatus:  201,
			ExpectedEvents:  testutil.Writes(1, 0, 0),
			ExpectedContent: []string{`"username":"zed"`, `"unreadCount":0`},
		}},
	} {
		c.run(t, factory)
	}

	testutil.Prepared(factory, tests.ApiScenario{
		Name: "starting with yourself is refused", Method: http.MethodPost, ExpectedStatus: 400,
		ExpectedContent: []string{"You cannot message yourself"}, ExpectedEvents: testutil.NoWrites(),
	}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
		dan := testutil.FindByUsername(t, app, "dan")
		s.URL = "/api/conversations"
		s.Body = strings.NewReader(`{"userId":"` + dan.Id + `"}`)
		testutil.As("dan")(t, app, s)
	}).Test(t)
	testutil.Prepared(factory, tests.ApiScenario{
		Name: "starting an existing conversation fetches it", Method: http.MethodPost, ExpectedStatus: 200,
		ExpectedContent: []string{`"username":"priya"`, `"lastMessage":"Hello from dan, a secret"`},
		ExpectedEvents:  map[string]int{"*": 0},
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
