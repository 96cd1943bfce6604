package ops_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/testutil"
)

// The dashboard's superusers sign in with two proofs: a password alone
// gets no token, only an MFA id; the mailed one-time code completes it.
func TestSuperuserDashboardNeedsMFA(t *testing.T) {
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	su, err := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		t.Fatal(err)
	}
	if !su.MFA.Enabled || su.MFA.Rule != "" || !su.OTP.Enabled || !su.PasswordAuth.Enabled {
		t.Fatalf("superusers: mfa %+v otp %+v", su.MFA, su.OTP)
	}
	root := core.NewRecord(su)
	root.SetEmail("root@example.com")
	root.SetPassword("root-pass-123")
	if err := app.Save(root); err != nil {
		t.Fatal(err)
	}
	j := testutil.NewJourney(t, app)
	origin := map[string]string{"Origin": testutil.Origin}

	var first struct {
		Token string `json:"token"`
		MFAID string `json:"mfaId"`
	}
	j.Step(t, tests.ApiScenario{
		Name: "a password alone", Method: http.MethodPost, URL: "/api/collections/_superusers/auth-with-password",
		Body: strings.NewReader(`{"identity":"root@example.com","password":"root-pass-123"}`), Headers: origin,
		ExpectedStatus: http.StatusUnauthorized, ExpectedContent: []string{`"mfaId":"`}, NotExpectedContent: []string{`"token"`},
		ExpectedEvents: testutil.Writes(1, 0, 0, map[string]int{"OnRecordAuthRequest": 1, "OnRecordAuthWithPasswordRequest": 1}), // the MFA record
	}).Decode(t, &first)

	var otp struct {
		OTPID string `json:"otpId"`
	}
	j.Step(t, tests.ApiScenario{
		Name: "a code by mail", Method: http.MethodPost, URL: "/api/collections/_superusers/request-otp",
		Body: strings.NewReader(`{"email":"root@example.com"}`), Headers: origin,
		ExpectedStatus: 200, ExpectedContent: []string{`"otpId":"`},
		ExpectedEvents: map[string]int{"OnRecordRequestOTPRequest": 1, "OnModelCreate": 1, "OnRecordCreate": 1},
	}).Decode(t, &otp)
	// PocketBase mails the code in the background, then notes on the code
	// where it went: the next step waits for both
	var mails []mailbox.Message
	testutil.Eventually(t, 5*time.Second, "the code's mail", func() bool {
		o, err := app.FindOTPById(otp.OTPID)
		return err == nil && o.SentTo() != ""
	})
	mails, err = mailbox.Read(mailbox.Dir(app), "root@example.com")
	if err != nil || len(mails) != 1 {
		t.Fatalf("OTP mail: %v %v", mails, err)
	}
	code := regexp.MustCompile(`\b\d{8}\b`).FindString(mails[0].HTML)
	if code == "" {
		t.Fatalf("no 8-digit code in %q", mails[0].HTML)
	}

	j.Step(t, tests.ApiScenario{
		Name: "the password and the code", Method: http.MethodPost, URL: "/api/collections/_superusers/auth-with-otp",
		Body:    strings.NewReader(`{"otpId":"` + otp.OTPID + `","password":"` + code + `","mfaId":"` + first.MFAID + `"}`),
		Headers: origin, ExpectedStatus: 200, ExpectedContent: []string{`"token":"`},
		// the device's auth origin stored; the MFA record and the code used up
		ExpectedEvents: testutil.Writes(1, 0, 2, map[string]int{"OnRecordAuthRequest": 1, "OnRecordAuthWithOTPRequest": 1, "OnRecordEnrich": 1}),
	})
}
