package builtin_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/subscriptions"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// Members subscribe to exactly what the web app watches (their messages,
// conversations and notifications), with no options: nothing else, and no
// client filter or expand that could read through relations.
func TestRealtimeSubscriptions(t *testing.T) {
	t.Parallel()
	factory := apptest.Factory(nil, seed)
	filter := url.QueryEscape(`{"query":{"filter":"sender.applications_via_applicant.message ~ 'abc%'"}}`)
	for _, c := range []struct {
		name, who string
		topics    []string
		status    int
		want      string
	}{
		{"the web app's topics", "dan", []string{"messages/*", "conversations/*", "notifications/*", "deals/*", "session"}, 204, ""},
		{"one deal by id", "dan", []string{"deals/abc123"}, 403, "This realtime subscription is not available."},
		{"unsubscribing from everything", "dan", []string{}, 204, ""},
		{"listings", "dan", []string{"sponsorships/*"}, 403, "This realtime subscription is not available."},
		{"applications", "dan", []string{"applications/*"}, 403, "This realtime subscription is not available."},
		{"one record by id", "dan", []string{"messages/abc123"}, 403, "This realtime subscription is not available."},
		{"a client filter", "dan", []string{"messages/*?options=" + filter}, 403, "This realtime subscription is not available."},
		{"an allowed topic beside a refused one", "dan", []string{"messages/*", "users/*"}, 403, "This realtime subscription is not available."},
		{"a visitor", "", []string{"sponsorships/*"}, 403, "This realtime subscription is not available."},
		{"a visitor, the web app's topics", "", []string{"messages/*", "conversations/*", "notifications/*"}, 403, "This realtime subscription is not available."},
		{"a visitor unsubscribing from everything", "", []string{}, 204, ""},
		{"a superuser (dashboard)", "root", []string{"sponsorships/*"}, 204, ""},
	} {
		var want []string
		if c.want != "" {
			want = []string{c.want}
		}
		testutil.Prepared(factory, tests.ApiScenario{
			Name: c.name, Method: http.MethodPost, URL: "/api/realtime",
			ExpectedStatus: c.status, ExpectedEvents: testutil.NoWrites(), ExpectedContent: want,
		}, func(t testing.TB, app core.App, s *tests.ApiScenario) {
			client := subscriptions.NewDefaultClient()
			app.SubscriptionsBroker().Register(client)
			quoted := make([]string, len(c.topics))
			for i, topic := range c.topics {
				quoted[i] = `"` + strings.ReplaceAll(topic, `"`, `\"`) + `"`
			}
			s.Body = strings.NewReader(`{"clientId":"` + client.Id() + `","subscriptions":[` + strings.Join(quoted, ",") + `]}`)
			switch c.who {
			case "root":
				s.Headers = testutil.SuperuserHeaders(t, app)
			case "":
			default:
				testutil.As(c.who)(t, app, s)
			}
		}).Test(t)
	}
}
