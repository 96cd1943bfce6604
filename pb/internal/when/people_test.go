package when_test

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/payments"
	"sponsorbridge/pb/internal/testutil"
)

// The app's shapes (web/src/lib/dates.ts in en-US): "Nov 24, 2026" and
// "Nov 24, 2026, 1:02 PM".
var (
	appDate     = `[A-Z][a-z]{2} \d{1,2}, \d{4}`
	appDateTime = regexp.MustCompile(`after ` + appDate + `, \d{1,2}:\d{2} [AP]M UTC\.`)
	appDay      = regexp.MustCompile(`Your plan ends on ` + appDate + `"`)
)

func TestPeopleReadTheAppsDateFormat(t *testing.T) {
	t.Parallel()
	posted := apptest.Factory(nil, func(t testing.TB, app core.App) {
		m := testutil.CreateMember(t, app, "subbed", testutil.MemberOpts{Subscribed: true})
		testutil.CreateListing(t, app, "sponsorships", m, testutil.ListingOpts{Created: time.Now().Add(-time.Hour)})
	})
	testutil.Prepared(posted, tests.ApiScenario{
		Name: "the 24-hour limit's 429 names the time as the app does", Method: http.MethodPost, URL: "/api/sponsorships",
		Body:           strings.NewReader(`{"title":"Robotics kits","description":"Kits for a club","amount":"250","categories":["Education"]}`),
		ExpectedStatus: 429, ExpectedContent: []string{"You can post again after"},
		ExpectedEvents: testutil.NoWrites(),
		AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
			body := readBody(t, res)
			if !appDateTime.MatchString(body) {
				t.Fatalf("not the app's format: %s", body)
			}
		},
	}, testutil.As("subbed")).Test(t)

	ending := apptest.Factory(nil, func(t testing.TB, app core.App) {
		m := testutil.CreateMember(t, app, "soon", testutil.MemberOpts{Subscribed: true})
		m.Set("subscriptionExpiry", types.NowDateTime().Add(48*time.Hour))
		if err := app.Save(m); err != nil {
			t.Fatal(err)
		}
		if n, err := payments.RemindExpiring(app, time.Now()); err != nil || n != 1 {
			t.Fatalf("reminded %d: %v", n, err)
		}
	})
	testutil.Prepared(ending, tests.ApiScenario{
		Name: "the plan-expiry reminder names the day as the app does", Method: http.MethodGet, URL: "/api/notifications",
		ExpectedStatus: 200, ExpectedContent: []string{"Your plan ends on"},
		ExpectedEvents: testutil.NoWrites(),
		AfterTestFunc: func(t testing.TB, _ *tests.TestApp, res *http.Response) {
			if body := readBody(t, res); !appDay.MatchString(body) {
				t.Fatalf("not the app's format: %s", body)
			}
		},
	}, testutil.As("soon")).Test(t)
}

func readBody(t testing.TB, res *http.Response) string {
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
