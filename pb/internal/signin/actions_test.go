package signin_test

import (
	"testing"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/signin"
	"sponsorbridge/pb/internal/testutil"
)

// The code and reset actions called directly, without HTTP: each refusal
// with its kind and the words the routes answer, and what a right code does.
func TestActionsRefuse(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	client := limits.Client{IP: "203.0.113.9"}
	testutil.CreateMember(t, app, "priya", testutil.MemberOpts{Verified: true, Email: "priya@example.com"})

	_, err := signin.RequestEmailCode(app, signin.CodeRequest{Email: "new@example.com"})
	testutil.WantRefusal(t, err, refusal.Invalid, "Please provide both email and display name")
	_, err = signin.RequestEmailCode(app, signin.CodeRequest{Email: "not an address", DisplayName: "New"})
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")

	sent, err := signin.RequestEmailCode(app, signin.CodeRequest{Email: "New@Example.com ", DisplayName: "New"})
	if err != nil || sent.Email != "new@example.com" || sent.OTPID == "" {
		t.Fatalf("asking a code: %+v %v", sent, err)
	}
	code := mailedCode(t, app, "new@example.com")
	verify := func(otpID, code string) (signin.CodeSignIn, error) {
		return signin.VerifyEmailCode(app, client, signin.CodeVerifyRequest{OTPID: otpID, Code: code, DisplayName: "New"})
	}
	_, err = verify("", code)
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")
	_, err = verify("nosuchcode", code)
	r := testutil.WantRefusal(t, err, refusal.Invalid, "This code is no longer valid. Request a new code.")
	if r.Fields == nil {
		t.Fatal("a code's refusal names the code field")
	}
	_, err = verify(sent.OTPID, wrong(code))
	testutil.WantRefusal(t, err, refusal.Invalid, "That code is not right. Check the e-mail and try again.")
	in, err := verify(sent.OTPID, code)
	if err != nil || !in.IsNew || in.Member.Email() != "new@example.com" || in.NewDevice == "" {
		t.Fatalf("the right code: %+v %v", in, err)
	}
	_, err = verify(sent.OTPID, code)
	testutil.WantRefusal(t, err, refusal.Invalid, "This code has already been used. Request a new code.")

	other, err := signin.RequestEmailCode(app, signin.CodeRequest{Email: "other@example.com", DisplayName: "Other"})
	if err != nil {
		t.Fatal(err)
	}
	otherCode := mailedCode(t, app, "other@example.com")
	for range 10 {
		if _, err := verify(other.OTPID, wrong(otherCode)); err == nil {
			t.Fatal("a wrong code signed in")
		}
	}
	_, err = verify(other.OTPID, otherCode)
	r = testutil.WantRefusal(t, err, refusal.TooMany, "Too many wrong codes were typed for this e-mail address. Try again in 24 hours.")
	if r.RetryAfter <= 0 {
		t.Fatal("a spent budget says when it renews")
	}

	_, err = signin.RequestPasswordReset(app, signin.ResetRequest{})
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")
	if got, err := signin.RequestPasswordReset(app, signin.ResetRequest{Login: "nobody"}); err != nil || got.ExpiresInMinutes <= 0 {
		t.Fatalf("a reset for nobody answers as for anybody: %+v %v", got, err)
	}
	resetCode, err := signin.ResetCodeFor(app, "priya")
	if err != nil {
		t.Fatal(err)
	}
	confirm := func(code, password string) (signin.ResetDone, error) {
		return signin.ConfirmPasswordReset(app, client, signin.ResetConfirmRequest{Login: "priya", Code: code, Password: password})
	}
	_, err = confirm(resetCode, "short")
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")
	_, err = confirm(wrong(resetCode), "a new password")
	testutil.WantRefusal(t, err, refusal.Invalid, msgResetWrong)
	done, err := confirm(resetCode, "a new password")
	if err != nil || done.Username != "priya" {
		t.Fatalf("the right reset code: %+v %v", done, err)
	}
	if !testutil.FindByUsername(t, app, "priya").ValidatePassword("a new password") {
		t.Fatal("the password did not change")
	}
}
