package payments_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/payments"
	"sponsorbridge/pb/internal/testutil"
)

func TestExpireLapsed(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seedMembers(t, app)
	testutil.CreateMember(t, app, "ravi", testutil.MemberOpts{})
	now := time.Now().UTC()
	setExpiry(t, app, "dan", "active", now.Add(-time.Minute))   // lapsed
	setExpiry(t, app, "priya", "active", now.Add(time.Hour))    // still running
	setExpiry(t, app, "ravi", "cancelled", now.Add(-time.Hour)) // not active: left alone

	if membership.SubscriptionActive(testutil.FindByUsername(t, app, "dan"), now) {
		t.Error("a past expiry still counts as active before the job runs")
	}
	n, err := payments.ExpireLapsed(app, now)
	if err != nil || n != 1 {
		t.Fatalf("ExpireLapsed = %d, %v; want 1", n, err)
	}
	for user, want := range map[string]string{"dan": "expired", "priya": "active", "ravi": "cancelled", "boss": ""} {
		if got := testutil.FindByUsername(t, app, user).GetString("subscriptionStatus"); got != want {
			t.Errorf("%s: status %q, want %q", user, got, want)
		}
	}
	if n, _ := payments.ExpireLapsed(app, now); n != 0 {
		t.Errorf("second run changed %d members", n)
	}
}

func TestExpiryJobIsScheduledDaily(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	testutil.Handler(t, app) // runs OnServe, which binds the job
	for _, j := range app.Cron().Jobs() {
		if j.Id() == "sbExpireSubscriptions" {
			if j.Expression() != "5 0 * * *" {
				t.Errorf("expression %q", j.Expression())
			}
			return
		}
	}
	t.Error("the daily expiry job is not scheduled")
}

func TestExpiredMemberSeesInactivePlanAndCannotPost(t *testing.T) {
	t.Parallel()
	lapsed := apptest.Factory(nil, func(t testing.TB, app core.App) {
		seedMembers(t, app)
		setExpiry(t, app, "dan", "active", time.Now().Add(-time.Hour))
	})
	testutil.Call{Who: "dan", Name: "GET /api/user reports the lapsed plan as inactive", Method: http.MethodGet,
		URL: "/api/user", Status: 200, Events: testutil.NoWrites(), Want: []string{`"subscriptionActive":false`}}.Test(t, lapsed)
	testutil.Call{Who: "dan", Name: "posting is refused again", Method: http.MethodPost,
		URL: "/api/sponsorships", Body: validListing, Status: 402, Events: testutil.NoWrites(),
		Want: []string{"An active subscription is required to post."}}.Test(t, lapsed)
}

// A plan renewed while the job runs keeps its renewal: the job expires a
// member only while they are still as it read them.
func TestExpireLapsedKeepsARenewal(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	seedMembers(t, app)
	now := time.Now().UTC()
	setExpiry(t, app, "dan", "active", now.Add(-2*time.Minute)) // expired first
	setExpiry(t, app, "priya", "active", now.Add(-time.Minute)) // renewed while dan is expired
	renewed := now.AddDate(0, 1, 0)
	app.OnRecordUpdate("users").BindFunc(func(e *core.RecordEvent) error {
		if e.Record.GetString("username") == "dan" && e.Record.GetString("subscriptionStatus") == "expired" {
			priya, err := e.App.FindFirstRecordByData("users", "username", "priya")
			if err != nil {
				return err
			}
			priya.Set("subscriptionExpiry", renewed)
			if err := e.App.Save(priya); err != nil {
				return err
			}
		}
		return e.Next()
	})
	n, err := payments.ExpireLapsed(app, now)
	if err != nil || n != 1 {
		t.Fatalf("ExpireLapsed = %d, %v; want 1", n, err)
	}
	priya := testutil.FindByUsername(t, app, "priya")
	if priya.GetString("subscriptionStatus") != "active" || !priya.GetDateTime("subscriptionExpiry").Time().Equal(renewed.Truncate(time.Millisecond)) {
		t.Errorf("the renewed plan: %s until %s, want active until %s", priya.GetString("subscriptionStatus"), priya.GetDateTime("subscriptionExpiry"), renewed)
	}
}
