package messaging_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/subscriptions"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/testutil"
)

// listener is a realtime client as the JS SDK's subscribe('*') makes it,
// subscribed as a member through the subscription hooks, that records
// what the broker delivers.
type listener struct {
	mu       sync.Mutex
	received []subscriptions.Message
}

func listen(t testing.TB, app core.App, member *core.Record, topics ...string) *listener {
	l := &listener{}
	c := subscriptions.NewDefaultClient()
	app.SubscriptionsBroker().Register(c)
	testutil.SubscribeAs(t, app, c, member, topics...)
	t.Cleanup(func() { app.SubscriptionsBroker().Unregister(c.Id()) })
	go func() {
		for m := range c.Channel() {
			l.mu.Lock()
			l.received = append(l.received, m)
			l.mu.Unlock()
		}
	}()
	return l
}

func (l *listener) messages() []subscriptions.Message {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]subscriptions.Message(nil), l.received...)
}

// A message sent through the route reaches the other participant's realtime
// subscription and nobody else's, on every collection the web app watches.
func TestRealtimeDeliversOnlyToParticipants(t *testing.T) {
	t.Parallel()
	topics := []string{"messages/*", "conversations/*", "notifications/*"}
	hears := map[string]*listener{}
	testutil.Prepared(apptest.Factory(nil, seed), tests.ApiScenario{
		Name: "dan writes to priya", Method: http.MethodPost, Body: strings.NewReader(`{"body":"Realtime hello"}`),
		ExpectedStatus: 201, ExpectedContent: []string{`"body":"Realtime hello"`},
		// the message, its notification; the conversation's last line
		ExpectedEvents: testutil.WritesAmidMail(2, 1),
		BeforeTestFunc: func(t testing.TB, app *tests.TestApp, _ *core.ServeEvent) {
			for _, who := range []string{"priya", "zed", "boss"} {
				hears[who] = listen(t, app, testutil.FindByUsername(t, app, who), topics...)
			}
		},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			priyaHears := hears["priya"]
			testutil.Eventually(t, 2*time.Second, "priya to hear three events", func() bool { return len(priyaHears.messages()) >= 3 })
			got := map[string]string{}
			for _, m := range priyaHears.messages() {
				got[m.Name] = string(m.Data)
			}
			if !strings.Contains(got["messages/*"], "Realtime hello") || !strings.Contains(got["messages/*"], `"action":"create"`) {
				t.Errorf("participant did not hear the message: %v", got)
			}
			if !strings.Contains(got["conversations/*"], "Realtime hello") {
				t.Errorf("participant did not hear the conversation move: %v", got)
			}
			if !strings.Contains(got["notifications/*"], "New message from") {
				t.Errorf("participant did not hear the notification: %v", got)
			}
			// Silence cannot be waited for: each listener is then sent a note of
			// its own, after the message, and when it has heard that note it
			// must have heard nothing else.
			for who, name := range map[string]string{"zed": "an outsider", "boss": "an administrator"} {
				l := hears[who]
				member := testutil.FindByUsername(t, app, who)
				if err := notify.Create(app, notify.Note{UserID: member.Id, Type: notify.TypeMessage, Title: "Own note", Link: "/messages"}); err != nil {
					t.Fatal(err)
				}
				testutil.Eventually(t, 2*time.Second, name+" to hear its own note", func() bool { return len(l.messages()) >= 1 })
				if ms := l.messages(); len(ms) != 1 || !strings.Contains(string(ms[0].Data), "Own note") {
					t.Errorf("%s heard %d events, the first %s", name, len(ms), ms[0].Data)
				}
			}
		},
	}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
		s.URL = "/api/conversations/" + conversation(t, app).Id + "/messages"
		testutil.As("dan")(t, app, s)
	}).Test(t)
}
