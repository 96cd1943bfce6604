package testutil

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/subscriptions"
)

// Listen opens a realtime connection as the page would (a registered
// client, then the subscription request with headers: a session cookie)
// and subscribes it to topics.
func Listen(t *testing.T, j *Journey, app *tests.TestApp, name string, headers map[string]string, topics ...string) subscriptions.Client {
	t.Helper()
	client := subscriptions.NewDefaultClient()
	app.SubscriptionsBroker().Register(client)
	j.Step(t, tests.ApiScenario{
		Name: name, Method: http.MethodPost, URL: "/api/realtime", Headers: headers,
		Body:           strings.NewReader(`{"clientId":"` + client.Id() + `","subscriptions":["` + strings.Join(topics, `","`) + `"]}`),
		ExpectedStatus: 204, ExpectedEvents: map[string]int{"*": 0, "OnRealtimeSubscribeRequest": 1},
	})
	return client
}

// Heard is the message the connection received within a second, if any.
func Heard(client subscriptions.Client) (subscriptions.Message, bool) {
	select {
	case m := <-client.Channel():
		return m, true
	case <-time.After(time.Second):
		return subscriptions.Message{}, false
	}
}
