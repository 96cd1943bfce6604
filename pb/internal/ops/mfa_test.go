package ops_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/testutil"
)

// The dashboard's superusers sign in with two proofs: a password alone
// gets no token, only an MFA id; the mailed one-time code completes it.
func TestSuperuserDashboardNeedsMFA(t *testing.T) {
	app := testutil.NewApp(t, nil)
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
	srv := testutil.Serve(t, app)
	origin := map[string]string{"Origin": testutil.Origin}

	status, body := testutil.DoRead(t, srv, http.MethodPost, "/api/collections/_superusers/auth-with-password",
		`{"identity":"root@example.com","password":"root-pass-123"}`, origin)
	var first struct {
		Token string `json:"token"`
		MFAID string `json:"mfaId"`
	}
	_ = json.Unmarshal([]byte(body), &first)
	if status != http.StatusUnauthorized || first.Token != "" || first.MFAID == "" {
		t.Fatalf("password alone: %d %s", status, body)
	}

	status, body = testutil.DoRead(t, srv, http.MethodPost, "/api/collections/_superusers/request-otp", `{"email":"root@example.com"}`, origin)
	var otp struct {
		OTPID string `json:"otpId"`
	}
	if err := json.Unmarshal([]byte(body), &otp); status != 200 || err != nil || otp.OTPID == "" {
		t.Fatalf("request-otp: %d %s", status, body)
	}
	var mails []mailbox.Message
	testutil.Eventually(t, 5*time.Second, "the code's mail (PocketBase sends it in the background)", func() bool {
		mails, err = mailbox.Read(mailbox.Dir(app), "root@example.com")
		return err != nil || len(mails) > 0
	})
	if err != nil || len(mails) != 1 {
		t.Fatalf("OTP mail: %v %v", mails, err)
	}
	code := regexp.MustCompile(`\b\d{8}\b`).FindString(mails[0].HTML)
	if code == "" {
		t.Fatalf("no 8-digit code in %q", mails[0].HTML)
	}

	status, body = testutil.DoRead(t, srv, http.MethodPost, "/api/collections/_superusers/auth-with-otp",
		`{"otpId":"`+otp.OTPID+`","password":"`+code+`","mfaId":"`+first.MFAID+`"}`, origin)
	var done struct {
		Token string `json:"token"`
	}
	if err := json.Unmarshal([]byte(body), &done); status != 200 || err != nil || done.Token == "" {
		t.Fatalf("password + code: %d %s", status, body)
	}
}
