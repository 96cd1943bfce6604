package notify_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/notify"
	"sponsorbridge/pb/internal/testutil"
)

// The unsubscribe page wears the app's look (its theme colours, light and
// dark, its font) and leads to the e-mail choices in Settings, whether
// the link is good or not.
func TestTheUnsubscribePageLooksLikeTheApp(t *testing.T) {
	t.Parallel()
	f := apptest.Factory(nil, func(t testing.TB, app core.App) {
		testutil.CreateMember(t, app, "dan", testutil.MemberOpts{Email: "dan@example.com"})
	})
	look := []string{
		`<a href="/settings#email-preferences">Choose what we e-mail you in Settings</a>`,
		`--primary:oklch(45% 0.2 277)`, `@media (prefers-color-scheme:dark)`, `--primary:oklch(72% 0.15 277)`,
		`font-family:ui-sans-serif,system-ui`, `<a class="brand" href="/">SponsorBridge</a>`,
	}
	signed := func(t testing.TB, app core.App, s *tests.ApiScenario) {
		dan := testutil.FindByUsername(t, app, "dan")
		s.URL = "/api/email/unsubscribe?" + url.Values{"u": {dan.Id}, "t": {"alerts"}, "s": {notify.UnsubscribeSig(app, dan.Id, "alerts")}}.Encode()
	}
	for _, s := range []*tests.ApiScenario{
		testutil.Prepared(f, tests.ApiScenario{Name: "asking", Method: http.MethodGet, ExpectedStatus: 200,
			ExpectedContent:    append([]string{"Unsubscribe from e-mails about your saved searches?", `<button type="submit" class="btn">Unsubscribe</button>`}, look...),
			NotExpectedContent: []string{"#4f46e5"}, ExpectedEvents: testutil.NoWrites()}, signed),
		testutil.Prepared(f, tests.ApiScenario{Name: "done", Method: http.MethodPost, ExpectedStatus: 200,
			ExpectedContent: append([]string{"You are unsubscribed"}, look...), ExpectedEvents: testutil.Writes(0, 1, 0)}, signed),
		testutil.Prepared(f, tests.ApiScenario{Name: "a broken link", Method: http.MethodGet, URL: "/api/email/unsubscribe?u=x&t=alerts&s=AAAA",
			ExpectedStatus: 400, ExpectedContent: append([]string{"This unsubscribe link is not valid"}, look...),
			ExpectedEvents: testutil.NoWrites()}, nil),
	} {
		s.Test(t)
	}
}
