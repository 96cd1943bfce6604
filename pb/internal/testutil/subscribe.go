package testutil

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/subscriptions"
)

// Subscribe subscribes a registered realtime client to topics through h's
// POST /api/realtime with headers, as the page does: every subscription
// hook runs (the live layer files the client under its member there). It
// fails the test unless the answer is 204.
func Subscribe(t testing.TB, h http.Handler, client subscriptions.Client, headers map[string]string, topics ...string) {
	t.Helper()
	quoted := make([]string, len(topics))
	for i, topic := range topics {
		quoted[i] = `"` + topic + `"`
	}
	body := `{"clientId":"` + client.Id() + `","subscriptions":[` + strings.Join(quoted, ",") + `]}`
	req := httptest.NewRequest(http.MethodPost, "/api/realtime", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusNoContent {
		t.Fatalf("subscribing to %v: %d %s", topics, rec.Code, rec.Body.String())
	}
}

// SubscribeAs subscribes a registered realtime client to topics as member
// without an HTTP request, for a test already inside a request's scenario:
// the subscription hooks run as for POST /api/realtime, then the client is
// given the member and the topics as PocketBase's handler gives them.
func SubscribeAs(t testing.TB, app core.App, client subscriptions.Client, member *core.Record, topics ...string) {
	t.Helper()
	e := &core.RealtimeSubscribeRequestEvent{Client: client, Subscriptions: topics}
	e.RequestEvent = &core.RequestEvent{App: app, Auth: member}
	e.Request = httptest.NewRequest(http.MethodPost, "/api/realtime", nil)
	e.Response = httptest.NewRecorder()
	err := app.OnRealtimeSubscribeRequest().Trigger(e, func(e *core.RealtimeSubscribeRequestEvent) error {
		e.Client.Set(apis.RealtimeClientAuthKey, e.Auth)
		e.Client.Unsubscribe()
		e.Client.Subscribe(e.Subscriptions...)
		return nil
	})
	if err != nil {
		t.Fatalf("subscribing to %v: %v", topics, err)
	}
}
