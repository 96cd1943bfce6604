package signin_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/queue"
	"sponsorbridge/pb/internal/signin"
	"sponsorbridge/pb/internal/testutil"
	"sponsorbridge/pb/internal/when"
)

// The daily clean-up removes the proofs that hold nothing (no code, no
// wrong codes within the window, never used, made over a day ago) and keeps
// every other: what requests for unknown logins leave behind does not pile up.
func TestCleanProofsKeepsOnlyWhatStillCounts(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
	j := testutil.NewJourney(t, app)
	origin := map[string]string{"Origin": testutil.Origin}
	for _, r := range []struct {
		login  string
		events map[string]int
	}{
		// a proof and a code for each login asked about, known or not (a
		// code nobody can receive answers like a member's)
		{"stale@example.com", testutil.Writes(2, 0, 0)},
		{"stalename", testutil.Writes(2, 0, 0)},
		{"fresh@example.com", testutil.Writes(2, 0, 0)},
		{"guessed@example.com", testutil.Writes(2, 0, 0)},
		{"guessedname", testutil.Writes(2, 0, 0)},
		// a member's: its code is mailed after the answer
		{"kai", testutil.WritesAmidMail(2, 0)},
	} {
		j.Step(t, tests.ApiScenario{Name: "a reset asked for " + r.login, Method: http.MethodPost, URL: resetRequestPath,
			Body: strings.NewReader(`{"login":"` + r.login + `"}`), Headers: origin, ExpectedStatus: 200, ExpectedContent: []string{`"expiresInMinutes":10`}, ExpectedEvents: r.events})
	}
	queue.Of(app).Wait() // kai's mail is out: the steps below count their own
	var otp struct {
		OTPID string `json:"otpId"`
	}
	j.Step(t, tests.ApiScenario{Name: "a sign-in code asked for", Method: http.MethodPost, URL: "/api/auth/email-code/request",
		Body: strings.NewReader(`{"email":"used@example.com","displayName":"Nia Okafor"}`), Headers: origin, ExpectedStatus: 200,
		ExpectedContent: []string{`"otpId":"`}, ExpectedEvents: testutil.Writes(2, 0, 0, map[string]int{"OnMailerSend": 1})}).Decode(t, &otp)
	j.Step(t, tests.ApiScenario{Name: "and used", Method: http.MethodPost, URL: "/api/auth/email-code/verify",
		Body:    strings.NewReader(`{"otpId":"` + otp.OTPID + `","code":"` + mailedCode(t, app, "used@example.com") + `","displayName":"Nia Okafor"}`),
		Headers: origin, ExpectedStatus: 201, ExpectedContent: []string{`"displayName":"Nia Okafor"`}, ExpectedEvents: testutil.Writes(1, 0, 0)}) // the account (the code is used by one statement)
	j.Step(t, tests.ApiScenario{Name: "a wrong reset code today", Method: http.MethodPost, URL: resetConfirmPath,
		Body:    strings.NewReader(`{"login":"guessed@example.com","code":"000000","password":"new-password"}`),
		Headers: origin, ExpectedStatus: 400, ExpectedContent: []string{`"status":400`}, ExpectedEvents: testutil.NoWrites()})
	j.Step(t, tests.ApiScenario{Name: "a wrong reset code typed with a username today (its own count)", Method: http.MethodPost, URL: resetConfirmPath,
		Body:    strings.NewReader(`{"login":"guessedname","code":"00000000","password":"new-password"}`),
		Headers: origin, ExpectedStatus: 400, ExpectedContent: []string{`"status":400`}, ExpectedEvents: testutil.NoWrites()})

	dayAgo := when.Stored(time.Now().Add(-25 * time.Hour))
	exec := func(sql string, params dbx.Params) {
		t.Helper()
		if _, err := app.DB().NewQuery(sql).Bind(params).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	// all were made over a day ago; every code but fresh's has expired and was deleted
	exec("UPDATE email_proofs SET created = {:d}", dbx.Params{"d": dayAgo})
	exec("DELETE FROM _otps WHERE sentTo != {:keep}", dbx.Params{"keep": "password-reset:fresh@example.com"})

	if err := signin.CleanProofs(app); err != nil {
		t.Fatal(err)
	}
	var left []string
	if err := app.DB().NewQuery("SELECT email FROM email_proofs ORDER BY email").Column(&left); err != nil {
		t.Fatal(err)
	}
	want := []string{"fresh@example.com", "guessed@example.com", signin.StandInAddress("guessedname"), "used@example.com"}
	if len(left) != len(want) {
		t.Fatalf("proofs left: %v, want %v", left, want)
	}
	for i := range want {
		if left[i] != want[i] {
			t.Fatalf("proofs left: %v, want %v", left, want)
		}
	}
}
