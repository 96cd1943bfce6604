package signin_test

import (
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"sponsorbridge/pb/internal/signin"
	"sponsorbridge/pb/internal/testutil"
)

// The daily clean-up removes the proofs that hold nothing (no code, no
// wrong codes within the window, never used, made over a day ago) and keeps
// every other: what requests for unknown logins leave behind does not pile up.
func TestCleanProofsKeepsOnlyWhatStillCounts(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t, nil)
	testutil.CreateMember(t, app, "kai", testutil.MemberOpts{Email: "kai@example.com"})
	b := newBrowser(t, app)
	for _, login := range []string{"stale@example.com", "stalename", "fresh@example.com", "guessed@example.com", "kai"} {
		expectStatus(t, resetRequest(b, login), 200)
	}
	otpID, code := requestCode(t, app, b, "used@example.com")
	expectStatus(t, verify(b, otpID, code), 201)
	expectStatus(t, resetConfirm(b, "guessed@example.com", "000000", "new-password"), 400) // a wrong code today

	dayAgo := time.Now().Add(-25 * time.Hour).UTC().Format("2006-01-02 15:04:05.000Z")
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
	want := []string{"fresh@example.com", "guessed@example.com", "used@example.com"}
	if len(left) != len(want) {
		t.Fatalf("proofs left: %v, want %v", left, want)
	}
	for i := range want {
		if left[i] != want[i] {
			t.Fatalf("proofs left: %v, want %v", left, want)
		}
	}
}
