package settings_test

import (
	"mime/multipart"
	"testing"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/limits"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/settings"
	"sponsorbridge/pb/internal/testutil"
)

// The settings actions called directly, without HTTP: each refusal with
// its kind and the words the routes answer.
func TestActionsRefuse(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})
	testutil.CreateMember(t, app, "eve", testutil.MemberOpts{Verified: true, Email: "eve@example.com"})
	const gone = "gonemember12345"
	str := func(s string) *string { return &s }

	_, err := settings.UpdateProfile(app, dan.Id, settings.ProfileRequest{DisplayName: str("  ")})
	r := testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")
	if r.Fields == nil || r.Fields.Error() != "displayName: Display name is required." {
		t.Fatalf("fields: %v", r.Fields)
	}
	_, err = settings.UpdateProfile(app, gone, settings.ProfileRequest{Bio: str("hi")})
	testutil.WantRefusal(t, err, refusal.NotSignedIn, "You are not signed in.")
	if m, err := settings.UpdateProfile(app, dan.Id, settings.ProfileRequest{Bio: str(" hi ")}); err != nil || m.GetString("bio") != "hi" {
		t.Fatalf("bio: %v", err)
	}

	_, err = settings.ChangePassword(app, dan.Id, settings.PasswordRequest{CurrentPassword: "wrong one", NewPassword: "a new password"})
	r = testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")
	if r.Fields.Error() != "currentPassword: Current password is incorrect." {
		t.Fatalf("fields: %v", r.Fields)
	}
	_, err = settings.ChangePassword(app, gone, settings.PasswordRequest{CurrentPassword: "whatever", NewPassword: "a new password"})
	testutil.WantRefusal(t, err, refusal.NotSignedIn, "You are not signed in.")

	_, err = settings.UploadAvatar(t.Context(), app, dan.Id, []*multipart.FileHeader{})
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")
	_, err = settings.UploadAvatar(t.Context(), app, dan.Id, []*multipart.FileHeader{{Size: settings.MaxAvatar + 1}})
	r = testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")
	if r.Fields.Error() != "avatar: The image must be at most 2 MB." {
		t.Fatalf("fields: %v", r.Fields)
	}
	_, err = settings.RemoveAvatar(app, gone)
	testutil.WantRefusal(t, err, refusal.NotSignedIn, "You are not signed in.")

	_, err = settings.ConfirmEmail(app, limits.Client{IP: "203.0.113.9"}, dan.Id, settings.ConfirmRequest{Code: "12345678"})
	testutil.WantRefusal(t, err, refusal.Invalid, "There is no e-mail address waiting for a code. Enter the address first.")
	_, err = settings.ChangeEmail(app, dan.Id, settings.EmailRequest{Email: "nope"})
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")

	err = settings.DeleteAccount(app, dan.Id, settings.DeleteRequest{Confirm: "delete"})
	r = testutil.WantRefusal(t, err, refusal.Invalid, "Please check the highlighted fields.")
	if r.Fields.Error() != "confirm: Type DELETE to confirm." {
		t.Fatalf("fields: %v", r.Fields)
	}
	if err := settings.DeleteAccount(app, dan.Id, settings.DeleteRequest{Confirm: settings.ConfirmWord}); err != nil {
		t.Fatal(err)
	}
	err = settings.DeleteAccount(app, dan.Id, settings.DeleteRequest{Confirm: settings.ConfirmWord})
	testutil.WantRefusal(t, err, refusal.NotSignedIn, "You are not signed in.")
}

// Proving an address another account proved first is a conflict.
func TestConfirmEmailTakenIsAConflict(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})
	testutil.CreateMember(t, app, "eve", testutil.MemberOpts{Verified: true, Email: "eve@example.com"})
	if _, err := settings.ChangeEmail(app, dan.Id, settings.EmailRequest{Email: "Eve@example.com"}); err != nil {
		t.Fatal(err)
	}
	code := codeSentTo(t, app, "eve@example.com")
	_, err := settings.ConfirmEmail(app, limits.Client{IP: "203.0.113.9"}, dan.Id, settings.ConfirmRequest{Code: code})
	testutil.WantRefusal(t, err, refusal.Conflict,
		"This e-mail address already belongs to another SponsorBridge account. Sign in to that account, or remove the address there first.")
	if testutil.FindByUsername(t, app, "dan").GetString("pendingEmail") != "" {
		t.Fatal("the taken address still waits")
	}
}
